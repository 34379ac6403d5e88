/**
 * The data level 2's evaluation is calibrated on (issue #44, `evaluation.ts`): from replays
 * of whole games (`stavka simulate --game barbarossa-1941 --save DIR`), the features of
 * `strength.ts` at the start of each Russian player-turn (where the search scores its
 * plans: the Axis's at the end of its own player-turn, the Russians' after the Axis's
 * answer) with the game-turn and the game's result. One JSON line a sample.
 *
 *   node --import tsx packages/games/src/barbarossa-1941/ai/strength-data.ts DIR... > samples.jsonl
 */
import { type GameState, type ReplayFile, replay } from '@stavka/engine';
import { barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { savedGames } from './saved-games.ts';
import { type StrengthFeatures, strengthFeatures } from './strength.ts';

export interface StrengthSample extends StrengthFeatures {
  readonly game: string;
  readonly turn: number;
  /** The game's winner: 'axis', 'soviet' or 'draw'. */
  readonly winner: string;
}

/** The samples of one replay (none when it did not end). */
export function samplesOf(file: ReplayFile, game: string): StrengthSample[] {
  const at: { turn: number; f: StrengthFeatures }[] = [];
  let last: BarbarossaState | null = null;
  const r = replay(barbarossaRules, file, (s: GameState<BarbarossaState>) => {
    const g = s.state;
    if (g.player === 'soviet' && g.step !== 'over' && (last === null || last.player !== 'soviet'))
      at.push({ turn: g.turn, f: strengthFeatures(g) });
    last = g;
  });
  if (!r.ok) throw new Error(`replay ${game}: ${JSON.stringify(r.error.slice(0, 2))}`);
  const winner = r.value.state.winner;
  if (winner === null) return [];
  return at.map(({ turn, f }) => ({ game, turn, winner, ...f }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2))
    for (const { path, file } of savedGames(dir))
      for (const s of samplesOf(file, path)) console.log(JSON.stringify(s));
}
