/**
 * The rules' own work a move (server.ts `rulesWork`) measured in a process of its own,
 * as the load runs' servers are (a child process serving Mars only): in the bench's own
 * process, after the other parts have run every game's rules and AI through the same
 * engine functions, the same work measured ~1.5x slower (V8's code for those functions
 * then serves three games' states, not one). Prints `rulesWork`'s figures as JSON.
 *
 *   node --import tsx bench/rules-work.ts [games]
 */
import { BENCH_SHAPE, rulesWork } from './server.ts';

const games = Number(process.argv[2] ?? BENCH_SHAPE.games);
if (!Number.isInteger(games) || games < 1) {
  console.error(`usage: bench/rules-work.ts [games: a whole number >= 1] (not ${process.argv[2]})`);
  process.exit(2);
}
console.log(JSON.stringify(rulesWork(games)));
