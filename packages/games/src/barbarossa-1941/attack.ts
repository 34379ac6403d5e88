/**
 * An attack before its roll: who may attack, the defenders' factor-modified defense
 * ("Fortresses, Entrenchment, Defense Lines, and Terrain Effects"), every column shift
 * with its reason ("Cross-River", "Weather", "Supply"), the odds limits of the CRT note,
 * and the must-attack rule ("General Rule", B-14). Read from the provisional CRT (B-1)
 * through `combat.ts`'s table.
 */
import {
  columnLabel,
  type OddsTable,
  oddsColumn,
  type Shift,
  shiftColumn,
  slotBetween,
} from '@stavka/engine';
import { airShift } from './air.ts';
import type { Board } from './board.ts';
import { BARBAROSSA_CRT, BARBAROSSA_MIN_ODDS_RULE } from './combat.ts';
import { railwayGunShift } from './railway-guns.ts';
import { riverAt, terrainIn } from './rules-scenario.ts';
import { attackFactor, defenseFactor, type Supply } from './state.ts';
import { isGroundUnit, isInfantryType } from './unit-kinds.ts';

export const CITE_TERRAIN = 'barbarossa-1941 "Fortresses, Entrenchment, Defense Lines, and Terrain Effects"';

/** One defender's factor-modified defense, itemized. */
export interface DefenseItem {
  readonly id: string;
  readonly printed: number;
  readonly modified: number;
  readonly reasons: readonly string[];
}

export interface AttackEvaluation {
  readonly attack: number;
  readonly defense: number;
  readonly defenders: readonly DefenseItem[];
  /** Column of the raw odds (index on the CRT; below 0 under 1:5). */
  readonly raw: number;
  readonly shifts: readonly Shift[];
  /** Final column before the per-unit reading of Disrupted defenders (B-6), clamped to 9:1. */
  readonly column: number;
  readonly unclamped: number;
  readonly label: string;
}

export interface AttackRefusal {
  readonly code: string;
  readonly message: string;
}

/**
 * Factor-modified defense of the pieces in `hex` against `attackers` (RULINGS B-26,
 * B-27): a unit is doubled at most once (hills; mountain; a victory city doubles all
 * infantry-type units, a major or fortress city the strongest one not doubled); then +1
 * for a forest or swamp and +1 for a city (solid dot), each to one infantry-type unit.
 * "Disrupted units still receive any defensive terrain bonuses."
 */
export function modifiedDefense(board: Board, hex: number, attackers: readonly string[]): DefenseItem[] {
  const { s } = board;
  const terrain = terrainIn(s, hex, board.weather);
  const place = s.placeKind[hex] ?? null;
  const ids = board.at[hex]!;
  const items = ids.map((id) => {
    const u = board.unit(id);
    return {
      id,
      inf: isInfantryType(u),
      printed: defenseFactor(u, board.piece(id)),
      doubled: false,
      plus: 0,
      reasons: [] as string[],
    };
  });
  const mountainAttack = Math.max(
    0,
    ...attackers
      .filter((a) => board.unit(a).type === 'mountain')
      .map((a) => attackFactor(board.unit(a), board.piece(a))),
  );
  for (const it of items) {
    if (!it.inf) continue;
    if (terrain === 'hills') {
      it.doubled = true;
      it.reasons.push('hills: infantry/rifle doubled');
    } else if (terrain === 'mountain' && it.printed > mountainAttack) {
      it.doubled = true;
      it.reasons.push('mountain: doubled (B-26)');
    } else if (place === 'victory-city') {
      it.doubled = true;
      it.reasons.push('victory city: all infantry-type doubled');
    }
  }
  const strongestInf = (pred: (i: (typeof items)[number]) => boolean) =>
    items.filter((i) => i.inf && pred(i)).sort((a, b) => b.printed - a.printed)[0];
  if (place === 'major-city' || place === 'fortress-city') {
    const it = strongestInf((i) => !i.doubled);
    if (it) {
      it.doubled = true;
      it.reasons.push(`${place}: one infantry-type unit doubled`);
    }
  }
  if (terrain === 'forest' || terrain === 'swamp' || terrain === 'swamp-forest') {
    const it = strongestInf(() => true);
    if (it) {
      it.plus += 1;
      it.reasons.push(`${terrain}: +1 to one infantry unit`);
    }
  }
  if (place === 'city') {
    const it = strongestInf(() => true);
    if (it) {
      it.plus += 1;
      it.reasons.push('city: +1 to one infantry-type unit');
    }
  }
  return items.map((it) => ({
    id: it.id,
    printed: it.printed,
    modified: (it.doubled ? 2 : 1) * it.printed + it.plus,
    reasons: it.reasons,
  }));
}

/**
 * "Special First Turn Rules": "The Axis may not attack out of Rumania on the first turn":
 * is an attack from `hex` barred by it now? (The rules' allocations, steps/attacks.ts, and
 * the AI's plans ask it.)
 */
