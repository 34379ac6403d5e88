/**
 * `npm test`'s runner, after `npm run check`: every `*.test.ts` under `packages/` (outside
 * `node_modules`), through node's own test runner and its TAP reporter, in two runs:
 *
 *   1. the files whose tests judge latency under a load they make themselves (`SERIAL`: the
 *      server under attack, the load run) one at a time, nothing else running: another test
 *      file's work on the same cores would be counted in their figures;
 *   2. every other file, `STAVKA_TEST_CONCURRENCY` at a time (default: the cores less one,
 *      at least 2: on the 2-core CI machine that once made ~10 minutes of ~14 one file at
 *      a time, node's default there; the suite has grown to 15-17 minutes, 914-1,045 s of
 *      tests on 3 Dec 2026, and 3 at a time gave 1,058 s: the run is bound by the two cores,
 *      not by files waiting on each other). In path order: the browser tests
 *      (`packages/web/e2e`, the longest files, up to two minutes and more each) first
 *      made the run longer, not shorter (715 s against 640-670 s: the two longest paired
 *      with each other, two browsers at once on two cores).
 *
 * Before either run the web client is built if dist/ is missing or stale (the browser tests
 * serve it; built once here, not by two test files at once into the same folder).
 *
 * The output ends with the failed tests, if any (file, name and the first lines of the error:
 * CI keeps only the end of the output, so a failure deep in the TAP would otherwise go
 * unseen), the ten slowest files (their tests' time), then the summary of both runs
 * together, in node's own words (`# tests`, `# pass`, `# fail`, ...); each run's own
 * summary is left out. Exit code 1 if any test failed or was cancelled.
 *
 *     node --import tsx packages/cli/scripts/run-tests.ts
 */
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { ensureBuilt } from '../../web/e2e/build.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Test files that measure their own latency under load: run alone, first. */
const SERIAL = ['packages/server/src/attack.test.ts', 'packages/server/src/bench-load.test.ts'];

/** The summary lines node's runner ends each run with, summed here over both runs. */
const SUMMARY = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo', 'duration_ms'] as const;
type Summary = Record<(typeof SUMMARY)[number], number>;

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...testFiles(path));
    else if (e.name.endsWith('.test.ts')) out.push(relative(ROOT, path));
  }
  return out;
}

function concurrency(): number {
  const asked = process.env.STAVKA_TEST_CONCURRENCY;
  if (asked === undefined) return Math.max(2, availableParallelism() - 1);
  const n = Number(asked);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`STAVKA_TEST_CONCURRENCY must be a whole number of 1 or more, not "${asked}"`);
    process.exit(2);
  }
  return n;
}

/** Milliseconds of tests by file (the top-level tests' durations, summed). */
const fileTimes = new Map<string, number>();

interface RunEvent {
  type: string;
  data: {
    nesting: number;
    name?: string;
    message?: string;
    file?: string;
    details?: { duration_ms?: number; error?: { failureType?: string; message?: string; cause?: unknown } };
  };
}

/** The tests that failed themselves (not a suite failed by its tests): file, name, error. */
const failures: { file: string; name: string; error: string }[] = [];

/** The first lines of a failed test's error (its cause, where the runner wraps it). */
function errorLines(error: NonNullable<RunEvent['data']['details']>['error']): string {
  const cause = error?.cause;
  const text =
    cause instanceof Error ? cause.message : cause !== undefined ? String(cause) : (error?.message ?? '');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 6)
    .join('\n');
}

/** One run of node's runner: its TAP to stdout, its own summary lines counted into `total` instead. */
async function runFiles(files: readonly string[], parallel: number, total: Summary): Promise<void> {
  if (files.length === 0) return;
  const events = run({ files: files.map((f) => join(ROOT, f)), concurrency: parallel });
  const shown = (events as unknown as Readable).filter((e: RunEvent) => {
    if ((e.type === 'test:pass' || e.type === 'test:fail') && e.data.nesting === 0 && e.data.file) {
      const file = relative(ROOT, e.data.file);
      fileTimes.set(file, (fileTimes.get(file) ?? 0) + (e.data.details?.duration_ms ?? 0));
    }
    if (e.type === 'test:fail' && e.data.details?.error?.failureType !== 'subtestsFailed') {
      failures.push({
        file: e.data.file ? relative(ROOT, e.data.file) : '(no file)',
        name: e.data.name ?? '(no name)',
        error: errorLines(e.data.details?.error),
      });
    }
    if (e.type !== 'test:diagnostic' || e.data.nesting !== 0) return true;
    const [key, value] = (e.data.message ?? '').split(' ');
    if (!(SUMMARY as readonly string[]).includes(key ?? '')) return true;
    total[key as keyof Summary] += Number(value);
    return false;
  });
  const out = shown.compose(tap);
  out.pipe(process.stdout, { end: false });
  await new Promise<void>((done, failed) => {
    out.on('end', done);
    out.on('error', failed);
  });
}

const all = testFiles(join(ROOT, 'packages')).sort();
const missing = SERIAL.filter((f) => !all.includes(f));
if (missing.length > 0) {
  console.error(`run-tests: no test file ${missing.join(', ')} (SERIAL names files that are gone)`);
  process.exit(2);
}
const total = Object.fromEntries(SUMMARY.map((k) => [k, 0])) as Summary;
ensureBuilt();
await runFiles(SERIAL, 1, total);
await runFiles(
  all.filter((f) => !SERIAL.includes(f)),
  concurrency(),
  total,
);
if (failures.length > 0) {
  console.log(`# the failed tests (${failures.length}):`);
  for (const f of failures.slice(0, 20)) {
    console.log(`#   ${f.file}: ${f.name}`);
    for (const l of f.error.split('\n')) console.log(`#       ${l}`);
  }
}
console.log('# the slowest files (their tests, seconds):');
for (const [file, ms] of [...fileTimes].sort((a, b) => b[1] - a[1]).slice(0, 10))
  console.log(`#   ${(ms / 1000).toFixed(1).padStart(6)} ${file}`);
for (const k of SUMMARY) console.log(`# ${k} ${k === 'duration_ms' ? total[k].toFixed(3) : total[k]}`);
if (total.fail > 0 || total.cancelled > 0) process.exitCode = 1;
