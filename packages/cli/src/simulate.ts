/**
 * `stavka simulate`: whole games between players, for fuzzing and balance (the balance
 * lab). The same command prints the same games every time (all dice seeded), whatever
 * `--workers`: games are split over worker threads and gathered back in seed order.
 * `--save DIR` writes each game's replay file; `--plot FILE.png|svg` draws the victory
 * point distributions and win rates (vega-lite, rendered offline).
 *
 * Players are given one per side in the order soviet,german: `--players ai,random` is
 * the AI as Zhukov against a random von Kluge.
 *
 * This module is the command; its parts, one job each:
 *   simulate-play.ts  one game: players by name, the playout, its summary
 *   simulate-pool.ts  the worker threads, games gathered back in order
 *   statistics.ts     intervals, quantiles, a run's summary
 *   ladder.ts         --ladder and --rungs: pairings, the record by side, the ladder in words
 *   elo.ts            the Elo fit (Bradley-Terry with a side advantage) and its bootstrap
 *   plot.ts           --plot: the vega-lite chart
 */
import { mkdirSync } from 'node:fs';
import { checkGameOptions, formatSetupErrors } from '@stavka/engine';
import { findGame } from '@stavka/games';
import { type Command, Option } from 'commander';
import { UsageError, wholeNumber } from './calc.ts';
import { readJson } from './files.ts';
import { ladder, ladderPairs, ladderText, RUNG_TARGET } from './ladder.ts';
import { plotSpec, renderPlot } from './plot.ts';
import {
  checkPlayerName,
  type GameSummary,
  moduleOf,
  playerNames,
  SIMULATED_GAMES,
} from './simulate-play.ts';
import { playJobs } from './simulate-pool.ts';
import { type SimulateSummary, summarize } from './statistics.ts';

export interface SimulateOptions {
  game: string;
  players: string;
  games: number;
  seed: number;
  save?: string;
  workers?: number;
  /** The game's optional rules switched (its module's `options`), the same in every game. */
  options?: Readonly<Record<string, boolean>>;
  /** A scenario file of the game instead of its standard scenario (`--scenario FILE`, checked by `readScenarioFlag`). */
  scenario?: unknown;
  /** Called after each finished game (the progress bar). */
  onGame?: (done: number, total: number) => void;
}

/**
 * Reads `--option KEY=true|false` flags (each switches one of the game's optional rules,
 * its module's `options`) into a new game's options, or a usage error naming the flag.
 */
