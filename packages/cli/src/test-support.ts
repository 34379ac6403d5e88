/** For the CLI's tests: games saved by `stavka simulate`, to replay, verify or edit. */
import { stavka } from './run-cli.ts';

/**
 * One game of random players `stavka simulate` plays from `seed` and saves in `dir` (as
 * `<game>-<seed>.json`); `flags` go before `--save` (`--scenario FILE`...). What it printed.
 */
export function saveRandomGame(
  dir: string,
  seed: number,
  { game = 'mars-1942', flags = [] }: { game?: string; flags?: readonly string[] } = {},
): ReturnType<typeof stavka> {
  const args = ['--game', game, '--players', 'random,random', '--games', '1', '--seed', String(seed)];
  return stavka('simulate', ...args, ...flags, '--save', dir);
}
