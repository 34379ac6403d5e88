/**
 * A battle player that looks ahead exactly: at every decision it takes the action whose
 * exact preview (battle-presentation.ts, analysis.ts) gives its side the best chance to
 * hold the point at the end (the attacker: to clear it), losses inflicted minus losses
 * taken breaking ties; both sides are assumed to play `policies` after this decision.
 */
import type { Action, GameRules, GameState, Player } from '@stavka/engine';
import type { BattleAnalysis, BattleInput } from './analysis.ts';
import { battleView } from './battle-presentation.ts';
import type { BattleState } from './battle-scenario.ts';
import { STAND_FAST } from './policy.ts';

/** How good an analysed future is for `side`: P(its side holds the point) + 1% of the loss balance. */
export function battleScore(g: BattleState, side: string, a: BattleAnalysis): number {
  const attacker = side === g.attacker;
  const hold = attacker ? a.summary.pointCleared : 1 - a.summary.pointCleared;
  const inflicted = attacker ? a.expectedHits.defender.value : a.expectedHits.attacker.value;
  const taken = attacker ? a.expectedHits.attacker.value : a.expectedHits.defender.value;
  return hold + 0.01 * (inflicted - taken);
}

export class BattleAI implements Player {
  readonly name = 'battle-exact';
  constructor(
    private readonly policies: BattleInput['policies'] = { attacker: STAND_FAST, defender: STAND_FAST },
  ) {}
  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    const g = state.state;
    if (!isBattleState(rules, g))
      throw new Error(`this player plays point-to-point battles, not ${rules.id}`);
    const view = battleView(g, this.policies);
    let best = view.decisions[0];
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const d of view.decisions) {
      const s = d.preview ? battleScore(g, side, d.preview) : Number.NEGATIVE_INFINITY;
      if (s > bestScore + 1e-12) {
        best = d;
        bestScore = s;
      }
    }
    if (!best) throw new Error(`battle AI: nothing to do for ${side}`);
    return best.action;
  }
}

/** A state of a game played by the battle rules (battle.ts's `battleRules`): their id says what the state is. */
function isBattleState<G>(rules: GameRules<G, Action, unknown>, _g: G): _g is G & BattleState {
  return rules.id === 'point-to-point-battle';
}
