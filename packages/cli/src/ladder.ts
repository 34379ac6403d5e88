/**
 * `stavka simulate --ladder`: a round robin of players (or, `--rungs`, each against the
 * next), every pairing on both sides over the same seeds, rated by Elo (`elo.ts`) with
 * each pairing's record by side; and the ladder in words.
 */
import { UsageError } from './calc.ts';
import { eloIntervals, fitElo } from './elo.ts';
import { checkPlayerName, moduleOf } from './simulate-play.ts';
import { type GameJob, playJobs } from './simulate-pool.ts';
import { round, wilson } from './statistics.ts';

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

/** Every pairing of the players, each on both sides, over the same seeds; then the ladder. */
export async function ladder(opts: LadderOptions) {
  const m = moduleOf(opts.game);
  const sides = m.rules.sides;
  if (sides.length !== 2) throw new UsageError('--ladder needs a game of two sides');
  const players = [...new Set(opts.players)];
  if (players.length < 2) throw new UsageError('--ladder needs at least two players');
  for (const k of players) checkPlayerName(opts.game, k);
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
      pairings.push({ a, b, asSide: pairingBySide(a, b, sides, games) });
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

/** How `a` fared against `b` on each side: games, wins, draws, win rate and interval, mean VP margin. */
function pairingBySide(
  a: string,
  b: string,
  sides: readonly string[],
  games: readonly LadderGame[],
): LadderPairing['asSide'] {
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
  return asSide;
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
  for (const p of l.pairings) {
    const record = Object.entries(p.asSide)
      .map(
        ([side, r]) =>
          `as ${name(side)} ${r.wins}/${r.games} won (${(r.winRate * 100).toFixed(0)}%, ${(r.ci95[0] * 100).toFixed(0)}-${(r.ci95[1] * 100).toFixed(0)}%), VP margin ${r.meanMargin > 0 ? '+' : ''}${r.meanMargin}`,
      )
      .join('; ');
    out.push(`${p.a} v ${p.b}: ${record}${l.rungs ? ` — ${rungText(p, l.sides, name)}` : ''}`);
  }
  return out;
}

/** What the next player up did on each side, and whether it holds its rung. */
function rungText(p: LadderPairing, sides: readonly string[], name: (id: string) => string): string {
  const won = Object.entries(p.asSide)
    .map(([side, r]) => `${r.games - r.wins - r.draws}/${r.games} as ${name(sides.find((x) => x !== side)!)}`)
    .join(', ');
  return `${p.b} won ${won}: ${
    rungHolds(p)
      ? 'holds its rung'
      : `does not hold its rung (${RUNG_TARGET * 100}% of its games on each side)`
  }`;
}
