/**
 * The rules of thumb of the Typhoon campaign (campaign.ts) over a side's own view: each
 * call scores every legal action and takes the best; a step ends when nothing left scores
 * above zero. `campaignPolicy(params)` is one such player for a plan's parameters
 * (`PolicyParams`); the AI levels (level 1 this policy alone, level 2 the search over plans
 * of search.ts on top of it) are `CampaignAiPlayer`.
 *
 *  - movement (C-4, C-4.2): attack a point only when the strength that is attacking it or
 *    can still reach it beats its defence by a margin (German air within 3 segments
 *    counted as A.4 multiplies, C-5.1, shared with the battles already declared near it);
 *    take empty enemy points, the victory points (C-13.2) first; hold the victory points
 *    it has; the Axis drives each unit along its axis of 1941 (AXIS_OBJECTIVES: XLI Corps
 *    by Sychevka on Kalinin, XL Corps up the Warsaw highway onto Vyazma, XXIV Corps on Orel
 *    and Tula, ...) and then on Moscow, counting a line of capacity 1 as two (C-1.2): an
 *    attack or a point taken that brings a unit no nearer the end of its axis is worth
 *    less to it, one that takes it further away nothing; it keeps within reach of its
 *    railheads (C-7.1) and holds its railheads the enemy is near; the Soviets fill
 *    threatened victory points, retake lost ones and never leave Moscow empty (C-13.1);
 *  - pockets, a plan's (`pocket`; level 1 plays without): an empty point next to a
 *    Soviet-held one is worth the more the fewer open ways out that point has left (B.4a:
 *    defenders retreat along a line to a friendly point or an empty enemy one), the last
 *    Axis unit leaving such a neighbour costs as much, and an attack on a point with no way
 *    out is worth more; with `capacityAware` an attack counts only the strength the
 *    capacity left on the target's lines lets through (C-1.2);
 *  - the plans' own (search.ts; level 1 plays without): the Axis keeps a garrison on the
 *    points of victory points it holds against the Soviet strength near them (`axisGuard`:
 *    a point won back scores for the Soviets, P-15) and storms a fortified point (C-8) only
 *    at a higher margin (`fortifiedMargin`), its axes of advance Tula's roads rather than
 *    Tula (`TULA_CONTAINED`);
 *  - air (C-5.1, C-5.3): bases moved to within 3 segments of the enemy; German air to the
 *    battles where one more unit adds most to the odds (up to 4 to 1), Soviet air where
 *    its units and victory points are, the first at a battle counting most;
 *  - factories (C-9): the Soviets entrain a factory the Axis comes within 2 segments of
 *    and run it east; replacement points rebuild and repair at once;
 *  - partisans (C-10): behind the Axis units, on the lines to its railheads;
 *  - breakthrough (C-6): along a unit's axis, onto empty enemy points or defenders it
 *    beats 2 to 1 (no air is committed to a breakthrough combat), German air with a group
 *    that attacks;
 *  - fortifications (C-8): every point it may;
 *  - battles (A, B): losses on units already dispersed that can carry them, never
 *    destroying a unit while another can take the loss; the attacker fights on while its
 *    fire holds against the defender's, the defender holds victory points and its ground;
 *    a retreat (B.4a) goes where the most of the side's undispersed strength stands, not
 *    into another battle.
 */
import {
  type Action,
  type GameRules,
  type GameState,
  legalActions,
  type PointMap,
  stepDistances,
  UNDO,
} from '@stavka/engine';
import { absorbers, type BattleAction, canInflict, firingValue, sideOf } from '../battle.ts';
import type { BattleState } from '../battle-scenario.ts';
import {
  type CampaignAction,
  type CampaignState,
  type CampaignUnit,
  evacuationPoints,
  typhoon,
} from '../campaign.ts';
import { capacityHalves } from '../campaign-board.ts';
import { FIRE_TABLE } from '../combat.ts';
import { lossLimit, other, type Role, retreatHalves, type Side } from '../forces.ts';

export type Scored = { action: CampaignAction; score: number };

/** The actions that end a step (C-3): taken when nothing else scores above zero. */
const ENDS: ReadonlySet<string> = new Set(['end-movement', 'end-air', 'end-breakthrough', 'end-turn']);

/**
 * The Axis's axes of advance of 1941 (research 3.2, 5.1), by unit (and, for a unit not
 * named, by the point it starts at): each makes for the first point of its axis the Axis
 * does not hold yet, then for Moscow.
 *  - Panzer Group 3 and the 9th Army: XLI Corps by Sychevka (10 Oct) on Kalinin (14 Oct)
 *    [40][45][53], then Klin (23 Nov) [18]; LVI Corps and V Corps on Vyazma (closed from
 *    the north, 7 Oct) [46][12][40], then Volokolamsk and Klin; VI and XXVII Corps on the
 *    Kalinin axis [14] by Rzhev (14 Oct) [79]; VIII and XXIII Corps on Bely and Rzhev
 *    (the Rzhev-Olenino sector) [39].
 *  - Panzer Group 4 and the 4th Army: XL Corps up the Roslavl-Moscow road onto Vyazma
 *    (10th PzD, 7 Oct), then Gzhatsk and Mozhaisk (9 and 18 Oct) [10][69][7][54], SS
 *    "Reich" with it; XLVI Corps on Vyazma; LVII Corps by Medyn on Maloyaroslavets and
 *    Naro-Fominsk [10][29]; XIII Corps on Kaluga (12 Oct) [7]; XX Corps on Naro-Fominsk
 *    [54]; VII, IX and XII Corps on the Vyazma pocket (Dorogobuzh) [14][50].
 *  - Panzer Group 2 and the 2nd Army: XXIV Corps and Grossdeutschland on Orel (3 Oct), then
 *    Tula (29 Oct) [12][8]; XLVII Corps on Karachev and Bryansk (5-6 Oct) [12]; XLVIII Corps
 *    toward Kursk (from 9 Oct) [7]; XXXV Corps on Trubchevsk [7][8]; XLIII and LIII Corps on
 *    Bryansk from the west, then the Oka toward Tula [51][8].
 */
