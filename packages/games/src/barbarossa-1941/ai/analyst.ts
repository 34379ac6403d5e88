/**
 * The analyst for Barbarossa 1941 (issue #48), and the search domain it reads with: the
 * AI's rules of thumb (`BarbarossaPolicy`, level 1) as the policy, the hidden Russian
 * pieces and the dice drawn afresh for each rollout from the viewer's view
 * (`determinizeBarbarossa`), and a chance of winning read from the victory cities the
 * Axis holds in supply (barbarossa-1941 "Victory Conditions", RULINGS B-33, B-70). The
 * domain offers no plans (`choices`: none): the analyst plays the policy on from the
 * position to a horizon counted in player-turns (`milestone`) and scores where it ends.
 *
 * What a rollout costs: a Barbarossa player-turn played by the rules of thumb is the
 * dearest rollout of any game (every army's move planned, every combat fought). Measured
 * in Node on this 2-core machine, CPU time, from the standard start: 0.4-1.1 s a rollout
 * at the default horizon of one player-turn (the side to move finishes its player-turn;
 * the first is the slowest, before the movement lists are made), about 1.1 s at two. A
 * useful budget in a browser worker is 2-4 rollouts.
 */
import type { Action, GameAnalyst, GameRules, GameState, SearchDomain } from '@stavka/engine';
import { Board } from '../board.ts';
import { type BarbarossaAction, barbarossaRules } from '../rules.ts';
import { rulesScenarioByKey, type Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { supplyDistances } from '../supply.ts';
import { SUDDEN_DEATH_POINTS, sovietSuddenHeld, victoryTally } from '../victory.ts';
import { determinizeBarbarossa } from './determinize.ts';
import { BarbarossaPolicy, DEFAULT_PARAMS } from './policy.ts';

/** The scale of a lead in victory points: it widens by this much a game-turn still to play. */
const SCALE_NOW = 1;
const SCALE_PER_TURN = 0.25;
/** What an Axis unit out of supply costs its side, in victory points. */
const CUT_OFF = 0.2;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Each side's chance of winning from here (the rest: a draw), read from the Axis victory
 * points in supply (B-33) against the thresholds of the game's end (B-70: 7 or more an
 * Axis win, 6 a draw, 5 or less a Russian win), less a fifth of a point for each Axis unit
 * out of supply; a Russian hold on Warsaw, or on Bucharest and Ploesti (their sudden
 * victory, B-12), all but wins. The further the end, the less a lead now says.
 */
export function barbarossaChances(g: BarbarossaState): { axis: number; soviet: number } {
  if (g.winner === 'axis') return { axis: 1, soviet: 0 };
  if (g.winner === 'soviet') return { axis: 0, soviet: 1 };
  if (g.winner === 'draw') return { axis: 0, soviet: 0 };
  const s = rulesScenarioByKey(g.scenario);
  const board = new Board(g, s);
  if (sovietSuddenHeld(board) !== null) return { axis: 0.02, soviet: 0.97 };
  let lead = victoryTally(board, 'axis').points;
  const supplied = supplyDistances(board, 'axis');
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side === 'axis' && p.status === 'map' && p.at >= 0 && supplied[p.at]! < 0) lead -= CUT_OFF;
  }
  const scale = SCALE_NOW + SCALE_PER_TURN * Math.max(0, s.turns.length - g.turn);
  // The draw is the band at 6 points: 7 and more win for the Axis, 5 and less for the Russians.
  return {
    axis: sigmoid((lead - (SUDDEN_DEATH_POINTS - 0.5)) / scale),
    soviet: sigmoid((SUDDEN_DEATH_POINTS - 1.5 - lead) / scale),
  };
}

type Rules = GameRules<BarbarossaState, Action, unknown>;

/** Barbarossa as a search domain: the rules of thumb's policy, no plans, the victory-city chance. */
export function barbarossaSearchDomain(rules: Rules): SearchDomain<BarbarossaState> {
  return {
    rules,
    determinize(state, viewer, rng) {
      const drawn = determinizeBarbarossa(state, viewer, rng);
      // B-53 before the German's blind choice: a view does not say which units each label
      // holds, and the state made from it has drawn the face-down tank korps already (their
      // identities), so each label holds no more: the choice then keeps them as drawn.
      const g = drawn.state;
      if (g.tankGroupChoice !== 'pending' || g.secret.tankGroups) return drawn;
      return { ...drawn, state: { ...g, secret: { ...g.secret, tankGroups: { A: [], B: [] } } } };
    },
    choices: () => null,
    policy(rng) {
      // One policy a side, as each AI player has its own (its plans are per side and step).
      const bySide = new Map<string, BarbarossaPolicy>();
      return (state: GameState<BarbarossaState>, side: string): Action => {
        let p = bySide.get(side);
        if (!p) {
          p = new BarbarossaPolicy(rng, DEFAULT_PARAMS);
          bySide.set(side, p);
        }
        const legal = rules
          .legalActions(state.state, side)
          .filter((a) => a.type !== 'undo') as BarbarossaAction[];
        return p.choose(state.state, side as Side, legal);
      };
    },
    evaluate: (state, side) => barbarossaChances(state.state)[side as Side],
  };
}

/** The Barbarossa analyst (the module's), its domain made once. */
let domain: SearchDomain<BarbarossaState> | null = null;
export const barbarossaAnalyst: GameAnalyst<BarbarossaState> = {
  domain: () => {
    domain ??= barbarossaSearchDomain(barbarossaRules as Rules);
    return domain;
  },
  // A player-turn is the unit of the horizon.
  milestone: (state) => `${state.state.turn}:${state.state.player}`,
  horizon: 1,
};
