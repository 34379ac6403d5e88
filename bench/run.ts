/**
 * `npm run bench`: every figure next to a hand-tuned reference measured in the same run.
 * `--only=<part>[,<part>]` runs just those parts: rules (kernel, Mars, Barbarossa,
 * battles, AI), ai-turns (every game's default AI a player-turn, p95: ai-turns.ts), server
 * (the load runs, server.ts), web, barbarossa-web, server-ai.
 */
import { battleBenchmarks } from '../packages/games/src/point-to-point/bench-battle.ts';
import { barbarossaBenchmarks } from './barbarossa.ts';
import { compare, printFigures } from './harness.ts';
import { kernelBenchmarks } from './kernel.ts';
import { marsBenchmarks } from './mars.ts';

const PARTS = ['rules', 'ai-turns', 'server', 'web', 'barbarossa-web', 'server-ai'] as const;
type Part = (typeof PARTS)[number];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const chosen = only ? only.split(',') : [...PARTS];
const unknown = chosen.filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`bench: no part ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
  process.exit(2);
}
const runs = (part: Part) => chosen.includes(part);

if (runs('rules')) {
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
}
if (runs('ai-turns')) printFigures((await import('./ai-turns.ts')).aiTurnBenchmarks());
if (runs('server')) await (await import('./server.ts')).serverLoad();
if (runs('web')) await (await import('./web.ts')).webFigures();
if (runs('barbarossa-web')) await (await import('./barbarossa-web.ts')).barbarossaWebFigures();
if (runs('server-ai')) await (await import('./server-ai.ts')).aiLatency();
