/**
 * A heuristic player of the Typhoon campaign (campaign.ts): rules of thumb over its own
 * side's view, no search. Each call scores every legal action and takes the best; a step
 * ends when nothing left scores above zero.
 *
 *  - movement (C-4, C-4.2): attack a point only when the strength that is attacking it or
 *    can still reach it beats its defence by a margin (German air within 3 segments
 *    counted as A.4 multiplies, C-5.1); take empty enemy points, the victory points
 *    (C-13.2) first; hold the victory points it has; the Axis drives along the axes of
 *    1941 (Kalinin then Klin, Orel then Tula: AXIS_OBJECTIVES) and on Moscow, and keeps
 *    within reach of its railheads (C-7.1); the Soviets fill threatened victory points and
 *    retake lost ones;
 *  - air (C-5.1, C-5.3): bases moved to within 3 segments of the enemy; every air unit to a battle in range, the attacker's where the defence is
 *    strongest, the defender's where its units and victory points are;
 *  - factories (C-9): the Soviets entrain a factory the Axis comes within 2 segments of
 *    and run it east; replacement points rebuild and repair at once;
 *  - partisans (C-10): behind the Axis units, on the lines to its railheads;
 *  - breakthrough (C-6): onto empty enemy points or dispersed defenders, German air with
 *    a group that attacks;
 *  - fortifications (C-8): every point it may;
 *  - battles (A, B): losses on units already dispersed that can carry them, never
 *    destroying a unit while another can take the loss; the attacker fights on while its
 *    fire holds against the defender's, the defender holds victory points and its ground.
 */
import {
  type Action,
  type GameRules,
  type GameState,
  legalActions,
  type Player,
  type PointMap,
  type Seed,
  stepDistances,
  UNDO,
} from '@stavka/engine';
import { absorbers, type BattleAction, canInflict, firingValue, sideOf } from '../battle.ts';
import type { BattleState } from '../battle-scenario.ts';
import { type CampaignAction, type CampaignState, evacuationPoints, typhoon } from '../campaign.ts';
import { FIRE_TABLE } from '../combat.ts';
import { lossLimit, other, type Role, type Side } from '../forces.ts';

type Scored = { action: CampaignAction; score: number };

/**
 * The Axis's axes of advance of 1941 (research 3.2, 5.1), by the point a unit starts at:
 * Panzer Group 3 and the 9th Army from Dukhovshchina on Kalinin, then Klin (14 Oct,
 * 23 Nov); Panzer Group 2 from Glukhov, Shostka and Putivl' on Orel, then Tula (3 Oct,
 * 29 Oct); everyone else on Moscow. A unit makes for the first point of its axis the Axis
 * does not hold yet, then for Moscow.
 */
export const AXIS_OBJECTIVES: Readonly<Record<string, readonly string[]>> = {
  dukhovshchina: ['kalinin', 'klin'],
  glukhov: ['orel', 'tula'],
  shostka: ['orel', 'tula'],
  putivl: ['orel', 'tula'],
};

/** Graph distances (segments) from a set of points, by point index (unreached: 99). */
function distances(map: PointMap, sources: readonly number[]): Int32Array {
  return stepDistances(map.graph, sources, 99).map((d) => (d < 0 ? 99 : d));
}

