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
  checkGameOptions,
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
  /** The game's optional rules switched (its module's `options`), the same in every game. */
  options?: Readonly<Record<string, boolean>>;
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

/** What every game of a run shares: where its replays go, and the optional rules switched. */
interface RunSettings {
  readonly save?: string;
  readonly options?: Readonly<Record<string, boolean>>;
}

/** Plays one game; the same seed, players and options give the same game. */
export function playGame(
  kinds: readonly string[],
  seed: number,
  game: string,
  { save, options }: RunSettings = {},
): GameSummary {
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
  const r = playout(rules, seed, players, options ? { options: { ...options } } : {});
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

/** One game to play: the players, one per side in the rules' order, and the seed. */
interface GameJob {
  readonly kinds: readonly string[];
  readonly seed: number;
}

interface WorkerJob {
  readonly stavkaSimulate: true;
  readonly jobs: GameJob[];
  readonly game: string;
  readonly settings: RunSettings;
}

if (!isMainThread && (workerData as WorkerJob | null)?.stavkaSimulate) {
  const w = workerData as WorkerJob;
  useNodeSha256();
  for (const [i, job] of w.jobs.entries())
    parentPort!.postMessage({ i, g: playGame(job.kinds, job.seed, w.game, w.settings) });
}

/** The worker runs this very module through tsx, whichever way the main thread loaded it. */
function startWorker(job: WorkerJob): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const self = import.meta.url;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(self)}); });`;
  return new Worker(boot, { eval: true, workerData: job });
}

/**
 * Plays `jobs` in worker threads (or here, with one worker), each game's summary at its
 * job's index: the same list whatever the number of workers.
 */
function playJobs(
  jobs: readonly GameJob[],
  game: string,
  workers: number,
  settings: RunSettings,
  onGame?: (done: number, total: number) => void,
): Promise<GameSummary[]> {
  const out: GameSummary[] = new Array(jobs.length);
  const n = Math.min(workers, jobs.length);
  if (n <= 1) {
    jobs.forEach((j, i) => {
      out[i] = playGame(j.kinds, j.seed, game, settings);
      onGame?.(i + 1, jobs.length);
    });
    return Promise.resolve(out);
  }
  let done = 0;
  return new Promise((resolve, reject) => {
    let running = n;
    for (let w = 0; w < n; w++) {
      const mine = jobs.map((j, i) => ({ j, i })).filter((x) => x.i % n === w);
      const worker = startWorker({
        stavkaSimulate: true,
        jobs: mine.map((x) => x.j),
        game,
        settings,
      });
      worker.on('message', (m: { i: number; g: GameSummary }) => {
        out[mine[m.i]!.i] = m.g;
        onGame?.(++done, jobs.length);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`a simulation worker stopped with code ${code}`));
        else if (--running === 0) resolve(out);
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
  const jobs = Array.from({ length: opts.games }, (_, i) => ({ kinds, seed: opts.seed + i }));
  const games = await playJobs(
    jobs,
    opts.game,
    opts.workers ?? 1,
    { ...(opts.save ? { save: opts.save } : {}), ...(opts.options ? { options: opts.options } : {}) },
    opts.onGame,
  );
  return { games, summary: summarize(opts.game, rules.sides, kinds, games) };
}

/* ---------------------------------------------------------------------------- */
/* The ladder: round robins and Elo                                              */

export interface LadderOptions {
  game: string;
  /** The players on the ladder (at least two). */
  players: readonly string[];
  /** Games per pairing and side order: A against B is `games` with A on each side. */
  games: number;
  seed: number;
  workers?: number;
  /** Bootstrap resamples for the Elo intervals. */
  resamples?: number;
  /**
   * Only each player against the next in the order given (the rungs of a ladder of
   * levels: does each beat the one below?), not every pairing.
   */
  rungs?: boolean;
  /** The game's optional rules switched, the same in every game. */
  options?: Readonly<Record<string, boolean>>;
  onGame?: (done: number, total: number) => void;
}

/** The pairings a ladder plays: every ordered pair, or (rungs) each player and the next. */
export function ladderPairs(players: readonly string[], rungs = false): [string, string][] {
  const out: [string, string][] = [];
  if (rungs)
    for (let i = 0; i + 1 < players.length; i++) {
      out.push([players[i + 1]!, players[i]!]);
      out.push([players[i]!, players[i + 1]!]);
    }
  else for (const a of players) for (const b of players) if (a !== b) out.push([a, b]);
  return out;
}

/** One game of the round robin, as the ladder reads it. */
export interface LadderGame {
  /** The player on each side, in the rules' side order. */
  readonly kinds: readonly string[];
  readonly seed: number;
  readonly winner: string;
  readonly vp: Record<string, number>;
}

/** One pairing: how `a` fared against `b`, on each side. */
export interface LadderPairing {
  a: string;
  b: string;
  /** By `a`'s side: games, `a`'s wins, draws, `a`'s win rate with its 95% Wilson interval. */
  asSide: Record<
    string,
    {
      games: number;
      wins: number;
      draws: number;
      winRate: number;
      ci95: [number, number];
      /** `a`'s mean victory-point margin over `b` (own VP minus the other side's). */
      meanMargin: number;
    }
  >;
}

export interface LadderRung {
  player: string;
  elo: number;
  ci95: [number, number];
  games: number;
  /** Points scored (win 1, draw 1/2) over games played. */
  score: number;
}

/**
 * Elo ratings fitted to every game at once (Bradley-Terry by maximum likelihood, a draw
 * half a win), with each side's advantage fitted beside them (few wargames are fair games:
 * a rating must not depend on which side a player happened to get). The first player is
 * the anchor at 0. Returns ratings by player and the advantage of each side but the first.
 *
 * Newton's method on the log-likelihood (concave, so it converges in a few steps from
 * anywhere; halved steps if one overshoots). A weak prior, one draw against a rating of 0
 * for every player and for the side advantage, keeps an unbeaten player finite. (Gradient
 * ascent with a fixed step, used before, did not converge on a ladder of a hundred games a
 * pairing: it left level 1 above level 2 though level 2 won 59% and 73% on the two sides.)
 */
export function fitElo(
  games: readonly LadderGame[],
  players: readonly string[],
  sides: readonly string[],
): { elo: Record<string, number>; sideAdvantage: Record<string, number> } {
  const idx = new Map(players.map((p, i) => [p, i]));
  const k = Math.log(10) / 400;
  const two = games
    .filter((g) => g.kinds.length === 2)
    .map((g) => ({
      a: idx.get(g.kinds[0]!)!,
      b: idx.get(g.kinds[1]!)!,
      s: g.winner === sides[0] ? 1 : g.winner === sides[1] ? 0 : 0.5,
    }));
  // Unknowns: the ratings of players 1..n-1 (player 0 is the anchor), then the second
  // side's advantage h (a game's expectation for the first side is sigma(r_a - r_b - h)).
  const n = players.length;
  const m = n; // n - 1 ratings + h
  const at = (player: number) => player - 1; // unknown index of a rating (-1: the anchor)
  const H_AT = n - 1;
  const x = new Float64Array(m);
  const rating = (player: number) => (player === 0 ? 0 : x[at(player)]!);
  const sigma = (d: number) => 1 / (1 + Math.exp(-k * d));
  const logLikelihood = (v: Float64Array) => {
    const r = (player: number) => (player === 0 ? 0 : v[at(player)]!);
    let ll = 0;
    for (const g of two) {
      const p = sigma(r(g.a) - r(g.b) - v[H_AT]!);
      ll += g.s * Math.log(p) + (1 - g.s) * Math.log(1 - p);
    }
    for (let i = 0; i < m; i++) {
      const p = sigma(v[i]!);
      ll += 0.5 * Math.log(p) + 0.5 * Math.log(1 - p);
    }
    return ll;
  };
  let ll = logLikelihood(x);
  for (let iter = 0; iter < 100; iter++) {
    const grad = new Float64Array(m);
    const hess = Array.from({ length: m }, () => new Float64Array(m));
    const touch = (terms: readonly [number, number][], e: number, w: number) => {
      for (const [i, ci] of terms) {
        grad[i]! += ci * e;
        for (const [j, cj] of terms) hess[i]![j]! += ci * cj * w;
      }
    };
    for (const g of two) {
      const p = sigma(rating(g.a) - rating(g.b) - x[H_AT]!);
      const terms: [number, number][] = [[H_AT, -1]];
      if (g.a !== 0) terms.push([at(g.a), 1]);
      if (g.b !== 0) terms.push([at(g.b), -1]);
      touch(terms, k * (g.s - p), k * k * p * (1 - p));
    }
    for (let i = 0; i < m; i++) {
      const p = sigma(x[i]!);
      touch([[i, 1]], k * (0.5 - p), k * k * p * (1 - p));
    }
    const step = solve(hess, grad); // the Newton step: (-Hessian) step = gradient
    let scale = 1;
    let next = x.map((v, i) => v + step[i]!);
    let nextLl = logLikelihood(next);
    while (nextLl < ll - 1e-12 && scale > 1e-6) {
      scale /= 2;
      next = x.map((v, i) => v + scale * step[i]!);
      nextLl = logLikelihood(next);
    }
    ll = nextLl;
    const moved = Math.max(...step.map((d) => Math.abs(scale * d)));
    x.set(next);
    if (moved < 1e-6) break;
  }
  return {
    elo: Object.fromEntries(players.map((p, i) => [p, round(rating(i), 1)])),
    sideAdvantage: Object.fromEntries(sides.slice(1).map((sd) => [sd, round(x[H_AT]!, 1)])),
  };
}

/** Solves a x = b (a: the negated Hessian, positive definite) by Gaussian elimination with partial pivoting. */
function solve(a: readonly Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const m = a.map((row) => Float64Array.from(row));
  const v = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[piv]![c]!)) piv = r;
    [m[c], m[piv]] = [m[piv]!, m[c]!];
    [v[c], v[piv]] = [v[piv]!, v[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      if (f === 0) continue;
      for (let q = c; q < n; q++) m[r]![q]! -= f * m[c]![q]!;
      v[r]! -= f * v[c]!;
    }
  }
  const out = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let sum = v[r]!;
    for (let q = r + 1; q < n; q++) sum -= m[r]![q]! * out[q]!;
    out[r] = sum / m[r]![r]!;
  }
  return out;
}

/** Percentile bootstrap of the Elo fit over games, with its own seeded draws (deterministic). */
function eloIntervals(
  games: readonly LadderGame[],
  players: readonly string[],
  sides: readonly string[],
  resamples: number,
): Record<string, [number, number]> {
  const draws: Record<string, number[]> = Object.fromEntries(players.map((p) => [p, []]));
  let x = 0x9e3779b9;
  const next = () => {
    // xorshift32: the ladder's own resampling dice
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  for (let b = 0; b < resamples; b++) {
    const sample = games.map(() => games[Math.floor(next() * games.length)]!);
    const { elo } = fitElo(sample, players, sides);
    for (const p of players) draws[p]!.push(elo[p]!);
  }
  return Object.fromEntries(
    players.map((p) => {
      const v = draws[p]!.sort((a, b) => a - b);
      return [p, [round(quantile(v, 0.025), 0), round(quantile(v, 0.975), 0)] as [number, number]];
    }),
  );
}

/** Every pairing of the players, each on both sides, over the same seeds; then the ladder. */
export async function ladder(opts: LadderOptions) {
  const m = moduleOf(opts.game);
  const sides = m.rules.sides;
  if (sides.length !== 2) throw new UsageError('--ladder needs a game of two sides');
  const players = [...new Set(opts.players)];
  if (players.length < 2) throw new UsageError('--ladder needs at least two players');
  for (const k of players)
    if (!playerNames(opts.game).includes(k))
      throw new UsageError(`unknown player "${k}" (one of ${playerNames(opts.game).join(', ')})`);
  const jobs: GameJob[] = [];
  for (const [a, b] of ladderPairs(players, opts.rungs))
    for (let i = 0; i < opts.games; i++) jobs.push({ kinds: [a, b], seed: opts.seed + i });
  const played = await playJobs(
    jobs,
    opts.game,
    opts.workers ?? 1,
    opts.options ? { options: opts.options } : {},
    opts.onGame,
  );
  const games: LadderGame[] = played.map((g, i) => ({
    kinds: jobs[i]!.kinds,
    seed: g.seed,
    winner: g.winner,
    vp: g.vp,
  }));
  return {
    ...rateRoundRobin(opts.game, players, sides, opts.games, games, opts.resamples ?? 100),
    rungs: opts.rungs ?? false,
  };
}

/**
 * The ladder of games already played (a round robin, or pairings played one by one):
 * Elo with bootstrap intervals, each player's score, each pairing by side.
 */
export function rateRoundRobin(
  game: string,
  players: readonly string[],
  sides: readonly string[],
  gamesPerPairing: number,
  games: LadderGame[],
  resamples = 100,
) {
  const { elo, sideAdvantage } = fitElo(games, players, sides);
  const ci = eloIntervals(games, players, sides, resamples);
  const rungs: LadderRung[] = players
    .map((p) => {
      const mine = games.filter((g) => g.kinds.includes(p));
      const score = mine.reduce((a, g) => {
        const side = sides[g.kinds.indexOf(p)]!;
        return a + (g.winner === side ? 1 : g.winner === 'draw' ? 0.5 : 0);
      }, 0);
      return { player: p, elo: elo[p]!, ci95: ci[p]!, games: mine.length, score: round(score / mine.length) };
    })
    .sort((x, y) => y.elo - x.elo || (x.player < y.player ? -1 : 1));
  const pairings: LadderPairing[] = [];
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++) {
      const [a, b] = [players[i]!, players[j]!];
      if (!games.some((g) => g.kinds.includes(a) && g.kinds.includes(b))) continue;
      const asSide: LadderPairing['asSide'] = {};
      sides.forEach((side, k) => {
        const these = games.filter((g) => g.kinds[k] === a && g.kinds[1 - k] === b);
        const wins = these.filter((g) => g.winner === side).length;
        const draws = these.filter((g) => g.winner === 'draw').length;
        const [lo, hi] = wilson(wins, these.length);
        const other = sides[1 - k]!;
        const margin = these.reduce((acc, g) => acc + (g.vp[side] ?? 0) - (g.vp[other] ?? 0), 0);
        asSide[side] = {
          games: these.length,
          wins,
          draws,
          winRate: round(these.length ? wins / these.length : 0),
          ci95: [round(lo), round(hi)],
          meanMargin: round(these.length ? margin / these.length : 0, 1),
        };
      });
      pairings.push({ a, b, asSide });
    }
  return {
    game,
    gamesPerPairing,
    sides,
    sideAdvantage,
    ladder: rungs,
    pairings,
    games,
  };
}

export type LadderSummary = ReturnType<typeof rateRoundRobin> & { rungs?: boolean };

/** A rung holds when the higher player wins at least this share of its games on each side. */
export const RUNG_TARGET = 0.6;

/** Whether `p.b` (the next player up) won at least RUNG_TARGET of its games against `p.a` on each side. */
export function rungHolds(p: LadderPairing): boolean {
  const sides = Object.values(p.asSide);
  return (
    sides.length > 0 &&
    sides.every((r) => r.games > 0 && (r.games - r.wins - r.draws) / r.games >= RUNG_TARGET)
  );
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
    .option('--save <dir>', 'write each game as a replay file into DIR')
    .option('--plot <file>', 'draw VP distributions and win rates into FILE.png or FILE.svg')
    .option('--json', 'print one JSON object')
    .action(
      async (opts: {
        game: string;
        players?: string;
        ladder?: boolean;
        rungs?: boolean;
        games: number;
        seed: number;
        workers: number;
        option: string[];
        save?: string;
        plot?: string;
        json?: boolean;
      }) => {
        const options = parseOptionFlags(opts.game, opts.option);
        if (opts.plot && !/\.(png|svg)$/i.test(opts.plot))
          throw new UsageError(`--plot writes a .png or .svg file, not "${opts.plot}"`);
        if (opts.rungs && !opts.ladder) throw new UsageError('--rungs goes with --ladder');
        if (opts.ladder) {
          if (opts.save || opts.plot) throw new UsageError('--ladder writes no replays or plots');
          const names = opts.players
            ? opts.players.split(',').map((p) => p.trim())
            : playerNames(opts.game).filter((p) => p !== 'ai');
          const n = ladderPairs([...new Set(names)], opts.rungs).length * opts.games;
          const bar = !opts.json && process.stderr.isTTY ? await progressBar(n) : null;
          let l: LadderSummary;
          try {
            l = await ladder({
              game: opts.game,
              players: names,
              games: opts.games,
              seed: opts.seed,
              workers: opts.workers,
              rungs: opts.rungs ?? false,
              options,
              ...(bar ? { onGame: (done: number) => bar.update(done) } : {}),
            });
          } finally {
            bar?.stop();
          }
          if (opts.json) io.out(JSON.stringify(l));
          else for (const line of ladderText(l, moduleOf(opts.game).meta.sides)) io.out(line);
          return;
        }
        const bar = !opts.json && process.stderr.isTTY ? await progressBar(opts.games) : null;
        let result: Awaited<ReturnType<typeof simulate>>;
        try {
          result = await simulate({
            ...opts,
            options,
            players: opts.players ?? 'random,random',
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

/** The ladder in words: the ratings, then each pairing by side. */
export function ladderText(l: LadderSummary, sideMeta: readonly { id: string; name: string }[]): string[] {
  const name = (id: string) => sideMeta.find((m) => m.id === id)?.name ?? id;
  const out = [
    `${l.game}: ${l.rungs ? 'each player against the next' : 'round robin'}, ${l.gamesPerPairing} games a pairing on each side (${l.games.length} games)`,
    'player      Elo   95% interval   score',
  ];
  for (const r of l.ladder)
    out.push(
      `${r.player.padEnd(9)} ${String(Math.round(r.elo)).padStart(5)}   ${`${r.ci95[0]} to ${r.ci95[1]}`.padEnd(14)} ${(r.score * 100).toFixed(0)}% of ${r.games}`,
    );
  for (const [side, adv] of Object.entries(l.sideAdvantage))
    out.push(
      `side advantage: ${name(side)} ${adv > 0 ? '+' : ''}${Math.round(adv)} Elo over ${name(l.sides[0]!)}`,
    );
  for (const p of l.pairings)
    out.push(
      `${p.a} v ${p.b}: ${Object.entries(p.asSide)
        .map(
          ([side, r]) =>
            `as ${name(side)} ${r.wins}/${r.games} won (${(r.winRate * 100).toFixed(0)}%, ${(r.ci95[0] * 100).toFixed(0)}-${(r.ci95[1] * 100).toFixed(0)}%), VP margin ${r.meanMargin > 0 ? '+' : ''}${r.meanMargin}`,
        )
        .join('; ')}${
        l.rungs
          ? ` — ${p.b} won ${Object.entries(p.asSide)
              .map(
                ([side, r]) =>
                  `${r.games - r.wins - r.draws}/${r.games} as ${name(l.sides.find((x) => x !== side)!)}`,
              )
              .join(', ')}: ${
              rungHolds(p)
                ? 'holds its rung'
                : `does not hold its rung (${RUNG_TARGET * 100}% of its games on each side)`
            }`
          : ''
      }`,
    );
  return out;
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
