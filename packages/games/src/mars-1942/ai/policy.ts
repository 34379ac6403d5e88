/**
 * Rule-based play for Operation Mars, both sides: the plans a competent player makes at
 * the start of each step, emitted one action at a time. Parameters tune how boldly it
 * attacks; `style: 'greedy'` is the baseline (every attack at the best odds it can
 * find, every unit toward the nearest objective, no points play).
 *
 * Every action it returns is one of the legal actions it was handed.
 */
import { actionKey, type GameState, readTable } from '@stavka/engine';
import { zeros64 } from '../arrays.ts';
import { chooseAttacks, type PlannedAttack, toAttack } from './attack-plan.ts';
import { hexDistances, hexesWithin, objectiveDistance } from './map.ts';
import {
  Board,
  canAttack,
  fitsStack,
  hexIndex,
  hexNumberOf,
  isInfantry,
  isMobile,
  MARS_CRT,
  type MarsAction,
  type MarsState,
  type MoveOption,
  marsBoard,
  mayMoveTo,
  moveOptions,
  type Scenario,
  type Side,
  scenarioByKey,
  stackingOkWith,
  type UnitMoves,
  unitAt,
  unitMoves,
} from './mars-games.ts';
import { attackOutlook, hexWorth, unitWorth } from './odds.ts';
import { supplyCuts, supplyPickets } from './pickets.ts';
import { type SetupPlan, setupChoice } from './setups.ts';

export const COLUMN = Object.fromEntries(MARS_CRT.columnLabels.map((l, i) => [l, i])) as Record<
  string,
  number
>;

export interface PolicyParams {
  readonly style: 'greedy' | 'planner';
  /** Lowest final column an attack is made at (index into MARS_CRT columns). */
  readonly minColumn: number;
  /** Stop adding units to an attack once this column is reached. */
  readonly goalColumn: number;
  /** At most this many attacks per player-turn (massing on a few sectors). */
  readonly maxTargets: number;
  /** German: give last garrisons No Retreat! orders when a withdrawal is likelier than a rout (M-8). */
  readonly noRetreat?: boolean;
  /** German reserve panzer divisions (M-14): withdrawn for the points (default) or committed. */
  readonly reserves?: 'withdraw' | 'commit';
  /** German: units free to move join threatened stacks in zones and towns (see `approachField`). */
  readonly reinforceLine?: boolean;
  /** Free units stand in the gaps enemy ZOCs cut in their side's supply lines (`ai/pickets.ts`). */
  readonly pickets?: boolean;
  /** Before the attacks are planned, free units cut the enemy's supply lines (`ai/pickets.ts`). */
  readonly cuts?: boolean;
  /** A set-up other than the historical one (`ai/setups.ts`; the balance lab's). */
  readonly setup?: SetupPlan;
}

/**
 * The baseline attacks wherever it can reach 2:1, the first column of the table with no
 * loss to the attacker on any roll (mars-1942 COMBAT RESULTS TABLE): below it a greedy
 * attacker only bleeds (at 1:1 it lost units for nothing, and points with them).
 */
export const GREEDY_PARAMS: PolicyParams = {
  style: 'greedy',
  minColumn: COLUMN['2:1']!,
  goalColumn: COLUMN['7:1']!,
  maxTargets: 99,
};

/**
 * The planner (level 1, and the search's default plan and rollout policy), by side.
 * Measured against the greedy baseline after German infantry gained +2 defense (rules
 * `mars-1942/5`, docs/mars-balance.md "Level 1 above the baseline"): a Soviet planner
 * that waited for 3:1 hardly attacked any more (it won 3 games in 40 against greedy), so
 * Zhukov attacks from 2:1 (no attacker loss on any roll) and masses to 7:1; von Kluge
 * still counter-attacks only from 3:1 (2:1 or 4:1 lost more games), masses to 7:1, and
 * stiffens threatened stacks in the zones and towns with the units that do not hold one.
 */
