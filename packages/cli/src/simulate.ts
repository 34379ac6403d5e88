/**
 * `stavka simulate`: whole games between players, for fuzzing and balance (the balance
 * lab). The same command prints the same games every time (all dice seeded), whatever
 * `--workers`: games are split over worker threads and gathered back in seed order.
 * `--save DIR` writes each game's replay file; `--plot FILE.png|svg` draws the victory
 * point distributions and win rates (vega-lite, rendered offline).
 *
 * Players are given one per side in the order soviet,german: `--players ai,random` is
 * the AI as Zhukov against a random von Kluge.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  type Action,
  type AnyGameModule,
  type GameRules,
  type GameState,
  type Player,
  playout,
  view,
} from '@stavka/engine';
import { GAMES, playableGame } from '@stavka/games';
import { useNodeSha256 } from '@stavka/server/node-sha256';
import { type Command, Option } from 'commander';
import { UsageError, wholeNumber } from './calc.ts';

/** The games simulate can play: every playable game of the registry. */
export const SIMULATED_GAMES = Object.keys(GAMES).filter((id) => playableGame(id));

/** A game's players by name (`ai` is its AI at the default level; `ai1`.. name a level). */
export function playerNames(game: string): string[] {
  return Object.keys(playableGame(game)?.players ?? {});
}

export interface GameSummary {
  seed: number;
  winner: string;
  vp: Record<string, number>;
  turns: number;
  actions: number;
  hash: string;
  /** Thinking time of each AI player-turn, ms, per side (not part of the JSON games: it varies). */
  aiTurnMs?: Record<string, number[]>;
}

export interface SimulateOptions {
  game: string;
  players: string;
  games: number;
  seed: number;
  save?: string;
  workers?: number;
  /** Called after each finished game (the progress bar). */
  onGame?: (done: number, total: number) => void;
}

function moduleOf(
  game: string,
): AnyGameModule & { rules: GameRules<unknown, Action, Record<string, unknown>> } {
  const m = playableGame(game);
  if (!m) throw new UsageError(`no game "${game}" to simulate (one of ${SIMULATED_GAMES.join(', ')})`);
  return m;
}

function makePlayer(game: string, kind: string, seed: string): Player {
  const m = moduleOf(game);
  const made = m.players && Object.hasOwn(m.players, kind) ? m.players[kind] : undefined;
  if (!made) throw new UsageError(`unknown player "${kind}" (one of ${playerNames(game).join(', ')})`);
  return made.make(seed);
}

/**
 * Wraps a player to time its thinking, summed per player-turn: the game-turn its view
 * shows (the module's progress) and the side; set-up counts with the first turn.
 */
function timed(m: AnyGameModule, player: Player, turns: Map<string, number>): Player {
  return {
    name: player.name,
    choose<G>(r: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
      const t0 = performance.now();
      const a = player.choose(r, state, side);
      const turn = m.progress ? m.progress(view(r, state, side).state).turn : 0;
      const key = `${turn}:${side}`;
      turns.set(key, (turns.get(key) ?? 0) + performance.now() - t0);
      return a;
    },
  };
}

/** Plays one game; the same seed and players give the same game. */
export function playGame(kinds: readonly string[], seed: number, game: string, save?: string): GameSummary {
  const m = moduleOf(game);
  const rules = m.rules;
  const players: Record<string, Player> = {};
  const times: Record<string, Map<string, number>> = {};
  rules.sides.forEach((side, k) => {
    const kind = kinds[k]!;
    const p = makePlayer(game, kind, `player:${side}:${seed}`);
    if (kind.startsWith('ai')) {
      times[side] = new Map();
      players[side] = timed(m, p, times[side]);
    } else players[side] = p;
  });
  const r = playout(rules, seed, players);
  const o = r.outcome;
  if (save) {
    writeFileSync(
      join(save, `${game}-${seed}.json`),
      `${JSON.stringify({ ...r.replay, finalHash: r.hash })}\n`,
    );
  }
  return {
    seed,
    winner: o ? (o.winner ?? 'draw') : 'unfinished',
    vp: Object.fromEntries([...rules.sides].sort().map((side) => [side, o?.score[side] ?? 0])),
    turns: m.progress ? m.progress(view(rules, r.state, null).state).turn : 0,
    actions: r.actions,
    hash: r.hash,
    ...(Object.keys(times).length
      ? { aiTurnMs: Object.fromEntries(Object.entries(times).map(([s, m]) => [s, [...m.values()]])) }
      : {}),
  };
}

