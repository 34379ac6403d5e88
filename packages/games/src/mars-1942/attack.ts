/**
 * Attacks: who may attack, the modified defense of a hex (cities and towns, defense
 * zones, the frontline, fortification), every column shift, and the must-attack rule.
 * The combat preview a player sees is `evaluateAttack`, the same numbers the roll uses.
 */
import { columnLabel, oddsColumn, type Shift, shiftColumn } from '@stavka/engine';
import { type Board, isInfantry } from './board.ts';
import { MARS_CRT, MARS_MIN_ODDS_RULE, marsShifts } from './combat.ts';
import type { Scenario, Side } from './scenario.ts';
import type { Attack, MarsState } from './state.ts';

/** May this unit attack now (mars-1942 "Disruption", "Supply", "Fortification")? */
export function canAttack(board: Board, id: string): boolean {
  const st = board.unitState(id);
  return (
    st.status === 'map' &&
    !st.disrupted &&
    !st.attacked &&
    !st.fortifiedNow &&
    st.moved !== 'bonus' && // moved with the Operational Movement Bonus: "if not attacking"
    st.supply !== 'isolated' // "An isolated unit cannot ... attack"
  );
}

/** The units a defender has in the hex (empty for a defense-zone hexside attack). */
export function defendersIn(board: Board, side: Side, hex: number): string[] {
  return board.isEnemyHex(side, hex) ? [...board.at[hex]!] : [];
}

/**
 * Hexes `side` may attack: enemy-occupied hexes, and for the Russians an empty
 * defense-zone hex across its frontline while the zone still holds a garrison (M-11).
 */
export function isTarget(board: Board, side: Side, hex: number, from: number): boolean {
  if (board.isEnemyHex(side, hex)) return true;
  return side === 'soviet' && board.owner[hex] === 0 && board.garrisonedFrontline(from, hex);
}

export interface DefenseItem {
  readonly unit: string | null;
  readonly value: number;
  readonly reason: string;
  readonly cite?: string;
}

export interface AttackEvaluation {
  readonly attacker: Side;
  readonly attack: number;
  readonly defense: number;
  readonly defenseItems: readonly DefenseItem[];
  readonly defenders: readonly string[];
  readonly hexsideOnly: boolean;
  /** The garrison whose factor defends an empty defense-zone hex. */
  readonly garrison: string | null;
  /**
   * The column of the bare ratio: below 0 on the list extended under 1:4 (-1 is 1:5,
   * -2 is 1:6, ...: RULINGS M-2a).
   */
  readonly raw: number;
  /** The bare ratio's column as the player reads it ('3:1', or '1:7' below the table, M-2a). */
  readonly ratio: string;
  /** The column read after every shift (0, 1:4, when the attack is refused for odds). */
  readonly column: number;
  readonly shifts: readonly Shift[];
  /** Why the attack may not be made, if it may not. */
  readonly refusal: string | null;
  readonly from: readonly number[];
  /** X/2 losses round up (Russians; Germans in or into originally Russian territory, M-4). */
  readonly roundUp: boolean;
}

function unitDefense(board: Board, id: string): number {
  const u = board.unit(id);
  return board.unitState(id).fortified && u.factors.fortified !== undefined
    ? u.factors.fortified
    : u.factors.defense!;
}

/** The attack strength a unit brings: doubled for the Russians on the first turn (M-16). */
export function attackStrength(board: Board, id: string): number {
  return unitAttack(board.s, board.state, id);
}

/**
 * A unit's attack factors as the text counts them: doubled for the Russians on the first
 * turn (M-16), for the odds and for every loss paid in factors (X/2, DA/2, AE, DAE).
 */
export function unitAttack(
  s: Scenario,
  g: Pick<MarsState, 'firstTurnDoubling' | 'turn'>,
  id: string,
): number {
  const u = s.units[id]!;
  const a = u.factors.attack ?? 0;
  return u.side === 'soviet' && g.firstTurnDoubling && g.turn === 1 ? a * 2 : a;
}

/** Units strongest first for a one-unit bonus (M-24): Undisrupted before Disrupted, then by defense, then by id. */
function byStrength(board: Board, ids: readonly string[]): string[] {
  const st = board.state.units;
  return [...ids].sort(
    (a, b) =>
      Number(st[a]!.disrupted) - Number(st[b]!.disrupted) ||
      unitDefense(board, b) - unitDefense(board, a) ||
      a.localeCompare(b),
  );
}

