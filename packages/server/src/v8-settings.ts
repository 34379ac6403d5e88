/**
 * The V8 settings a server process runs with, set when it starts (startServer), before
 * any game is played: process-wide, so its worker threads have them too.
 *
 * - `--no-allocation-site-pretenuring`. V8 watches where objects are allocated and,
 *   where most of them outlive a young-generation collection, allocates them in the old
 *   generation from then on. The states of the games a server holds live a few moves
 *   each, about as long as a collection's interval: when V8 happened to decide so for
 *   them, everything kept for a state (its legal list, board and carried caches, held
 *   by the state: engine Memo) was referenced from the old generation, outlived every
 *   collection and was copied there. Six runs of bench/server-ws.ts --gc: the runs where
 *   it decided so promoted 17.7-17.9 KB a Mars move and paused 62-67 µs a move for
 *   collections; the others, and every run without pretenuring, 2.8-3.0 KB and 24-33
 *   µs. The decision fell differently from one run to the next; without it, none does.
 */
import v8 from 'node:v8';

export function useServerV8Settings(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
