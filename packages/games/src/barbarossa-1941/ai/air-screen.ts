/**
 * Screens `AirSupplyPlayer` (air-supply.ts) as the Axis against level 1, seeded as
 * `stavka simulate` seeds its games (game i on seed i, each player on
 * `player:SIDE:i`), so level 1 against itself on the same seeds is the yardstick:
 *
 *     node --import tsx packages/games/src/barbarossa-1941/ai/air-screen.ts KEEP LEAST REACH FIRST LAST [axis|soviet] [DIR]
 *
 * Prints each game's winner, Axis victory points and the missions flown, then the tally.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Action, type GameRules, type GameState, type Player, playout } from '@stavka/engine';
import { barbarossaRules } from '../rules.ts';
import { barbarossaAiPlayers } from './ai.ts';
import { AirSupplyPlayer } from './air-supply.ts';

const [keep, least, reach, first, last] = process.argv.slice(2, 7).map(Number);
const as = process.argv[7] ?? 'axis';
const dir = process.argv[8];
if ([keep, least, reach, first, last].some((x) => x === undefined || !Number.isFinite(x)))
  throw new Error('usage: air-screen.ts KEEP LEAST REACH FIRST LAST [axis|soviet] [DIR]');
const tally: Record<string, number> = {};
for (let seed = first!; seed <= last!; seed++) {
  let flown = 0;
  const level1 = (side: string) => barbarossaAiPlayers.ai1!.make(`player:${side}:${seed}`);
  const counting = (p: Player): Player => ({
    name: p.name,
    choose<G>(r: GameRules<G, Action, unknown>, s: GameState<G>, side: string): Action {
      const a = p.choose(r, s, side);
      if (a.type === 'air-supply') flown++;
      return a;
    },
  });
  const players: Record<string, Player> = { axis: level1('axis'), soviet: level1('soviet') };
  players[as] = counting(
    new AirSupplyPlayer(players[as]!, `player:${as}:${seed}`, { keep: keep!, least: least!, reach: reach! }),
  );
  const r = playout(barbarossaRules, seed, players);
  const winner = r.outcome?.winner ?? 'draw';
  tally[winner] = (tally[winner] ?? 0) + 1;
  if (dir)
    writeFileSync(
      join(dir, `barbarossa-1941-${seed}.json`),
      `${JSON.stringify({ ...r.replay, finalHash: r.hash })}\n`,
    );
  console.log(
    `seed ${seed}: ${winner}, Axis VP ${r.outcome?.score.axis ?? '?'}, air supplies flown ${flown}`,
  );
}
console.log(`tally ${JSON.stringify(tally)}`);