export const PLANNER_PARAMS: Readonly<Record<Side, PolicyParams>> = {
  soviet: {
    style: 'planner',
    minColumn: COLUMN['2:1']!,
    goalColumn: COLUMN['4:1']!,
    maxTargets: 6,
    pickets: true,
    cuts: true,
  },
  german: {
    style: 'planner',
    minColumn: COLUMN['3:1']!,
    goalColumn: COLUMN['4:1']!,
    maxTargets: 6,
    reinforceLine: true,
    pickets: true,
    cuts: true,
  },
};

interface Plan {
  readonly key: string;
  readonly actions: MarsAction[];
}

/**
 * `p` with every field of PolicyParams, in one order (an absent one undefined): the same
 * parameters, and every policy's of one shape, so that the code reading them (the movement
 * and attack plans) meets one kind of object whichever plan the search plays (V8 then
 * optimizes it once instead of again for each new shape).
 */
export function policyParams(p: PolicyParams): PolicyParams {
  // Every key named, the optional ones too: a field added to PolicyParams and not copied
  // here is a compile error, not a parameter silently dropped.
  const shaped: { [K in keyof Required<PolicyParams>]: PolicyParams[K] } = {
    style: p.style,
    minColumn: p.minColumn,
    goalColumn: p.goalColumn,
    maxTargets: p.maxTargets,
    noRetreat: p.noRetreat,
    reserves: p.reserves,
    reinforceLine: p.reinforceLine,
    pickets: p.pickets,
    cuts: p.cuts,
    setup: p.setup,
  };
  return shaped;
}

export class MarsPolicy {
  private plan: Plan | null = null;
  readonly params: PolicyParams;
  constructor(params: PolicyParams) {
    this.params = policyParams(params);
  }

  /**
   * Picks one of `legal` for `side` in the known state. Inside its own rollouts the AI
   * passes `legal` as a function, and planned moves and assignments are checked against
   * the unit's own options instead of the whole list (the same functions the rules use).
   */
  choose(
    known: GameState<MarsState>,
    side: Side,
    legalOrLazy: readonly MarsAction[] | (() => readonly MarsAction[]),
  ): MarsAction {
    const g = known.state;
    const s = scenarioByKey(g.scenario);
    const lazy = typeof legalOrLazy === 'function';
    let legalList: readonly MarsAction[] | null = lazy ? null : legalOrLazy;
    const legalNow = () => {
      legalList ??= (legalOrLazy as () => readonly MarsAction[])();
      return legalList;
    };
    const planned = g.step === 'movement' || g.step === 'allocation';
    if (!planned) return this.chooseIn(s, g, side, legalNow());
    let byKey: Map<string, MarsAction> | null = null;
    const pick = (a: MarsAction | undefined): MarsAction | undefined => {
      if (!a) return undefined;
      if (lazy && (a.type === 'move' || a.type === 'assign'))
        return quickLegal(s, g, side, a) ? a : undefined;
      byKey ??= new Map(legalNow().map((x) => [quickKey(x), x]));
      return byKey.get(quickKey(a));
    };
    const first = (type: string) => legalNow().find((a) => a.type === type);
    const key = `${g.turn}:${g.player}:${g.step}`;
    if (!this.plan || this.plan.key !== key) {
      const board = marsBoard(g);
      this.plan = {
        key,
        actions:
          g.step === 'movement'
            ? planMovement(board, side, this.params)
            : planAllocation(board, side, this.params),
      };
    }
    while (this.plan.actions.length > 0) {
      const next = pick(this.plan.actions.shift());
      if (next) return next;
    }
    if (g.step === 'movement')
      return lazy ? { type: 'end-movement' } : (first('end-movement') ?? legalNow()[0]!);
    return first('end-allocation') ?? first('unassign') ?? legalNow()[0]!;
  }

