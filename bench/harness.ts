/**
 * A small benchmark harness: every figure is measured next to a hand-tuned reference
 * in the same run and reported as a ratio, so the numbers mean something on any
 * machine. Median of many timed batches after a warm-up.
 */
export interface Figure {
  name: string;
  unit: 'µs' | 'ms';
  median: number;
  reference: number;
  ratio: number;
  goal?: string;
}

function timeBatch(fn: () => void, iterations: number): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  return Number(process.hrtime.bigint() - t0) / iterations; // ns per call
}

/** Median ns per call of `fn`, batches sized to take about `batchMs` each. */
export function measure(fn: () => void, { batches = 31, batchMs = 10 } = {}): number {
  for (let i = 0; i < 200; i++) fn();
  let iterations = 1;
  while (timeBatch(fn, iterations) * iterations < batchMs * 1e6 && iterations < 1 << 24) iterations *= 2;
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) samples.push(timeBatch(fn, iterations));
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Measures `ours` and `reference` interleaved (ABAB) so machine noise hits both alike. */
export function compare(
  name: string,
  ours: () => void,
  reference: () => void,
  goal?: string,
  unit: 'µs' | 'ms' = 'µs',
): Figure {
  const scale = unit === 'µs' ? 1e3 : 1e6;
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < 3; round++) {
    a.push(measure(ours, { batches: 11 }));
    b.push(measure(reference, { batches: 11 }));
  }
  a.sort((x, y) => x - y);
  b.sort((x, y) => x - y);
  const median = a[1]! / scale;
  const ref = b[1]! / scale;
  return { name, unit, median, reference: ref, ratio: median / ref, ...(goal ? { goal } : {}) };
}

export function printFigures(figures: readonly Figure[]): void {
  const w = Math.max(...figures.map((f) => f.name.length));
  console.log(
    `${'benchmark'.padEnd(w)}  ${'median'.padStart(12)}  ${'reference'.padStart(12)}  ${'ratio'.padStart(6)}  goal`,
  );
  for (const f of figures) {
    const fmt = (x: number) => `${x < 10 ? x.toFixed(3) : x.toFixed(1)} ${f.unit}`;
    console.log(
      `${f.name.padEnd(w)}  ${fmt(f.median).padStart(12)}  ${fmt(f.reference).padStart(12)}  ${f.ratio.toFixed(2).padStart(5)}x  ${f.goal ?? ''}`,
    );
  }
}
