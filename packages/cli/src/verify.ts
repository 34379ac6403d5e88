/**
 * `stavka verify FILE`: proves a finished game's dice were fair. The file is a game
 * exported by the server (GET /api/games/:id/export). Checks that the revealed
 * secret hashes to the commitment published when the game was created, that the
 * seed is the one derived from the secret and every seat's contribution, and that
 * replaying every action from that seed gives each stored state hash: so every roll
 * in the game came from that seed.
 */
import { proveDice } from '@stavka/engine';
import { playableGame } from '@stavka/games';
import type { Command } from 'commander';
import { z } from 'zod';
import { UsageError } from './calc.ts';
import { readJsonAs } from './files.ts';
import { replaySchema } from './replay.ts';

/** The dice a game revealed at its end: the secret, its commitment, each seat's contribution. */
const diceSchema = z.object({
  commitment: z.string(),
  secret: z.string(),
  contributions: z.record(z.string(), z.string()),
});

const exportSchema = replaySchema.extend({
  hashes: z.array(z.string()),
  finalHash: z.string().nullable().optional(),
  dice: diceSchema,
  // An import played on: the dice it rolled from then on (issue #46).
  resumed: replaySchema.shape.resumed.unwrap().extend({ dice: diceSchema.nullable().optional() }).optional(),
});

export function addVerifyCommand(
  program: Command,
  io: { out: (s: string) => void; err: (s: string) => void; exit: (c: number) => void },
): void {
  program
    .command('verify <file>')
    .description('prove the dice of a finished game exported by the server: commitment, seed, every roll')
    .option('--json', 'print one JSON object')
    .action((file: string, opts: { json?: boolean }) => {
      const f = readJsonAs(file, 'export', exportSchema);
      const rules = playableGame(f.game)?.rules;
      if (!rules) throw new UsageError(`${file}: games of "${f.game}" cannot be verified here`);
      const proof = proveDice(rules, f);
      const { failures, rolls, seed } = proof;
      const ok = failures.length === 0;
      if (opts.json) {
        io.out(
          JSON.stringify({
            ok,
            game: f.game,
            actions: f.actions.length,
            rolls,
            commitment: f.dice.commitment,
            contributions: f.dice.contributions,
            failures,
          }),
        );
      } else if (ok) {
        io.out(`${f.game}: the dice were fair`);
        io.out(`  commitment   ${f.dice.commitment} (published when the game was created)`);
        io.out(`  secret       ${f.dice.secret} hashes to it`);
        for (const [side, c] of Object.entries(f.dice.contributions))
          io.out(`  ${side.padEnd(12)} contributed ${c}`);
        io.out(`  seed         ${seed} = sha256 of secret and contributions`);
        io.out(
          `  ${rolls} rolls over ${f.actions.length} actions replayed from that seed; every state hash matches`,
        );
      } else {
        io.err(`${file}: NOT verified`);
        for (const x of failures) io.err(`  ${x}`);
      }
      if (!ok) io.exit(1);
    });
}