export const AXIS_OBJECTIVES: Readonly<Record<string, readonly string[]>> = {
  'xli-pz': ['sychevka', 'kalinin', 'klin'],
  'lvi-pz': ['vyazma', 'volokolamsk', 'klin'],
  v: ['vyazma', 'volokolamsk'],
  vi: ['rzhev', 'kalinin'],
  xxvii: ['rzhev', 'kalinin'],
  viii: ['bely', 'rzhev'],
  xxiii: ['bely', 'rzhev'],
  'xl-pz': ['vyazma', 'gzhatsk', 'mozhaisk'],
  'ss-reich': ['vyazma', 'gzhatsk', 'mozhaisk'],
  'xlvi-pz': ['vyazma', 'mozhaisk'],
  'lvii-pz': ['medyn', 'maloyaroslavets', 'naro-fominsk'],
  xiii: ['kaluga'],
  xx: ['naro-fominsk'],
  vii: ['dorogobuzh'],
  ix: ['dorogobuzh'],
  xii: ['dorogobuzh'],
  'xxiv-pz': ['orel', 'tula'],
  gd: ['orel', 'tula'],
  'xlvii-pz': ['karachev', 'bryansk'],
  'xlviii-pz': ['kursk'],
  'hk-xxxv': ['trubchevsk', 'bryansk'],
  xliii: ['bryansk', 'aleksin'],
  liii: ['bryansk', 'aleksin'],
  dukhovshchina: ['kalinin', 'klin'],
  yartsevo: ['kalinin', 'klin'],
  glukhov: ['orel', 'tula'],
  shostka: ['orel', 'tula'],
  putivl: ['orel', 'tula'],
};

/** What a plan changes in the rules of thumb (search.ts chooses between plans). */
export interface PolicyParams {
  /** Axis: the pull toward a unit's axis objective (AXIS_OBJECTIVES), a point a line (a line of capacity 1 counting two). */
  readonly axisPull: number;
  /** Axis: the pull toward Moscow of a unit with no axis of its own, a point a line. */
  readonly moscowPull: number;
  /** Axis: the strength (German air multiplying, C-5.1) an attack needs, times the defence. */
  readonly axisMargin: number;
  /** Soviet: the strength a counter-attack needs, times the defence (German air multiplying it). */
  readonly sovietMargin: number;
  /** Axis: the worth of closing one of a Soviet point's ways out, a point of its defenders' value. */
  readonly pocket: number;
  /** Axis: the axes of advance, by unit, else by start point. */
  readonly axes: Readonly<Record<string, readonly string[]>>;
  /** Soviet: the pull toward the enemy, a point a line (up to 6 lines). */
  readonly sovietForward: number;
  /** Axis: what a point off a unit's axis is worth to it when taken, as a share of its worth on the axis. */
  readonly offAxis: number;
  /** Axis: the share of its pull a unit with an axis loses for each line an attack takes it away from its objective. */
  readonly attackOffAxis: number;
  /** Axis: how far the German air an attack counts on is shared with the battles already declared near it (0: not at all). */
  readonly airShare: number;
  /** Axis: what an attack that takes a unit with an axis no nearer the end of its route is worth, as a share. */
  readonly offAxisAttack: number;
  /** Whether an attack counts only the strength the capacity left on the target's lines lets through (C-1.2). */
  readonly capacityAware: boolean;
  /** Axis: the cost of standing a line further than 4 from the railheads (C-7.1), a point a line. */
  readonly supplyPenalty: number;
  /**
   * Soviet: the odds (the Axis attack, German air multiplying, against the defence with the
   * air unit) past which no air unit defends a point (0: always): defenders overrun take
   * their air with them (P-9, A.3 "may not defend alone").
   */
  readonly sovietAirOdds: number;
  /**
   * Soviet: the garrison Moscow keeps (C-13.1 sudden death), as a share of the Axis strength
   * next to it (and half of that two lines off; 0: one unit, whatever comes).
   */
  readonly moscowGuard: number;
  /**
   * Soviet: the same for the cities of 3 victory points or more (Tula, C-13.2): the garrison
   * kept there as a share of the Axis strength next to it (half two or three lines off, a
   * Good turn's march from Orel; 0: only the last unit is held). The 50th Army held Tula from the end of October to the counter-
   * offensive (research point 20 [13]); version 5's rules of thumb sent all but one unit on.
   */
  readonly cityGuard: number;
  /**
   * Axis: the garrison kept on the points of victory points it holds, as a share of the
   * Soviet strength next to them (half two lines off; 0: only the last unit is held near
   * the enemy). A point taken and won back scores for the Soviets as it scored for the Axis
   * (RULINGS P-15, C-13.2): a point lost in the winter counter-offensive is twice its value.
   */
  readonly axisGuard: number;
  /**
   * Axis: the margin an attack on a fortified point (C-8) needs, times `axisMargin` (1: no
   * more than elsewhere). Tula was girded with three lines by the siege and never fell [T2][T3].
   */
  readonly fortifiedMargin: number;
}

