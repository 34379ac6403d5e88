/**
 * Air supply for the spearheads and the pockets (barbarossa-1941 "Supply": "An air unit may
 * supply all the otherwise out of supply units in any one hex within its maximum range -
 * subject to interception, of course"; RULINGS B-59; issue #44: "air supply for a pocket or
 * a spearhead"). The rules of thumb of level 1 never fly it: from the third game-turn on
 * the Axis spearheads attack in Limited Supply (a column lower, and Disrupted after the
 * attack, barbarossa-1941 "Supply") while its air units stand idle in most player-turns.
 *
 * `planAirSupply` chooses, in its side's Strategic/Rail Movement step (A.1 / B.1, where
 * the rules offer the mission), the hexes worth an air unit: the side's ground units not
 * in Full supply, weighed by the attack factors that may attack this player-turn (not
 * Disrupted, within `reach` hexes of an enemy ground unit) and half the defense factors of
 * those Isolated next to the enemy (an attack on them is a column higher); the best hexes
 * first, each given one air unit in range (within half range first: beyond it a German
 * mission supplies each unit on a 1-3 only, B-59), keeping `keep` air units for close air
 * support. `AirSupplyPlayer` plays that plan before a player's own "end-step".
 */
import {
  type Action,
  type GameRules,
  type GameState,
  knownState,
  type Player,
  type Seed,
} from '@stavka/engine';
import { beyondHalfRange, withAirSupply } from '../air.ts';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import type { BarbarossaAction } from '../rules.ts';
import type { Side } from '../rules-scenario.ts';
import { attackFactor, type BarbarossaState, defenseFactor } from '../state.ts';
import { boardSupplyDistances, supplyStatuses } from '../supply.ts';
import { isGroundUnit } from '../unit-kinds.ts';

export interface AirSupplyParams {
  /** Air units kept for close air support (not flown on supply). */
  readonly keep: number;
  /** A hex is worth supplying from this value on (attack factors; half a defense factor for the Isolated). */
  readonly least: number;
  /** Units this far from an enemy ground unit, or nearer, may attack this player-turn. */
  readonly reach: number;
}

export const AIR_SUPPLY_DEFAULTS: AirSupplyParams = { keep: 2, least: 6, reach: 2 };

type AirSupplyAction = Extract<BarbarossaAction, { type: 'air-supply' }>;

/** What supplying hex `h` is worth to `side` now (0: nothing). */
function hexWorth(
  board: Board,
  side: Side,
  h: number,
  supply: Readonly<Record<string, string>>,
  enemyHexes: readonly number[],
  reach: number,
): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (const e of enemyHexes) {
    const d = hexDistance(board, h, e);
    if (d < nearest) nearest = d;
    if (nearest <= 1) break;
  }
  if (nearest > reach) return 0;
  let worth = 0;
  for (const id of board.at[h]!) {
    const p = board.g.pieces[id]!;
    const u = board.unit(id);
    if (p.side !== side || !isGroundUnit(u) || supply[id] === 'full') continue;
    if (!p.disrupted) worth += attackFactor(u, p);
    else if (supply[id] === 'isolated' && nearest <= 1) worth += defenseFactor(u, p) / 2;
  }
  return worth;
}

/**
 * The air-supply missions `side` flies now, of `offers` (the missions legal in its own
 * Strategic/Rail Movement step): the most valuable hexes first, one air unit each, `keep`
 * air units left for support. Deterministic: ties go to the lower hex, then the air unit
 * listed first.
 */
export function planAirSupply(
  g: BarbarossaState,
  side: Side,
  offers: readonly AirSupplyAction[],
  params: AirSupplyParams = AIR_SUPPLY_DEFAULTS,
): AirSupplyAction[] {
  if (offers.length === 0 || g.player !== side) return [];
  const flyers = [...new Set(offers.map((a) => a.piece))];
  const spare = flyers.length - params.keep;
  if (spare <= 0) return [];
  const board = new Board(g);
  const supply = withAirSupply(g, supplyStatuses(board, side, boardSupplyDistances(board, side)));
  const enemyGround = board.enemyGroundOf(side);
  const enemyHexes: number[] = [];
  for (let h = 0; h < enemyGround.length; h++) if (enemyGround[h] === 1) enemyHexes.push(h);
  if (enemyHexes.length === 0) return [];
  const targets = [...new Set(offers.map((a) => a.target))]
    .map((h) => ({ h, worth: hexWorth(board, side, h, supply, enemyHexes, params.reach) }))
    .filter((t) => t.worth >= params.least)
    .sort((a, b) => b.worth - a.worth || a.h - b.h);
  const used = new Set<string>();
  const out: AirSupplyAction[] = [];
  for (const t of targets) {
    if (out.length >= spare) break;
    const mine = offers.filter((a) => a.target === t.h && !used.has(a.piece));
    const a = mine.find((x) => !beyondHalfRange(board, x.piece, t.h)) ?? mine[0];
    if (!a) continue;
    used.add(a.piece);
    out.push(a);
  }
  return out;
}

/**
 * A player that flies `planAirSupply`'s missions, then plays as `inner`: in its side's own
 * Strategic/Rail Movement step, when `inner` would end the step, the missions not flown
 * yet (each still legal: an air unit shot down by an interceptor flies no more) go first.
 * It decides from its side's view only (engine `knownState`), as the AI players do.
 */
export class AirSupplyPlayer implements Player {
  readonly name: string;
  private planned = '';
  private queue: AirSupplyAction[] = [];
  constructor(
    private readonly inner: Player,
    private readonly seed: Seed,
    private readonly params: AirSupplyParams = AIR_SUPPLY_DEFAULTS,
    name = inner.name,
  ) {
    this.name = name;
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    const a = this.inner.choose(rules, state, side);
    if (a.type !== 'end-step') return a;
    const known = knownState(rules, state, side, `${String(this.seed)}:air:${state.stateId}`);
    if (!isBarbarossa(rules, known) || (side !== 'axis' && side !== 'soviet')) return a;
    const g = known.state;
    if (g.step !== 'reinforce' || g.player !== side) return a;
    const legal = rules.legalActions(known.state, side);
    const key = `${g.turn}:${g.player}`;
    if (key !== this.planned) {
      this.planned = key;
      this.queue = planAirSupply(g, side, legal.filter(isAirSupply), this.params);
    }
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      const ok = legal.find((x) => isAirSupply(x) && x.piece === next.piece && x.target === next.target);
      if (ok) return ok;
    }
    return a;
  }
}

function isBarbarossa<G>(
  rules: GameRules<G, Action, unknown>,
  _s: GameState<G>,
): _s is GameState<G> & GameState<BarbarossaState> {
  return rules.id === 'barbarossa-1941';
}

function isAirSupply(a: Action): a is AirSupplyAction {
  return a.type === 'air-supply' && typeof a.piece === 'string' && typeof a.target === 'number';
}