/* ---------------------------------------------------------------------------- */
/* Worker threads                                                                 */

interface WorkerJob {
  readonly stavkaSimulate: true;
  readonly kinds: string[];
  readonly seeds: number[];
  readonly game: string;
  readonly save?: string;
}

if (!isMainThread && (workerData as WorkerJob | null)?.stavkaSimulate) {
  const job = workerData as WorkerJob;
  useNodeSha256();
  for (const seed of job.seeds) parentPort!.postMessage(playGame(job.kinds, seed, job.game, job.save));
}

/** The worker runs this very module through tsx, whichever way the main thread loaded it. */
function startWorker(job: WorkerJob): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const self = import.meta.url;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(self)}); });`;
  return new Worker(boot, { eval: true, workerData: job });
}

function runInWorkers(kinds: string[], seeds: number[], opts: SimulateOptions): Promise<GameSummary[]> {
  const n = Math.min(opts.workers ?? 1, seeds.length);
  const out: GameSummary[] = [];
  return new Promise((resolve, reject) => {
    let running = n;
    for (let w = 0; w < n; w++) {
      const worker = startWorker({
        stavkaSimulate: true,
        kinds,
        seeds: seeds.filter((_, i) => i % n === w),
        game: opts.game,
        ...(opts.save ? { save: opts.save } : {}),
      });
      worker.on('message', (g: GameSummary) => {
        out.push(g);
        opts.onGame?.(out.length, seeds.length);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`a simulation worker stopped with code ${code}`));
        else if (--running === 0) resolve(out.sort((a, b) => a.seed - b.seed));
      });
    }
  });
}

/* ---------------------------------------------------------------------------- */
/* Statistics                                                                     */

/** Wilson score interval, 95%, for k successes in n. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

function summarize(game: string, sides: readonly string[], kinds: readonly string[], games: GameSummary[]) {
  const count = (w: string) => games.filter((g) => g.winner === w).length;
  const mean = (side: string) =>
    games.length ? games.reduce((a, g) => a + (g.vp[side] ?? 0), 0) / games.length : 0;
  const n = games.length;
  const perSide = Object.fromEntries(
    sides.map((side, k) => {
      const wins = count(side);
      const draws = count('draw');
      const losses = n - wins - draws;
      const [lo, hi] = wilson(wins, n);
      return [
        side,
        {
          player: kinds[k],
          wins,
          draws,
          losses,
          winRate: round(n ? wins / n : 0),
          winRateCi95: [round(lo), round(hi)],
        },
      ];
    }),
  );
  const vpDistribution = Object.fromEntries(
    sides.map((side) => {
      const v = games.map((g) => g.vp[side] ?? 0).sort((a, b) => a - b);
      return [
        side,
        {
          min: v[0] ?? 0,
          p25: quantile(v, 0.25),
          median: quantile(v, 0.5),
          p75: quantile(v, 0.75),
          max: v[v.length - 1] ?? 0,
          mean: round(mean(side), 2),
        },
      ];
    }),
  );
  const turnMs = games.flatMap((g) => Object.values(g.aiTurnMs ?? {}).flat()).sort((a, b) => a - b);
  return {
    game,
    players: Object.fromEntries(sides.map((s, k) => [s, kinds[k]])),
    games: n,
    wins: Object.fromEntries([
      ...[...sides].sort().map((side) => [side, count(side)]),
      ['draw', count('draw')],
    ]),
    meanVp: Object.fromEntries([...sides].sort().map((side) => [side, mean(side)])),
    meanActions: n ? games.reduce((a, g) => a + g.actions, 0) / n : 0,
    perSide,
    vpDistribution,
    ...(turnMs.length
      ? {
          aiTurnMs: {
            turns: turnMs.length,
            mean: round(turnMs.reduce((a, x) => a + x, 0) / turnMs.length, 1),
            median: round(quantile(turnMs, 0.5), 1),
            p95: round(quantile(turnMs, 0.95), 1),
            max: round(turnMs[turnMs.length - 1]!, 1),
          },
        }
      : {}),
  };
}

export type SimulateSummary = ReturnType<typeof summarize>;

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
  for (const k of kinds)
    if (!playerNames(opts.game).includes(k))
      throw new UsageError(`unknown player "${k}" (one of ${playerNames(opts.game).join(', ')})`);
  if (opts.save) mkdirSync(opts.save, { recursive: true });
  const seeds = Array.from({ length: opts.games }, (_, i) => opts.seed + i);
  let games: GameSummary[];
  if ((opts.workers ?? 1) > 1 && seeds.length > 1) games = await runInWorkers(kinds, seeds, opts);
  else {
    games = [];
    for (const seed of seeds) {
      games.push(playGame(kinds, seed, opts.game, opts.save));
      opts.onGame?.(games.length, seeds.length);
    }
  }
  return { games, summary: summarize(opts.game, rules.sides, kinds, games) };
}

/* ---------------------------------------------------------------------------- */
/* The plot                                                                       */

/** The vega-lite chart: VP distribution per side, and each side's win rate with its 95% interval. */
export function plotSpec(games: readonly GameSummary[], summary: SimulateSummary): Record<string, unknown> {
  const vp = games.flatMap((g) =>
    Object.entries(g.vp).map(([side, points]) => ({ side: `${side} (${summary.players[side]})`, points })),
  );
  const rates = Object.entries(summary.perSide).map(([side, r]) => ({
    side: `${side} (${r.player})`,
    rate: r.winRate,
    lo: r.winRateCi95[0],
    hi: r.winRateCi95[1],
  }));
  const players = Object.entries(summary.players)
    .map(([s, p]) => `${s} ${p}`)
    .join(' vs ');
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${summary.game}: ${players}, ${summary.games} games`,
    background: 'white',
    hconcat: [
      {
        title: 'Victory points at the end',
        data: { values: vp },
        mark: { type: 'bar', opacity: 0.7 },
        encoding: {
          x: { field: 'points', type: 'quantitative', bin: { maxbins: 30 }, title: 'victory points' },
          y: { aggregate: 'count', type: 'quantitative', title: 'games', stack: null },
          color: { field: 'side', type: 'nominal' },
        },
        width: 360,
        height: 240,
      },
      {
        title: 'Win rate (95% interval)',
        data: { values: rates },
        layer: [
          {
            mark: 'bar',
            encoding: {
              x: { field: 'side', type: 'nominal', title: null },
              y: { field: 'rate', type: 'quantitative', scale: { domain: [0, 1] }, title: 'wins / games' },
              color: { field: 'side', type: 'nominal', legend: null },
            },
          },
          {
            mark: { type: 'rule', strokeWidth: 2 },
            encoding: {
              x: { field: 'side', type: 'nominal' },
              y: { field: 'lo', type: 'quantitative' },
              y2: { field: 'hi' },
            },
          },
        ],
        width: 160,
        height: 240,
      },
    ],
  };
}

