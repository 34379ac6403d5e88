/**
 * Two `screen.ts` runs on the same seeds, compared game for game (issue #44): a variant of
 * the Axis against a baseline, both against level 1. The games are paired by seed, so the
 * question is not "56 wins against 66" but in how many games the result changed, and which
 * way. A Barbarossa game is chaotic: any change to the Axis's play sends most games down
 * another path (level 2 against `ai2-walk-in-2` on seeds 621-720: 41 of 100 results
 * changed), so a difference of a few wins is often the dice. The exact two-sided sign test
 * on the games whose result changed (McNemar's, exact) says how often chance alone would give
 * a split at least that uneven.
 *
 *     node --import tsx packages/games/src/barbarossa-1941/ai/screen-compare.ts VARIANT.txt[,...] BASE.txt[,...]
 *
 * Each argument: one or more `screen.ts` outputs (comma-separated, e.g. the two halves of a
 * run); only seeds in both are compared.
 */
import { readFileSync } from 'node:fs';

/** One screened game: how it ended for the Axis, and its Axis victory points. */
export interface ScreenedGame {
  readonly winner: 'axis' | 'soviet' | 'draw';
  readonly points: number;
}

/** A `screen.ts` line: `VARIANT seed N: WINNER axis VP P turn T; ...`. */
const LINE = /^\S+ seed (\d+): (axis|soviet|draw) axis VP (\d+)/;

/** The games of `screen.ts` outputs, by seed (a seed given twice: the last line). */
export function parseScreen(text: string): Map<number, ScreenedGame> {
  const games = new Map<number, ScreenedGame>();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (m) games.set(Number(m[1]), { winner: m[2] as ScreenedGame['winner'], points: Number(m[3]) });
  }
  return games;
}

/**
 * The exact two-sided sign test: the chance, with each of `a + b` changes equally likely to
 * go either way, of a split at least as uneven as `a` against `b` (1 when even).
 */
export function signTest(a: number, b: number): number {
  const n = a + b;
  if (n === 0) return 1;
  const k = Math.min(a, b);
  // P(X <= k) for X ~ Binomial(n, 1/2), summed in logs so large n stays finite.
  let logC = 0; // log C(n, 0)
  let tail = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logC += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logC - n * Math.LN2);
  }
  return Math.min(1, 2 * tail);
}

export interface ScreenComparison {
  readonly seeds: number;
  /** Axis wins / draws / Russian wins, and the mean Axis points, on the common seeds. */
  readonly variant: { wins: number; draws: number; losses: number; points: number };
  readonly base: { wins: number; draws: number; losses: number; points: number };
  /** Seeds the variant won and the baseline did not, and the other way round. */
  readonly winsGained: readonly number[];
  readonly winsLost: readonly number[];
  /** The sign test on those two counts. */
  readonly winsP: number;
  /** Seeds where the variant ended with more Axis points, and with fewer. */
  readonly pointsUp: readonly number[];
  readonly pointsDown: readonly number[];
  readonly pointsP: number;
}

export function compareScreens(
  variant: ReadonlyMap<number, ScreenedGame>,
  base: ReadonlyMap<number, ScreenedGame>,
): ScreenComparison {
  const seeds = [...variant.keys()].filter((s) => base.has(s)).sort((a, b) => a - b);
  const tally = (games: ReadonlyMap<number, ScreenedGame>) => {
    const of = seeds.map((s) => games.get(s)!);
    return {
      wins: of.filter((g) => g.winner === 'axis').length,
      draws: of.filter((g) => g.winner === 'draw').length,
      losses: of.filter((g) => g.winner === 'soviet').length,
      points: seeds.length === 0 ? 0 : of.reduce((sum, g) => sum + g.points, 0) / seeds.length,
    };
  };
  const won = (games: ReadonlyMap<number, ScreenedGame>, s: number) => games.get(s)!.winner === 'axis';
  const winsGained = seeds.filter((s) => won(variant, s) && !won(base, s));
  const winsLost = seeds.filter((s) => !won(variant, s) && won(base, s));
  const pointsUp = seeds.filter((s) => variant.get(s)!.points > base.get(s)!.points);
  const pointsDown = seeds.filter((s) => variant.get(s)!.points < base.get(s)!.points);
  return {
    seeds: seeds.length,
    variant: tally(variant),
    base: tally(base),
    winsGained,
    winsLost,
    winsP: signTest(winsGained.length, winsLost.length),
    pointsUp,
    pointsDown,
    pointsP: signTest(pointsUp.length, pointsDown.length),
  };
}

export function describeComparison(c: ScreenComparison): string {
  const t = (x: ScreenComparison['base']) =>
    `${x.wins} / ${x.draws} / ${x.losses} (mean ${x.points.toFixed(2)} points)`;
  return [
    `${c.seeds} seeds in both: variant ${t(c.variant)}; baseline ${t(c.base)}`,
    `Axis wins: the variant won ${c.winsGained.length} the baseline did not, and did not win ${c.winsLost.length} it won; sign test p = ${c.winsP.toFixed(3)}`,
    `Axis points: up in ${c.pointsUp.length}, down in ${c.pointsDown.length}; sign test p = ${c.pointsP.toFixed(3)}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [variantFiles, baseFiles] = process.argv.slice(2);
  if (!variantFiles || !baseFiles) {
    console.error('usage: screen-compare.ts VARIANT.txt[,...] BASE.txt[,...]');
    process.exit(2);
  }
  const read = (files: string) =>
    parseScreen(
      files
        .split(',')
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n'),
    );
  console.log(describeComparison(compareScreens(read(variantFiles), read(baseFiles))));
}