export function rumaniaBarredFirstTurn(board: Board, hex: number): boolean {
  const g = board.g;
  return g.turn === 1 && g.player === 'axis' && board.s.rumania[hex] === 1;
}

/** May this piece attack now? ("Disrupted Units ... may not move or attack"; the OMB: "does not get the OMB if ... going to attack"). */
export function canAttack(board: Board, id: string): boolean {
  const p = board.piece(id);
  if (p.status !== 'map' || p.disrupted || p.moved === 'bonus') return false;
  // BK: "German units can attack one additional time" (g.blitz until that attack is resolved).
  if (p.attacked && !board.g.blitz.includes(id)) return false;
  if (p.side !== board.g.player) return false;
  const u = board.unit(id);
  return (
    (u.factors.attack ?? 0) > 0 &&
    u.type !== 'katyusha' &&
    u.type !== 'rail-conversion' &&
    u.type !== 'railway-gun' &&
    isGroundUnit(u)
  );
}

/** Attack factors crossing a river hexside to reach `target` (unfrozen). */
function acrossRiver(board: Board, id: string, target: number): boolean {
  const from = board.piece(id).at;
  const slot = slotBetween(board.s.map.graph, from, target);
  return slot >= 0 && riverAt(board.s, slot, board.weather);
}

/** The river hexsides (ids) the attack crosses, unfrozen ("Cross-River"). */
export function riverHexsides(board: Board, attackers: readonly string[], target: number): number[] {
  const out = new Set<number>();
  for (const a of attackers) {
    const slot = slotBetween(board.s.map.graph, board.piece(a).at, target);
    if (slot >= 0 && riverAt(board.s, slot, board.weather)) out.add(board.s.map.graph.edges[slot]!);
  }
  return [...out].sort((x, y) => x - y);
}

/**
 * "Special First Turn Rules": "Against any one river hex-side, the Russian defense shift
 * is ignored." (RULINGS B-44): on turn 1 the Axis names the hexside with its first attack
 * across one river hexside; every Axis attack that turn across that hexside alone ignores
 * the shift.
 */
export function firstTurnRiverIgnored(
  board: Board,
  attackers: readonly string[],
  target: number,
  chosen: number | null,
): boolean {
  const g = board.g;
  if (g.turn !== 1 || g.player !== 'axis' || chosen === null) return false;
  const sides = riverHexsides(board, attackers, target);
  return sides.length === 1 && sides[0] === chosen;
}

export interface EvaluateOptions {
  /** Supply of the pieces at the moment of attack ("determined at the moment of attack/defense"). */
  readonly supply: Readonly<Record<string, Supply>>;
  readonly table?: OddsTable;
  /** "Special First Turn Rules": "Against any one river hex-side, the Russian defense shift is ignored." */
  readonly riverShiftIgnored?: boolean;
  /** Air units supporting the attack (B-13, B-46). */
  readonly air?: readonly string[];
}