/**
 * The modified defense an X/2 makes the attacker pay half of (RULINGS M-24): that of
 * the defenders the X/2 itself eliminates, the Undisrupted ones (a Disrupted defender
 * reads DE, M-4/M-6), each with the bonuses that go with it (city or town +1, the
 * garrison's +2); the Russian side's intrinsic frontline 2 defends the hex, and goes
 * with them. An attack on a defense-zone hexside pays on the whole defense.
 */
export function exchangeDefense(ev: AttackEvaluation, disrupted: ReadonlySet<string>): number {
  if (ev.hexsideOnly) return ev.defense;
  let total = 0;
  for (const item of ev.defenseItems)
    if (item.unit === null || !disrupted.has(item.unit)) total += item.value;
  return total;
}

/** How evaluateAttack may be asked (the AI's planning). */
export interface EvaluateOptions {
  /** Where each attacking unit stands, if not where the board has it (a planned move). */
  readonly at?: (id: string) => number;
  /**
   * The numbers only: no reason is written for a defense item nor for a refusal for odds
   * (each is ''), nor the ratio's label. Every number, and whether the attack is
   * refused, as without it.
   */
  readonly brief?: boolean;
}

export function evaluateAttack(
  board: Board,
  attacker: Side,
  attack: Attack,
  opts: EvaluateOptions = {},
): AttackEvaluation {
  const { s } = board;
  const target = attack.target;
  const brief = opts.brief === true;
  const at = opts.at ?? ((id: string) => board.unitState(id).at);
  const from = [...new Set(attack.units.map(at))];
  const attackTotal = attack.units.reduce((a, id) => a + attackStrength(board, id), 0);
  const defenders = defendersIn(board, attacker, target);
  const items: DefenseItem[] = [];
  let garrison: string | null = null;
  const hexsideOnly = defenders.length === 0;
  const acrossFrontlineOnly = from.length > 0 && from.every((f) => board.crossesFrontline(f, target));
  if (hexsideOnly) {
    garrison = board.garrison(s.zoneOf[target]!);
    if (garrison) {
      items.push({
        unit: garrison,
        value: unitDefense(board, garrison),
        reason: brief
          ? ''
          : `frontline hexside defended with the factor of the zone's garrison, ${board.unit(garrison).name}`,
        cite: 'M-11',
      });
    }
  } else {
    for (const id of defenders) {
      items.push({
        unit: id,
        value: unitDefense(board, id),
        reason: brief ? '' : `${board.unit(id).name}${board.unitState(id).fortified ? ' (fortified)' : ''}`,
      });
    }
    const place = s.map.placeAt[target]!;
    const kind = place >= 0 ? s.map.places[place]!.kind : null;
    const infantry = defenders.filter((id) => isInfantry(board.unit(id)));
    // A bonus that goes to one unit goes with the strongest Undisrupted one (RULINGS M-24:
    // it is paid for with that unit by an X/2), else with the strongest.
    const pgd = byStrength(
      board,
      defenders.filter((id) => board.unit(id).tags.includes('14pgd')),
    );
    const eligible = [...infantry, ...(pgd.length >= 2 ? [pgd[0]!] : [])];
    if (kind === 'city') {
      for (const id of eligible) {
        items.push({
          unit: id,
          value: 1,
          reason: brief ? '' : `city: +1 for ${board.unit(id).name}`,
          cite: 'mars-1942 Cities and Towns',
        });
      }
    } else if (kind === 'town' && eligible.length > 0) {
      items.push({
        unit: byStrength(board, eligible)[0]!,
        value: 1,
        reason: 'town: +1 for one unit',
        cite: 'mars-1942 Cities and Towns',
      });
    }
    // A garrisoning German unit attacked across only the frontline: +2 (M-11).
    if (s.zoneOf[target]! >= 0 && acrossFrontlineOnly) {
      for (const id of infantry) {
        if (board.unit(id).side === 'german') {
          items.push({
            unit: id,
            value: 2,
            reason: 'garrison attacked across only the frontline',
            cite: 'M-11',
          });
        }
      }
    }
    // Russian side of the frontline: intrinsic 2 against German attacks only across it (M-11).
    if (attacker === 'german' && s.germanTerritory[target] === 0 && acrossFrontlineOnly) {
      items.push({
        unit: null,
        value: 2,
        reason: 'Russian-side frontline hexside, attacked only across it',
        cite: 'M-11',
      });
    }
  }
  const defense = items.reduce((a, i) => a + i.value, 0);

  // Shifts.
  const riverFactors = attack.units
    .filter((id) => board.crossesRiver(at(id), target))
    .reduce((a, id) => a + attackStrength(board, id), 0);
  const defenderSupply = (hexsideOnly ? (garrison ? [garrison] : []) : defenders).map(
    (id) => board.unitState(id).supply,
  );
  const shifts = marsShifts({
    acrossRiver: riverFactors * 2 > attackTotal,
    attackerRationed: attack.units.some((id) => board.unitState(id).supply === 'rationed'),
    defenderIsolated: defenderSupply.length > 0 && defenderSupply.every((x) => x === 'isolated'),
    defenderRationed: defenderSupply.length > 0 && defenderSupply.every((x) => x !== 'full'),
  });
  let refusal: string | null = null;
  const raw = defense > 0 ? oddsColumn(MARS_CRT, attackTotal, defense) : MARS_CRT.columns.length - 1;
  // RULINGS M-2a: the raw column may lie below 1:4 (1:5, 1:6, ...); the shifts move it
  // along that list, and only a final column of 1:4 or better may be declared. The same
  // arithmetic as marsCalc (the calculator): combat.test.ts checks that they agree.
  let { unclamped, column, total } = shiftColumn(MARS_CRT, raw, shifts);
  if (attack.units.length === 0) refusal = 'no units attack';
  else if (hexsideOnly && !garrison)
    refusal = 'the zone holds no garrison any more: nothing defends the hexside';
  else if (unclamped < 0 && brief) refusal = '';
  else if (unclamped < 0)
    refusal = `${MARS_MIN_ODDS_RULE} (${attackTotal}:${defense} is ${columnLabel(MARS_CRT, raw)}${total !== 0 ? `, shifted ${total > 0 ? '+' : ''}${total} it is ${columnLabel(MARS_CRT, unclamped)}` : ''}: M-2a)`;
  if (attack.probe && refusal === null) {
    const probe = MARS_CRT.columnLabels.indexOf('2:1');
    if (attacker !== 'german') refusal = 'only the German player may probe (M-7)';
    else if (column < probe) refusal = 'a 2:1 probe only lowers the odds (M-7)';
    else if (column > probe) {
      shifts.push({ by: probe - column, reason: '2:1 probe', cite: 'M-7' });
      column = probe;
      unclamped = probe;
    }
  }
  const inRussian = s.germanTerritory[target] === 0 || from.some((f) => s.germanTerritory[f] === 0);
  return {
    attacker,
    attack: attackTotal,
    defense,
    defenseItems: items,
    defenders,
    hexsideOnly,
    garrison,
    raw,
    ratio: brief ? '' : columnLabel(MARS_CRT, raw),
    column: Math.max(column, 0),
    shifts,
    refusal,
    from,
    roundUp: attacker === 'soviet' || inRussian,
  };
}

/**
 * The must-attack rule (mars-1942 CRT notes): undisrupted German units (or Russian
 * korps) adjacent both to attacking units and to friendly units under attack must be
 * attacked too. Returns the hexes owed an attack.
 */
export function mustAttack(
  board: Board,
  attacker: Side,
  attacks: readonly Attack[],
  /** Where each attacking unit stands, if not where the board has it (a planned move). */
  at: (id: string) => number = (id) => board.unitState(id).at,
): number[] {
  const targeted = new Set(attacks.map((a) => a.target));
  const attackerHexes = new Set(attacks.flatMap((a) => a.units.map(at)));
  const owed: number[] = [];
  for (const a of attacks) {
    for (const h of board.neighbors(a.target)) {
      if (targeted.has(h) || !board.isEnemyHex(attacker, h)) continue;
      const obliged = board.at[h]!.some((id) => {
        const u = board.unit(id);
        const st = board.unitState(id);
        return !st.disrupted && (u.side === 'german' || u.size === 'korps');
      });
      if (!obliged) continue;
      if (board.neighbors(h).some((n) => attackerHexes.has(n)) && !owed.includes(h)) owed.push(h);
    }
  }
  return owed.sort((x, y) => x - y);
}