export function parseOptionFlags(game: string, flags: readonly string[]): Record<string, boolean> {
  const given: Record<string, unknown> = {};
  for (const f of flags) {
    const m = /^([A-Za-z][\w-]*)=(true|false)$/.exec(f.trim());
    if (!m) throw new UsageError(`--option takes KEY=true or KEY=false, not "${f.slice(0, 80)}"`);
    given[m[1]!] = m[2] === 'true';
  }
  const r = checkGameOptions(game, moduleOf(game).options ?? [], given);
  if (!r.ok) throw new UsageError(`--option: ${r.error.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  return r.value;
}

/**
 * Reads `--scenario FILE`: a scenario file of the game (`stavka scenario --game ID` writes
 * its standard one), checked as `stavka validate` checks it; a usage error names the file
 * and every field wrong.
 */
export function readScenarioFlag(game: string, path: string): unknown {
  const file = readJson(path, 'scenario');
  const scenarios = findGame(game)?.scenarios;
  if (!scenarios) throw new UsageError(`--scenario: ${game} takes no scenario files`);
  const of = file && typeof file === 'object' ? (file as { game?: unknown }).game : undefined;
  if (of !== game)
    throw new UsageError(
      `--scenario: ${path} is not a ${game} scenario (its "game" is ${JSON.stringify(of) ?? 'missing'})`,
    );
  const r = scenarios.check(file);
  if (!r.ok)
    throw new UsageError(`--scenario: ${path} is not a valid scenario:\n${formatSetupErrors(r.error)}`);
  return file;
}

/** Plays `opts.games` games on consecutive seeds between the same players, and sums them up. */
export async function simulate(
  opts: SimulateOptions,
): Promise<{ games: GameSummary[]; summary: SimulateSummary }> {
  const rules = moduleOf(opts.game).rules;
  const kinds = opts.players.split(',').map((p) => p.trim());
  if (kinds.length !== rules.sides.length) {
    throw new UsageError(
      `--players needs ${rules.sides.length} players, one per side in order ${rules.sides.join(',')}`,
    );
  }
  for (const k of kinds) checkPlayerName(opts.game, k);
  if (opts.save) mkdirSync(opts.save, { recursive: true });
  const jobs = Array.from({ length: opts.games }, (_, i) => ({ kinds, seed: opts.seed + i }));
  const games = await playJobs(
    jobs,
    opts.game,
    opts.workers ?? 1,
    {
      ...(opts.save ? { save: opts.save } : {}),
      ...(opts.options ? { options: opts.options } : {}),
      ...(opts.scenario !== undefined ? { scenario: opts.scenario } : {}),
    },
    opts.onGame,
  );
  return { games, summary: summarize(opts.game, rules.sides, kinds, games) };
}

/** The command's flags, as commander parses them. */
interface SimulateFlags {
  game: string;
  players?: string;
  ladder?: boolean;
  rungs?: boolean;
  games: number;
  seed: number;
  workers: number;
  option: string[];
  scenario?: string;
  save?: string;
  plot?: string;
  json?: boolean;
}

type Out = (s: string) => void;

export function addSimulateCommand(program: Command, io: { out: Out }): void {
  program
    .command('simulate')
    .description('play whole games between players (deterministic for a seed): the balance lab')
    .addOption(new Option('--game <game>', 'which game').choices(SIMULATED_GAMES).makeOptionMandatory())
    .option(
      '--players <list>',
      `one player per side, in the rules' side order (${SIMULATED_GAMES.map((g) => `${g}: ${moduleOf(g).rules.sides.join(',')} from ${playerNames(g).join(', ')}`).join('; ')}; ai = default level; default random,random)`,
    )
    .option(
      '--ladder',
      'round robin of the --players given (any number; default every player but the ai alias), each pairing --games games with each player on each side, then Elo ratings with 95% intervals',
    )
    .option(
      '--rungs',
      `with --ladder: only each player against the next, in the order given (a ladder of levels, weakest first), and whether each wins ${RUNG_TARGET * 100}% of its games against the one below on each side`,
    )
    .option('--games <n>', 'how many games', wholeNumber('--games', 1), 1)
    .option('--seed <n>', 'seed of the first game; game i uses seed + i', wholeNumber('--seed', 0), 1)
    .option(
      '--workers <n>',
      'play games in N worker threads (same results as 1)',
      wholeNumber('--workers', 1),
      1,
    )
    .option(
      '--option <key=value>',
      `switch one of the game's optional rules, KEY=true or KEY=false (repeatable; ${SIMULATED_GAMES.map((g) => `${g}: ${(moduleOf(g).options ?? []).map((o) => `${o.key} ${o.rule}, default ${o.default}`).join('; ') || 'none'}`).join(' | ')})`,
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option(
      '--scenario <file>',
      'play a scenario file of the game (stavka scenario writes its standard one to edit) instead of its standard scenario',
    )
    .option('--save <dir>', 'write each game as a replay file into DIR')
    .option('--plot <file>', 'draw VP distributions and win rates into FILE.png or FILE.svg')
    .option('--json', 'print one JSON object')
    .action(async (opts: SimulateFlags) => {
      const options = parseOptionFlags(opts.game, opts.option);
      if (opts.plot && !/\.(png|svg)$/i.test(opts.plot))
        throw new UsageError(`--plot writes a .png or .svg file, not "${opts.plot}"`);
      if (opts.rungs && !opts.ladder) throw new UsageError('--rungs goes with --ladder');
      if (opts.scenario !== undefined && opts.ladder)
        throw new UsageError('--ladder plays the standard scenario only');
      if (opts.ladder) await runLadder(opts, options, io.out);
      else await runGames(opts, options, io.out);
    });
}

/** `--ladder`: the round robin (or the rungs), printed as JSON or in words. */
async function runLadder(opts: SimulateFlags, options: Record<string, boolean>, out: Out): Promise<void> {
  if (opts.save || opts.plot) throw new UsageError('--ladder writes no replays or plots');
  const names = opts.players
    ? opts.players.split(',').map((p) => p.trim())
    : playerNames(opts.game).filter((p) => p !== 'ai');
  const n = ladderPairs([...new Set(names)], opts.rungs).length * opts.games;
  const l = await withProgress(!opts.json, n, (onGame) =>
    ladder({
      game: opts.game,
      players: names,
      games: opts.games,
      seed: opts.seed,
      workers: opts.workers,
      rungs: opts.rungs ?? false,
      options,
      ...(onGame ? { onGame } : {}),
    }),
  );
  if (opts.json) out(JSON.stringify(l));
  else for (const line of ladderText(l, moduleOf(opts.game).meta.sides)) out(line);
}

/** The games between the same players, each in a line then the summary, or as JSON; the plot. */
async function runGames(opts: SimulateFlags, options: Record<string, boolean>, out: Out): Promise<void> {
  const result = await withProgress(!opts.json, opts.games, (onGame) =>
    simulate({
      ...opts,
      options,
      scenario: opts.scenario !== undefined ? readScenarioFlag(opts.game, opts.scenario) : undefined,
      players: opts.players ?? 'random,random',
      ...(onGame ? { onGame } : {}),
    }),
  );
  if (opts.plot) await renderPlot(plotSpec(result.games, result.summary), opts.plot);
  if (opts.json) {
    out(
      JSON.stringify({
        games: result.games.map(({ hash: _h, aiTurnMs: _t, ...g }) => g),
        summary: result.summary,
      }),
    );
    return;
  }
  for (const line of gamesText(result.games, result.summary, moduleOf(opts.game).meta.sides)) out(line);
  if (opts.plot) out(`plot written to ${opts.plot}`);
}

/** A run in words: a line a game, the totals, each side's record and VP, the AI's time. */
function gamesText(
  games: readonly GameSummary[],
  s: SimulateSummary,
  sideMeta: readonly { id: string; name: string }[],
): string[] {
  const named = [...sideMeta].sort((a, b) => (a.id < b.id ? -1 : 1));
  const out = games.map(
    (g) =>
      `game ${g.seed}: ${g.winner.padEnd(7)} ${named.map((m) => `${m.name} ${g.vp[m.id]}`).join(' - ')}, ${g.turns} turns, ${g.actions} actions`,
  );
  out.push(
    `${games.length} games: ${named.map((m) => `${m.name} ${s.wins[m.id]}`).join(', ')}, draws ${s.wins.draw}; ` +
      `mean VP ${named.map((m) => `${m.name} ${s.meanVp[m.id]!.toFixed(1)}`).join(', ')}`,
  );
  for (const [side, r] of Object.entries(s.perSide)) {
    const d = s.vpDistribution[side]!;
    out.push(
      `  ${side.padEnd(7)} (${r.player}): ${r.wins} won, ${r.draws} drawn, ${r.losses} lost; ` +
        `win rate ${(r.winRate * 100).toFixed(1)}% (95% CI ${(r.winRateCi95[0]! * 100).toFixed(1)}-${(r.winRateCi95[1]! * 100).toFixed(1)}%); ` +
        `VP median ${d.median} (${d.min}-${d.max})`,
    );
  }
  if (s.aiTurnMs)
    out.push(
      `  AI player-turn: mean ${s.aiTurnMs.mean} ms, median ${s.aiTurnMs.median} ms, p95 ${s.aiTurnMs.p95} ms over ${s.aiTurnMs.turns} turns`,
    );
  return out;
}

/** Runs `work` with a progress bar on a terminal's stderr (none for JSON or a pipe). */
async function withProgress<T>(
  wanted: boolean,
  total: number,
  work: (onGame: ((done: number) => void) | undefined) => Promise<T>,
): Promise<T> {
  const bar = wanted && process.stderr.isTTY ? await progressBar(total) : null;
  try {
    return await work(bar ? (done: number) => bar.update(done) : undefined);
  } finally {
    bar?.stop();
  }
}

async function progressBar(total: number): Promise<{ update(n: number): void; stop(): void }> {
  const { SingleBar, Presets } = await import('cli-progress');
  const bar = new SingleBar(
    { format: 'games [{bar}] {value}/{total} {percentage}% eta {eta_formatted}', stream: process.stderr },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return bar;
}
