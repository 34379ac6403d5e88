/**
 * The rules' own work a move (server.ts `rulesWork`) measured in a process of its own,
 * as the load runs' servers are (a child process serving Mars only): in the bench's own
 * process, after the other parts have run every game's rules and AI through the same
 * engine functions, the same work measured ~1.5x slower (V8's code for those functions
 * then serves three games' states, not one). Prints `rulesWork`'s figures as JSON; with
 * --idle-ms=N, `rulesWorkAfterIdle`'s (the work after N ms of idling before each move).
 *
 *   node --import tsx bench/rules-work.ts [games] [--idle-ms=N]
 */
import { BENCH_SHAPE, rulesWork, rulesWorkAfterIdle } from './server.ts';

const args = process.argv.slice(2);
const idleArg = args.find((a) => a.startsWith('--idle-ms='));
const rest = args.filter((a) => a !== idleArg);
const games = Number(rest[0] ?? BENCH_SHAPE.games);
const idleMs = idleArg === undefined ? null : Number(idleArg.slice('--idle-ms='.length));
if (
  rest.length > 1 ||
  !Number.isInteger(games) ||
  games < 1 ||
  (idleMs !== null && !(Number.isInteger(idleMs) && idleMs >= 1))
) {
  console.error(
    `usage: bench/rules-work.ts [games: a whole number >= 1] [--idle-ms=N: a whole number >= 1] (given: ${args.join(' ') || 'nothing'})`,
  );
  process.exit(2);
}
console.log(JSON.stringify(idleMs === null ? rulesWork(games) : await rulesWorkAfterIdle(games, idleMs)));