/** The rules of thumb as level 1 plays them, and the search's default plan. */
export const DEFAULT_PARAMS: PolicyParams = {
  axisPull: 4,
  moscowPull: 2,
  axisMargin: 1.3,
  sovietMargin: 1.5,
  pocket: 0,
  axes: AXIS_OBJECTIVES,
  sovietForward: 0.5,
  offAxis: 0.5,
  attackOffAxis: 0,
  offAxisAttack: 0.3,
  airShare: 0.5,
  supplyPenalty: 4,
  capacityAware: false,
  sovietAirOdds: 3,
  moscowGuard: 0.5,
  cityGuard: 0.5,
  axisGuard: 0,
  fortifiedMargin: 1,
};

/**
 * The axes of advance with Tula contained, not stormed (a plan of search.ts): Panzer Group
 * 2 up the Orel-Tula road only as far as Plavsk and Yefremov (the points next to Tula from
 * the south, where Guderian's corps stood in November [8]), then on Moscow like a unit with
 * no axis; the 2nd Army by Bryansk on Aleksin (Tula's road to Kaluga). Tula is entered only
 * at the fortified margin (`fortifiedMargin`).
 */
export const TULA_CONTAINED: Readonly<Record<string, readonly string[]>> = {
  ...AXIS_OBJECTIVES,
  'xxiv-pz': ['orel', 'mtsensk', 'plavsk'],
  gd: ['orel', 'mtsensk', 'plavsk'],
  glukhov: ['orel', 'mtsensk', 'plavsk'],
  shostka: ['orel', 'yelets', 'yefremov'],
  putivl: ['orel', 'yelets', 'yefremov'],
};

const distanceCache = new WeakMap<PointMap, Map<string, Int32Array>>();
/**
 * Graph distances (segments) from a set of points, by point index (unreached: 99); the
 * same sources give the same array (read only): the enemy's points and the railheads
 * change seldom within a player-turn, and a search asks again for every action.
 */
function distances(map: PointMap, sources: readonly number[]): Int32Array {
  let cache = distanceCache.get(map);
  if (!cache) {
    cache = new Map();
    distanceCache.set(map, cache);
  }
  const key = [...sources].sort((a, b) => a - b).join(',');
  let d = cache.get(key);
  if (!d) {
    if (cache.size >= 4096) cache.clear();
    d = stepDistances(map.graph, sources, 99).map((x) => (x < 0 ? 99 : x));
    cache.set(key, d);
  }
  return d;
}

const startsCache = new Map<string, string>();
/** Where a unit of the order of battle starts (an axis of advance named by its start point). */
function startOf(unitId: string): string {
  let at = startsCache.get(unitId);
  if (at === undefined) {
    at = typhoon().units.find((u) => u.id === unitId)?.at ?? '';
    startsCache.set(unitId, at);
  }
  return at;
}

const marchCache = new Map<number, Float64Array>();
/**
 * Distances to a point in lines, a line of capacity 1 counting two (C-1.2: one unit a
 * player-turn gets down it), by point index: how far an axis of advance really is.
 */
export function marchDistances(map: PointMap, target: number): Float64Array {
  let d = marchCache.get(target);
  if (d) return d;
  const g = map.graph;
  d = new Float64Array(g.nodeCount).fill(99);
  const done = new Uint8Array(g.nodeCount);
  d[target] = 0;
  for (;;) {
    let p = -1;
    for (let i = 0; i < g.nodeCount; i++) if (!done[i] && (p < 0 || d[i]! < d[p]!)) p = i;
    if (p < 0 || d[p]! >= 99) break;
    done[p] = 1;
    for (let s = g.offsets[p]!; s < g.offsets[p + 1]!; s++) {
      const q = g.targets[s]!;
      const cost = map.capacity[g.edges[s]!]! <= 1 ? 2 : 1;
      if (d[p]! + cost < d[q]!) d[q] = d[p]! + cost;
    }
  }
  marchCache.set(target, d);
  return d;
}

/** The rules of thumb for a plan's parameters: a pure function of the side's view. */
export function campaignPolicy(
  params: PolicyParams = DEFAULT_PARAMS,
): <G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string) => Action {
  return (rules, state, side) => {
    const legal = legalActions(rules, state, side).filter((a) => a.type !== UNDO.type) as CampaignAction[];
    if (legal.length === 0) throw new Error(`campaign AI: nothing to do for ${side}`);
    const g = rules.view(state.state, side) as CampaignState;
    const me = side as Side;
    if (g.battle) return battleChoice(g.battle, me, legal as BattleAction[], g);
    const scored = new Planner(g, me, legal, params).scoreAll();
    const best = bestOf(scored);
    return best.action;
  };
}

/**
 * The action the rules of thumb take among the scored ones: the best, the first of equals
 * in the canonical order; but a step ends when nothing left scores above zero, so an action
 * worth nothing is not taken over the step's end (rules /4 took it when it came first: a
 * unit drifted to a point worth no more than its own, XLI Corps on to Mozhaisk).
 */
