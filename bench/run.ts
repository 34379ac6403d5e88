/** `npm run bench`: every figure next to a hand-tuned reference measured in the same run. */
import { battleBenchmarks } from '../packages/games/src/point-to-point/bench-battle.ts';
import { barbarossaBenchmarks } from './barbarossa.ts';
import { compare, printFigures } from './harness.ts';
import { kernelBenchmarks } from './kernel.ts';
import { marsBenchmarks } from './mars.ts';

const kernel = kernelBenchmarks();
const reference = kernel[0]!.reference * 1e3; // the hand-tuned movement search, ns
const figures = [
  ...kernel,
  ...marsBenchmarks(reference),
  ...barbarossaBenchmarks(reference),
  ...battleBenchmarks(compare),
  ...(await import('./ai.ts')).aiBenchmarks(),
];
printFigures(figures);
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
await (await import('./server.ts')).serverLoad();
await (await import('./web.ts')).webFigures();
await (await import('./barbarossa-web.ts')).barbarossaWebFigures();
await (await import('./server-ai.ts')).aiLatency();
