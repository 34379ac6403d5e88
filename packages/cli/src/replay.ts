/**
 * `stavka replay FILE`: rebuilds a saved game action by action (each one checked for
 * legality), prints its result and final hash, and checks the hash the file records.
 * `stavka validate FILE`: checks a scenario file; every error names its field.
 */
import { formatSetupErrors, type ReplayFile, replay, stateHash } from '@stavka/engine';
import { compileScenario, marsRules } from '@stavka/games';
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
      if (data.game !== marsRules.id)
        throw new UsageError(`${file}: replays of "${data.game}" are not supported yet`);
      const r = replay(marsRules, data as unknown as ReplayFile);
      if (!r.ok) {
        io.err(`${file} does not replay:\n${formatSetupErrors(r.error)}`);
        io.exit(1);
        return;
      }
      const hash = stateHash(r.value);
      const outcome = marsRules.outcome(r.value.state);
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
    .description('check a mars-1942 scenario file; every error names its field')
    .action((file: string) => {
      const r = compileScenario(readJson(file, 'scenario'));
      if (!r.ok) {
        io.err(`${file} is not a valid scenario:\n${formatSetupErrors(r.error)}`);
        io.exit(1);
        return;
      }
      const s = r.value;
      io.out(
        `${file}: valid — ${s.name}; ${s.map.columns}x${s.map.rows} hexes, ${s.unitIds.length} units, ${s.turns} turns`,
      );
    });
}
