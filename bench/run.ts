/** `npm run bench`: every figure next to a hand-tuned reference measured in the same run. */
import { printFigures } from './harness.ts';
import { kernelBenchmarks } from './kernel.ts';

const figures = [...kernelBenchmarks()];
printFigures(figures);
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