/** The odds of `attackers` against the hex `target`, with every shift; or why the attack may not be made. */
export function evaluateAttack(
  board: Board,
  attackers: readonly string[],
  target: number,
  opts: EvaluateOptions,
): AttackEvaluation | AttackRefusal {
  const table = opts.table ?? BARBAROSSA_CRT;
  const side = board.g.player;
  if (attackers.length === 0)
    return { code: 'attack/no-attackers', message: 'an attack needs attacking units' };
  if (!board.hasEnemyGround(side, target))
    return { code: 'attack/no-defender', message: 'no enemy unit in that hex' };
  const graph = board.s.map.graph;
  for (const a of attackers) {
    if (!canAttack(board, a)) return { code: 'attack/unit-cannot', message: `${a} may not attack now` };
    if (slotBetween(graph, board.piece(a).at, target) < 0)
      return { code: 'attack/not-adjacent', message: `${a} is not adjacent to the defending hex` };
  }
  const attack = attackers.reduce((t, a) => t + attackFactor(board.unit(a), board.piece(a)), 0);
  const defenders = modifiedDefense(board, target, attackers);
  const defense = defenders.reduce((t, d) => t + d.modified, 0);
  const raw = oddsColumn(table, attack, defense);
  const shifts: Shift[] = [];
  // "Cross-River: Attacks are reduced 1 combat odds column, unless more than half of the attacking factors are on the same side of the river as the defenders."
  const across = attackers.filter((a) => acrossRiver(board, a, target));
  const acrossFactors = across.reduce((t, a) => t + attackFactor(board.unit(a), board.piece(a)), 0);
  if (across.length > 0 && 2 * (attack - acrossFactors) <= attack && !opts.riverShiftIgnored) {
    shifts.push({ by: -1, reason: 'across a river', cite: `${CITE_TERRAIN} Cross-River` });
  }
  const w = board.weather;
  // "In Mud, all units' attacks are reduced 1 combat results column.  In Snow, only Axis units are so reduced, and Russian attacks are increased 1 combat odds column, unless the defenders are in any city or town."
  if (w === 'mud') shifts.push({ by: -1, reason: 'Mud', cite: 'barbarossa-1941 "Weather"' });
  if (w === 'snow') {
    if (side === 'axis')
      shifts.push({ by: -1, reason: 'Snow: Axis attacks', cite: 'barbarossa-1941 "Weather"' });
    else if (board.s.placeKind[target] === null)
      shifts.push({ by: 1, reason: 'Snow: Russian attacks', cite: 'barbarossa-1941 "Weather"' });
  }
  // "The odds of attacks by attackers including any Limited Supplied units are reduced by 1 odds column"
  // RULINGS B-68: an Isolated attacker attacks at least as badly as a Limited one (once per attack).
  if (attackers.some((a) => opts.supply[a] === 'limited' || opts.supply[a] === 'isolated'))
    shifts.push({
      by: -1,
      reason: 'attackers in Limited supply or Isolated',
      cite: 'barbarossa-1941 "Supply"; B-68',
    });
  // "Attacks on Limited Supply or Isolated units are raised one (further) combat odds column."
  const dIds = board.at[target]!;
  if (dIds.some((d) => opts.supply[d] === 'limited' || opts.supply[d] === 'isolated'))
    shifts.push({
      by: 1,
      reason: 'defenders in Limited supply or Isolated',
      cite: 'barbarossa-1941 "Supply"',
    });
  // "Special Units": the Leningrad railway guns fire down their line (B-54).
  const gun = railwayGunShift(board, attackers, target, opts.supply);
  if (gun) shifts.push(gun);
  const air = airShift(
    board,
    table,
    opts.air ?? [],
    target,
    attack,
    defense,
    raw + shifts.reduce((t, x) => t + x.by, 0),
  );
  if (air) shifts.push(air);
  const shifted = shiftColumn(table, raw, shifts);
  if (shifted.unclamped < 0) {
    return {
      code: 'attack/odds-too-low',
      message: `${attack}:${defense} reads ${columnLabel(table, shifted.unclamped)}: ${BARBAROSSA_MIN_ODDS_RULE}`,
    };
  }
  return {
    attack,
    defense,
    defenders,
    raw,
    shifts,
    column: shifted.column,
    unclamped: shifted.unclamped,
    label: columnLabel(table, shifted.column),
  };
}

export function isRefusal(x: AttackEvaluation | AttackRefusal): x is AttackRefusal {
  return 'code' in x;
}

/** An attack declared in this phase: the defending hex, its attackers and its final column. */
export interface Allocation {
  readonly target: number;
  readonly attackers: readonly string[];
  readonly column: number;
}

export interface Obligation {
  /** The hex that must also be attacked. */
  readonly hex: number;
  /** At a final column at least this (B-14: final odds after shifts). */
  readonly atLeast: number;
  /** The attack that makes it owed. */
  readonly because: number;
}

/**
 * "General Rule": "all UnDisrupted German armies and korps adjacent to any attacking
 * Russian units which are in fact attacking another German unit adjacent to both in a
 * given phase must also be attacked at odds at least equal to the odds of the attacks
 * against the other, adjacent German or Axis units being attacked" (B-14: final columns
 * compared). The obligations Russian allocations leave unmet.
 */
export function mustAttackUnmet(board: Board, allocations: readonly Allocation[]): Obligation[] {
  const { graph } = board.s.map;
  const out: Obligation[] = [];
  const byTarget = new Map<number, number>();
  for (const a of allocations) byTarget.set(a.target, Math.max(byTarget.get(a.target) ?? -99, a.column));
  for (const a of allocations) {
    for (const r of a.attackers) {
      const at = board.piece(r).at;
      for (let k = graph.offsets[at]!; k < graph.offsets[at + 1]!; k++) {
        const h = graph.targets[k]!;
        if (h < 0 || h === a.target || slotBetween(graph, h, a.target) < 0) continue;
        // B-66: a German unit in Rumania the Russians may not attack yet is owed no attack.
        if (board.s.rumania[h] === 1 && board.g.rumaniaOpen !== true) continue;
        const owed = board.at[h]!.some((id) => {
          const u = board.unit(id);
          const p = board.piece(id);
          return (
            p.side === 'axis' &&
            u.nationality === 'german' &&
            !p.disrupted &&
            (u.size === 'army' || u.size === 'korps')
          );
        });
        if (!owed) continue;
        const made = byTarget.get(h);
        if (made === undefined || made < a.column) {
          if (!out.some((o) => o.hex === h && o.atLeast >= a.column))
            out.push({ hex: h, atLeast: a.column, because: a.target });
        }
      }
    }
  }
  return out;
}