export function bestOf(scored: readonly Scored[]): Scored {
  let best: Scored | null = null;
  for (const s of scored) if (!best || s.score > best.score) best = s;
  if (!best) throw new Error('campaign AI: nothing scored');
  if (best.score <= 0) return scored.find((s) => ENDS.has(s.action.type)) ?? best;
  return best;
}

/* ----------------------------------------------------------------------------- */
/* Battles                                                                          */

function battleChoice(
  b: BattleState,
  me: Side,
  legal: readonly BattleAction[],
  g: CampaignState,
): BattleAction {
  const first = legal[0]!;
  const role: Role = sideOf(b, 'attacker') === me ? 'attacker' : 'defender';
  switch (first.type) {
    case 'absorb': {
      // Losses on a unit that can carry them, already dispersed first, the weakest fire first.
      const units = absorbers(b, role);
      let best = units[0]!;
      let key: number[] | null = null;
      for (const u of units) {
        const k = [u.losses + 1 > lossLimit(u) ? 1 : 0, u.dispersed ? 0 : 1, u.fire, -u.losses];
        if (!key || lessThan(k, key)) {
          key = k;
          best = u;
        }
      }
      return { type: 'absorb', unit: best.id };
    }
    case 'continue':
    case 'retreat': {
      const mine = firingValue(b, role);
      const theirs = firingValue(b, role === 'attacker' ? 'defender' : 'attacker');
      if (role === 'attacker')
        return mine > 0 && mine >= 0.8 * theirs && canInflict(b, 'attacker', FIRE_TABLE) && b.round < 30
          ? { type: 'continue' }
          : { type: 'retreat' };
      // The defender holds victory points and any ground while its ground units can still
      // fire: Soviet air's one (A.3) does not keep a lost defence going, for defenders
      // destroyed take their air with them (P-9).
      const vp = typhoon().scenario.victoryPoints[b.point] ?? 0;
      const moscow = b.point === typhoon().scenario.suddenDeath;
      const groundFire = b.units.some(
        (u) => u.role === role && u.status === 'fighting' && u.unitClass !== 'air' && !u.dispersed,
      );
      if (moscow || (mine > 0 && groundFire) || (vp > 0 && me === 'soviet' && g.turn < 8))
        return { type: 'continue' };
      return theirs > 0 ? { type: 'retreat' } : { type: 'continue' };
    }
    case 'advance':
      return legal.reduce((a, x) =>
        (x as { air: string[] }).air.length > (a as { air: string[] }).air.length ? x : a,
      );
    case 'retreat-to': {
      // The first unit offered; own points first (the list has priority a before b); among
      // them, not into another battle (B.4c: it survives only if that point holds), then to
      // where the most of its side's undispersed strength stands: the army falls back on its
      // friends rather than into an empty point on the enemy's road.
      const unit = (first as { unit: string }).unit;
      const mine = legal.filter((a) => a.type === 'retreat-to' && a.unit === unit) as {
        type: 'retreat-to';
        unit: string;
        to: string;
      }[];
      const strength = (p: string) =>
        g.units
          .filter(
            (u) => u.side === me && u.place === 'map' && u.at === p && u.unitClass !== 'air' && !u.dispersed,
          )
          .reduce((t, u) => t + u.value, 0);
      const key = (p: string) => [g.attacks.includes(p) ? 1 : 0, -strength(p)];
      let best = mine[0]!;
      for (const a of mine) if (lessThan(key(a.to), key(best.to))) best = a;
      return best;
    }
    default:
      return first;
  }
}