  private chooseIn(s: Scenario, g: MarsState, side: Side, legal: readonly MarsAction[]): MarsAction {
    const first = (type: string) => legal.find((a) => a.type === type);
    switch (g.step) {
      case 'setup':
        if (this.params.setup) return setupChoice(marsBoard(g), side, legal, this.params.setup) ?? legal[0]!;
        return first('historical-setup') ?? first('end-setup') ?? legal[0]!;
      case 'fortify':
        return this.fortify(s, g, side, legal) ?? first('end-fortify') ?? legal[0]!;
      case 'reinforce':
        return this.reinforce(s, g, legal) ?? first('end-reinforcement') ?? legal[0]!;
      case 'combat':
        return combatChoice(s, g, side, legal, this.params);
      default:
        return legal[0]!;
    }
  }

  private fortify(
    s: Scenario,
    g: MarsState,
    side: Side,
    legal: readonly MarsAction[],
  ): MarsAction | undefined {
    if (this.params.style === 'greedy') return undefined;
    const board = marsBoard(g);
    for (const a of legal) {
      if (a.type !== 'fortify') continue;
      const at = g.units[a.unit]!.at;
      const holds = s.zoneOf[at]! >= 0 || s.map.placeAt[at]! >= 0;
      if (side === 'german' && holds) return a;
      // Zhukov holds what he took: a rifle unit in a captured zone hex or town, facing Germans.
      if (side === 'soviet' && holds && s.germanTerritory[at] === 1 && enemyAdjacent(board, side, at))
        return a;
    }
    return undefined;
  }

  private reinforce(s: Scenario, g: MarsState, legal: readonly MarsAction[]): MarsAction | undefined {
    if (this.params.style === 'greedy') return undefined;
    // M-14/M-15: a reserve panzer division withdrawn for good is worth 6 points on turns
    // 1-3 and 4 on turns 4-6; bringing one in gives Zhukov 4. Take the points early.
    if (this.params.reserves === 'commit') return legal.find((a) => a.type === 'reinforce');
    const points = s.withdrawalPoints[g.turn - 1] ?? 0;
    if (points >= 4) return legal.find((a) => a.type === 'withdraw-reserve');
    return undefined;
  }
}

/* ---------------------------------------------------------------------------- */

/** Identifies a move, assignment or step end (the actions a plan holds) cheaply. */
function quickKey(a: MarsAction): string {
  const r = a as { type: string; unit?: string; to?: string; target?: string };
  return `${r.type}|${r.unit ?? ''}|${r.to ?? r.target ?? ''}`;
}

/**
 * Rollouts only: is a planned move or assignment still open to the unit? Read off the
 * state's own board (the one its supply was traced on), the move searched to its one
 * destination without paths.
 */
function quickLegal(s: Scenario, g: MarsState, side: Side, a: MarsAction): boolean {
  const board = marsBoard(g);
  // From the unit's search of this state (the plan's own, or carried from the state
  // before): the move is then made from it.
  if (a.type === 'move') return mayMoveTo(board, a.unit, hexIndex(s.map, a.to));
  if (a.type === 'assign') {
    if (g.attacks.some((x) => x.units.includes(a.unit)) || !canAttack(board, a.unit)) return false;
    const at = g.units[a.unit]!.at;
    const t = hexIndex(s.map, a.target);
    return board.neighbors(at).includes(t) && board.isEnemyHex(side, t);
  }
  return false;
}

function enemyAdjacent(board: Board, side: Side, hex: number): boolean {
  return board.neighbors(hex).some((h) => board.isEnemyHex(side, h));
}

function hexNum(s: Scenario, h: number): string {
  return hexNumberOf(s.map, h);
}

/** A board with some units placed elsewhere (planned moves). */
function boardWith(board: Board, positions: ReadonlyMap<string, number>): Board {
  if (positions.size === 0) return board;
  return Board.withUnits(
    board,
    Array.from(positions, ([id, at]) => [id, unitAt(board.unitState(id), at)] as const),
  );
}

function unitsOnMap(board: Board, side: Side): string[] {
  const { s } = board;
  const states = board.states;
  const on: string[] = [];
  for (const i of s.sideIndexes[side])
    if (states[i]!.status === 'map' && states[i]!.at >= 0) on.push(s.unitIds[i]!);
  return on;
}

/* ---------------------------------------------------------------------------- */
/* Movement                                                                       */