export class CampaignAiPlayer implements Player {
  readonly name = 'campaign-ai';
  constructor(readonly seed: Seed = 0) {}

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    const legal = legalActions(rules, state, side).filter((a) => a.type !== UNDO.type) as CampaignAction[];
    if (legal.length === 0) throw new Error(`campaign AI: nothing to do for ${side}`);
    const g = rules.view(state.state, side) as CampaignState;
    const me = side as Side;
    if (g.battle) return battleChoice(g.battle, me, legal as BattleAction[], g);
    const scored = new Planner(g, me, legal).scoreAll();
    let best: Scored | null = null;
    for (const s of scored) if (!best || s.score > best.score) best = s;
    return best!.action;
  }
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
      // The defender holds victory points and any ground while it can still fire.
      const vp = typhoon().scenario.victoryPoints[b.point] ?? 0;
      const moscow = b.point === typhoon().scenario.suddenDeath;
      if (moscow || mine > 0 || (vp > 0 && me === 'soviet' && g.turn < 8)) return { type: 'continue' };
      return theirs > 0 ? { type: 'retreat' } : { type: 'continue' };
    }
    case 'advance':
      return legal.reduce((a, x) =>
        (x as { air: string[] }).air.length > (a as { air: string[] }).air.length ? x : a,
      );
    case 'retreat-to': {
      // Own points first (the offered list has priority a before b); the heaviest unit first.
      return first;
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
  private readonly index = new Map(this.map.pointIds.map((p, i) => [p, i]));
  private readonly enemy: Side;
  /** Undispersed strength of the enemy's ground units at each point, and any strength at all. */
  private readonly enemyFire = new Map<string, number>();
  private readonly enemyAt = new Set<string>();
  private readonly mineAt = new Map<string, number>();
  private readonly distEnemy: Int32Array;
  private readonly distRail: Int32Array;
  /** Strength attacking each point already, and able to reach it still. */
  private readonly committed = new Map<string, number>();
  private readonly reachable = new Map<string, number>();

  constructor(
    private readonly g: CampaignState,
    private readonly me: Side,
    private readonly legal: readonly CampaignAction[],
  ) {
    this.enemy = other(me);
    for (const u of g.units) {
      if (u.place !== 'map' || u.unitClass === 'air') continue;
      if (u.side === this.enemy && u.from === null) {
        this.enemyAt.add(u.at);
        this.enemyFire.set(u.at, (this.enemyFire.get(u.at) ?? 0) + (u.dispersed ? 0 : u.value));
      }
      if (u.side === me && u.from === null) this.mineAt.set(u.at, (this.mineAt.get(u.at) ?? 0) + 1);
      if (u.side === me && u.from !== null)
        this.committed.set(u.at, (this.committed.get(u.at) ?? 0) + (u.dispersed ? 0 : u.value));
    }
    const ix = (p: string) => this.index.get(p)!;
    this.distEnemy = distances(this.map, [...this.enemyAt].map(ix));
    this.distRail = distances(this.map, g.railheads.map(ix));
    const unit = (id: string) => g.units.find((u) => u.id === id)!;
    for (const a of legal)
      if ((a.type === 'move' || a.type === 'breakthrough') && this.enemyAt.has(a.to)) {
        const u = unit(a.unit);
        this.reachable.set(a.to, (this.reachable.get(a.to) ?? 0) + u.value);
      }
  }

  private ix(p: string): number {
    return this.index.get(p)!;
  }

  /** Air units of a side within 3 segments of a point, not yet used this player-turn (C-5.1). */
  private airNear(side: Side, p: string): number {
    const d = distances(this.map, [this.ix(p)]);
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
    const germanAir = breakthrough ? 0 : this.airNear('axis', p);
    const sovietAir = breakthrough ? 0 : this.airNear('soviet', p);
    const strength =
      (this.committed.get(p) ?? 0) + (breakthrough ? extra : Math.max(extra, this.reachable.get(p) ?? 0));
    if (this.me === 'axis') {
      const mult = 1 + Math.min(germanAir, 4);
      return strength * mult >= 1.3 * (defence + sovietAir) + 1;
    }
    const defMult = 1 + Math.min(germanAir, 4);
    return strength + sovietAir >= 1.5 * defence * defMult + 1;
  }

  /** What standing at `p` is worth to the side (victory points, Moscow, supply). */
  /** Where an Axis unit makes for (AXIS_OBJECTIVES): the first point of its axis not held, else Moscow. */
  private objectiveOf(unitId: string): string {
    const start = typhoon().units.find((u) => u.id === unitId)?.at ?? '';
    const axis = AXIS_OBJECTIVES[start] ?? [];
    return axis.find((p) => this.g.control[p] !== 'axis') ?? typhoon().scenario.suddenDeath;
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

  private placeValue(p: string, leaving: string | null, unitId: string | null = null): number {
    const i = this.ix(p);
    let v = 0;
    const vp = this.vp[p] ?? 0;
    if (this.me === 'axis') {
      const goal = unitId === null ? typhoon().scenario.suddenDeath : this.objectiveOf(unitId);
      v -= 2 * this.distanceTo(goal)[i]!;
      if (this.distRail[i]! > 4) v -= 6 * (this.distRail[i]! - 4);
      if (this.g.control[p] === 'soviet') v += 6 + 12 * vp;
    } else {
      if (this.g.control[p] === 'axis') v += 6 + 12 * vp;
      // Fill a threatened victory point held by no one of ours.
      if (vp > 0 && !this.mineAt.has(p) && this.distEnemy[i]! <= 2) v += 10 * vp;
      v -= this.distEnemy[i]! <= 1 && !this.enemyAt.has(p) ? 0 : 0.5 * Math.min(this.distEnemy[i]!, 6);
    }
    if (leaving !== null) {
      const here = this.vp[leaving] ?? 0;
      const alone = (this.mineAt.get(leaving) ?? 0) <= 1;
      if (
        alone &&
        (here > 0 || leaving === typhoon().scenario.suddenDeath) &&
        this.distEnemy[this.ix(leaving)]! <= 3
      )
        v -= 14 * Math.max(here, 1);
    }
    return v;
  }

  private stayValue(p: string, unitId: string | null = null): number {
    return this.placeValue(p, null, unitId);
  }

  scoreAll(): Scored[] {
    const g = this.g;
    const unit = (id: string) => g.units.find((u) => u.id === id)!;
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
          if (this.enemyAt.has(a.to)) {
            score = this.attackPays(a.to, u.value, breakthrough)
              ? 40 + 10 * (this.vp[a.to] ?? 0) + u.value
              : -50;
            if (breakthrough && (this.enemyFire.get(a.to) ?? 0) > 0) score = -50;
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
          // Air to every battle in range (C-5.1): attacking, where the defence is strongest;
          // defending, where our units and victory points are.
          const here =
            this.me === g.player
              ? (this.enemyFire.get(a.at) ?? 0)
              : g.units
                  .filter(
                    (u) => u.side === this.me && u.place === 'map' && u.at === a.at && u.unitClass !== 'air',
                  )
                  .reduce((t, u) => t + u.value, 0);
          score = 25 + here + 5 * (this.vp[a.at] ?? 0);
          break;
        }
        case 'breakthrough-air':
          score = this.enemyAt.has(a.to) ? 30 : -1;
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
