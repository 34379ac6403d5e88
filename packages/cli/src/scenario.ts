/**
 * `stavka scenario --game ID [--out FILE]`: writes a game's standard scenario as one JSON
 * file (map, units, set-up, turns and tables together), the file a user takes out, edits
 * and loads: `stavka validate FILE` checks it (every error naming its field), the server
 * starts a game from it (POST /api/games with `scenario`), a replay file carries it.
 * `--key KEY` writes another of the game's scenarios instead of the standard one.
 */
import { writeFileSync } from 'node:fs';
import { findGame, GAMES } from '@stavka/games';
import type { Command } from 'commander';
import { UsageError } from './usage.ts';

/** The games that have scenario files. */
export const SCENARIO_GAMES = Object.keys(GAMES).filter((g) => GAMES[g]!.scenarios);

/** The scenario file of a game as text (pretty JSON, a newline at the end), or a UsageError. */
export function scenarioText(game: string, key: string | null): string {
  const scenarios = findGame(game)?.scenarios;
  if (!scenarios)
    throw new UsageError(`--game: "${game}" is no game with scenarios (one of ${SCENARIO_GAMES.join(', ')})`);
  if (key !== null && !scenarios.list.some((s) => s.key === key))
    throw new UsageError(
      `--key: ${game} has no scenario "${key}" (one of ${scenarios.list.map((s) => s.key).join(', ')})`,
    );
  const file = key === null ? scenarios.standardFile() : scenarios.file(key);
  return `${JSON.stringify(file, null, 2)}\n`;
}

export function addScenarioCommand(program: Command, io: { out: (s: string) => void }): void {
  program
    .command('scenario')
    .description("write a game's standard scenario as one file to edit and load (stavka validate checks it)")
    .requiredOption('--game <game>', `which game (${SCENARIO_GAMES.join(', ')})`)
    .option('--key <key>', "another of the game's scenarios instead of the standard one")
    .option('--out <file>', 'write to FILE instead of printing it')
    .action((opts: { game: string; key?: string; out?: string }) => {
      const text = scenarioText(opts.game, opts.key ?? null);
      if (!opts.out) {
        io.out(text.trimEnd());
        return;
      }
      try {
        writeFileSync(opts.out, text);
      } catch (e) {
        throw new UsageError(
          `cannot write ${opts.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        );
      }
      io.out(
        `wrote ${opts.out}: the ${opts.game} scenario (${text.length} bytes); check an edited copy with stavka validate ${opts.out}`,
      );
    });
}