export function planMovement(board: Board, side: Side, params: PolicyParams): MarsAction[] {
  if (params.cuts) {
    const units = unitsOnMap(board, side).filter((id) => !isGarrison(board, id));
    // Each unit's moves, stacking aside, and the hexes whose friendly units they depend on
    // (PackedMoves.search `uses`; none: no friendly unit matters), to take them over on the board
    // with the cuts made wherever no cut moved to or from those hexes.
    // The state's own searches (unitMoves): the moves checked and made later read them.
    const searched = new Map<string, UnitMoves>();
    const options = new Map<string, MoveOption[]>();
    for (const id of units) {
      const found = unitMoves(board, id);
      searched.set(id, found);
      options.set(
        id,
        found.moves.options((to) => fitsStack(board, to, id)),
      );
    }
    const pressure = pressureOf(board, side === 'german' ? 'soviet' : 'german');
    const pre = supplyCuts(
      board,
      side,
      units,
      options,
      () => true,
      (x) => pressure[x]!,
    );
    if (pre.length > 0) {
      const moves: MarsAction[] = pre.map(([id, h]) => ({ type: 'move', unit: id, to: hexNum(board.s, h) }));
      // The cuts move none of the enemy's units: its pressure stands.
      const done = new Set(pre.map((p) => p[0]));
      const cut = boardWith(board, new Map(pre));
      const changed = pre.flatMap(([id, h]) => [board.unitState(id).at, h]);
      const kept = new Map<string, MoveOption[]>();
      for (const [id, { moves, near }] of searched)
        if (!near.some((h) => changed.includes(h)))
          kept.set(
            id,
            moves.options((to) => fitsStack(cut, to, id)),
          );
      return [...moves, ...planMovementOf(cut, side, params, done, pressure, kept)];
    }
    // No cut: the same board, and the moves already searched on it.
    return planMovementOf(board, side, params, new Set(), pressure, options);
  }
  return planMovementOf(board, side, params, new Set());
}

function planMovementOf(
  board: Board,
  side: Side,
  params: PolicyParams,
  done: ReadonlySet<string>,
  enemyPressure?: Float64Array,
  searched?: ReadonlyMap<string, MoveOption[]>,
): MarsAction[] {
  const { s } = board;
  const units = unitsOnMap(board, side).filter((id) => !done.has(id));
  const options = new Map<string, ReturnType<typeof moveOptions>>();
  for (const id of units) options.set(id, searched?.get(id) ?? moveOptions(board, id, { paths: false }));

  // Where each unit could attack from: its own hex, and hexes within its attack range.
  const from = new Map<string, number[]>();
  for (const id of units) {
    const st = board.unitState(id);
    const mayAttackHere = canAttack(board, id) && st.moved === 'no';
    const hexes = mayAttackHere ? [st.at] : [];
    for (const m of options.get(id)!) if (!m.bonus) hexes.push(m.to);
    // Garrisons hold their zones (planner and greedy alike): they attack only from where
    // they stand, so the line is kept (the greedy baseline once marched it away).
    if (side === 'german' && isGarrison(board, id)) hexes.splice(1);
    if (hexes.length > 0) from.set(id, hexes);
  }
  const { attacks, positions } = chooseAttacks(board, side, params, from);
  const actions: MarsAction[] = [];
  const committed = new Set(attacks.flatMap((a) => a.units));
  for (const [id, h] of positions)
    if (h !== board.unitState(id).at) actions.push({ type: 'move', unit: id, to: hexNum(s, h) });

  // Everybody else: toward an objective.
  const occupancy = new Map<number, string[]>();
  const occ = (h: number) => {
    let o = occupancy.get(h);
    if (!o) {
      o = [...board.at[h]!];
      occupancy.set(h, o);
    }
    return o;
  };
  for (const [id, h] of positions) {
    const o = occ(board.unitState(id).at);
    o.splice(o.indexOf(id), 1);
    occ(h).push(id);
  }
  if (params.pickets) {
    const free = units.filter((id) => !committed.has(id) && !isGarrison(board, id));
    const planned = boardWith(board, positions);
    const fits = (id: string, h: number) => stackingOkWith(s, occ(h), id);
    for (const [id, h] of supplyPickets(planned, side, free, options, fits)) {
      const o = occ(board.unitState(id).at);
      o.splice(o.indexOf(id), 1);
      occ(h).push(id);
      committed.add(id);
      actions.push({ type: 'move', unit: id, to: hexNum(s, h) });
    }
  }
  const field = approachField(board, side, params, attacks, side === 'german' ? enemyPressure : undefined);
  for (const id of units) {
    if (committed.has(id)) continue;
    const opts = options.get(id)!;
    if (opts.length === 0) continue;
    const u = board.unit(id);
    const f = field(id);
    if (!f) continue;
    const here = board.unitState(id).at;
    let best = here;
    let bestScore = f.score(here) - 0.01;
    for (const m of opts) {
      if (!stackingOkWith(s, occ(m.to), id)) continue;
      const sc = f.score(m.to) - m.cost * 0.001;
      if (sc > bestScore) {
        bestScore = sc;
        best = m.to;
      }
    }
    if (best !== here) {
      const o = occ(here);
      o.splice(o.indexOf(id), 1);
      occ(best).push(id);
      actions.push({ type: 'move', unit: id, to: hexNum(s, best) });
    }
    void u;
  }
  return actions;
}

