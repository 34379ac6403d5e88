/**
 * A static evaluation of an Operation Mars position for one side: the victory points
 * if the game ended now (`victoryTally`), plus what is still in play — fighting power,
 * Disruption, and the Soviet grip on the salient and on Rzhev/Gzhatsk's supply.
 */
import type { Board } from '../board.ts';
import type { Side } from '../scenario.ts';
import { victoryTally } from '../victory.ts';
import { objectiveDistance } from './map.ts';
import { unitWorth } from './odds.ts';

/** Higher is better for `side`; roughly in victory points. */
export function evaluatePosition(board: Board, side: Side): number {
  const { s, state } = board;
  const t = victoryTally(board);
  let soviet = t.soviet - t.german;
  const deep = objectiveDistance(s);
  const turnsLeft = Math.max(0, s.turns - state.turn);
  const future = Math.min(1, turnsLeft / 4);
  for (const id of s.unitIds) {
    const st = state.units[id]!;
    if (st.status !== 'map' || st.at < 0) continue;
    const u = s.units[id]!;
    const w = unitWorth(board, id) * 0.35 * future;
    if (u.side === 'soviet') {
      soviet += w * (st.disrupted ? 0.6 : 1);
      if (s.germanTerritory[st.at] === 1) {
        // Ground taken, and the nearer Rzhev/Gzhatsk the more it threatens their supply.
        const d = deep[st.at]!;
        soviet += (0.3 + (d >= 0 ? Math.max(0, 6 - d) * 0.12 : 0)) * future * (st.disrupted ? 0.5 : 1);
      }
      if (st.supply === 'isolated') soviet -= 0.6;
    } else {
      soviet -= w * (st.disrupted ? 0.6 : 1);
      if (st.supply === 'isolated') soviet += 0.8;
      else if (st.supply === 'rationed') soviet += 0.2;
    }
  }
  return side === 'soviet' ? soviet : -soviet;
}