function lessThan(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/* ----------------------------------------------------------------------------- */
/* The campaign                                                                     */

class Planner {
  private readonly map = typhoon().map;
  private readonly vp = typhoon().scenario.victoryPoints;
  private readonly moscow = typhoon().scenario.suddenDeath;
  private readonly index = new Map(this.map.pointIds.map((p, i) => [p, i]));
  private readonly enemy: Side;
  /** Undispersed strength of the enemy's ground units at each point, and any strength at all. */
  private readonly enemyFire = new Map<string, number>();
  private readonly enemyValue = new Map<string, number>();
  private readonly mineAt = new Map<string, number>();
  private readonly distEnemy: Int32Array;
  private readonly distRail: Int32Array;
  /** Strength attacking each point already, and able to reach it still through the lines' capacity left. */
  private readonly committed = new Map<string, number>();
  private readonly reachable = new Map<string, number>();
  /** Axis: the ways out of each Soviet-held point (neighbours with no Axis ground unit; B.4a). */
  private readonly exits = new Map<string, number>();
  /** Soviet: the garrison Moscow wants (moscowGuard of the Axis strength near it) and has. */
  private readonly moscowNeed: number = 0;
  private readonly moscowHeld: number = 0;
  /**
   * The garrison each point wants and has: Soviet, each city of 3 victory points or more
   * (cityGuard); Axis, each point of victory points it holds (axisGuard, a plan's).
   */
  private readonly cityNeed = new Map<string, number>();
  private readonly cityHeld = new Map<string, number>();

  constructor(
    private readonly g: CampaignState,
    private readonly me: Side,
    private readonly legal: readonly CampaignAction[],
    private readonly params: PolicyParams,
  ) {
    this.enemy = other(me);
    for (const u of g.units) {
      if (u.place !== 'map' || u.unitClass === 'air') continue;
      if (u.side === this.enemy && u.from === null) {
        this.enemyValue.set(u.at, (this.enemyValue.get(u.at) ?? 0) + u.value);
        this.enemyFire.set(u.at, (this.enemyFire.get(u.at) ?? 0) + (u.dispersed ? 0 : u.value));
      }
      if (u.side === me && u.from === null) this.mineAt.set(u.at, (this.mineAt.get(u.at) ?? 0) + 1);
      if (u.side === me && u.from !== null)
        this.committed.set(u.at, (this.committed.get(u.at) ?? 0) + (u.dispersed ? 0 : u.value));
    }
    this.distEnemy = distances(
      this.map,
      [...this.enemyValue.keys()].map((p) => this.ix(p)),
    );
    if (me === 'soviet' && params.moscowGuard > 0) {
      this.moscowNeed = params.moscowGuard * this.threatTo(this.moscow);
      this.moscowHeld = this.garrison(this.moscow);
    }
    if (me === 'soviet' && params.cityGuard > 0)
      for (const [p, vp] of Object.entries(this.vp))
        if (vp >= 3 && g.control[p] === 'soviet') {
          this.cityNeed.set(p, params.cityGuard * this.threatTo(p, 3));
          this.cityHeld.set(p, this.garrison(p));
        }
    // The Axis garrisons (axisGuard): every point of victory points it holds, against the
    // Soviet strength near it (RULINGS P-15: a point won back scores for the Soviets).
    if (me === 'axis' && params.axisGuard > 0)
      for (const p of Object.keys(this.vp))
        if (g.control[p] === 'axis') {
          const need = params.axisGuard * this.threatTo(p, 2, 'soviet');
          if (need > 0) {
            this.cityNeed.set(p, need);
            this.cityHeld.set(p, this.garrison(p));
          }
        }
    this.distRail = distances(
      this.map,
      g.railheads.map((p) => this.ix(p)),
    );
    const graph = this.map.graph;
    // The strongest units that can attack a point, as many as the capacity left on its lines
    // from points the enemy does not hold lets through (C-1.2).
    const candidates = new Map<string, CampaignUnit[]>();
    for (const a of legal)
      if ((a.type === 'move' || a.type === 'breakthrough') && this.enemyValue.has(a.to)) {
        const list = candidates.get(a.to) ?? [];
        list.push(this.unit(a.unit));
        candidates.set(a.to, list);
      }
    for (const [p, units] of candidates) {
      const i = this.ix(p);
      let room = 0;
      for (let s = graph.offsets[i]!; s < graph.offsets[i + 1]!; s++) {
        const line = graph.edges[s]!;
        if (this.enemyValue.has(this.map.pointIds[graph.targets[s]!]!)) continue;
        room += Math.max(0, capacityHalves(this.map, line, g.weather) - (g.used[line] ?? 0));
      }
      let strength = 0;
      for (const u of [...units].sort((a, b) => b.value - a.value)) {
        const halves = retreatHalves(u);
        if (params.capacityAware && halves > room) continue;
        room -= halves;
        strength += u.value;
      }
      this.reachable.set(p, strength);
    }
    if (me === 'axis') {
      const axisGround = new Set<string>();
      for (const u of g.units)
        if (u.place === 'map' && u.unitClass !== 'air' && u.side === 'axis' && u.from === null)
          axisGround.add(u.at);
      for (const p of this.enemyValue.keys()) {
        const i = this.ix(p);
        let n = 0;
        for (let s = graph.offsets[i]!; s < graph.offsets[i + 1]!; s++)
          if (!axisGround.has(this.map.pointIds[graph.targets[s]!]!)) n++;
        this.exits.set(p, n);
      }
    }
  }

  /** The ground strength of `by` (the Axis unless said) next to `p`, and half of that two (up to `reach`) lines off. */
  private threatTo(p: string, reach = 2, by: Side = 'axis'): number {
    const near = distances(this.map, [this.ix(p)]);
    let threat = 0;
    for (const u of this.g.units)
      if (u.place === 'map' && u.unitClass !== 'air' && u.side === by && near[this.ix(u.at)]! <= reach)
        threat += near[this.ix(u.at)]! <= 1 ? u.value : u.value / 2;
    return threat;
  }

  /** The value of the side's ground units standing (not attacking) at `p`. */
  private garrison(p: string): number {
    let held = 0;
    for (const u of this.g.units)
      if (u.place === 'map' && u.unitClass !== 'air' && u.side === this.me && u.at === p && u.from === null)
        held += u.value;
    return held;
  }

  private unit(id: string): CampaignUnit {
    let u = this.units.get(id);
    if (!u) {
      u = this.g.units.find((x) => x.id === id)!;
      this.units.set(id, u);
    }
    return u;
  }
  private readonly units = new Map<string, CampaignUnit>();

  private ix(p: string): number {
    return this.index.get(p)!;
  }

  /** Air units of a side within 3 segments of a point, not yet used this player-turn (C-5.1). */
  private airNear(side: Side, p: string): number {
    const d = this.distanceTo(p);
    return this.g.units.filter(
      (u) =>
        u.unitClass === 'air' &&
        u.side === side &&
        u.place === 'map' &&
        !this.g.airUsed.includes(u.id) &&
        d[this.ix(u.at)]! <= 3,
    ).length;
  }

  /** Whether the strength that can attack `p` beats its defence by the side's margin. */
  private attackPays(p: string, extra: number, breakthrough: boolean): boolean {
    const defence = this.enemyFire.get(p) ?? 0;
    if (defence === 0) return true;
    // German air is shared among the battles declared near it (C-5.1: one battle each).
    const d = this.distanceTo(p);
    const others = this.g.attacks.filter((q) => q !== p && d[this.ix(q)]! <= 6).length;
    const germanAir = breakthrough
      ? 0
      : Math.floor(this.airNear('axis', p) / (this.me === 'axis' ? 1 + this.params.airShare * others : 1));
    // Soviet air near the point: one at a battle (C-5.1: each air unit to one battle; the
    // rules of thumb stack a second only at victory points), adding one to the fire (A.3).
    const sovietAir = breakthrough ? 0 : Math.min(1, this.airNear('soviet', p));
    const strength = (this.committed.get(p) ?? 0) + Math.max(extra, this.reachable.get(p) ?? 0);
    // A breakthrough combat has no air committed and no retreat into a point under attack
    // (C-6.2, B.4c): it is fought only at long odds.
    const long = (m: number) => (breakthrough ? Math.max(m, 2) : m);
    if (this.me === 'axis') {
      const mult = 1 + Math.min(germanAir, 4);
      // C-8: a fortified point, stormed only at the plan's fortified margin.
      const fort = this.g.fortified.includes(p) ? this.params.fortifiedMargin : 1;
      return strength * mult >= long(this.params.axisMargin * fort) * (defence + sovietAir) + 1;
    }
    const defMult = 1 + Math.min(germanAir, 4);
    return strength + sovietAir >= long(this.params.sovietMargin) * defence * defMult + 1;
  }

  /**
   * Where an Axis unit makes for (the plan's axes): the points of its axis not held yet, in
   * order, else Moscow; and how far each point is from the end of that route, in lines (a
   * line of capacity 1 counting two): the least, over the route's points still to take, of
   * the way to that point and the route on from it, and a line for each point of the route
   * it would pass by: a unit may so join its route further on, not cut across to its end.
   */
  private objectiveOf(unitId: string): { route: Float64Array; pull: number; axis: boolean } {
    let o = this.objectives.get(unitId);
    if (o) return o;
    const start = startOf(unitId);
    const axis = this.params.axes[unitId] ?? this.params.axes[start] ?? [];
    const first = axis.findIndex((p) => this.g.control[p] !== 'axis');
    if (first < 0)
      o = {
        route: marchDistances(this.map, this.ix(this.moscow)),
        pull: this.params.moscowPull,
        axis: false,
      };
    else {
      const legs = axis.slice(first).map((p) => marchDistances(this.map, this.ix(p)));
      const route = new Float64Array(this.map.graph.nodeCount).fill(99);
      let rest = 0;
      for (let j = legs.length - 1; j >= 0; j--) {
        const d = legs[j]!;
        // Joining the route further on, past points still to take, costs a line each.
        for (let p = 0; p < route.length; p++) route[p] = Math.min(route[p]!, d[p]! + rest + j);
        if (j > 0) rest += d[this.ix(axis[first + j - 1]!)]!;
      }
      o = { route, pull: this.params.axisPull, axis: true };
    }
    this.objectives.set(unitId, o);
    return o;
  }
  private readonly objectives = new Map<string, { route: Float64Array; pull: number; axis: boolean }>();

  /** Axis: whether going from `from` to `to` brings a unit with an axis no nearer the end of its route. */
  private offAxis(unitId: string, from: string, to: string): boolean {
    if (this.me !== 'axis') return false;
    const { route, axis } = this.objectiveOf(unitId);
    return axis && route[this.ix(to)]! >= route[this.ix(from)]!;
  }

  private readonly distTo = new Map<string, Int32Array>();
  private distanceTo(p: string): Int32Array {
    let d = this.distTo.get(p);
    if (!d) {
      d = distances(this.map, [this.ix(p)]);
      this.distTo.set(p, d);
    }
    return d;
  }

  /** Axis: what an attack gains a unit with an axis: twice its pull a line nearer its route's end, and 10 on a point of its axis. */
  private axisGain(unitId: string, from: string, to: string): number {
    if (this.me !== 'axis') return 0;
    const { route, pull, axis } = this.objectiveOf(unitId);
    if (!axis) return 0;
    const start = startOf(unitId);
    const named = (this.params.axes[unitId] ?? this.params.axes[start] ?? []).includes(to);
    return 2 * pull * Math.max(0, route[this.ix(from)]! - route[this.ix(to)]!) + (named ? 10 : 0);
  }

  /** Axis: what a unit with an axis of advance loses by going from `from` to `to` off it (its pull a line further from its objective). */
  private offAxisCost(unitId: string, from: string, to: string): number {
    if (this.me !== 'axis') return 0;
    const { route, pull, axis } = this.objectiveOf(unitId);
    if (!axis) return 0;
    return Math.max(0, pull * this.params.attackOffAxis * (route[this.ix(to)]! - route[this.ix(from)]!));
  }

  /**
   * Axis: what the last Axis unit leaving `p` costs the pockets around it: each Soviet-held
   * neighbour gains a way out (B.4a: an empty enemy point is one), the more costly the fewer it had.
   */
  private pocketOpened(p: string): number {
    if (this.me !== 'axis' || (this.mineAt.get(p) ?? 0) > 1) return 0;
    const graph = this.map.graph;
    const i = this.ix(p);
    let v = 0;
    for (let s = graph.offsets[i]!; s < graph.offsets[i + 1]!; s++) {
      const q = this.map.pointIds[graph.targets[s]!]!;
      const value = this.enemyValue.get(q);
      if (value !== undefined) v += (this.params.pocket * value) / ((this.exits.get(q) ?? 0) + 1);
    }
    return v;
  }

  /** Axis: what standing at empty `p` adds to closing the pockets around it (B.4a). */
  private pocketValue(p: string): number {
    if (this.me !== 'axis' || this.mineAt.has(p) || this.enemyValue.has(p)) return 0;
    const graph = this.map.graph;
    const i = this.ix(p);
    let v = 0;
    for (let s = graph.offsets[i]!; s < graph.offsets[i + 1]!; s++) {
      const q = this.map.pointIds[graph.targets[s]!]!;
      const value = this.enemyValue.get(q);
      if (value === undefined) continue;
      v += (this.params.pocket * value) / Math.max(1, this.exits.get(q) ?? 1);
    }
    return v;
  }

  /** Axis: what a unit attacking out of `from` costs the garrison it leaves short there (axisGuard). */
  private garrisonLeft(unitId: string, from: string): number {
    if (this.me !== 'axis') return 0;
    const need = this.cityNeed.get(from);
    if (need === undefined || (this.cityHeld.get(from) ?? 0) - this.unit(unitId).value >= need) return 0;
    return 14 * Math.max(this.vp[from] ?? 0, 1);
  }

  /** What standing at `p` is worth to the side (victory points, Moscow, supply, its axis). */
  private placeValue(p: string, leaving: string | null, unitId: string | null = null): number {
    const i = this.ix(p);
    let v = 0;
    const vp = this.vp[p] ?? 0;
    if (this.me === 'axis') {
      const {
        route: toGoal,
        pull,
        axis,
      } = unitId === null
        ? { route: marchDistances(this.map, this.ix(this.moscow)), pull: 2, axis: false }
        : this.objectiveOf(unitId);
      v -= pull * toGoal[i]!;
      if (this.distRail[i]! > 4) v -= this.params.supplyPenalty * (this.distRail[i]! - 4);
      // A point taken off the unit's axis (not nearer its objective than where it stands) is worth less to it.
      // A point taken that takes the unit no nearer its route's end is worth less to it, one
      // that takes it further away nothing.
      const from = leaving === null ? 0 : toGoal[this.ix(leaving)]!;
      const share =
        !axis || leaving === null || toGoal[i]! < from ? 1 : toGoal[i]! > from ? 0 : this.params.offAxis;
      if (this.g.control[p] === 'soviet') v += share * (6 + 12 * vp);
      if (leaving !== null) v += this.pocketValue(p) - this.pocketOpened(leaving);
      // A garrison short of its need (axisGuard) wants a unit.
      const need = this.cityNeed.get(p) ?? 0;
      const held = this.cityHeld.get(p) ?? 0;
      if (held < need) v += Math.min(40, 4 * (need - held));
    } else {
      if (this.g.control[p] === 'axis') v += 6 + 12 * vp;
      // Fill a threatened victory point held by no one of ours; Moscow whenever it is empty.
      if (vp > 0 && !this.mineAt.has(p) && this.distEnemy[i]! <= 2) v += 10 * vp;
      if (p === this.moscow && !this.mineAt.has(p)) v += 30;
      // Moscow's garrison against the Axis strength near it (C-13.1): a unit is wanted there
      // while the garrison is short, and is not to leave it short.
      else if (p === this.moscow && this.moscowHeld < this.moscowNeed)
        v += Math.min(40, 4 * (this.moscowNeed - this.moscowHeld));
      // The same for Tula (cityGuard): a unit is wanted there while its garrison is short.
      const need = this.cityNeed.get(p) ?? 0;
      const held = this.cityHeld.get(p) ?? 0;
      if (held < need) v += Math.min(40, 4 * (need - held));
      v -= this.params.sovietForward * Math.min(this.distEnemy[i]!, 6);
    }
    if (leaving !== null) {
      const here = this.vp[leaving] ?? 0;
      const alone = (this.mineAt.get(leaving) ?? 0) <= 1;
      const near = this.distEnemy[this.ix(leaving)]!;
      if (alone && leaving === this.moscow && this.me === 'soviet') v -= 100;
      else if (leaving === this.moscow && this.me === 'soviet' && unitId !== null) {
        const value = this.unit(unitId).value;
        if (this.moscowHeld - value < this.moscowNeed) v -= 40;
      } else if (
        unitId !== null &&
        this.cityNeed.has(leaving) &&
        (this.cityHeld.get(leaving) ?? 0) - this.unit(unitId).value < this.cityNeed.get(leaving)!
      )
        v -= 14 * Math.max(here, 1);
      else if (alone && (here > 0 || leaving === this.moscow) && near <= 3) v -= 14 * Math.max(here, 1);
      // The Axis holds its supply sources and railheads the enemy is near (C-7.1).
      else if (alone && this.me === 'axis' && near <= 2 && this.g.railheads.includes(leaving)) v -= 14;
    }
    return v;
  }

  private stayValue(p: string, unitId: string | null = null): number {
    return this.placeValue(p, null, unitId);
  }

  /**
   * What one more air unit is worth at the battle at `p` (C-5.1): German air multiplies the
   * Axis units there (A.4), so its worth is what it adds to the odds, which stop counting
   * past 4 to 1 (a battle already won needs no more); Soviet air adds one to the fire and
   * takes away the simultaneous combat of B.1a, so the first at a battle counts most.
   */
  private airWorth(p: string): number {
    const g = this.g;
    const vp = 5 * (this.vp[p] ?? 0);
    const mineThere = g.airCommitted.filter((c) => c.at === p && this.unit(c.unit).side === this.me).length;
    const ground = (side: Side) =>
      g.units
        .filter(
          (u) => u.side === side && u.place === 'map' && u.at === p && u.unitClass !== 'air' && !u.dispersed,
        )
        .reduce((t, u) => t + u.value, 0);
    if (this.me === 'axis') {
      const axis = ground('axis');
      const soviet = Math.max(1, ground('soviet'));
      const odds = (k: number) => Math.min(4, (axis * (1 + k)) / soviet);
      return 25 + vp + 10 * (odds(mineThere + 1) - odds(mineThere));
    }
    const own = g.player === 'soviet' ? (this.committed.get(p) ?? 0) : ground('soviet');
    // Moscow is the game (C-13.1): every air unit defends it, against any odds.
    if (g.player === 'axis' && p === this.moscow) return 40 - mineThere;
    if (g.player === 'axis' && this.params.sovietAirOdds > 0) {
      // Defending: not where the attack overwhelms the defence. Defenders destroyed take the
      // air unit with them (P-9: it may not defend alone, A.3), and German air over the
      // point rolls against it (A.1).
      const germanAir = g.airCommitted.filter((c) => c.at === p && this.unit(c.unit).side === 'axis').length;
      const attack =
        g.units
          .filter(
            (u) => u.side === 'axis' && u.place === 'map' && u.at === p && u.from !== null && !u.dispersed,
          )
          .reduce((t, u) => t + u.value, 0) *
        (1 + Math.min(germanAir, 4));
      if (attack > this.params.sovietAirOdds * (own + mineThere + 1)) return -1;
    }
    // A second air unit at a battle adds one to the fire (A.3) but puts both on a higher
    // column of flak (A.1b): stacked only where victory points are.
    if (mineThere > 0) return vp + Math.min(own, 10) - 12 * mineThere;
    return 25 + vp + Math.min(own, 10);
  }

  scoreAll(): Scored[] {
    const g = this.g;
    const unit = (id: string) => this.unit(id);
    const out: Scored[] = [];
    for (const a of this.legal) {
      let score = 0;
      switch (a.type) {
        case 'place-partisan': {
          // Behind the Axis units, near the railheads its supply runs from.
          score = 10 - this.distRail[this.ix(a.at)]!;
          break;
        }
        case 'move':
        case 'breakthrough': {
          const u = unit(a.unit);
          const breakthrough = a.type === 'breakthrough';
          if (this.enemyValue.has(a.to)) {
            // A pocket closed (no way out left, B.4a) is worth more.
            const closed = this.me === 'axis' && this.exits.get(a.to) === 0;
            // An attack that takes a unit no nearer the end of its axis is worth less to it; one
            // along it is worth its pull for each line it gains, more on a point the axis names.
            const worth = this.offAxis(u.id, u.at, a.to) ? (breakthrough ? 0 : this.params.offAxisAttack) : 1;
            score = this.attackPays(a.to, u.value, breakthrough)
              ? worth * (40 + 10 * (this.vp[a.to] ?? 0) + u.value) +
                this.axisGain(u.id, u.at, a.to) +
                (closed ? 5 * this.params.pocket : 0) -
                this.offAxisCost(u.id, u.at, a.to) -
                3 * this.pocketOpened(u.at) -
                this.garrisonLeft(u.id, u.at)
              : -50;
          } else {
            score = this.placeValue(a.to, u.at, u.id) - this.stayValue(u.at, u.id);
          }
          break;
        }
        case 'rebase': {
          // Air within reach of the front (3 segments, C-5.1), not on it.
          const u = unit(a.unit);
          const from = this.distEnemy[this.ix(u.at)]!;
          const to = this.distEnemy[this.ix(a.to)]!;
          score = from <= 3 || to < 1 ? -1 : 3 * (from - to);
          break;
        }
        case 'rail': {
          const u = unit(a.unit);
          score = this.placeValue(a.to, u.at, u.id) - this.stayValue(u.at, u.id) - 3;
          break;
        }
        case 'commit-air': {
          score = this.airWorth(a.at);
          break;
        }
        case 'breakthrough-air':
          score = this.enemyValue.has(a.to) ? 30 : -1;
          break;
        case 'entrain': {
          const f = g.factories.find((x) => x.id === a.factory)!;
          score = this.distEnemy[this.ix(f.at)]! <= 2 ? 35 : -1;
          break;
        }
        case 'factory-move': {
          const f = g.factories.find((x) => x.id === a.factory)!;
          const east = distances(
            this.map,
            evacuationPoints().map((p) => this.ix(p)),
          );
          score = 30 + 5 * (east[this.ix(f.at)]! - east[this.ix(a.to)]!);
          break;
        }
        case 'rebuild':
          score = 50 + unit(a.unit).value;
          break;
        case 'repair':
          score = 45 + unit(a.unit).value;
          break;
        case 'fight':
          score = 1 + (this.vp[a.at] ?? 0);
          break;
        case 'fortify':
          score = 20 + (this.vp[a.at] ?? 0);
          break;
        case 'end-movement':
        case 'end-air':
        case 'end-breakthrough':
        case 'end-turn':
          score = 0;
          break;
        default:
          score = 0;
      }
      out.push({ action: a, score });
    }
    return out;
  }
}