function isGarrison(board: Board, id: string): boolean {
  const u = board.unit(id);
  const at = board.unitState(id).at;
  return u.side === 'german' && isInfantry(u) && at >= 0 && board.s.zoneOf[at]! >= 0;
}

/**
 * What `enemy` could bring against each hex next turn: the attack factors of its
 * Undisrupted units within reach (mobile 3 hexes + 1, others 2 + 1).
 */
function pressureOf(board: Board, enemy: Side): Float64Array {
  const { s } = board;
  const pressure = zeros64(s.map.graph.nodeCount);
  for (const e of unitsOnMap(board, enemy)) {
    const st = board.unitState(e);
    if (st.disrupted) continue;
    const u = s.units[e]!;
    const reach = (isMobile(u) ? 3 : 2) + 1;
    for (const h of hexesWithin(s, st.at, reach)) pressure[h]! += u.factors.attack ?? 0;
  }
  return pressure;
}

/** For a unit not attacking: how good each hex is to end its move in (higher better), or null to stay. */
function approachField(
  board: Board,
  side: Side,
  params: PolicyParams,
  attacks: readonly PlannedAttack[],
  sovietPressure?: Float64Array,
): (id: string) => { score: (h: number) => number } | null {
  const { s } = board;
  const deep = objectiveDistance(s);
  const states = board.states;
  const enemies: string[] = [];
  for (const i of s.sideIndexes[side === 'german' ? 'soviet' : 'german'])
    if (states[i]!.status === 'map') enemies.push(s.unitIds[i]!);
  const enemyHexes = [...new Set(enemies.map((id) => board.unitState(id).at).filter((h) => h >= 0))];
  const enemyDist = hexDistances(s, enemyHexes);
  const adjacentToEnemy = (h: number) => enemyDist[h] === 1;
  if (side === 'soviet') {
    // Mass behind the sectors attacked this turn (or the nearest Germans), two hexes
    // off, ready to attack next turn; tanks and cavalry already through exploit deep.
    const sector =
      attacks.length > 0
        ? hexDistances(
            s,
            attacks.map((a) => a.target),
          )
        : enemyDist;
    return (id) => {
      const u = board.unit(id);
      const at = board.unitState(id).at;
      if (params.style === 'greedy') return { score: (h) => -(deep[h]! < 0 ? 99 : deep[h]!) };
      if (isMobile(u) && s.germanTerritory[at] === 1)
        return { score: (h) => -(deep[h]! < 0 ? 99 : deep[h]!) - (adjacentToEnemy(h) ? 0.5 : 0) };
      return {
        score: (h) => {
          const d = sector[h]! < 0 ? 99 : sector[h]!;
          return -Math.abs(d - 2) - (d < 2 ? 0.5 : 0) - 0.05 * (deep[h]! < 0 ? 30 : deep[h]!);
        },
      };
    };
  }
  // German: fill lost zones, stay in held ones; the panzers shadow the penetrations.
  const emptyZoneHexes: number[] = [];
  s.defenseZones.forEach((z) => {
    const held = z.hexes.some((h) => board.at[h]!.some((id) => s.units[id]!.side === 'german'));
    if (!held) for (const h of z.hexes) if (!board.isEnemyHex('german', h)) emptyZoneHexes.push(h);
  });
  const toEmptyZone = hexDistances(s, emptyZoneHexes);
  const penetrations = enemies
    .map((id) => board.unitState(id).at)
    .filter((h) => h >= 0 && s.germanTerritory[h] === 1);
  const threat = penetrations.length > 0 ? hexDistances(s, penetrations) : null;
  const keyHexes = hexDistances(s, [s.rzhev, s.gzhatsk]);
  const supply = board.supplyDistance('german');
  const pressure = sovietPressure ?? pressureOf(board, 'soviet');
  const defenseOf = (x: string) =>
    board.unitState(x).fortified ? (s.units[x]!.factors.fortified ?? 0) : (s.units[x]!.factors.defense ?? 0);
  // The German stack on `h` with `id` in it (last): its defense.
  const stackDefense = (h: number, id: string) => {
    let d = 0;
    for (const x of board.at[h]!) if (x !== id && s.units[x]!.side === 'german') d += defenseOf(x);
    return d + defenseOf(id);
  };
  return (id) => {
    const at = board.unitState(id).at;
    if (isGarrison(board, id)) return null;
    if (params.style === 'greedy') {
      // The baseline keeps a line: a unit stays where it is unless a defense zone is
      // empty, then the nearest fills it (mars-1942 Victory Conditions 1).
      if (emptyZoneHexes.length === 0) return null;
      return {
        score: (h) => -(toEmptyZone[h]! < 0 ? 99 : toEmptyZone[h]!) - (s.germanTerritory[h] === 0 ? 9 : 0),
      };
    }
    const inZone = s.zoneOf[at]! >= 0;
    return {
      score: (h) => {
        let sc = 0;
        if (emptyZoneHexes.length > 0) sc -= 2 * Math.min(6, toEmptyZone[h]! < 0 ? 6 : toEmptyZone[h]!);
        if (threat) {
          const d = threat[h]! < 0 ? 20 : threat[h]!;
          sc -= Math.abs(d - 2) * 0.7;
        } else sc -= 0.3 * (keyHexes[h]! < 0 ? 20 : keyHexes[h]!);
        if (s.zoneOf[h]! >= 0) sc += 0.8;
        if (h === s.rzhev || h === s.gzhatsk) sc += 1;
        if (s.germanTerritory[h] === 0) sc -= 3;
        if (inZone && h === at) sc += 0.5;
        // Keep in supply (M-9: isolated units are Disrupted, then eliminated).
        const d = supply[h]!;
        if (d < 0 || d > 8) sc -= 4;
        else if (d > 4) sc -= 1;
        // Not where Zhukov could bring crushing odds.
        const odds = pressure[h]! / Math.max(1, stackDefense(h, id));
        if (odds > 3) sc -= Math.min(4, (odds - 3) * 0.6);
        // Stiffen the line: join a German stack in a defense zone or town that Zhukov could
        // attack at 2:1 or better (the first column where the attacker risks nothing,
        // mars-1942 COMBAT RESULTS TABLE), the more the lower it brings his odds.
        if (params.reinforceLine && h !== at && (s.zoneOf[h]! >= 0 || s.map.placeAt[h]! >= 0)) {
          const others = board.at[h]!.some((x) => x !== id && s.units[x]!.side === 'german');
          const own = board.unitState(id).fortified
            ? (s.units[id]!.factors.fortified ?? 0)
            : (s.units[id]!.factors.defense ?? 0);
          const without = pressure[h]! / Math.max(1, stackDefense(h, id) - own);
          const key = h === s.rzhev || h === s.gzhatsk ? 3 : 1;
          if (others && without >= 2) sc += 6 * key * Math.min(2, without - odds);
        }
        return sc;
      },
    };
  };
}

