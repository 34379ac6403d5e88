/**
 * Where a traced browser run's time went (issue #49's client figures): reads a trace
 * written by `STAVKA_BENCH_TRACE=<dir> node --import tsx bench/barbarossa-web.ts` (an
 * array of Chromium trace events) and prints, for the renderer's main thread,
 *  - its frames of at least `--frame-ms` (default 7 ms: a click's frame, not the idle
 *    ones), with the mean time a frame of each step (animation callbacks, where a click's
 *    preact render runs; style, layout, pre-paint, paint, layerizing, commit);
 *  - the page's JavaScript by function (self time, from the sampled profile), the
 *    bundle's minified names with their chunk: which chunk is enough to know whose work it is.
 * The sampling makes a traced run slower; the shares, not the milliseconds, are the finding.
 *
 *   node --import tsx bench/trace-summary.ts /tmp/trace/clicks.json [--frame-ms=7] [--top=25]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly id?: string;
  readonly args?: {
    readonly data?: {
      readonly cpuProfile?: {
        readonly nodes?: readonly {
          readonly id: number;
          readonly callFrame: { readonly functionName: string; readonly url?: string };
        }[];
        readonly samples?: readonly number[];
      };
      readonly timeDeltas?: readonly number[];
    };
  };
}

function usage(message: string): never {
  console.error(`bench/trace-summary.ts: ${message}`);
  console.error('usage: node --import tsx bench/trace-summary.ts <trace.json> [--frame-ms=7] [--top=25]');
  process.exit(2);
}

/** A positive number from an option's text. */
function positive(name: string, text: string): number {
  const v = Number(text);
  if (!Number.isFinite(v) || v <= 0) usage(`--${name} is a positive number, not ${text}`);
  return v;
}

/** The command line, read by node's own parser; a usage line for anything else. */
function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { 'frame-ms': { type: 'string', default: '7' }, top: { type: 'string', default: '25' } },
    });
  } catch (e) {
    usage((e as Error).message);
  }
}
const parsed = readArgs();
const file = parsed.positionals[0];
if (!file) usage('no trace file given');
if (parsed.positionals.length > 1) usage(`one trace file, not ${parsed.positionals.join(' ')}`);
const frameMs = positive('frame-ms', parsed.values['frame-ms']);
const top = positive('top', parsed.values.top);

let events: TraceEvent[];
try {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) usage(`${file} is not an array of trace events`);
  events = parsed as TraceEvent[];
} catch (e) {
  usage(`cannot read ${file}: ${(e as Error).message}`);
}

// The renderer's main thread: the one that paints.
const paints = new Map<string, number>();
for (const e of events) {
  if (e.name === 'Paint' || e.name === 'Layout') {
    const k = `${e.pid}:${e.tid}`;
    paints.set(k, (paints.get(k) ?? 0) + 1);
  }
}
const main = [...paints].sort((a, b) => b[1] - a[1])[0]?.[0];
if (main === undefined) usage(`${file} has no renderer frames (no Paint or Layout events)`);
const onMain = events
  .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts);

// Frames: each step's time inside the long ones.
const FRAME = 'ProxyMain::BeginMainFrame';
const STEPS: readonly [string, string][] = [
  ['FireAnimationFrame', 'animation callbacks (a click, its render)'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'pre-paint'],
  ['Paint', 'paint'],
  ['Layerize', 'layerize'],
  ['Commit', 'commit'],
];
const frames = onMain.filter((e) => e.name === FRAME);
const long = frames.filter((e) => e.dur! >= frameMs * 1000);
const steps = new Map<string, number>();
let i = 0;
for (const f of long) {
  while (i < onMain.length && onMain[i]!.ts < f.ts) i++;
  for (let j = i; j < onMain.length && onMain[j]!.ts < f.ts + f.dur!; j++) {
    const e = onMain[j]!;
    if (e.ts + e.dur! <= f.ts + f.dur! && STEPS.some(([n]) => n === e.name))
      steps.set(e.name, (steps.get(e.name) ?? 0) + e.dur!);
  }
}
const ms = (us: number) => (us / 1000).toFixed(2).padStart(7);
console.log(
  `${file}: ${frames.length} frames on the main thread, ${long.length} of ${frameMs} ms or more` +
    (long.length > 0
      ? `, ${ms(long.reduce((t, f) => t + f.dur!, 0) / long.length).trim()} ms on average:`
      : ''),
);
if (long.length > 0)
  for (const [n, label] of STEPS) console.log(`  ${ms((steps.get(n) ?? 0) / long.length)} ms ${label}`);

// The page's JavaScript, from the sampled profile's chunks.
const self = new Map<string, number>();
const nodes = new Map<string, Map<number, string>>();
let sampled = 0;
// The main thread's profile: its chunks come from the sampling thread, under the profile's id.
const profiles = new Set(
  events.filter((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main).map((e) => `${e.pid}:${e.id}`),
);
for (const e of events) {
  if (e.name !== 'ProfileChunk' || !profiles.has(`${e.pid}:${e.id}`)) continue;
  const key = `${e.pid}:${e.id}`;
  const names = nodes.get(key) ?? new Map<number, string>();
  nodes.set(key, names);
  const d = e.args?.data;
  for (const n of d?.cpuProfile?.nodes ?? [])
    names.set(
      n.id,
      `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').split('/').pop() ?? ''}`,
    );
  const samples = d?.cpuProfile?.samples ?? [];
  const deltas = d?.timeDeltas ?? [];
  for (let k = 0; k < samples.length; k++) {
    const name = names.get(samples[k]!) ?? '(unknown)';
    const dt = Math.max(0, deltas[k] ?? 0);
    sampled += dt;
    self.set(name, (self.get(name) ?? 0) + dt);
  }
}
if (sampled > 0) {
  console.log(`the page's JavaScript, sampled (${ms(sampled).trim()} ms), by self time:`);
  for (const [name, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${ms(t)} ms ${((100 * t) / sampled).toFixed(1).padStart(5)}% ${name.trim()}`);
}
