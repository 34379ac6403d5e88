/**
 * Rule-based play for Barbarossa 1941, both sides: at the start of each step of the
 * sequence of play (barbarossa-1941 "GAME-TURN SEQUENCE") it makes a plan for the whole
 * step — per attack and per unit, not per click — and then emits it one action at a
 * time, each checked against the legal list it is handed (an action no longer offered
 * is skipped). What it does not know how to plan (a new kind of action, a step it has
 * never seen) gets the step's "done" action, or the first legal action.
 *
 * The plan of an operational movement step (A.3 / B.3, and the breakthrough / Proriv
 * movement of B-9):
 *   1. guards: each side (with a hold column, `PolicyParams.holdColumn`) holds each of its
 *      victory cities (the Axis also Ploesti; Warsaw, Bucharest and Ploesti first, B-12) so
 *      that the best attack the enemy could make on it next player-turn reads below 3:1
 *      (`defence.ts`: the units that can be next to it after their next move, the odds by
 *      the rules' `evaluateAttack`; for the Axis as if Rumania were open, B-66): one ground
 *      combat unit, the lightest, where nothing threatens it; else those in it stay and the
 *      free units that can move in come, the one leaving the enemy the lowest column first;
 *      and the Axis walks back into a vital city the enemy took and left. (A side without a
 *      hold column keeps one unit in each, two, the strongest, with the enemy within 5 hexes.);
 *   2. (the Axis: `operations.ts`) supply discipline: a unit whose hex alone holds the
 *      supply net open through a Russian ZOC stays in it;
 *   3. attacks: enemy hexes in reach, easiest first (those near a city whose loss ends the
 *      game, B-12, or for the Axis those whose units still endanger a city after step 1 and
 *      those in a vital city lost, first of all and at a column less; those in a vital city
 *      whose loss ends the game at this player-turn's A.7, at any column; for the Axis also
 *      first the pockets, Russian units cut off from their supply, and the Russian units next
 *      to a railhead or to a hex that would reconnect Isolated Axis units), each given the
 *      fewest attackers (those already adjacent, then those that can move next to it within
 *      their OMF, each from the next hex where the first is full) that reach the goal column,
 *      kept only at the minimum column or better (Russian attacks also only where the
 *      must-attack rule, B-14, is met; Axis attacks from a hex in Rumania only once Bucharest
 *      or Ploesti holds with Rumania open, B-66; Axis attackers never from a hex out of supply
 *      but to take a city). The Axis plans them in three passes: (a) its army groups'
 *      objective cities and the hexes next to them, the cities first, to 5:1, counting on the
 *      close air support that reaches them; (b) then the cities left empty are walked into
 *      and the spearheads drive through the gaps (`operations.ts` `planExploitation`: a mobile
 *      unit that gains EXPLOIT_GAIN hexes toward its objective, stopping in supply; the
 *      korps among them weighed one by one and in pairs for the hexes that cut Russian units
 *      off: the pincers); (c) then the other attacks, by the infantry only but in the
 *      breakthrough (A.6): the mobile units at the front wait for the gaps those open;
 *   4. every other unit moves to the reachable hex nearest its objectives (`plan.ts`: the
 *      Axis its army group's next objectives, a counter its own army group's; the Russians
 *      their line, the hexes next to the enemy, those in contact holding and the mobile units
 *      two hexes behind it), keeping within supply range (barbarossa-1941 "Supply": a hex in
 *      an enemy ZOC counted in supply when a neighbour is, the line traced through the unit
 *      itself); the Axis first puts a unit into each hex that reconnects Isolated units, and
 *      never goes out of supply.
 * Reinforcement steps place arrivals nearest the objectives, advance gauge conversion toward
 * them (B-38), flip German armies strong (B-39), entrench Russian units in contact (B-51) and
 * move the airfields up (B-56: in Full Supply, out of the enemy's reach); then, the arrivals
 * placed, they advance the Axis railheads along the track just converted, never next to the
 * Russians, and plan the strategic moves (`planStrategic`; barbarossa-1941 "Strategic
 * Movment", B-38, B-47): guards by rail (or by sea, at the friendly risk only) into
 * threatened victory cities short of them (for the Axis: where the units that can stay or
 * march in still leave the Russians 3:1 or more), then the reserves out of contact by rail to
 * the offered hex nearest their objectives, where the train beats their own march by
 * RAIL_GAIN hexes or more. Combats: close air support where it raises a column below the
 * goal, cities first (`chooseAir`); the defenders of Leningrad, Moscow and the Axis's vital
 * cities ordered No Retreat! at up to 5:1 (B-4); the attacker's losses from its weakest units (a German army's strong side
 * first), retreats as long as allowed and away from the enemy, advances into the vacated hex.
 *
 * It reads only the state it is given (a side's view made a state: engine `knownState`)
 * and helpers of the rules that read what both sides see (`publicUnit`).
 */
import { neighborsOf, type RngState, sameJson, slotBetween } from '@stavka/engine';
import { airSupporters } from '../air.ts';
import { canAttack, evaluateAttack, isRefusal, mustAttackUnmet, rumaniaBarredFirstTurn } from '../attack.ts';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { type MoveOption, mayPayRiverAfter, moveOptions, owesRiverMf } from '../movement.ts';
import { railAllowance, railNet } from '../rail.ts';
import { railBound } from '../railway-guns.ts';
import type { BarbarossaAction } from '../rules.ts';
import { type RulesScenario, riverAt, type Side } from '../rules-scenario.ts';
import { seaController } from '../sea.ts';
import { attackFactor, type BarbarossaState } from '../state.ts';
import { fullRange, supplyBlocked, supplyDistances } from '../supply.ts';
import { isGerman, isGroundUnit, isGuards, isMobile } from '../unit-kinds.ts';
import { holder, sovietSuddenVictory } from '../victory.ts';
import { EnemyReach, planGarrison, type Threat } from './defence.ts';
import {
  bridgeHexes,
  corridorKeepers,
  EXPLOIT_SUPPLY,
  objectiveCities,
  planExploitation,
  russiansNear,
  supplyIfThere,
  takeEmptyCities,
} from './operations.ts';
import { AxisPlan, type AxisStrategy, field, PLAN_1941, sovietLine } from './plan.ts';

/** A column index of the (provisional) CRT: 1:5 .. 9:1 (B-1). */
export const COL: Readonly<Record<string, number>> = {
  '1:1': 4,
  '3:2': 5,
  '2:1': 6,
  '3:1': 7,
  '4:1': 8,
  '5:1': 9,
  '6:1': 10,
  '7:1': 11,
};

export interface PolicyParams {
  /** Lowest final column an attack is made at. */
  readonly minColumn: Readonly<Record<Side, number>>;
  /** Attackers are added until this column is reached. */
  readonly goalColumn: Readonly<Record<Side, number>>;
  /**
   * A side with a hold column garrisons each victory city it holds (and Ploesti) so that
   * the enemy's best attack on it next player-turn reads below this column (`planGarrison`);
   * a side without keeps the fixed guards (one unit, two with the enemy within GUARD_THREAT).
   */
  readonly holdColumn: Readonly<Partial<Record<Side, number>>>;
  /**
   * The victory points of a city whose defenders take No Retreat! orders (B-4; absent:
   * NO_RETREAT_POINTS, Leningrad and Moscow): 1 orders them in every victory city.
   */
  readonly noRetreatPoints?: number;
  /** The column the Axis attacks on and next to its objectives are given attackers up to (absent: OBJECTIVE_GOAL, 5:1). */
  readonly objectiveGoal?: number;
  /** Where the Axis drives: its army groups, their objectives and fronts (absent: `PLAN_1941`, level 1's). */
  readonly strategy?: AxisStrategy;
  /**
   * The lowest column the Axis attacks an objective city itself at (absent: a column under
   * `minColumn`, 2:1 for level 1). Its attacks on Smolensk in game-turns 3-4 are made in
   * Limited supply (a column less, "Supply"), without air (no airfield in range): 2:1 needs
   * 3:1 by the factors.
   */
  readonly objectiveFloor?: number;
  /**
   * The last game-turn `objectiveFloor` holds on (absent: every game-turn). Level 2's Axis
   * attacks the objective cities from 1:1 in every plan on game-turns 1-4 (1941's drive to
   * Minsk and Smolensk), and after them only in its `floor` plan.
   */
  readonly objectiveFloorUntil?: number;
  /**
   * The victory points of a city (Leningrad 2, Moscow 3) whose approaches a side with a hold
   * column holds too where its garrison alone cannot: reserves by rail in its strategic moves
   * (`railGarrisons`) and on foot in its movement (`holdApproaches`) to the hexes next to it
   * the enemy could march into (absent: never, level 1).
   */
  readonly depthPoints?: number;
  /**
   * The column a side holds its cities of NO_RETREAT_POINTS points or more below (Leningrad
   * and Moscow), where lower than `holdColumn` (absent: `holdColumn` for every city, level 1).
   * At 2:1 the defenders of a city lose it on a third of the rolls; Leningrad in the
   * level-2 mirror fell to attacks at 3:2 and 2:1 that the hold column of 3:1 let pass.
   */
  readonly keyHoldColumn?: number;
  /**
   * How far from a key city (`depthPoints`) its depth reaches: 1, the hexes next to it (absent,
   * as before); 2, then the hexes two from it next to no enemy unit (`approaches`).
   */
  readonly depthRings?: number;
  /** The most approaches of a key city given a unit in one step (absent: DEPTH_HEXES, 3). */
  readonly depthHexes?: number;
  /**
   * Whether a key city (`depthPoints`) whose stack is full ("Stacking" Limits) and still
   * threatened at its hold column swaps a weaker garrison for a stronger defender in its
   * strategic moves (`railSwaps`): the weaker one out by rail first, then the other in
   * (absent: never, as before).
   */
  readonly swapGarrison?: boolean;
  /**
   * The Russians' staging line (`moveTheRest`): a unit that ends its move STAGE_CLEAR hexes or
   * more from the enemy on the railway of the net that holds a key city (`depthPoints`;
   * trains start only on the railway, B-38) counts that hex this many hexes nearer its
   * objective, so that next strategic movement it can be railed to the key city or its depth
   * (absent: 0, as before).
   * In the level-2 mirror a third of the Russian units out of contact stood on a net,
   * mostly garrisons: none was left to bring Leningrad depth before the Axis came
   * (docs/barbarossa-balance.md, "A key city's garrison swapped for a stronger one").
   */
  readonly stageOnRail?: number;
  /**
   * The Axis units that enter an objective city (of its strategy, or a victory city) it
   * takes with Russian ground units within two hexes, the strongest on defense first:
   * advancing after combat (`combatChoice`) or walking into it empty (`operations.ts`
   * `takeEmptyCities`). Absent: one, as level 1. Level 2's Axis plays 2 (`search.ts`
   * `LEVEL_2_AXIS_PLANS`; alone screened and not kept: docs/barbarossa-balance.md, "Minsk
   * entered and lost").
   */
  readonly walkIns?: number;
  /**
   * The lowest column of the Axis's attacks before operational movement (A.2) on game-turn 1,
   * where lower than `minColumn` (absent: `minColumn`, as level 1): the infantry's
   * attacks of 22 June that open the gaps the spearheads drive through in A.3. Level 2's
   * `reduce` (only sure attacks, from 4:1) opens no gap on turn 1, and 3. Panzergruppe ends it
   * 7-8 hexes short of Minsk. Level 2's `reduce` opens from 3:1 (`search.ts`
   * `LEVEL_2_AXIS_PLANS`, with `walkIns` and `exploitSupply`); screened before alone (30 Nov
   * 2026) and with `walkIns` 2 only (58 wins in 100 against level 1 where level 2 had 66:
   * docs/barbarossa-balance.md, "The opening and two units").
   */
  readonly openingColumn?: number;
  /**
   * The most hexes from its supply source an exploiting spearhead stops at, by game-turn
   * (the first entry for game-turn 1, the last for every game-turn after the list; absent:
   * `operations.ts` EXPLOIT_SUPPLY, 10, as level 1). Shorter drives keep 3. Panzergruppe near
   * the infantry's gaps on the way to Minsk; Smolensk needs the long ones. Level 2's Axis
   * plays 8, 8, 10 (`search.ts` `LEVEL_2_AXIS_PLANS`: Minsk by game-turn 2 in 37 of 40).
   */
  readonly exploitSupply?: readonly number[];
  /** The army groups (the counters' `armyGroup`: north, center, south) whose spearheads `exploitSupply` holds (absent: all). */
  readonly exploitGroups?: readonly string[];
  /**
   * The Axis garrisons the objective cities of its strategy it holds that are worth no
   * victory points (Minsk, Pskov, Kharkov) as it does its victory cities, after them
   * (`holdCities`: against the Russians' best attack below the hold column). Absent: only
   * the victory cities, as level 1 and level 2 (screened, not kept: it cost wins against
   * level 1, docs/barbarossa-balance.md "How deep the spearheads drive"). Minsk lies on the centre's railway to
   * Smolensk (B-38): in the mirror it was retaken by the Russians, emptied by the Axis on
   * game-turn 3, and no attack on Smolensk followed on game-turn 4.
   */
  readonly holdObjectives?: boolean;
}

export const DEFAULT_PARAMS: PolicyParams = {
  minColumn: { axis: COL['3:1']!, soviet: COL['4:1']! },
  goalColumn: { axis: COL['6:1']!, soviet: COL['6:1']! },
  // At 3:1 the defenders of a city lose it on five rolls in six (X, X/2, D1, D1, D2).
  holdColumn: { axis: COL['3:1']!, soviet: COL['3:1']! },
};