/* ---------------------------------------------------------------------------- */
/* Allocation                                                                     */

export function planAllocation(board: Board, side: Side, params: PolicyParams): MarsAction[] {
  const { s } = board;
  const from = new Map<string, number[]>();
  for (const id of unitsOnMap(board, side)) {
    if (!canAttack(board, id)) continue;
    // The planner keeps fortified garrisons in their works unless the odds are crushing (see below).
    from.set(id, [board.unitState(id).at]);
  }
  const { attacks } = chooseAttacks(board, side, params, from);
  const actions: MarsAction[] = [];
  for (const a of attacks) {
    const keep =
      params.style === 'greedy' ||
      side === 'soviet' ||
      !a.units.some((id) => isGarrison(board, id) && board.unitState(id).fortified) ||
      attackOutlook(board, side, toAttack(a)).column >= COLUMN['5:1']!;
    if (!keep) {
      const units = a.units.filter((id) => !(isGarrison(board, id) && board.unitState(id).fortified));
      const o = units.length ? attackOutlook(board, side, { target: a.target, units, probe: false }) : null;
      if (!o || o.column < params.minColumn) continue;
      a.units = units;
    }
    for (const id of a.units) actions.push({ type: 'assign', unit: id, target: hexNum(s, a.target) });
  }
  return actions;
}