/** Renders the chart to SVG or PNG (by the file's extension), with no network. */
export async function renderPlot(spec: Record<string, unknown>, file: string): Promise<void> {
  const vl = await import('vega-lite');
  const vega = await import('vega');
  const compiled = vl.compile(spec as unknown as Parameters<typeof vl.compile>[0]).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  if (file.toLowerCase().endsWith('.svg')) writeFileSync(file, svg);
  else {
    const { Resvg } = await import('@resvg/resvg-js');
    writeFileSync(
      file,
      new Resvg(svg, { background: 'white', fitTo: { mode: 'zoom', value: 2 } }).render().asPng(),
    );
  }
}

/* ---------------------------------------------------------------------------- */
/* The command                                                                    */

export function addSimulateCommand(program: Command, io: { out: (s: string) => void }): void {
  program
    .command('simulate')
    .description('play whole games between players (deterministic for a seed): the balance lab')
    .addOption(new Option('--game <game>', 'which game').choices(SIMULATED_GAMES).makeOptionMandatory())
    .option(
      '--players <list>',
      `one player per side, in the rules' side order (${SIMULATED_GAMES.map((g) => `${g}: ${moduleOf(g).rules.sides.join(',')} from ${playerNames(g).join(', ')}`).join('; ')}; ai = default level)`,
      'random,random',
    )
    .option('--games <n>', 'how many games', wholeNumber('--games', 1), 1)
    .option('--seed <n>', 'seed of the first game; game i uses seed + i', wholeNumber('--seed', 0), 1)
    .option(
      '--workers <n>',
      'play games in N worker threads (same results as 1)',
      wholeNumber('--workers', 1),
      1,
    )
    .option('--save <dir>', 'write each game as a replay file into DIR')
    .option('--plot <file>', 'draw VP distributions and win rates into FILE.png or FILE.svg')
    .option('--json', 'print one JSON object')
    .action(
      async (opts: {
        game: string;
        players: string;
        games: number;
        seed: number;
        workers: number;
        save?: string;
        plot?: string;
        json?: boolean;
      }) => {
        if (opts.plot && !/\.(png|svg)$/i.test(opts.plot))
          throw new UsageError(`--plot writes a .png or .svg file, not "${opts.plot}"`);
        const bar = !opts.json && process.stderr.isTTY ? await progressBar(opts.games) : null;
        let result: Awaited<ReturnType<typeof simulate>>;
        try {
          result = await simulate({
            ...opts,
            ...(bar ? { onGame: (done: number) => bar.update(done) } : {}),
          });
        } finally {
          bar?.stop();
        }
        if (opts.plot) await renderPlot(plotSpec(result.games, result.summary), opts.plot);
        if (opts.json) {
          io.out(
            JSON.stringify({
              games: result.games.map(({ hash: _h, aiTurnMs: _t, ...g }) => g),
              summary: result.summary,
            }),
          );
          return;
        }
        const sideMeta = moduleOf(opts.game).meta.sides;
        const named = [...sideMeta].sort((a, b) => (a.id < b.id ? -1 : 1));
        for (const g of result.games) {
          io.out(
            `game ${g.seed}: ${g.winner.padEnd(7)} ${named.map((m) => `${m.name} ${g.vp[m.id]}`).join(' - ')}, ${g.turns} turns, ${g.actions} actions`,
          );
        }
        const s = result.summary;
        io.out(
          `${result.games.length} games: ${named.map((m) => `${m.name} ${s.wins[m.id]}`).join(', ')}, draws ${s.wins.draw}; ` +
            `mean VP ${named.map((m) => `${m.name} ${s.meanVp[m.id]!.toFixed(1)}`).join(', ')}`,
        );
        for (const [side, r] of Object.entries(s.perSide)) {
          const d = s.vpDistribution[side]!;
          io.out(
            `  ${side.padEnd(7)} (${r.player}): ${r.wins} won, ${r.draws} drawn, ${r.losses} lost; ` +
              `win rate ${(r.winRate * 100).toFixed(1)}% (95% CI ${(r.winRateCi95[0]! * 100).toFixed(1)}-${(r.winRateCi95[1]! * 100).toFixed(1)}%); ` +
              `VP median ${d.median} (${d.min}-${d.max})`,
          );
        }
        if (s.aiTurnMs)
          io.out(
            `  AI player-turn: mean ${s.aiTurnMs.mean} ms, median ${s.aiTurnMs.median} ms, p95 ${s.aiTurnMs.p95} ms over ${s.aiTurnMs.turns} turns`,
          );
        if (opts.plot) io.out(`plot written to ${opts.plot}`);
      },
    );
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