/** A city with the enemy within this many hexes is guarded by two units in the movement step. */
const GUARD_THREAT = 5;
/**
 * A city with the enemy within this many hexes is given guards by rail or sea: about one
 * player-turn's reach of the enemy's mobile units (OMF 5-6 plus the OMB; "Operational Movement").
 */
const RAIL_THREAT = 8;
/** How far (hexes) a unit may be from a city it could march into this turn: an OMF of 6 and the OMB of 3, doubled on roads. */
const MARCH_RANGE = 18;
/** How far behind their line (hexes) the Russian mobile units wait as its reserve. */
const RESERVE_DEPTH = 2;
/** An Axis mobile unit this near the enemy with no gap to exploit waits for the breakthrough phase (A.6). */
const BREAKTHROUGH_WAIT = 3;
/** The column (5:1) the Axis attacks on and next to its objectives are given attackers up to. */
const OBJECTIVE_GOAL = COL['5:1']!;
/** The victory points of a city (Leningrad 2, Moscow 3) whose defenders take No Retreat! orders. */
const NO_RETREAT_POINTS = 2;
/** The highest column (5:1) at which a city's defenders take No Retreat! orders (`noRetreat`). */
const NO_RETREAT_MAX = COL['5:1']!;
/** An airfield is placed at least this many hexes from the nearest enemy ground unit (B-56: overrun on the ground). */
const AIR_CLEAR = 3;
/** A railhead advances only to a hex at least this many hexes from the nearest Russian ground unit (B-38, "Supply"). */
const RAILHEAD_CLEAR = 2;
/**
 * The Russians' staging line (`PolicyParams.stageOnRail`) is this many hexes or more from the
 * nearest enemy unit: the railways within three hexes of the enemy, which often run just
 * behind the line, do not hold a unit back from it (staged a hex short of the line, a unit
 * stays there: in the level-2 mirror with the staging at any distance Moscow fell in 18
 * games of 40, 8 before). A unit may still stop a hex back on a railway four hexes out.
 */
const STAGE_CLEAR = 4;
/** The hexes next to a key city given a unit each in one step (`holdApproaches`, `railGarrisons`). */
const DEPTH_HEXES = 3;

/** A by-game-turn list's entry for game-turn `turn` (the last entry after the list's end; absent: undefined). */
export function byTurn(list: readonly number[] | undefined, turn: number): number | undefined {
  if (list === undefined || list.length === 0) return undefined;
  return list[Math.min(turn, list.length) - 1];
}

/**
 * The approaches of city `h` for depth: the hexes next to it, on the map and free of the
 * enemy, that an enemy unit could end its move in (`EnemyReach.reaches`), in map order; with
 * `rings` 2 (`PolicyParams.depthRings`), then those two hexes from it that are next to no
 * enemy ground unit (a reserve put there is not attacked before it can stand: a unit moved by
 * rail arrives Disrupted, "Strategic Movement"), the nearest the enemy first.
 */
function approaches(board: Board, side: Side, reach: EnemyReach, h: number, rings = 1): number[] {
  const s = board.s;
  const open = (n: number) => s.map.onMap[n] === 1 && !board.hasEnemy(side, n) && reach.reaches(n);
  const first = neighbours(s, h).filter(open);
  if (rings < 2) return first;
  const around = new Set(neighbours(s, h));
  const enemyNext = (n: number) => neighbours(s, n).some((x) => board.hasEnemyGround(side, x));
  const enemyAt: number[] = [];
  for (let x = 0; x < board.at.length; x++) if (board.hasEnemyGround(side, x)) enemyAt.push(x);
  const second = new Map<number, number>(); // hex -> hexes to the nearest enemy ground unit
  for (const n of around)
    for (const m of neighbours(s, n))
      if (m !== h && !around.has(m) && !second.has(m) && !enemyNext(m) && open(m))
        second.set(m, Math.min(...enemyAt.map((e) => hexDistance(board, e, m))));
  const ring2 = [...second.keys()].sort((a, b) => second.get(a)! - second.get(b)! || a - b);
  return [...first, ...ring2];
}
/** A reserve goes by rail only when the train takes it this many hexes nearer its objectives than its own march. */
const RAIL_GAIN = 3;

/**
 * Units destroyed by the enemy entering their hex unless stacked with a unit that defends
 * it: Katyushas ("If not stacked with - protected by - other Russian units, they can be moved
 * through and automatically eliminated", B-42) and railway guns (B-61).
 */
function needsCover(type: string): boolean {
  return type === 'katyusha' || railBound(type);
}

/** Actions that close a step or a choice ("done"), in the order they are preferred as a fallback. */
const DONE = ['end-advance', 'orders-done', 'end-step', 'end-movement', 'end-combat'];

/**
 * The kinds of action this policy knows to be optional: when no "done" is offered, an
 * action of another kind (one the rules have gained since) is likely what the step waits
 * for, and is taken before any of these.
 */
const OPTIONAL = new Set([
  'rail',
  'sea',
  'convert',
  'railhead',
  'rehide',
  'load-factory',
  'entrench',
  'flip-strong',
  'call-siberians',
  'katyusha',
  'air-support',
  'move',
  'allocate',
  'unallocate',
  'cancel',
  'overrun',
  'no-retreat',
  'airstrike',
  'air-supply',
  'airfield',
  'rebuild-korps',
]);

type Act = BarbarossaAction;

/**
 * Where a side wants to go, lower is better (`plan.ts`): the Axis toward its army groups'
 * objectives (`AxisPlan.overall`; each unit's own group: `AxisPlan.fieldAt`), the Russians
 * toward their line (`sovietLine`).
 */
function objectives(
  s: RulesScenario,
  g: BarbarossaState,
  side: Side,
  strategy: AxisStrategy = PLAN_1941,
): Float64Array {
  const board = new Board(g, s);
  return side === 'axis' ? new AxisPlan(board, g, strategy).overall : sovietLine(board, g).line;
}

/**
 * A unit's own field: for the Axis its army group's (`AxisPlan.fieldAt`), else the side's.
 */
function unitFields(
  board: Board,
  g: BarbarossaState,
  side: Side,
  strategy: AxisStrategy = PLAN_1941,
): { all: Float64Array; of: (id: string) => Float64Array } {
  if (side === 'axis') {
    const plan = new AxisPlan(board, g, strategy);
    const byUnit = new Map<string, Float64Array>();
    const of = (id: string) => {
      let f = byUnit.get(id);
      if (!f) {
        const u = board.unit(id);
        f = plan.fieldAt(g.pieces[id]!.at, (u as { armyGroup?: string }).armyGroup, isMobile(u));
        byUnit.set(id, f);
      }
      return f;
    };
    return { all: plan.overall, of };
  }
  const all = sovietLine(board, g).line;
  return { all, of: () => all };
}

/**
 * The enemy's reach a side's garrisons are planned against (`EnemyReach`): for the Axis, as
 * if Rumania were open already (B-66: one attack out of it lets the Russians in), so that its
 * cities there are held before the Axis attacks out of it.
 */
function enemyReachFor(g: BarbarossaState, side: Side, s: RulesScenario): EnemyReach {
  const seen = side === 'axis' && g.rumaniaOpen !== true ? { ...g, rumaniaOpen: true } : g;
  return new EnemyReach(seen, side, railExposed(s, side));
}

/** Hexes a side keeps a unit in: its victory cities (and the Axis its oil, Ploesti). */
function guardHexes(s: RulesScenario, g: BarbarossaState, side: Side): number[] {
  const out: number[] = [];
  for (let h = 0; h < s.victoryPoints.length; h++)
    if (s.victoryPoints[h]! > 0 && holder(g, s, h) === side) out.push(h);
  const ploesti = s.placeHex.Ploesti;
  if (ploesti !== undefined && ploesti >= 0 && holder(g, s, ploesti) === side && !out.includes(ploesti))
    out.push(ploesti);
  return out;
}

/** The Axis cities whose loss gives the Russian sudden victory (B-12: Warsaw, or Bucharest and Ploesti). */
const AXIS_VITAL: readonly string[] = ['Warsaw', 'Bucharest', 'Ploesti'];

/** The Axis's vital cities in Rumania it holds (Bucharest, Ploesti: B-12, B-66). */
function rumaniaCities(s: RulesScenario, g: BarbarossaState): number[] {
  return AXIS_VITAL.map((n) => s.placeHex[n] ?? -1).filter(
    (h) => h >= 0 && s.rumania[h] === 1 && holder(g, s, h) === 'axis',
  );
}

/**
 * The hexes whose garrisons also reckon with the enemy's trains (`EnemyReach` `byRail`): the
 * Axis's vital cities (B-12), behind the front, where the Russian reserves come by rail
 * through a gap in the line (B-38).
 */
function railExposed(s: RulesScenario, side: Side): Set<number> {
  if (side !== 'axis') return new Set();
  return new Set(AXIS_VITAL.map((n) => s.placeHex[n] ?? -1).filter((h) => h >= 0));
}

/** The side's vital cities the enemy holds now (the Axis's, B-12; none for the Russians). */
function lostVital(s: RulesScenario, g: BarbarossaState, side: Side): number[] {
  if (side !== 'axis') return [];
  return AXIS_VITAL.map((n) => s.placeHex[n] ?? -1).filter((h) => h >= 0 && holder(g, s, h) !== side);
}

/**
 * The hexes a side with a hold column garrisons, in order: its vital cities (B-12) first,
 * then its other victory cities by their points, and a vital city the enemy took and left
 * (entering it takes it back: `victory.ts` `enter`), then the cities of `also` it holds
 * (`holdObjectives`: no points, so after the victory cities).
 */
function garrisonOrder(
  s: RulesScenario,
  g: BarbarossaState,
  side: Side,
  also: readonly number[] = [],
): number[] {
  const board = new Board(g, s);
  const vital = (h: number) => (side === 'axis' && AXIS_VITAL.includes(s.placeName[h] ?? '') ? 1 : 0);
  const empty = lostVital(s, g, side).filter((h) => !board.hasEnemyGround(side, h));
  const guarded = guardHexes(s, g, side);
  const more = also.filter((h) => !guarded.includes(h) && !empty.includes(h));
  return [...guarded, ...empty, ...more].sort(
    (a, b) => vital(b) - vital(a) || s.victoryPoints[b]! - s.victoryPoints[a]! || a - b,
  );
}

/**
 * The objective cities of `strategy` without victory points the Axis holds (Minsk, Pskov,
 * Kharkov: `PolicyParams.holdObjectives`), in the order of its army groups' routes.
 */
function heldObjectives(s: RulesScenario, g: BarbarossaState, strategy: AxisStrategy): number[] {
  const out: number[] = [];
  for (const group of strategy.groups)
    for (const name of group.objectives) {
      const h = s.placeHex[name];
      if (h === undefined || h < 0 || (s.victoryPoints[h] ?? 0) > 0 || out.includes(h)) continue;
      if (holder(g, s, h) === 'axis') out.push(h);
    }
  return out;
}

/** Hexes from the nearest ground unit of `side`'s enemy (`field`). */
function nearEnemy(board: Board, g: BarbarossaState, side: Side): Float64Array {
  const enemyAt = new Map<number, number>();
  for (let h = 0; h < board.at.length; h++) if (board.hasEnemyGround(side, h)) enemyAt.set(h, 0);
  return field(board.s, g, enemyAt);
}

/** May this unit hold a city: a ground unit that defends its hex alone (not a railway gun, rail conversion unit or Katyusha, B-42, B-61)? */
function garrisons(board: Board, id: string): boolean {
  const t = board.unit(id).type;
  return isGroundUnit(board.unit(id)) && !needsCover(t);
}

/**
 * Would `id` leaving its city (a city of `garrisonOrder`) leave that city without a
 * garrison, `leaving(x, city)` saying which units are already planned away from it?
 */
function lastGarrison(
  board: Board,
  order: readonly number[],
  side: Side,
  leaving: (id: string, city: number) => boolean,
): (id: string) => boolean {
  const cityOf = new Map<string, number>();
  for (const h of order) for (const id of board.sideAt(side, h)) cityOf.set(id, h);
  return (id) => {
    const c = cityOf.get(id);
    if (c === undefined) return false;
    return board.sideAt(side, c).filter((x) => garrisons(board, x) && !leaving(x, c)).length <= 1;
  };
}

/** The hexes next to `h` on the map's graph (engine `neighborsOf`). */
function neighbours(s: RulesScenario, h: number): number[] {
  return neighborsOf(s.map.graph, h);
}

/** The planner's working copy: where each piece will be, so later choices see earlier ones. */
export class Layout {
  readonly added = new Map<number, string[]>();
  readonly removed = new Map<number, string[]>();
  readonly used = new Set<string>();
  constructor(readonly board: Board) {}
  fits(hex: number, id: string): boolean {
    return this.board.fits(hex, [...(this.added.get(hex) ?? []), id], this.removed.get(hex) ?? []);
  }
  move(id: string, from: number, to: number): void {
    this.added.set(to, [...(this.added.get(to) ?? []), id]);
    this.removed.set(from, [...(this.removed.get(from) ?? []), id]);
    this.used.add(id);
  }
  /** Takes back a move planned with `move`. */
  unmove(id: string, from: number, to: number): void {
    this.added.set(
      to,
      (this.added.get(to) ?? []).filter((x) => x !== id),
    );
    this.removed.set(
      from,
      (this.removed.get(from) ?? []).filter((x) => x !== id),
    );
    this.used.delete(id);
  }
}