/* ---------------------------------------------------------------------------- */
/* Combat choices                                                                 */

export function combatChoice(
  s: Scenario,
  g: MarsState,
  side: Side,
  legal: readonly MarsAction[],
  params: PolicyParams = PLANNER_PARAMS[side],
): MarsAction {
  const board = marsBoard(g);
  const c = g.combat;
  if (!c) {
    // Resolve the best odds first: their advances may open retreat paths and ZOCs.
    let best = legal[0]!;
    let bestCol = -2;
    for (const a of legal) {
      if (a.type !== 'resolve') continue;
      const t = hexIndex(s.map, a.target);
      const att = g.attacks.find((x) => x.target === t);
      const col = att ? attackOutlook(board, side, att).column : -1;
      if (col > bestCol) {
        bestCol = col;
        best = a;
      }
    }
    return best;
  }
  switch (c.phase) {
    case 'orders':
      return noRetreatOrders(board, side, legal, params.noRetreat ?? true);
    case 'losses': {
      // Lose as little as possible: the smallest unit that pays it all, else the biggest.
      const owed = c.lossesOwed;
      const opts = legal
        .filter((a): a is Extract<MarsAction, { type: 'lose' }> => a.type === 'lose')
        .map((a) => ({ a, f: board.unit(a.unit).factors.attack ?? 0, w: unitWorth(board, a.unit) }));
      const enough = opts.filter(
        (o) => o.f * (g.turn === 1 && side === 'soviet' && g.firstTurnDoubling ? 2 : 1) >= owed,
      );
      enough.sort((x, y) => x.w - y.w);
      if (enough[0]) return enough[0].a;
      opts.sort((x, y) => y.f - x.f || x.w - y.w);
      return opts[0]?.a ?? legal[0]!;
    }
    case 'rout-distance':
      // Push them as far as allowed: more chances they cannot retreat, and room to advance.
      return legal.find((a) => a.type === 'rout' && a.hexes === 2) ?? legal[0]!;
    case 'retreat':
      return retreatChoice(board, side, legal);
    case 'advance':
      return advanceChoice(board, side, legal);
    default:
      return legal[0]!;
  }
}

