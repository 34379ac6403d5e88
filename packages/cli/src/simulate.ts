/**
 * `stavka simulate`: whole games between players, for fuzzing and balance. The same
 * command prints the same output every time (all dice seeded). `--save DIR` writes
 * each game's replay file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Player, playout, RandomPlayer } from '@stavka/ai';
import type { Action, GameRules } from '@stavka/engine';
import { type MarsState, marsRules } from '@stavka/games';
import { type Command, Option } from 'commander';
import { UsageError, wholeNumber } from './calc.ts';

export const PLAYERS = ['random'] as const;

export interface GameSummary {
  seed: number;
  winner: string;
  vp: Record<string, number>;
  turns: number;
  actions: number;
  hash: string;
}

function makePlayer(kind: string, seed: string): Player {
  if (kind === 'random') return new RandomPlayer(seed);
  throw new UsageError(`unknown player "${kind}" (one of ${PLAYERS.join(', ')})`);
}

export function simulate(opts: {
  game: string;
  players: string;
  games: number;
  seed: number;
  save?: string;
}): {
  games: GameSummary[];
  summary: Record<string, unknown>;
} {
  if (opts.game !== 'mars-1942')
    throw new UsageError(`simulate plays mars-1942 only so far, not "${opts.game}"`);
  const rules = marsRules as unknown as GameRules<MarsState, Action, Record<string, unknown>>;
  const kinds = opts.players.split(',').map((p) => p.trim());
  if (kinds.length !== rules.sides.length) {
    throw new UsageError(
      `--players needs ${rules.sides.length} players, one per side in order ${rules.sides.join(',')}`,
    );
  }
  for (const k of kinds)
    if (!(PLAYERS as readonly string[]).includes(k))
      throw new UsageError(`unknown player "${k}" (one of ${PLAYERS.join(', ')})`);
  if (opts.save) mkdirSync(opts.save, { recursive: true });
  const games: GameSummary[] = [];
  for (let i = 0; i < opts.games; i++) {
    const seed = opts.seed + i;
    const players: Record<string, Player> = {};
    rules.sides.forEach((side, k) => {
      players[side] = makePlayer(kinds[k]!, `player:${side}:${seed}`);
    });
    const r = playout(rules, seed, players);
    const o = r.outcome;
    games.push({
      seed,
      winner: o ? (o.winner ?? 'draw') : 'unfinished',
      vp: { german: o?.score.german ?? 0, soviet: o?.score.soviet ?? 0 },
      turns: r.state.state.turn,
      actions: r.actions,
      hash: r.hash,
    });
    if (opts.save) {
      writeFileSync(
        join(opts.save, `${opts.game}-${seed}.json`),
        `${JSON.stringify({ ...r.replay, finalHash: r.hash })}\n`,
      );
    }
  }
  const count = (w: string) => games.filter((g) => g.winner === w).length;
  const mean = (side: string) =>
    games.length ? games.reduce((a, g) => a + (g.vp[side] ?? 0), 0) / games.length : 0;
  return {
    games,
    summary: {
      game: opts.game,
      players: Object.fromEntries(rules.sides.map((s, k) => [s, kinds[k]])),
      games: games.length,
      wins: { german: count('german'), soviet: count('soviet'), draw: count('draw') },
      meanVp: { german: mean('german'), soviet: mean('soviet') },
      meanActions: games.length ? games.reduce((a, g) => a + g.actions, 0) / games.length : 0,
    },
  };
}

export function addSimulateCommand(program: Command, io: { out: (s: string) => void }): void {
  program
    .command('simulate')
    .description('play whole games between players (deterministic for a seed)')
    .addOption(new Option('--game <game>', 'which game').choices(['mars-1942']).makeOptionMandatory())
    .option('--players <list>', 'one player per side, in the order soviet,german', 'random,random')
    .option('--games <n>', 'how many games', wholeNumber('--games', 1), 1)
    .option('--seed <n>', 'seed of the first game; game i uses seed + i', wholeNumber('--seed', 0), 1)
    .option('--save <dir>', 'write each game as a replay file into DIR')
    .option('--json', 'print one JSON object')
    .action(
      (opts: {
        game: string;
        players: string;
        games: number;
        seed: number;
        save?: string;
        json?: boolean;
      }) => {
        const result = simulate(opts);
        if (opts.json) {
          io.out(
            JSON.stringify({ games: result.games.map(({ hash: _h, ...g }) => g), summary: result.summary }),
          );
          return;
        }
        for (const g of result.games) {
          io.out(
            `game ${g.seed}: ${g.winner.padEnd(7)} German ${g.vp.german} - Soviet ${g.vp.soviet}, ${g.turns} turns, ${g.actions} actions`,
          );
        }
        const s = result.summary as { wins: Record<string, number>; meanVp: Record<string, number> };
        io.out(
          `${result.games.length} games: German ${s.wins.german}, Soviet ${s.wins.soviet}, draws ${s.wins.draw}; ` +
            `mean VP German ${s.meanVp.german!.toFixed(1)}, Soviet ${s.meanVp.soviet!.toFixed(1)}`,
        );
      },
    );
}