export class BarbarossaPolicy {
  private plan: Act[] = [];
  private planKey = '';
  /**
   * The attacks it planned (allocations) that the rules did not offer when their turn came:
   * none should be (ai/river-attacks.test.ts; RULINGS B-69, "Special First Turn Rules").
   */
  readonly refused: Act[] = [];
  /** The combat this policy last advanced in, and how many of its attackers it advanced. */
  private advancedIn = '';
  private advanced = 0;
  /** The step whose strategic moves (rail, sea) are planned already. */
  private strategicKey = '';
  constructor(
    readonly rng: RngState,
    readonly params: PolicyParams = DEFAULT_PARAMS,
  ) {}

  /** Where the Axis drives (`PolicyParams.strategy`; level 1's: `PLAN_1941`). */
  private get strategy(): AxisStrategy {
    return this.params.strategy ?? PLAN_1941;
  }

  /** One of `legal` (never anything else) for `side` in `g`. */
  choose(g: BarbarossaState, side: Side, legal: readonly Act[]): Act {
    if (legal.length === 0) throw new Error(`no legal action for ${side}`);
    if (legal.length === 1) return legal[0]!;
    if (g.combat) return this.combatChoice(g, side, legal);
    const key = `${side}:${g.turn}:${g.player}:${g.step}:${g.breakthrough}`;
    if (key !== this.planKey) {
      this.planKey = key;
      this.plan = this.makePlan(g, side, legal);
    }
    for (;;) {
      while (this.plan.length > 0) {
        const p = this.plan.shift()!;
        const a = legal.find((x) => x.type === p.type && sameJson(x, p));
        if (a) return a;
        if (p.type === 'allocate') this.refused.push(p);
      }
      // The strategic moves of A.1 / B.1, once the step's first plan is played and every
      // arrival is placed (B-37: an arrival goes on "by rail" after it has entered).
      if (
        g.step !== 'reinforce' ||
        side !== g.player ||
        this.strategicKey === key ||
        legal.some((a) => a.type === 'place')
      )
        break;
      this.strategicKey = key;
      this.plan = this.planStrategic(g, side, legal);
    }
    return this.afterPlan(g, side, legal);
  }

  /* ---------------------------------------------------------------------------------- */

  private makePlan(g: BarbarossaState, side: Side, legal: readonly Act[]): Act[] {
    // An answer in the other side's player-turn (an interception, B-58): no plan of its own.
    if (side !== g.player) return [];
    if (g.step === 'reinforce') return this.planReinforce(g, side, legal);
    if (g.step === 'attacks-first') return this.planAttacks(g, side, legal, false);
    if (g.step === 'movement') return this.planAttacks(g, side, legal, true);
    return [];
  }

  /** What to do once the plan is played out: resolve attacks, then the step's "done". */
  private afterPlan(g: BarbarossaState, side: Side, legal: readonly Act[]): Act {
    // Air support for a declared attack (B-13, B-46): where it adds most (`chooseAir`).
    const air = this.chooseAir(g, side, legal);
    if (air) return air;
    // B-44 (turn 1): ignore the river shift where offered; else the plain resolution.
    const resolves = legal.filter((a) => a.type === 'resolve');
    const plain = resolves.find((a) => a.type === 'resolve' && a.ignoreRiver === true && !a.gamble);
    if (plain) return plain;
    const r = resolves.find((a) => a.type === 'resolve' && !a.gamble);
    if (r) return r;
    const cancel = legal.find((a) => a.type === 'cancel');
    if (cancel && !legal.some((a) => DONE.includes(a.type))) return cancel;
    if (!legal.some((a) => DONE.includes(a.type))) {
      // An allocation left illegal (B-14 not met, odds fallen since): take attackers back.
      const un = legal.filter((a) => a.type === 'unallocate');
      if (un.length > 0) return un[un.length - 1]!;
    }
    if (g.step === 'reinforce') {
      // Arrivals that must enter (B-37): the hex nearest the objectives.
      const place = this.bestPlace(g, side, legal);
      if (place) return place;
    }
    for (const d of DONE) {
      const a = legal.find((x) => x.type === d);
      if (a) return a;
    }
    return legal.find((a) => !OPTIONAL.has(a.type)) ?? legal[0]!;
  }