function noRetreatOrders(
  board: Board,
  side: Side,
  legal: readonly MarsAction[],
  orders: boolean,
): MarsAction {
  const none = legal.find((a) => a.type === 'no-retreat' && a.units.length === 0) ?? legal[0]!;
  const c = board.state.combat!;
  if (side !== 'german' || !orders) return none;
  // A garrison that is the zone's last German unit holds (No Retreat!) when a withdrawal
  // is likelier than a rout: DW becomes D and the hex stays held, DR becomes DE (M-8).
  const att = board.state.attacks.find((a) => a.target === c.target);
  if (!att) return none;
  if (hexWorth(board, c.target) < 2) return none;
  const column = MARS_CRT.columnLabels.indexOf(c.column);
  const holders = c.defenders
    .map((d) => d.unit)
    .filter((id) => {
      if (!isInfantry(board.unit(id))) return false;
      // A Disrupted defender reads the next column (M-6).
      const col = board.unitState(id).disrupted ? Math.min(column + 1, MARS_CRT.columns.length - 1) : column;
      let pDW = 0;
      let pDR = 0;
      for (let roll = 1; roll <= MARS_CRT.die; roll++) {
        const r = readTable(MARS_CRT, col, roll);
        if (r === 'DW') pDW++;
        if (r === 'DR') pDR++;
      }
      return pDW >= pDR;
    });
  if (holders.length === 0) return none;
  const want = [...holders].sort();
  return legal.find((a) => a.type === 'no-retreat' && actionKey(a.units) === actionKey(want)) ?? none;
}

function retreatChoice(board: Board, side: Side, legal: readonly MarsAction[]): MarsAction {
  const { s } = board;
  const stand = legal.find((a) => a.type === 'stand');
  const c = board.state.combat!;
  // A German D in a zone or town: stand (Disrupted) and keep it.
  if (stand && side === 'german' && stand.type === 'stand') {
    const at = board.unitState(stand.unit).at;
    if (s.zoneOf[at]! >= 0 || s.map.placeAt[at]! >= 0) return stand;
  }
  const start = c.target;
  let best: MarsAction | undefined;
  let bestScore = -Infinity;
  for (const a of legal) {
    if (a.type !== 'retreat') continue;
    const h = hexIndex(s.map, a.to);
    const d = board.neighbors(h).includes(start) ? 1 : 2;
    let sc = -d * 2; // the shortest retreat keeps the unit Undisrupted where it can
    sc -= board.neighbors(h).filter((n) => board.isEnemyHex(side, n)).length;
    if (board.isFriendlyHex(side, h)) sc += 1.5;
    if (side === 'german' && s.zoneOf[h]! >= 0) sc += 1;
    if (side === 'german' && s.germanTerritory[h] === 0) sc -= 2;
    if (sc > bestScore) {
      bestScore = sc;
      best = a;
    }
  }
  return best ?? stand ?? legal[0]!;
}

function advanceChoice(board: Board, side: Side, legal: readonly MarsAction[]): MarsAction {
  const { s } = board;
  const c = board.state.combat!;
  const end = legal.find((a) => a.type === 'end-advance');
  const advances = legal.filter((a): a is Extract<MarsAction, { type: 'advance' }> => a.type === 'advance');
  const deep = objectiveDistance(s);
  const into = advances.filter((a) => hexIndex(s.map, a.to) === c.target);
  const beyond = advances.filter((a) => hexIndex(s.map, a.to) !== c.target);
  const valuable = hexWorth(board, c.target) > 0 || side === 'soviet';
  if (!end || (valuable && c.advanced.length === 0)) {
    // Advance the strongest into the vacated hex.
    into.sort((x, y) => (board.unit(y.unit).factors.attack ?? 0) - (board.unit(x.unit).factors.attack ?? 0));
    if (into[0]) return into[0];
  }
  if (side === 'soviet' && beyond.length > 0) {
    // Tanks exploit toward Rzhev, Gzhatsk and the towns.
    const here = deep[c.target]!;
    let best: MarsAction | undefined;
    let bestD = here;
    for (const a of beyond) {
      const h = hexIndex(s.map, a.to);
      const d = deep[h]! < 0 ? 99 : deep[h]!;
      if (d < bestD) {
        bestD = d;
        best = a;
      }
    }
    if (best) return best;
  }
  if (side === 'soviet' && into.length > 0 && c.advanced.length < 2) return into[0]!;
  return end ?? advances[0] ?? legal[0]!;
}
