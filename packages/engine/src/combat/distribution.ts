/**
 * Exact chances. Every combat outcome comes from a few fair dice, so a chance is a
 * whole number of equally likely die faces over a known denominator (6, 36, 6^n).
 * Counts stay integers until they are printed: they always sum to the denominator.
 */
export interface Distribution {
  /** Equally likely cases in all. */
  readonly den: number;
  /** Cases per outcome label, in first-seen order. */
  readonly counts: ReadonlyMap<string, number>;
}

export function fromCases(labels: readonly string[]): Distribution {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return { den: labels.length, counts };
}

/** Picks branch i with weight weights[i] (out of their sum), then reads its distribution. */
export function mix(branches: readonly { weight: number; dist: Distribution }[]): Distribution {
  const den = branches.reduce((acc, b) => lcm(acc, b.dist.den), 1);
  const total = branches.reduce((a, b) => a + b.weight, 0);
  const counts = new Map<string, number>();
  for (const b of branches) {
    const scale = den / b.dist.den;
    for (const [k, c] of b.dist.counts) counts.set(k, (counts.get(k) ?? 0) + c * scale * b.weight);
  }
  return { den: den * total, counts };
}

/** Independent sum of numeric outcomes (labels are integers): convolution. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  const counts = new Map<string, number>();
  for (const [ka, ca] of a.counts) {
    for (const [kb, cb] of b.counts) {
      const k = String(Number(ka) + Number(kb));
      counts.set(k, (counts.get(k) ?? 0) + ca * cb);
    }
  }
  return { den: a.den * b.den, counts };
}

/** "2 in 6" when the chance is a whole number of sixths, else "7 in 36" etc. */
export function formatChance(d: Distribution, label: string, dieSides = 6): string {
  const num = d.counts.get(label) ?? 0;
  let den = d.den;
  let n = num;
  // Prefer the smallest power of the die that expresses it exactly.
  for (let p = dieSides; p <= d.den; p *= dieSides) {
    if ((num * p) % d.den === 0) {
      n = (num * p) / d.den;
      den = p;
      break;
    }
  }
  return `${n} in ${den}`;
}

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

export function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}