  /**
   * Close air support (B-13, B-46) where it helps most: an air unit goes to the declared
   * attack whose column it raises (`evaluateAttack` with and without it: "not more than
   * doubling the odds", 1 less beyond half range), those on or next to an objective city
   * first (the Axis: `objectiveCities`; every side: a victory city); none to an attack at the
   * goal column already, nor where it adds no column (it may still support a later attack,
   * A.6: "Air units may be saved to be used offensively in the breakthrough").
   */
  private chooseAir(g: BarbarossaState, side: Side, legal: readonly Act[]): Act | undefined {
    const offers = legal.filter((a) => a.type === 'air-support');
    if (offers.length === 0) return undefined;
    const board = new Board(g);
    const s = board.s;
    const key = new Set<number>();
    if (side === 'axis')
      for (const h of objectiveCities(s, g, this.strategy))
        for (const n of [h, ...neighbours(s, h)]) key.add(n);
    const supply: Record<string, 'full' | 'limited' | 'isolated'> = {};
    for (const id of g.order) supply[id] = g.pieces[id]!.supply;
    const col = (target: number, air: readonly string[]) => {
      const a = g.attacks.find((x) => x.target === target);
      if (!a) return -99;
      const ev = evaluateAttack(board, a.attackers, target, { supply, air });
      return isRefusal(ev) ? -99 : ev.column;
    };
    let best: Act | undefined;
    let bestV = 0;
    for (const a of offers) {
      if (a.type !== 'air-support') continue;
      const have = g.attacks.find((x) => x.target === a.target)?.air ?? [];
      const before = col(a.target, have);
      const gain = col(a.target, [...have, a.piece]) - before;
      // Not on an attack at the goal column already: the air is kept for one below it.
      if (gain <= 0 || before >= this.params.goalColumn[side]) continue;
      const v = gain + (key.has(a.target) || s.victoryPoints[a.target]! > 0 ? 10 : 0);
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return best;
  }

  private field(g: BarbarossaState, side: Side): Float64Array {
    return objectives(new Board(g).s, g, side, this.strategy);
  }

  private bestPlace(g: BarbarossaState, side: Side, legal: readonly Act[]): Act | undefined {
    const places = legal.filter((a) => a.type === 'place');
    if (places.length === 0) return undefined;
    const f = this.field(g, side);
    let best = places[0]!;
    for (const a of places)
      if (a.type === 'place' && best.type === 'place' && f[a.hex]! < f[best.hex]!) best = a;
    return best;
  }

  /* ---------------------------------------------------------------------------------- */
  /* A.1 / B.1                                                                            */

  private planReinforce(g: BarbarossaState, side: Side, legal: readonly Act[]): Act[] {
    const board = new Board(g);
    const f = objectives(board.s, g, side, this.strategy);
    const out: Act[] = [];
    for (const a of legal) if (a.type === 'flip-strong' || a.type === 'rebuild-korps') out.push(a); // B-39; A.1 korps rebuilt
    if (side === 'axis') out.push(...this.conversionMoves(g, board, legal, f));
    // (The Axis railheads follow once the conversion units have moved: `planStrategic`.)
    out.push(...this.airfieldMoves(g, side, board, legal, f));
    if (side === 'soviet') {
      // Units in contact hold and dig in (B-51).
      for (const a of legal) {
        if (a.type !== 'entrench') continue;
        const p = g.pieces[a.piece]!;
        if (p.side === side && neighbours(board.s, p.at).some((h) => board.hasEnemy(side, h))) out.push(a);
      }
    }
    return out;
  }

  /**
   * The gauge conversion (B-38: "German railway gauge conversion units move 3 hexes per turn
   * at start of turn"): each unit along its army group's railway (`AxisPlan.railWayAt`: to
   * the group's first objective the converted track does not reach yet, Brest-Minsk-Orsha-
   * Smolensk for the centre, as the Eisenbahntruppe of 1941 converted behind the panzer
   * groups), so that the railheads, and with them Full Supply, follow the spearheads' axis
   * and no branch off it; to the offered hex nearest the objective by rail among those
   * RAILHEAD_CLEAR hexes or more from the Russians or held by an Axis ground unit (a unit
   * alone "can be destroyed if it is undefended"). Off any railway to an objective, toward
   * the objectives (`f`).
   */
  private conversionMoves(g: BarbarossaState, board: Board, legal: readonly Act[], f: Float64Array): Act[] {
    const offers = legal.filter((a) => a.type === 'convert');
    if (offers.length === 0) return [];
    const plan = new AxisPlan(board, g, this.strategy);
    const near = nearEnemy(board, g, 'axis');
    const held = (h: number) => board.sideAt('axis', h).some((id) => garrisons(board, id));
    const safe = (h: number) => near[h]! >= RAILHEAD_CLEAR || held(h);
    const best = new Map<string, { a: Act; v: number }>();
    const ways = new Map<string, Float64Array>();
    const wayOf = (id: string) => {
      let w = ways.get(id);
      if (!w) {
        const armyGroup = (board.unit(id) as { armyGroup?: string }).armyGroup;
        w = plan.railWayAt(g.pieces[id]!.at, armyGroup) ?? f;
        ways.set(id, w);
      }
      return w;
    };
    for (const a of offers) {
      if (a.type !== 'convert' || !safe(a.to)) continue;
      const v = wayOf(a.piece)[a.to]!;
      const b = best.get(a.piece);
      if (!b || v < b.v || (v === b.v && a.to < (b.a as { to: number }).to)) best.set(a.piece, { a, v });
    }
    const out: Act[] = [];
    for (const [id, { a, v }] of best) if (v < wayOf(id)[g.pieces[id]!.at]!) out.push(a);
    return out;
  }

  /**
   * The railheads (B-38: "advance 2 rail hexes per turn"), the Axis's Full Supply sources
   * ("Supply"): each along its army group's railway (`AxisPlan.railWayAt`, the group whose
   * route it stands nearest; toward the objectives `f` off any), but only to a hex out of the
   * Russians' reach (RAILHEAD_CLEAR hexes or more from their nearest ground unit): a railhead
   * in a Russian ZOC no Axis unit stands in supplies nothing ("A supply line cannot be traced
   * through (or from) ... a hex adjacent to and accessible by an enemy unit with a Zone of
   * Control"), and every unit that drew on it may be Isolated at once. One that stands that
   * near them already goes back to the nearest hex that is not.
   */
  private railheadMoves(g: BarbarossaState, board: Board, legal: readonly Act[], f: Float64Array): Act[] {
    const near = nearEnemy(board, g, 'axis');
    const clear = (h: number) => near[h]! >= RAILHEAD_CLEAR;
    const plan = new AxisPlan(board, g, this.strategy);
    const way = g.railheads.map((h) => plan.railWayAt(h) ?? f);
    const best = new Map<number, Act>();
    for (const a of legal) {
      if (a.type !== 'railhead') continue;
      const from = g.railheads[a.index]!;
      const w = way[a.index]!;
      const b = best.get(a.index);
      const score = (h: number) =>
        clear(from) ? (clear(h) ? -w[h]! : Number.NEGATIVE_INFINITY) : clear(h) ? 1000 - w[h]! : near[h]!;
      if (!b || (b.type === 'railhead' && score(a.to) > score(b.to))) best.set(a.index, a);
    }
    const out: Act[] = [];
    for (const [index, a] of best) {
      if (a.type !== 'railhead') continue;
      const from = g.railheads[index]!;
      const w = way[index]!;
      const better = clear(from)
        ? clear(a.to) && w[a.to]! < w[from]!
        : clear(a.to) || near[a.to]! > near[from]!;
      if (better) out.push(a);
    }
    return out;
  }

  /**
   * The airfields (B-56: "It has its side's maximum ground movement to move to a new
   * position and stay UnDisrupted ... If its hex is not in full supply, it and its air unit
   * are non-operational"): each air unit's airfield moves by ground (never by rail: it would
   * arrive Disrupted) to the hex nearest the side's objectives (`objectives`: the Axis its
   * army groups', the Russians their line) that is in Full Supply now and AIR_CLEAR hexes or
   * more from the nearest enemy ground unit (an enemy entering it overruns it on the ground),
   * when that is nearer than where it stands: its range (6 hexes, 4 for the Russians; half
   * of it at full effect, B-60) then reaches the battles.
   */
  private airfieldMoves(
    g: BarbarossaState,
    side: Side,
    board: Board,
    legal: readonly Act[],
    f: Float64Array,
  ): Act[] {
    const offers = legal.filter((a) => a.type === 'airfield' && a.rail !== true);
    if (offers.length === 0) return [];
    const near = nearEnemy(board, g, side);
    const supply = supplyDistances(board, side);
    const full = fullRange(board, side);
    const ok = (h: number) => near[h]! >= AIR_CLEAR && supply[h]! >= 0 && supply[h]! <= full;
    const best = new Map<string, Act>();
    for (const a of offers) {
      if (a.type !== 'airfield' || !ok(a.to)) continue;
      const b = best.get(a.piece);
      if (!b || (b.type === 'airfield' && (f[a.to]! < f[b.to]! || (f[a.to] === f[b.to] && a.to < b.to))))
        best.set(a.piece, a);
    }
    const out: Act[] = [];
    for (const [id, a] of best) {
      const at = g.pieces[id]!.at;
      if (a.type === 'airfield' && (!ok(at) || f[a.to]! < f[at]!)) out.push(a);
    }
    return out;
  }

  /* ---------------------------------------------------------------------------------- */
  /* A.1 / B.1 strategic movement: rail and sea                                           */

  /**
   * The rail moves (barbarossa-1941 "Strategic Movment - By Rail", B-38) and the sea move
   * (B-47) of a reinforcement step, within the allowance (1 Axis unit; the Russians one per
   * victory point they hold plus 1, 2 on turn 1), each one of the moves offered. A unit
   * moved strategically arrives Disrupted and neither moves nor attacks this player-turn, so
   * only units with nothing to do where they stand go: not in contact with the enemy, not a
   * city's guard (the guards the movement plan keeps). In order:
   *   1. guards: an own victory city (and Ploesti) with the enemy within RAIL_THREAT hexes
   *      and fewer than two units is given the strongest unit that cannot march there this
   *      turn, by rail; else by sea where its side controls the destination's sea (sunk on a
   *      1 only, B-47); the cities whose loss ends the game first (B-12);
   *   2. reserves: each other unit goes by rail to the offered hex nearest its objectives
   *      (the field the movement plan walks it along) when that is at least RAIL_GAIN hexes
   *      nearer than its best march this turn, the largest gains first; a unit that stays
   *      Disrupted into the enemy's player-turn (all but German units, A.9, and the Russian
   *      Guards, B.8: "Recovery from Disruption") only to a hex not next to an enemy unit,
   *      out of reach of the enemy's attacks before movement (A.2 / B.2); a Katyusha or a
   *      railway gun only into a hex with a unit that covers it (B-42, B-61).
   */
  private planStrategic(g: BarbarossaState, side: Side, legal: readonly Act[]): Act[] {
    // The railheads advance along the track the conversion units have just converted (B-38).
    const railheads =
      side === 'axis'
        ? this.railheadMoves(g, new Board(g), legal, objectives(new Board(g).s, g, side, this.strategy))
        : [];
    return [...railheads, ...this.planRail(g, side, legal)];
  }

  private planRail(g: BarbarossaState, side: Side, legal: readonly Act[]): Act[] {
    const { rails, seas } = railOffers(legal);
    if (rails.size === 0 && seas.size === 0) return [];
    const p = this.railPlanning(g, side, rails, seas);
    // Who stays: units in contact, and each city's guards as the movement plan keeps them.
    const hold = this.params.holdColumn[side];
    if (hold === undefined)
      for (const h of guardHexes(p.board.s, g, side))
        for (const id of this.guardsKept(p.board, side, h, p.nearest(h) <= GUARD_THREAT))
          p.layout.used.add(id);
    // 1. Guards for the threatened cities.
    if (hold !== undefined) this.railGarrisons(g, side, p.board, p.layout, hold, p);
    else this.railGuards(p);
    // 2. Reserves toward the objectives.
    this.railReserves(p);
    return p.out;
  }

  /**
   * What the strategic moves of one plan share (`planRail`): the board, the units planned
   * away so far, where each unit could march, and the rail and sea moves left.
   */
  private railPlanning(
    g: BarbarossaState,
    side: Side,
    rails: ReadonlyMap<string, number[]>,
    seas: ReadonlyMap<string, number[]>,
  ): RailPlanning {
    const board = new Board(g);
    const layout = new Layout(board);
    const fields = unitFields(board, g, side, this.strategy);
    const supply = supplyDistances(board, side);
    /** Hexes to the nearest enemy ground unit. */
    const front = nearEnemy(board, g, side);
    const enemies = g.order
      .filter((id) => g.pieces[id]!.side !== side && g.pieces[id]!.status === 'map')
      .map((id) => g.pieces[id]!.at);
    const nearest = (h: number) => Math.min(...enemies.map((e) => hexDistance(board, e, h)));
    let railsLeft = railAllowance(board, side) - g.railMoves;
    let seaLeft = seas.size > 0 ? 1 : 0;
    const out: Act[] = [];
    /** The side's units in a hex as planned so far, but `without`. */
    const stack = (h: number, without = '') =>
      [...board.sideAt(side, h), ...(layout.added.get(h) ?? [])].filter(
        (x) => x !== without && !layout.removed.get(h)?.includes(x),
      );
    /** Is there a unit that covers a Katyusha or a railway gun (B-42, B-61) in the hex? */
    const covered = (h: number, without = '') =>
      stack(h, without).some((x) => board.unit(x).type !== 'air' && !needsCover(board.unit(x).type));
    const free = (id: string) => {
      const at = g.pieces[id]!.at;
      if (layout.used.has(id) || front[at]! <= 1) return false;
      // Not the last cover of a Katyusha or railway gun left behind.
      return covered(at, id) || !stack(at, id).some((x) => needsCover(board.unit(x).type));
    };
    // Where a unit could march this turn, and the best of it (its own hex included).
    const marches = new Map<string, { reach: Set<number>; best: number }>();
    const march = (id: string) => {
      let m = marches.get(id);
      if (!m) {
        const reach = new Set(moveOptions(board, id, { paths: false }).map((o) => o.to));
        const f = fields.of(id);
        let best = f[g.pieces[id]!.at]!;
        for (const h of reach) best = Math.min(best, f[h]!);
        m = { reach, best };
        marches.set(id, m);
      }
      return m;
    };
    const take = (type: 'rail' | 'sea', id: string, to: number) => {
      layout.move(id, g.pieces[id]!.at, to);
      out.push({ type, piece: id, to });
      if (type === 'rail') railsLeft--;
      else seaLeft--;
    };
    const left = () => ({ rail: railsLeft, sea: seaLeft });
    return {
      g,
      side,
      board,
      layout,
      fields,
      supply,
      front,
      rails,
      seas,
      nearest,
      covered,
      free,
      march,
      take,
      left,
      out,
    };
  }

  /**
   * `planRail` step 1 for a side without a hold column: the threatened victory cities (the
   * enemy within RAIL_THREAT), the vital ones first, then by points and nearness, each kept
   * at two guards (its two strongest stay; the missing ones come by rail, else by sea where
   * the side controls the sea, B-47), never a unit that could march in itself.
   */
  private railGuards(p: RailPlanning): void {
    const { g, side, board, layout, rails, seas, free, march, take } = p;
    const s = board.s;
    const vital = (h: number) =>
      side === 'axis' ? AXIS_VITAL.includes(s.placeName[h] ?? '') : s.victoryPoints[h]! >= 2;
    const threatened = guardHexes(s, g, side)
      .map((h) => ({ h, d: p.nearest(h) }))
      .filter((c) => c.d <= RAIL_THREAT)
      .sort(
        (a, b) =>
          (vital(b.h) ? 1 : 0) - (vital(a.h) ? 1 : 0) ||
          s.victoryPoints[b.h]! - s.victoryPoints[a.h]! ||
          a.d - b.d ||
          a.h - b.h,
      );
    const rank = this.guardRank(board, true);
    for (const { h } of threatened) {
      // Its two strongest stay (the reserves below do not take them away).
      const kept = this.guardsKept(board, side, h, true);
      for (const id of kept) layout.used.add(id);
      let have = kept.length + (layout.added.get(h) ?? []).filter((id) => garrisons(board, id)).length;
      while (have < 2) {
        const pick = (type: 'rail' | 'sea', by: ReadonlyMap<string, number[]>): string | null => {
          let best: string | null = null;
          for (const [id, tos] of by) {
            if (!free(id) || needsCover(board.unit(id).type) || !tos.includes(h) || !layout.fits(h, id))
              continue;
            if (march(id).reach.has(h)) continue;
            if (type === 'sea') {
              const port = s.ports.find((x) => x.hex === h);
              if (!port || seaController(g, s, port.sea) !== side) continue;
            }
            if (best === null || rank(id, best) < 0 || (rank(id, best) === 0 && id < best)) best = id;
          }
          return best;
        };
        const byRail = p.left().rail > 0 ? pick('rail', rails) : null;
        const bySea = byRail === null && p.left().sea > 0 ? pick('sea', seas) : null;
        if (byRail !== null) take('rail', byRail, h);
        else if (bySea !== null) take('sea', bySea, h);
        else break;
        have++;
      }
    }
  }

  /**
   * `planRail` step 2: the reserves out of contact by rail to the offered hex nearest their
   * objectives, where that beats their own march by RAIL_GAIN hexes or more, the largest
   * gains first; in supply, next to no enemy but for the units that recover (A.9, B.8), a
   * Katyusha or railway gun only where a unit covers it (those go after the others).
   */
  private railReserves(p: RailPlanning): void {
    const { board, layout, fields, supply, front, rails, covered, free, march, take } = p;
    const bestRail = (id: string, cover = true): number => {
      const u = board.unit(id);
      const recovers = isGerman(u) || isGuards(u); // A.9, B.8
      const f = fields.of(id);
      let best = -1;
      for (const h of rails.get(id)!) {
        if ((!recovers && front[h]! <= 1) || supply[h]! < 0 || !layout.fits(h, id)) continue;
        if (cover && needsCover(u.type) && !covered(h)) continue;
        if (best < 0 || f[h]! < f[best]!) best = h;
      }
      return best;
    };
    const gain = (id: string, to: number) =>
      to < 0 ? Number.NEGATIVE_INFINITY : march(id).best - fields.of(id)[to]!;
    const reserves = [...rails.keys()]
      .filter(free)
      .map((id) => ({ id, gain: gain(id, bestRail(id, false)) }))
      .filter((r) => r.gain >= RAIL_GAIN)
      .sort((a, b) => (b.gain > a.gain ? 1 : b.gain < a.gain ? -1 : a.id < b.id ? -1 : 1))
      .map((r) => r.id);
    // Those waiting for a cover go again after the others.
    const waiting = reserves.filter((id) => needsCover(board.unit(id).type));
    for (const id of [...reserves, ...waiting]) {
      if (p.left().rail <= 0) break;
      if (!free(id)) continue;
      const to = bestRail(id); // again: the hexes taken by those railed before it
      if (gain(id, to) >= RAIL_GAIN) take('rail', id, to);
    }
  }

  /**
   * The strategic moves' guards for a side with a hold column (`planStrategic` step 1): each
   * city in `garrisonOrder` is garrisoned as `holdCities` will (`planGarrison`: who stays,
   * who can march in this turn; both kept from going off by rail as reserves);
   * where that still leaves the enemy's best attack at `hold` or more, the free unit that
   * lowers it most and cannot march there comes by rail ("Units moved strategically arrive
   * Disrupted": an Axis ally stays so when attacked, B.4), else by sea at the friendly risk
   * only (B-47).
   */
  private railGarrisons(
    g: BarbarossaState,
    side: Side,
    board: Board,
    layout: Layout,
    hold: number,
    by: RailMoves,
  ): void {
    const s = board.s;
    const reach = enemyReachFor(g, side, board.s);
    const opts = (h: number, cityHold: number) => ({
      ...this.garrisonOptions(board, g, cityHold, h),
      fits: (add: readonly string[]) => board.fits(h, add),
    });
    // Who stays and who can march in, as `holdCities` will plan them.
    const away = new Set<string>();
    const order = this.garrisonOrder(s, g, side);
    const last = lastGarrison(board, order, side, (id) => away.has(id));
    const planned: { h: number; units: string[]; threat: Threat }[] = [];
    for (const h of order) {
      const mine = board.sideAt(side, h).filter((id) => garrisons(board, id) && !away.has(id));
      const marchers = g.order.filter((id) => {
        const p = g.pieces[id]!;
        return (
          p.side === side &&
          p.status === 'map' &&
          p.at >= 0 &&
          p.at !== h &&
          !layout.used.has(id) &&
          garrisons(board, id) &&
          !last(id) &&
          hexDistance(board, p.at, h) <= MARCH_RANGE &&
          by.march(id).reach.has(h)
        );
      });
      const plan = planGarrison(reach, h, mine, marchers, opts(h, this.cityHold(s, h, hold)));
      for (const id of [...plan.keep, ...plan.add]) layout.used.add(id);
      for (const id of plan.add) away.add(id);
      planned.push({ h, units: [...plan.keep, ...plan.add], threat: plan.threat });
    }
    for (const { h, units, threat } of planned) {
      if (threat.column < this.cityHold(s, h, hold)) continue;
      const pick = (type: 'rail' | 'sea'): string | null => {
        let best: { id: string; t: Threat } | null = null;
        for (const [id, tos] of type === 'rail' ? by.rails : by.seas) {
          if (!by.free(id) || !garrisons(board, id) || !tos.includes(h) || by.march(id).reach.has(h))
            continue;
          if (!board.fits(h, [...units, ...(layout.added.get(h) ?? []), id])) continue;
          if (type === 'sea') {
            const port = s.ports.find((p) => p.hex === h);
            if (!port || seaController(g, s, port.sea) !== side) continue;
          }
          const t = reach.best(h, [...units, ...(layout.added.get(h) ?? []), id], new Set([id]));
          if (
            best === null ||
            t.column < best.t.column ||
            (t.column === best.t.column &&
              (t.defense > best.t.defense || (t.defense === best.t.defense && id < best.id)))
          )
            best = { id, t };
        }
        return best !== null && (best.t.column < threat.column || best.t.defense > threat.defense)
          ? best.id
          : null;
      };
      const byRail = by.left().rail > 0 ? pick('rail') : null;
      const bySea = byRail === null && by.left().sea > 0 ? pick('sea') : null;
      if (byRail !== null) by.take('rail', byRail, h);
      else if (bySea !== null) by.take('sea', bySea, h);
      if (!this.wantsDepth(s, h)) continue;
      if (byRail === null && bySea === null && this.params.swapGarrison === true)
        this.railSwaps(g, side, board, layout, reach, h, units, hold, by);
      // Depth: reserves by rail to the hexes next to a key city that the enemy could march into.
      let given = 0;
      for (const n of approaches(board, side, reach, h, this.params.depthRings)) {
        if (given >= (this.params.depthHexes ?? DEPTH_HEXES) || by.left().rail <= 0) break;
        if (
          board.sideAt(side, n).some((id) => garrisons(board, id)) ||
          (layout.added.get(n) ?? []).length > 0
        )
          continue;
        const pick = this.strongest(
          board,
          [...by.rails]
            .filter(
              ([id, tos]) => by.free(id) && garrisons(board, id) && tos.includes(n) && layout.fits(n, id),
            )
            .map(([id]) => id),
        );
        if (pick === undefined) continue;
        by.take('rail', pick, n);
        given++;
      }
    }
  }

  /**
   * A key city's garrison made stronger where its stack is full (`PolicyParams.swapGarrison`;
   * `railGarrisons`): while the enemy's best attack on it still reads its hold column or more
   * and two rail moves are left, the pair that lowers that attack most (the column, then the
   * defense) is swapped: a unit of the garrison in the city goes out by rail, to the approach
   * of the city nearest the enemy it can reach (`approaches`: it stays in the city's depth),
   * else to the reachable hex nearest the city out of contact; then a free unit whose trains
   * reach the city (its net holds it, B-38) and that cannot march in comes in by rail,
   * arriving Disrupted ("Units moved strategically arrive Disrupted": counted so by
   * `EnemyReach.best`). Only where the swap lowers the column, or keeps it and adds defense.
   * The train in is offered only once the other has left (the stacking limit): it is planned
   * after it, and `choose` plays it when the rules offer it; a unit goes out only while
   * another stays in the city.
   */
  private railSwaps(
    g: BarbarossaState,
    side: Side,
    board: Board,
    layout: Layout,
    reach: EnemyReach,
    h: number,
    units: readonly string[],
    hold: number,
    by: RailMoves,
  ): void {
    const s = board.s;
    const front = by.front;
    const railed = new Set<string>();
    const gone: string[] = [];
    let stack = [...units, ...(layout.added.get(h) ?? [])];
    for (const id of layout.added.get(h) ?? []) railed.add(id);
    let threat = reach.best(h, stack, railed);
    const candidates = [...by.rails.keys()].filter((id) => {
      const at = g.pieces[id]!.at;
      return (
        at !== h &&
        by.free(id) &&
        garrisons(board, id) &&
        !by.march(id).reach.has(h) &&
        railNet(board, side, at).includes(h)
      );
    });
    while (threat.column >= this.cityHold(s, h, hold) && by.left().rail >= 2) {
      let best: { out: string; to: number; into: string; t: Threat } | null = null;
      for (const out of stack) {
        if (railed.has(out) || g.pieces[out]!.at !== h) continue;
        const tos = by.rails.get(out);
        if (!tos) continue;
        const depth = approaches(board, side, reach, h, this.params.depthRings).find(
          (n) => tos.includes(n) && layout.fits(n, out),
        );
        const to =
          depth ??
          tos
            .filter((n) => front[n]! > 1 && layout.fits(n, out))
            .sort((a, b) => hexDistance(board, a, h) - hexDistance(board, b, h) || a - b)[0];
        if (to === undefined) continue;
        const rest = stack.filter((x) => x !== out);
        // Another unit of the city stays in it meanwhile: a hex in an enemy zone of control is
        // open to trains only with a friendly unit in it (B-38, `rail.ts` `railOpen`), and the
        // city is not left empty if the train in is not offered.
        if (!rest.some((x) => g.pieces[x]!.at === h && !railed.has(x))) continue;
        for (const into of candidates) {
          if (railed.has(into) || !by.free(into) || !board.fits(h, [...rest, into], [...gone, out])) continue;
          const t = reach.best(h, [...rest, into], new Set([...railed, into]));
          if (
            best === null ||
            t.column < best.t.column ||
            (t.column === best.t.column &&
              (t.defense > best.t.defense || (t.defense === best.t.defense && into < best.into)))
          )
            best = { out, to, into, t };
        }
      }
      if (
        best === null ||
        !(
          best.t.column < threat.column ||
          (best.t.column === threat.column && best.t.defense > threat.defense)
        )
      )
        return;
      by.take('rail', best.out, best.to);
      by.take('rail', best.into, h);
      railed.add(best.into);
      gone.push(best.out);
      stack = [...stack.filter((x) => x !== best.out), best.into];
      threat = best.t;
    }
  }

  /* ---------------------------------------------------------------------------------- */
  /* A.2/B.2 attacks before movement; A.3/B.3 movement and allocation (and B-9)            */

  private planAttacks(g: BarbarossaState, side: Side, legal: readonly Act[], moving: boolean): Act[] {
    const board = new Board(g);
    const layout = new Layout(board);
    const fields = unitFields(board, g, side, this.strategy);
    const supplyNet = supplyDistances(board, side);
    /** The supply distance of a unit that ends its move in each hex (-1: out of supply). */
    const supply = supplyIfThere(board, supplyNet, side);
    const { dests, allocs } = movesAndAllocations(legal);
    const moves: Act[] = [];
    const enemies = g.order
      .filter((id) => g.pieces[id]!.side !== side && g.pieces[id]!.status === 'map')
      .map((id) => g.pieces[id]!.at);
    const near = (h: number, within: number) => enemies.some((e) => hexDistance(board, e, h) <= within);

    // 1. Garrisons (with a hold column; in the attacks before movement, only what endangers
    // the cities), and the attacks they make urgent.
    const priorities = this.attackPriorities(g, side, board, layout, dests, moves, moving);
    // 1. Guards: keep a unit in each victory city held (B-12), two where the enemy is near.
    if (moving && this.params.holdColumn[side] === undefined)
      moves.push(...this.guardCities(g, side, board, layout, dests, near));

    // 1b. Supply discipline (operations.ts): an Axis unit that alone holds a supply line open
    // through a Russian ZOC stays there; then the spearheads drive deep through the gaps,
    // before the attacks take them.
    const blocked = side === 'axis' ? supplyBlocked(board, side) : null;
    if (moving && blocked) this.keepCorridors(side, board, layout, dests, { blocked, supplyNet });

    // 2. Attacks.
    const planning = attackPlanning(g, side, board, layout, {
      allocs,
      reach: moving ? attackReach(board, layout, dests) : NO_REACH,
      supply,
      fields,
      strategy: this.strategy,
      ...priorities,
    });
    /**
     * The Axis reduces first the pockets (Russian units cut off from their supply: attacked a
     * column higher, and often unable to retreat) and the Russian units whose ZOC cuts its own
     * supply (next to a railhead or to a hex that would reconnect Isolated Axis units).
     */
    const rear = blocked ? pocketsAndCutters(board, blocked, supplyNet) : (_t: number) => false;
    const potential = rankTargets(planning, fields.all, rear);
    const spear =
      side === 'axis'
        ? this.axisAttacks(planning, potential, { dests, supply, fields, moving })
        : this.sovietAttacks(planning, potential);

    // 3. Everyone else: first (the Axis) into the hexes that reconnect Isolated units, the
    // most reconnected first, each the nearest infantry that can get there (operations.ts);
    // then toward the objectives (the Russians in contact hold).
    const free: Act[] = moving && blocked ? reconnectIsolated(board, layout, dests, blocked, supplyNet) : [];
    if (moving) free.push(...this.moveTheRest(g, side, board, layout, dests, { fields, supply, near }));
    // Overruns first (B-42: they clear 1-factor screens); then the attackers that stay put
    // are allocated (an allocated unit leaves the list of movers: shorter legal lists), the
    // guards, each mover into its attack position and its allocation, the rest.
    const overruns = moving
      ? legal.filter((a) => a.type === 'overrun' && a.pieces.length <= 2).slice(0, 3)
      : [];
    return [...overruns, ...planning.stationary, ...moves, ...spear, ...planning.out, ...free];
  }

  /**
   * `planAttacks` step 1 for a side with a hold column (`holdCities`: its garrisons planned,
   * their moves added to `moves`), and what makes an attack urgent: the enemy hexes attacked
   * first and at a column less (near a vital city, B-12; with a hold column, endangering a
   * city or in a vital city lost), those attacked at any column (a vital city whose loss
   * ends the game at A.7), and whether the Axis may attack out of Rumania.
   */
  private attackPriorities(
    g: BarbarossaState,
    side: Side,
    board: Board,
    layout: Layout,
    dests: Dests,
    moves: Act[],
    moving: boolean,
  ): Priorities {
    const s = board.s;
    // The hexes whose loss ends the game at once (B-12): the Axis's Warsaw, Bucharest and Ploesti.
    const vital = guardHexes(s, g, side).filter((h) =>
      side === 'axis' ? AXIS_VITAL.includes(s.placeName[h] ?? '') : s.victoryPoints[h]! >= 2,
    );
    const nearVital = (t: number) => vital.some((h) => hexDistance(board, t, h) <= 5);
    const hold = this.params.holdColumn[side];
    /**
     * B-66: the Axis attacks out of Rumania (from a hex in it) once one of its cities there,
     * Bucharest or Ploesti, holds with Rumania open (their garrisons are planned against the
     * Russians as if it were, `enemyReachFor`): the attack lets the Russians in, and the two
     * lost together are their sudden victory (B-12); where one is lost already, the other
     * must hold.
     */
    const rumaniaOpen = side !== 'axis' || g.rumaniaOpen === true;
    if (hold === undefined) return { urgent: nearVital, anyOdds: () => false, rumaniaHeld: rumaniaOpen };
    const held = this.holdCities(g, side, board, layout, dests, moves, hold, moving);
    const danger = held.danger;
    const cities = rumaniaCities(s, g);
    const holds = cities.filter((h) => (held.threats.get(h) ?? -1) < hold).length;
    const lost = lostVital(s, g, side);
    const doomed = side === 'axis' && sovietSuddenVictory(board);
    return {
      urgent: (t) => danger.has(t) || lost.includes(t),
      anyOdds: (t) => doomed && lost.includes(t),
      rumaniaHeld: rumaniaOpen || cities.length === 0 || holds >= 1,
    };
  }

  /** `planAttacks` step 2 for the Russians: every target in reach, easiest first. */
  private sovietAttacks(p: AttackPlanning, potential: readonly { t: number }[]): Act[] {
    for (const { t } of potential) this.planAttackOn(p, t, true, false, this.params.goalColumn[p.side]);
    return [];
  }

  /**
   * `planAttacks` step 2 for the Axis (operations.ts): first the attacks on and next to its
   * army groups' objectives, every unit that can help taking part; then the cities left
   * empty are walked into and the spearheads drive through the gaps (the moves returned);
   * then the other attacks, without the mobile units but in the breakthrough (A.6): they
   * wait for the gaps those attacks open.
   */
  private axisAttacks(
    p: AttackPlanning,
    potential: readonly { t: number }[],
    at: {
      readonly dests: Dests;
      readonly supply: Int32Array;
      readonly fields: ReturnType<typeof unitFields>;
      readonly moving: boolean;
    },
  ): Act[] {
    const { g, layout, cityTargets } = p;
    const f = at.fields.all;
    const goalColumn = this.params.goalColumn[p.side];
    const spear: Act[] = [];
    // (At 5:1, not 6:1: attackers in Limited Supply are Disrupted by their attack, "Supply",
    // so the fewer the more are left for the next attack on the city.)
    // The cities themselves first: the attacks next to them take the units those need.
    const near = potential.filter(({ t }) => f[t]! <= 1);
    for (const { t } of [
      ...near.filter((x) => cityTargets.has(x.t)),
      ...near.filter((x) => !cityTargets.has(x.t)),
    ])
      this.planAttackOn(p, t, true, true, this.params.objectiveGoal ?? OBJECTIVE_GOAL);
    if (at.moving)
      for (const e of [
        ...takeEmptyCities({
          g,
          layout,
          dests: at.dests,
          supply: at.supply,
          targets: objectiveCities(p.board.s, g, this.strategy),
          walkIns: this.params.walkIns,
        }),
        ...planExploitation({
          g,
          layout,
          dests: at.dests,
          fieldOf: at.fields.of,
          supply: at.supply,
          maxSupply: this.exploitDepth(p.board, g.turn),
        }),
      ])
        spear.push({ type: 'move', piece: e.id, to: e.to });
    for (const { t } of potential) if (f[t]! > 1) this.planAttackOn(p, t, g.breakthrough, false, goalColumn);
    return spear;
  }

  /**
   * 2. Plans the attack on `t` if it reaches its column; `mobile` false: without mobile units;
   * `withAir`: counting on the close air support that can reach it (B-13, B-46), the
   * strongest two air units not counted on for another attack.
   */
  private planAttackOn(p: AttackPlanning, t: number, mobile: boolean, withAir: boolean, goal: number): void {
    const { g, side, board, layout, candidates, supplyNow, cityTargets, urgent, anyOdds } = p;
    const { committed, reservedAir, out, stationary } = p;
    const s = board.s;
    const axisOps = side === 'axis';
    const opening =
      axisOps && g.step === 'attacks-first' && g.turn === 1 ? this.params.openingColumn : undefined;
    const min = Math.min(this.params.minColumn[side], opening ?? Number.POSITIVE_INFINITY);
    const air = withAir
      ? airSupporters(board, t, [])
          .filter((id) => !reservedAir.has(id))
          .sort(
            (a, b) =>
              (board.unit(b).factors.shifts ?? 0) - (board.unit(a).factors.shifts ?? 0) || (a < b ? -1 : 1),
          )
          .slice(0, 2)
      : [];
    const cands = candidates(t)
      .filter((c) => mobile || !isMobile(board.unit(c.id)))
      .sort(
        (a, b) =>
          (a.to === null ? 0 : 1) - (b.to === null ? 0 : 1) ||
          (isMobile(board.unit(a.id)) ? 1 : 0) - (isMobile(board.unit(b.id)) ? 1 : 0) ||
          attackFactor(board.unit(b.id), board.piece(b.id)) -
            attackFactor(board.unit(a.id), board.piece(a.id)),
      );
    const chosen: Cand[] = [];
    let column = -99;
    /** Would `c` fit in its hex with the movers chosen so far ("Stacking" Limits)? */
    const fitsWith = (c: Cand) => {
      if (c.to === null) return true;
      if (!layout.fits(c.to, c.id)) return false;
      const same = [...chosen.filter((k) => k.to === c.to).map((k) => k.id), c.id];
      return board.fits(c.to, [...(layout.added.get(c.to) ?? []), ...same], layout.removed.get(c.to) ?? []);
    };
    for (const first of cands) {
      // Stacking of several movers into one hex: checked together; else its next hex.
      let c: Cand | null = first;
      if (!fitsWith(c)) {
        const other: number | undefined = (first.alt ?? []).find((h) => fitsWith({ ...first, to: h }));
        c = other === undefined ? null : { id: first.id, to: other };
      }
      if (c === null) continue;
      chosen.push(c);
      column = this.column(g, board, chosen, t, supplyNow, air);
      if (column >= goal) break;
    }
    // An enemy near a vital city (endangering a city) is attacked at one column less; one in a
    // vital city whose loss ends the game this turn, at any column the CRT has.
    // (And the Axis attacks an objective city itself at one column less: nothing else takes it.)
    const city = withAir && cityTargets.has(t);
    const floor = anyOdds(t)
      ? 0
      : city &&
          this.params.objectiveFloor !== undefined &&
          g.turn <= (this.params.objectiveFloorUntil ?? Number.POSITIVE_INFINITY)
        ? Math.min(this.params.objectiveFloor, min - (urgent(t) ? 1 : 0))
        : min - (urgent(t) || city ? 1 : 0);
    if (column < floor || chosen.length === 0) return;
    // Drop attackers not needed for the column reached (the last added first kept; the Axis
    // keeps its mobile units out of the attacks first: the breakthrough is theirs).
    const tryDrop = axisOps
      ? [...chosen].sort(
          (a, b) => (isMobile(board.unit(b.id)) ? 1 : 0) - (isMobile(board.unit(a.id)) ? 1 : 0),
        )
      : chosen.slice(0, -1).reverse();
    for (const c of tryDrop) {
      const without = chosen.filter((k) => k !== c);
      if (without.length > 0 && this.column(g, board, without, t, supplyNow, air) >= Math.min(column, goal))
        chosen.splice(chosen.indexOf(c), 1);
    }
    const attackers = chosen.map((c) => c.id);
    if (side === 'soviet') {
      // B-14: no attack whose attackers would owe an attack on another German army or korps.
      const col = this.column(g, board, chosen, t, supplyNow);
      const trial = this.hypothetical(g, chosen);
      const owed = mustAttackUnmet(new Board(trial, s), [
        ...committed,
        { target: t, attackers, column: col },
      ]);
      if (owed.length > 0) return;
    }
    committed.push({ target: t, attackers, column });
    for (const id of air) reservedAir.add(id);
    for (const c of chosen) {
      if (c.to !== null) {
        layout.move(c.id, g.pieces[c.id]!.at, c.to);
        out.push({ type: 'move', piece: c.id, to: c.to }, { type: 'allocate', piece: c.id, target: t });
      } else {
        layout.used.add(c.id);
        stationary.push({ type: 'allocate', piece: c.id, target: t });
      }
    }
  }

  /**
   * 1. Guards: a unit kept in each victory city held (B-12), two where the enemy is within
   * GUARD_THREAT; the moves that bring the missing ones in.
   */
  private guardCities(
    g: BarbarossaState,
    side: Side,
    board: Board,
    layout: Layout,
    dests: ReadonlyMap<string, Set<number>>,
    near: (h: number, within: number) => boolean,
  ): Act[] {
    const moves: Act[] = [];
    for (const h of guardHexes(board.s, g, side)) {
      const threatened = near(h, GUARD_THREAT);
      const wanted = threatened ? 2 : 1;
      const rank = this.guardRank(board, threatened);
      const mine = this.guardsKept(board, side, h, threatened);
      for (const id of mine) layout.used.add(id);
      for (let k = mine.length; k < wanted; k++) {
        let best: string | null = null;
        for (const [id, d] of dests) {
          if (layout.used.has(id) || !d.has(h) || !layout.fits(h, id)) continue;
          if (best === null || rank(id, best) < 0) best = id;
        }
        if (best === null) break;
        layout.move(best, g.pieces[best]!.at, h);
        moves.push({ type: 'move', piece: best, to: h });
      }
    }
    return moves;
  }

  /** 1b. Supply discipline: an Axis unit that alone holds a supply line open through a Russian ZOC stays there. */
  private keepCorridors(side: Side, board: Board, layout: Layout, dests: Dests, cut: SupplyCut): void {
    for (const h of corridorKeepers(board, cut.blocked, cut.supplyNet).keys()) {
      const here = board.sideAt(side, h).filter((id) => garrisons(board, id) && dests.has(id));
      if (here.length === 0 || here.some((id) => layout.used.has(id))) continue;
      layout.used.add([...here].sort(this.guardRank(board, false))[0]!);
    }
  }

  /**
   * 3. The units with no task yet move toward their objectives (the field), the Russian mobile
   * units two hexes behind the line as its reserve; the Russian units in contact hold, the
   * Axis mobile units at the front wait for the breakthrough, and the Axis never moves out
   * of supply.
   */
  private moveTheRest(
    g: BarbarossaState,
    side: Side,
    board: Board,
    layout: Layout,
    dests: ReadonlyMap<string, Set<number>>,
    at: {
      readonly fields: ReturnType<typeof unitFields>;
      readonly supply: Int32Array;
      readonly near: (h: number, within: number) => boolean;
    },
  ): Act[] {
    const s = board.s;
    const { fields, supply, near } = at;
    const axisOps = side === 'axis';
    const free: Act[] = [];
    const contact = (h: number) => neighbours(s, h).some((n) => board.hasEnemy(side, n));
    const stage = side === 'soviet' ? (this.params.stageOnRail ?? 0) : 0;
    const staging = stage > 0 ? this.stagingLine(g, board) : null;
    /** Whether a staging hex is STAGE_CLEAR or more from the enemy, asked once a hex (0: not yet). */
    const clear = new Int8Array(staging ? staging.length : 0);
    const staged = (h: number) => {
      if (staging?.[h] !== 1) return false;
      if (clear[h] === 0) clear[h] = near(h, STAGE_CLEAR - 1) ? -1 : 1;
      return clear[h] === 1;
    };
    const order = [...dests.keys()]
      .filter((id) => !layout.used.has(id))
      .sort(
        (a, b) =>
          (isMobile(board.unit(b)) ? 1 : 0) - (isMobile(board.unit(a)) ? 1 : 0) ||
          fields.of(a)[g.pieces[a]!.at]! - fields.of(b)[g.pieces[b]!.at]!,
      );
    for (const id of order) {
      const from = g.pieces[id]!.at;
      const mobile = isMobile(board.unit(id));
      if (side === 'soviet' && contact(from) && !mobile) continue;
      // The Axis mobile units at the front that have no gap to drive through (operations.ts)
      // wait for the breakthrough (A.6, B-9): the attacks may open one.
      if (axisOps && mobile && !g.breakthrough && near(from, BREAKTHROUGH_WAIT)) continue;
      const fu = fields.of(id);
      const score = (h: number) => {
        // The Russian mobile units are the line's reserve: two hexes behind it, out of contact.
        let v = side === 'soviet' && mobile ? -Math.abs(fu[h]! - RESERVE_DEPTH) : -fu[h]!;
        // Beyond supply range: Isolated (A.8/B.6), Disrupted and unable to recover; the Axis
        // never goes there unless it is there already (supply discipline).
        if (supply[h]! < 0) v -= axisOps && h !== from ? 50 : 6;
        if (side === 'soviet' && contact(h)) {
          v += mobile ? -1 : 1.5; // a line in contact
        } else if (staged(h)) {
          v += stage; // a train can take it to a key city next turn
        }
        return v;
      };
      let best = from;
      let bestScore = score(from) + 0.25;
      for (const h of dests.get(id)!) {
        if (!layout.fits(h, id)) continue;
        const v = score(h);
        if (v > bestScore) {
          bestScore = v;
          best = h;
        }
      }
      if (best !== from) {
        layout.move(id, from, best);
        free.push({ type: 'move', piece: id, to: best });
      }
    }
    return free;
  }

  /**
   * 1. Garrisons, for a side with a hold column: each city in `garrisonOrder` in turn is held
   * so that the enemy's best attack on it next player-turn reads below `hold` (`planGarrison`):
   * those of its units it needs stay (one, the lightest, where nothing threatens it); where
   * they are not enough, the free units that can move in (`dests`) come, the one leaving the
   * enemy the lowest column first: a city's units it does not need, or a later city's but
   * never its last, each move checked after those planned before it. In the attacks before
   * movement (`moving` false) the units a city needs do not attack (an attacker may advance
   * out of it). Returns the hexes of the enemy units whose attack still reads `hold` or more
   * on a city (the penetrations to counter-attack first).
   */
  private holdCities(
    g: BarbarossaState,
    side: Side,
    board: Board,
    layout: Layout,
    dests: ReadonlyMap<string, ReadonlySet<number>>,
    moves: Act[],
    hold: number,
    moving: boolean,
  ): { danger: Set<number>; threats: Map<number, number> } {
    const reach = enemyReachFor(g, side, board.s);
    const danger = new Set<number>();
    const threats = new Map<number, number>();
    /** The garrisons' moves so far, in order: each may change what the next can reach. */
    const marched: [string, number][] = [];
    const boards = new Map<string, Board>();
    /**
     * Can `id` still move to `h` after the garrisons' moves planned so far and `before` (a unit
     * leaving a hex in an enemy army's ZOC can cost the units left there the OMB: "Operational
     * Movement", OMB rule 2)? The legal moves when nothing is planned yet.
     */
    const reachable = (id: string, h: number, before: readonly string[]): boolean => {
      const done = [...marched, ...before.map((x): [string, number] => [x, h])];
      if (done.length === 0) return dests.get(id)!.has(h);
      const key = done.map(([x, to]) => `${x}>${to}`).join(',');
      let b = boards.get(key);
      if (!b) {
        const pieces = { ...g.pieces };
        for (const [x, to] of done) pieces[x] = { ...pieces[x]!, at: to, moved: 'attack' };
        b = new Board({ ...g, pieces }, board.s);
        boards.set(key, b);
      }
      return moveOptions(b, id, { paths: false }).some((o) => o.to === h);
    };
    const opts = (h: number, cityHold: number) => ({
      ...this.garrisonOptions(board, g, cityHold, h),
      fits: (add: readonly string[]) =>
        board.fits(h, [...(layout.added.get(h) ?? []), ...add], layout.removed.get(h) ?? []) &&
        reachable(add[add.length - 1]!, h, add.slice(0, -1)),
    });
    const order = this.garrisonOrder(board.s, g, side);
    const last = lastGarrison(board, order, side, (id, city) =>
      (layout.removed.get(city) ?? []).includes(id),
    );
    for (const h of order) {
      const cityHold = this.cityHold(board.s, h, hold);
      const gone = layout.removed.get(h) ?? [];
      const mine = board.sideAt(side, h).filter((id) => garrisons(board, id) && !gone.includes(id));
      // A unit that cannot move stays anyway; in the attacks before movement, those the city
      // needs do not attack (an attacker may advance out of it).
      const fixed = moving ? mine.filter((id) => !dests.has(id)) : [];
      const candidates = moving
        ? [...dests.keys()].filter(
            (id) =>
              !layout.used.has(id) &&
              g.pieces[id]!.at !== h &&
              dests.get(id)!.has(h) &&
              garrisons(board, id) &&
              !last(id),
          )
        : [];
      const plan = planGarrison(
        reach,
        h,
        mine.filter((id) => !fixed.includes(id)),
        candidates,
        { ...opts(h, cityHold), fixed },
      );
      for (const id of [...fixed, ...plan.keep]) layout.used.add(id);
      for (const id of plan.add) {
        layout.move(id, g.pieces[id]!.at, h);
        moves.push({ type: 'move', piece: id, to: h });
        marched.push([id, h]);
      }
      if (plan.threat.column >= cityHold)
        for (const id of plan.threat.attackers) danger.add(g.pieces[id]!.at);
      threats.set(h, plan.threat.column);
      if (moving && plan.threat.column >= cityHold)
        this.holdApproaches(g, side, board, layout, dests, reach, h, moves);
    }
    return { danger, threats };
  }

  /**
   * Depth before a key city (`PolicyParams.depthPoints`): where its garrison alone cannot
   * keep the enemy's best attack below the hold column, the hexes next to it that an enemy
   * unit could end his move in (`EnemyReach.reaches`) are each given one unit, the
   * strongest of those free to get there that are not holding the line (not next to the
   * enemy), up to DEPTH_HEXES hexes a city. An attack on the city must then come from the
   * hexes left to him, after he has cleared these (their zones of control stop his march,
   * "Zones of Control"): the city no longer falls to one player-turn's massed attack from
   * every side, as Leningrad did in the mirror games (docs/barbarossa-balance.md).
   */
  private holdApproaches(
    g: BarbarossaState,
    side: Side,
    board: Board,
    layout: Layout,
    dests: ReadonlyMap<string, ReadonlySet<number>>,
    reach: EnemyReach,
    h: number,
    moves: Act[],
  ): void {
    if (!this.wantsDepth(board.s, h)) return;
    const s = board.s;
    const contact = (x: number) => neighbours(s, x).some((n) => board.hasEnemy(side, n));
    const mineAt = (x: number) =>
      (layout.added.get(x) ?? []).length > 0 ||
      board.sideAt(side, x).some((id) => garrisons(board, id) && !(layout.removed.get(x) ?? []).includes(id));
    let given = 0;
    for (const n of approaches(board, side, reach, h, this.params.depthRings)) {
      if (given >= (this.params.depthHexes ?? DEPTH_HEXES)) return;
      if (mineAt(n)) continue;
      const pick = this.strongest(
        board,
        [...dests.keys()].filter(
          (id) =>
            !layout.used.has(id) &&
            dests.get(id)!.has(n) &&
            garrisons(board, id) &&
            !contact(g.pieces[id]!.at) &&
            layout.fits(n, id),
        ),
      );
      if (pick === undefined) continue;
      layout.move(pick, g.pieces[pick]!.at, n);
      moves.push({ type: 'move', piece: pick, to: n });
      given++;
    }
  }

  /**
   * The Russians' staging line (`PolicyParams.stageOnRail`): the railway hexes of the nets
   * that hold a key city they hold (`wantsDepth`), from which a train reaches it (B-38), 1
   * each.
   */
  private stagingLine(g: BarbarossaState, board: Board): Uint8Array {
    const s = board.s;
    const on = new Uint8Array(s.map.graph.nodeCount);
    for (let h = 0; h < s.victoryPoints.length; h++) {
      if (!this.wantsDepth(s, h) || holder(g, s, h) !== 'soviet' || on[h] === 1) continue;
      for (const x of railNet(board, 'soviet', h)) on[x] = 1;
    }
    return on;
  }

  /** Whether city `h` is given depth (`PolicyParams.depthPoints`): worth that many victory points or more. */
  private wantsDepth(s: RulesScenario, h: number): boolean {
    const points = this.params.depthPoints;
    return points !== undefined && (s.victoryPoints[h] ?? 0) >= points;
  }

  /** The strongest of `ids` (`worth`; the first by id of equals), for a hex next to a key city. */
  private strongest(board: Board, ids: readonly string[]): string | undefined {
    return [...ids].sort((a, b) => this.worth(board, b) - this.worth(board, a) || (a < b ? -1 : 1))[0];
  }

  /**
   * The most hexes from supply each spearhead stops at this game-turn (`exploitSupply`, for
   * the counters of `exploitGroups`; absent: `operations.ts` EXPLOIT_SUPPLY).
   */
  private exploitDepth(board: Board, turn: number): ((id: string) => number) | undefined {
    const depth = byTurn(this.params.exploitSupply, turn);
    if (depth === undefined) return undefined;
    const groups = this.params.exploitGroups;
    return (id) =>
      groups === undefined || groups.includes((board.unit(id) as { armyGroup?: string }).armyGroup ?? '')
        ? depth
        : EXPLOIT_SUPPLY;
  }

  /** `garrisonOrder` with the Axis's objective cities it holds where `holdObjectives` is set. */
  private garrisonOrder(s: RulesScenario, g: BarbarossaState, side: Side): number[] {
    const also = side === 'axis' && this.params.holdObjectives ? heldObjectives(s, g, this.strategy) : [];
    return garrisonOrder(s, g, side, also);
  }

  /** The column city `h` is held below: `keyHoldColumn` for Leningrad and Moscow where lower, else `hold`. */
  private cityHold(s: RulesScenario, h: number, hold: number): number {
    const key = this.params.keyHoldColumn;
    return key !== undefined && (s.victoryPoints[h] ?? 0) >= NO_RETREAT_POINTS ? Math.min(hold, key) : hold;
  }

  /** What `planGarrison` needs of this policy to hold `h` (its `fits` is the caller's). */
  private garrisonOptions(board: Board, g: BarbarossaState, hold: number, h: number) {
    return {
      hold,
      lightest: (ids: readonly string[]) => [...ids].sort(this.guardRank(board, false))[0]!,
      distance: (id: string) => hexDistance(board, g.pieces[id]!.at, h),
    };
  }

  /** Threatened (an enemy within GUARD_THREAT hexes): the strongest first; else the weakest. */
  private guardRank(board: Board, threatened: boolean): (a: string, b: string) => number {
    return (a, b) =>
      threatened ? this.worth(board, b) - this.worth(board, a) : this.worth(board, a) - this.worth(board, b);
  }

  /**
   * The units that stay in a guarded hex (B-12): two, the strongest, where threatened; else
   * the weakest one. Only units that hold a city count (`garrisons`): an air unit, a factory,
   * a railway gun or a rail conversion unit guards nothing (B-56, B-61).
   */
  private guardsKept(board: Board, side: Side, h: number, threatened: boolean): string[] {
    return board
      .sideAt(side, h)
      .filter((id) => garrisons(board, id))
      .sort(this.guardRank(board, threatened))
      .slice(0, threatened ? 2 : 1);
  }

  /**
   * "No Retreat!" (barbarossa-1941 "Surrounded/Retreat Impossible/No Retreat! Orders": "D1->D
   * and D2 ->DE, DE ->BK"; B-4) for the defenders of a hex whose loss costs the game: Moscow
   * and Leningrad (NO_RETREAT_POINTS victory points or more: B-12, the cities an Axis sudden
   * victory needs one of), the Axis's Warsaw, Bucharest and Ploesti (B-12), at odds up to
   * NO_RETREAT_MAX. There a retreat gives the city up (the attacker advances into the vacated
   * hex); with the order a D1 holds it (the defenders Disrupted in place) and only a D2 or
   * worse loses it, with the defenders; above those odds most results are a D2 or worse, and
   * the defenders are saved by retreating instead. A city of one point is not worth the
   * armies a D2 destroys there: they retreat to fight on.
   */
  private noRetreat(g: BarbarossaState, board: Board, side: Side): boolean {
    const c = g.combat!;
    const s = board.s;
    if (c.column > NO_RETREAT_MAX) return false;
    const city =
      s.victoryPoints[c.target]! >= (this.params.noRetreatPoints ?? NO_RETREAT_POINTS) ||
      (side === 'axis' && AXIS_VITAL.includes(s.placeName[c.target] ?? ''));
    return city && holder(g, s, c.target) === side;
  }

  /** A unit's worth for choosing who guards and who is lost: its attack plus defense. */
  private worth(board: Board, id: string): number {
    const u = board.unit(id);
    const p = board.piece(id);
    return attackFactor(u, p) + (u.factors.defense ?? 0) + (isMobile(u) ? 2 : 0);
  }

  private hypothetical(
    g: BarbarossaState,
    chosen: readonly { id: string; to: number | null }[],
  ): BarbarossaState {
    const pieces = { ...g.pieces };
    for (const c of chosen) if (c.to !== null) pieces[c.id] = { ...pieces[c.id]!, at: c.to, moved: 'attack' };
    return { ...g, pieces };
  }

  /** The final column of an attack as it would be after the planned moves; -99 if refused. */
  private column(
    g: BarbarossaState,
    board: Board,
    chosen: readonly { id: string; to: number | null }[],
    target: number,
    supply: Readonly<Record<string, 'full' | 'limited' | 'isolated'>>,
    air: readonly string[] = [],
  ): number {
    const b = chosen.some((c) => c.to !== null) ? new Board(this.hypothetical(g, chosen), board.s) : board;
    const ev = evaluateAttack(
      b,
      chosen.map((c) => c.id),
      target,
      { supply, air },
    );
    return isRefusal(ev) ? -99 : ev.column;
  }

  /* ---------------------------------------------------------------------------------- */
  /* A combat being resolved (A.5 / B.5)                                                  */

  /** Whether a hex is a victory city or a city among the Axis strategy's objectives. */
  private objectiveHex(s: RulesScenario, h: number): boolean {
    if (s.victoryPoints[h]! > 0) return true;
    return this.strategy.groups.some((group) => group.objectives.some((name) => s.placeHex[name] === h));
  }

  private combatChoice(g: BarbarossaState, side: Side, legal: readonly Act[]): Act {
    const c = g.combat!;
    const board = new Board(g);
    const pick = (t: string, pred: (a: Act) => boolean = () => true) =>
      legal.find((a) => a.type === t && pred(a));
    switch (c.phase) {
      case 'orders': {
        // The defender's No Retreat! orders for a city it must hold (`noRetreat`).
        const order = legal.find((a) => a.type === 'no-retreat');
        if (order && side !== g.player && this.noRetreat(g, board, side)) return order;
        return pick('orders-done') ?? legal[0]!;
      }
      case 'forced-exchange':
        return pick('forced-exchange', (a) => a.type === 'forced-exchange' && !a.declare) ?? legal[0]!;
      case 'avoid-exchange':
        return pick('avoid-exchange', (a) => a.type === 'avoid-exchange' && !a.takeD3) ?? legal[0]!;
      case 'exchange-choice':
        return pick('exchange-choice', (a) => a.type === 'exchange-choice' && a.pay) ?? legal[0]!;
      case 'losses': {
        const flip = pick('flip');
        if (flip) return flip;
        let best: Act | undefined;
        for (const a of legal)
          if (
            a.type === 'lose' &&
            (best?.type !== 'lose' || this.worth(board, a.piece) < this.worth(board, best.piece))
          )
            best = a;
        return best ?? legal[0]!;
      }
      case 'retreat-length': {
        let best: Act | undefined;
        for (const a of legal)
          if (
            a.type === 'retreat-length' &&
            (!best || (best.type === 'retreat-length' && a.hexes > best.hexes))
          )
            best = a;
        return best ?? legal[0]!;
      }
      case 'retreat': {
        const dist = supplyDistances(board, side);
        const score = (h: number) =>
          -3 * neighbours(board.s, h).filter((n) => board.hasEnemy(side, n)).length -
          (dist[h]! < 0 ? 20 : dist[h]! * 0.2) +
          Math.min(...c.from.map((x) => hexDistance(board, x, h))) * 0.5;
        let best: Act | undefined;
        let bestScore = Number.NEGATIVE_INFINITY;
        for (const a of legal) {
          if (a.type !== 'retreat') continue;
          const v = score(a.to);
          if (v > bestScore) {
            bestScore = v;
            best = a;
          }
        }
        return best ?? legal[0]!;
      }
      case 'advance': {
        // One unit into the vacated hex (or the hex nearest the objectives), then done; into
        // an Axis objective city with Russians near, up to `walkIns`, the strongest on defense.
        const key = `${g.turn}:${g.player}:${g.breakthrough}:${c.target}:${c.attackers.join(',')}`;
        const done = this.advancedIn === key ? this.advanced : 0;
        const hold =
          side === 'axis' &&
          (this.params.walkIns ?? 1) > 1 &&
          this.objectiveHex(board.s, c.target) &&
          russiansNear(board, g, c.target);
        if (done < (hold ? this.params.walkIns! : 1)) {
          const f = this.field(g, side);
          const defense = (id: string) => board.unit(id).factors.defense ?? 0;
          let best: Act | undefined;
          const score = (a: Act & { type: 'advance' }) => (a.to === c.target ? 1 : 0) * 100 - f[a.to]!;
          for (const a of legal) {
            if (a.type !== 'advance' || (done > 0 && a.to !== c.target)) continue;
            if (best?.type !== 'advance') best = a;
            else if (hold && (a.to === c.target || best.to === c.target)) {
              // Holding the city: into it, the strongest on defense first.
              if (a.to === c.target && (best.to !== c.target || defense(a.piece) > defense(best.piece)))
                best = a;
            } else if (score(a) > score(best)) best = a;
          }
          if (best) {
            this.advancedIn = key;
            this.advanced = done + 1;
            return best;
          }
        }
        return pick('end-advance') ?? legal[0]!;
      }
    }
    // A phase this policy does not know: the first "done" offered, else the first action.
    for (const d of DONE) {
      const a = pick(d);
      if (a) return a;
    }
    return legal[0]!;
  }
}

/** The strategic moves offered, by piece: the hexes each may go to by rail, and by sea. */
function railOffers(legal: readonly Act[]): { rails: Map<string, number[]>; seas: Map<string, number[]> } {
  const rails = new Map<string, number[]>();
  const seas = new Map<string, number[]>();
  for (const a of legal) {
    if (a.type !== 'rail' && a.type !== 'sea') continue;
    const by = a.type === 'rail' ? rails : seas;
    const l = by.get(a.piece) ?? [];
    by.set(a.piece, l);
    l.push(a.to);
  }
  return { rails, seas };
}

/** What the strategic moves of one plan share while `planRail` chooses them (`railPlanning`). */
interface RailPlanning {
  readonly g: BarbarossaState;
  readonly side: Side;
  readonly board: Board;
  readonly layout: Layout;
  readonly fields: ReturnType<typeof unitFields>;
  /** The side's supply distances (-1: out of supply). */
  readonly supply: Int32Array;
  /** Hexes to the nearest enemy ground unit. */
  readonly front: Float64Array;
  /** The rail and sea moves offered, by piece. */
  readonly rails: ReadonlyMap<string, number[]>;
  readonly seas: ReadonlyMap<string, number[]>;
  /** Hexes from `h` to the nearest enemy piece on the map. */
  readonly nearest: (h: number) => number;
  /** Is there a unit that covers a Katyusha or a railway gun (B-42, B-61) in the hex, but `without`? */
  readonly covered: (h: number, without?: string) => boolean;
  /** May the unit go: not planned yet, not in contact, not the last cover of a Katyusha or railway gun. */
  readonly free: (id: string) => boolean;
  /** Where the unit could march this turn, and the best of it for its field. */
  readonly march: (id: string) => { reach: Set<number>; best: number };
  /** Plans a rail or sea move. */
  readonly take: (type: 'rail' | 'sea', id: string, to: number) => void;
  /** The rail and sea moves still allowed. */
  readonly left: () => { rail: number; sea: number };
  /** The moves planned, in order. */
  readonly out: Act[];
}

/** What the key cities' strategic moves use of a `RailPlanning` (`railGarrisons`, `railSwaps`). */
type RailMoves = Pick<RailPlanning, 'rails' | 'seas' | 'front' | 'free' | 'march' | 'take' | 'left'>;

/** Each free unit's legal destinations. */
type Dests = ReadonlyMap<string, Set<number>>;

/** Where the Axis's supply is cut (`supplyBlocked`) and its supply distances (`supplyDistances`). */
interface SupplyCut {
  readonly blocked: Uint8Array;
  readonly supplyNet: Int32Array;
}

/** The legal moves by piece (its destinations) and the legal allocations by target (its attackers). */
function movesAndAllocations(legal: readonly Act[]): {
  dests: Map<string, Set<number>>;
  allocs: Map<number, string[]>;
} {
  const dests = new Map<string, Set<number>>();
  const allocs = new Map<number, string[]>();
  for (const a of legal) {
    if (a.type === 'move') {
      const d = dests.get(a.piece) ?? new Set<number>();
      dests.set(a.piece, d);
      d.add(a.to);
    } else if (a.type === 'allocate') {
      const l = allocs.get(a.target) ?? [];
      allocs.set(a.target, l);
      l.push(a.piece);
    }
  }
  return { dests, allocs };
}

/** Where the free units can attack from after a move (`attackReach`). */
interface AttackReach {
  readonly reach: ReadonlyMap<string, Set<number>>;
  readonly mayAttackFrom: (id: string, h: number, t: number) => boolean;
}

/** An AttackReach of no moves (the attacks before operational movement: the units where they stand). */
const NO_REACH: AttackReach = { reach: new Map(), mayAttackFrom: () => true };

/**
 * The hexes each free unit that can attack reaches by a plain move (no bonus movement), by
 * unit (`reach`), and whether it could attack `t` from hex `h` once there (`mayAttackFrom`):
 * a panzer/tank unit or German army owes 1 MF to attack across a river or after crossing
 * one in its move, and an attack it cannot pay is not offered (RULINGS B-69). Worked out
 * with the move's path only for such units, and only for those asked of.
 */
function attackReach(board: Board, layout: Layout, dests: ReadonlyMap<string, Set<number>>): AttackReach {
  const reach = new Map<string, Set<number>>();
  for (const id of dests.keys()) {
    if (layout.used.has(id) || !canAttack(board, id)) continue;
    reach.set(
      id,
      new Set(
        moveOptions(board, id, { paths: false })
          .filter((o) => !o.bonus)
          .map((o) => o.to),
      ),
    );
  }
  const withPaths = new Map<string, Map<number, MoveOption>>();
  const mayAttackFrom = (id: string, h: number, t: number): boolean => {
    if (!owesRiverMf(board.unit(id))) return true;
    let options = withPaths.get(id);
    if (!options) {
      options = new Map(
        moveOptions(board, id)
          .filter((o) => !o.bonus)
          .map((o) => [o.to, o]),
      );
      withPaths.set(id, options);
    }
    const opt = options.get(h);
    return opt !== undefined && mayPayRiverAfter(board, id, opt, t);
  };
  return { reach, mayAttackFrom };
}

/**
 * The Russian hexes the Axis reduces first: the pockets (cut off from their supply) and the
 * units whose ZOC cuts its own supply (next to a railhead or to a hex that would reconnect
 * Isolated Axis units).
 */
function pocketsAndCutters(board: Board, blocked: Uint8Array, supplyNet: Int32Array): (t: number) => boolean {
  const theirs = supplyDistances(board, 'soviet');
  const cutting = new Set<number>();
  for (const h of [...board.g.railheads, ...bridgeHexes(board, blocked, supplyNet).keys()])
    for (const n of neighbours(board.s, h)) cutting.add(n);
  return (t) => theirs[t]! < 0 || cutting.has(t);
}

/**
 * 3a. The Axis into the hexes that reconnect Isolated units, the most reconnected first,
 * each the nearest infantry that can get there (operations.ts).
 */
function reconnectIsolated(
  board: Board,
  layout: Layout,
  dests: ReadonlyMap<string, Set<number>>,
  blocked: Uint8Array,
  supplyNet: Int32Array,
): Act[] {
  const g = board.g;
  const moves: Act[] = [];
  const bridges = [...bridgeHexes(board, blocked, supplyNet)].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  for (const [h] of bridges) {
    let pick: string | null = null;
    for (const [id, d] of dests) {
      if (layout.used.has(id) || !d.has(h) || !garrisons(board, id) || !layout.fits(h, id)) continue;
      const rank = (x: string) =>
        (isMobile(board.unit(x)) ? 100 : 0) + hexDistance(board, g.pieces[x]!.at, h);
      if (pick === null || rank(id) < rank(pick) || (rank(id) === rank(pick) && id < pick)) pick = id;
    }
    if (pick === null) continue;
    layout.move(pick, g.pieces[pick]!.at, h);
    moves.push({ type: 'move', piece: pick, to: h });
  }
  return moves;
}

/** What makes an attack urgent for a side (`attackPriorities`). */
interface Priorities {
  /** Enemy hexes attacked first and at a column less. */
  readonly urgent: (t: number) => boolean;
  /** Enemy hexes attacked at any column. */
  readonly anyOdds: (t: number) => boolean;
  /** B-66: the Axis may attack out of Rumania (its cities there would hold with it open). */
  readonly rumaniaHeld: boolean;
}

/**
 * What the attacks of one plan share (`AttackPlanning`), made once the moves before them
 * (garrisons, corridors) are planned: each target's candidates read the layout as it stands.
 */
function attackPlanning(
  g: BarbarossaState,
  side: Side,
  board: Board,
  layout: Layout,
  at: Priorities & {
    readonly allocs: ReadonlyMap<number, string[]>;
    readonly reach: AttackReach;
    readonly supply: Int32Array;
    readonly fields: ReturnType<typeof unitFields>;
    readonly strategy: AxisStrategy;
  },
): AttackPlanning {
  const supplyNow: Record<string, 'full' | 'limited' | 'isolated'> = {};
  for (const id of g.order) supplyNow[id] = g.pieces[id]!.supply;
  /** The cities the Axis takes even from a hex out of supply (`objectiveCities`). */
  const cityTargets = new Set(side === 'axis' ? objectiveCities(board.s, g, at.strategy) : []);
  const { allocs, reach, rumaniaHeld, supply, fields } = at;
  return {
    g,
    side,
    board,
    layout,
    candidates: (t) =>
      attackCandidates({ board, side, layout, allocs, reach, rumaniaHeld, cityTargets, supply, fields }, t),
    supplyNow,
    cityTargets,
    urgent: at.urgent,
    anyOdds: at.anyOdds,
    committed: [],
    reservedAir: new Set<string>(),
    out: [],
    stationary: [],
  };
}

/**
 * The enemy hexes worth attacking, easiest first: the attack factors that could reach each
 * against its defense, plus its weight (a victory city 2, urgent 3, at any odds 10, a pocket
 * or a cutter of the Axis supply 3), less a hundredth of its distance in the side's field;
 * those scoring 1 or less left out.
 */
function rankTargets(
  p: AttackPlanning,
  f: Float64Array,
  rear: (t: number) => boolean,
): { t: number; ratio: number }[] {
  const { board, side, urgent, anyOdds } = p;
  const s = board.s;
  const targets: number[] = [];
  for (let h = 0; h < board.at.length; h++) if (board.hasEnemy(side, h)) targets.push(h);
  return targets
    .map((t) => {
      const c = p.candidates(t);
      const att = c.reduce((x, k) => x + attackFactor(board.unit(k.id), board.piece(k.id)), 0);
      const def = board.at[t]!.reduce((x, d) => x + (board.unit(d).factors.defense ?? 0), 0);
      const vp =
        (s.victoryPoints[t]! > 0 ? 2 : 0) + (urgent(t) ? 3 : 0) + (anyOdds(t) ? 10 : 0) + (rear(t) ? 3 : 0);
      return { t, ratio: att / Math.max(1, def) + vp - f[t]! * 0.01 };
    })
    .filter((x) => x.ratio > 1)
    .sort((a, b) => b.ratio - a.ratio || a.t - b.t);
}

/** An attacker for a target: where it attacks from (null: where it stands, already allocated). */
interface Cand {
  id: string;
  to: number | null;
  /** The other hexes next to the target it can attack from, next best first (the Axis). */
  alt?: number[];
}

/** What the attacks of one plan share while `planAttackOn` adds them one by one. */
interface AttackPlanning {
  readonly g: BarbarossaState;
  readonly side: Side;
  readonly board: Board;
  readonly layout: Layout;
  /** The units that could attack a target (`attackCandidates`). */
  readonly candidates: (t: number) => Cand[];
  readonly supplyNow: Record<string, 'full' | 'limited' | 'isolated'>;
  /** The cities the Axis takes even from a hex out of supply (`objectiveCities`). */
  readonly cityTargets: ReadonlySet<number>;
  /** Enemy hexes attacked at a column less. */
  readonly urgent: (t: number) => boolean;
  /** Enemy hexes attacked at any column. */
  readonly anyOdds: (t: number) => boolean;
  /** The attacks planned so far (B-14's check reads them). */
  readonly committed: { target: number; attackers: string[]; column: number }[];
  /** Air units counted on for an attack planned already (`chooseAir` gives them to it). */
  readonly reservedAir: Set<string>;
  /** The moves into attack positions with their allocations. */
  readonly out: Act[];
  /** The allocations of attackers that stay where they are. */
  readonly stationary: Act[];
}

/**
 * The units that could attack `t`: those allocated to it where they stand, then those that
 * reach a hex next to it from which they may attack it (B-69: the river's MF paid), from the
 * best such hex (no river between, deeper in their field, in supply: the Axis attacks from
 * a hex out of supply only to take a city).
 */
function attackCandidates(
  at: {
    readonly board: Board;
    readonly side: Side;
    readonly layout: Layout;
    readonly allocs: ReadonlyMap<number, string[]>;
    readonly reach: AttackReach;
    /** B-66: Rumania's cities would hold with it open. */
    readonly rumaniaHeld: boolean;
    readonly cityTargets: ReadonlySet<number>;
    readonly supply: Int32Array;
    readonly fields: ReturnType<typeof unitFields>;
  },
  t: number,
): Cand[] {
  const { board, side, layout, allocs, reach, rumaniaHeld, cityTargets, supply, fields } = at;
  const g = board.g;
  const s = board.s;
  const axisOps = side === 'axis';
  const out: Cand[] = [];
  /**
   * B-66: not from a hex in Rumania while its cities would not hold with it open; and never
   * on game-turn 1 ("Special First Turn Rules": "The Axis may not attack out of Rumania on
   * the first turn").
   */
  const fromRumania = (h: number) =>
    (!rumaniaHeld && s.rumania[h] === 1) || (axisOps && rumaniaBarredFirstTurn(board, h));
  for (const id of allocs.get(t) ?? [])
    if (!layout.used.has(id) && !fromRumania(g.pieces[id]!.at)) out.push({ id, to: null });
  for (const [id, r] of reach.reach) {
    if (layout.used.has(id) || out.some((c) => c.id === id)) continue;
    const from: { h: number; score: number }[] = [];
    for (const h of neighbours(s, t)) {
      if (!r.has(h) || board.hasEnemy(side, h) || fromRumania(h) || !layout.fits(h, id)) continue;
      // B-69: not from a hex where it could not pay the river's MF.
      if (!reach.mayAttackFrom(id, h, t)) continue;
      // Supply discipline: the Axis attacks from a hex out of supply only to take a city.
      if (axisOps && supply[h]! < 0 && !cityTargets.has(t)) continue;
      const slot = slotBetween(s.map.graph, h, t);
      const river = slot >= 0 && riverAt(s, slot, board.weather) ? 1 : 0;
      from.push({ h, score: -3 * river - fields.of(id)[h]! * 0.01 - (supply[h]! < 0 ? 5 : 0) });
    }
    if (from.length === 0) continue;
    from.sort((a, b) => b.score - a.score || a.h - b.h);
    out.push({ id, to: from[0]!.h, ...(axisOps ? { alt: from.slice(1).map((x) => x.h) } : {}) });
  }
  return out;
}
