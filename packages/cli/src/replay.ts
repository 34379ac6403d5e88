/**
 * `stavka replay FILE`: rebuilds a saved game action by action (each one checked for
 * legality), prints its result and final hash, and checks the hash the file records.
 * `stavka validate FILE`: checks a scenario file; every error names its field.
 */
import { checkGameOptions, formatSetupErrors, replay, stateHash } from '@stavka/engine';
import { findGame, GAMES, playableGame } from '@stavka/games';
import type { Command } from 'commander';
import { z } from 'zod';
import { UsageError } from './calc.ts';
import { readJson, readJsonAs } from './files.ts';

/** A replay file's shape (an export from the server adds its dice and hashes: verify.ts). */
export const replaySchema = z.object({
  game: z.string(),
  rulesVersion: z.string(),
  scenario: z.unknown(),
  seed: z.union([z.number().int(), z.string()]),
  options: z.record(z.string(), z.unknown()).optional(),
  actions: z.array(z.object({ side: z.string(), action: z.object({ type: z.string() }).passthrough() })),
  finalHash: z.string().optional(),
  // An import played on where it was exported (issue #46): the dice from this action on.
  resumed: z
    .object({ action: z.number().int(), seed: z.union([z.number().int(), z.string()]), dice: z.unknown() })
    .partial({ dice: true })
    .optional(),
});

export function addReplayCommands(
  program: Command,
  io: { out: (s: string) => void; err: (s: string) => void; exit: (c: number) => void },
): void {
  program
    .command('replay <file>')
    .description('verify a saved game: replay every action, print the result and the final hash')
    .option('--json', 'print one JSON object')
    .action((file: string, opts: { json?: boolean }) => {
      const data = readJsonAs(file, 'replay', replaySchema);
      const rules = playableGame(data.game)?.rules;
      if (!rules) throw new UsageError(`${file}: replays of "${data.game}" are not supported yet`);
      // The options first: a wrongly typed one ("true" for true) is the file's fault at
      // that option, not at the first action it would upset (issue #46).
      const options = checkGameOptions(data.game, findGame(data.game)?.options ?? [], data.options);
      if (!options.ok) {
        io.err(`${file} does not replay:\n${formatSetupErrors(options.error)}`);
        io.exit(1);
        return;
      }
      const r = replay(rules, data);
      if (!r.ok) {
        io.err(`${file} does not replay:\n${formatSetupErrors(r.error)}`);
        io.exit(1);
        return;
      }
      const hash = stateHash(r.value);
      const outcome = rules.outcome(r.value.state);
      const matches = data.finalHash === undefined ? null : data.finalHash === hash;
      if (opts.json) {
        io.out(JSON.stringify({ game: data.game, actions: data.actions.length, outcome, hash, matches }));
      } else {
        io.out(`${data.game}: ${data.actions.length} actions replayed, every one legal`);
        io.out(
          outcome ? `result: ${outcome.winner ?? 'draw'} (${outcome.summary})` : 'result: game not finished',
        );
        io.out(
          `final hash: ${hash}${matches === null ? '' : matches ? ' (matches the file)' : ` (file says ${data.finalHash})`}`,
        );
      }
      if (matches === false) io.exit(1);
    });

  program
    .command('validate <file>')
    .description('check a scenario file (its "game" field says whose); every error names its field')
    .action((file: string) => {
      const data = readJson(file, 'scenario');
      const id = data && typeof data === 'object' ? (data as { game?: unknown }).game : undefined;
      const scenarios = findGame(id)?.scenarios;
      if (!scenarios) {
        const games = Object.keys(GAMES).filter((g) => GAMES[g]!.scenarios);
        io.err(
          `${file} is not a valid scenario:\ngame: ${id === undefined ? 'missing' : `${JSON.stringify(id).slice(0, 60)} is no game with scenarios`} (one of ${games.join(', ')})`,
        );
        io.exit(1);
        return;
      }
      const r = scenarios.check(data);
      if (!r.ok) {
        io.err(`${file} is not a valid scenario:\n${formatSetupErrors(r.error)}`);
        io.exit(1);
        return;
      }
      io.out(`${file}: valid — ${r.value.summary}`);
    });
}
