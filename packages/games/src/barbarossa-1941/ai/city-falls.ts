/**
 * Barbarossa 1941 against the 1941 timeline (issue #44, docs/barbarossa-balance.md): from
 * replays of whole games (`stavka simulate --game barbarossa-1941 --save DIR`), the turn at
 * whose end the Axis first held each city of the timeline, the turn it first entered each
 * (held it at any moment: a city entered and retaken in the same game-turn counts here and
 * not as held), the turn the Axis first attacked
 * out of Rumania (B-66), the Axis cities the Russians took, the most Axis units Isolated at
 * once, and the result.
 *
 *   node --import tsx packages/games/src/barbarossa-1941/ai/city-falls.ts DIR [--json]
 */
import { type GameState, type ReplayFile, replay } from '@stavka/engine';
import { barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { TIMELINE_CITIES } from '../timeline.ts';
import { savedGames } from './saved-games.ts';

export { TIMELINE_CITIES } from '../timeline.ts';

/** The Axis cities whose loss ends the game (B-12). */
const AXIS_CITIES = ['Warsaw', 'Bucharest', 'Ploesti'] as const;

export interface CityFalls {
  readonly seed: string | number;
  readonly winner: string | null;
  readonly result: string;
  /** How it ended (state.ts `GameResult` kind), or null when unfinished. */
  readonly kind: string | null;
  /** The turn at whose end the Axis first held each timeline city, or null. */
  readonly taken: Record<string, number | null>;
  /** The game-turn in which the Axis first held each timeline city at any moment, or null. */
  readonly entered: Record<string, number | null>;
  /** The timeline cities the Axis held at the end. */
  readonly heldAtEnd: readonly string[];
  /** The first turn an Axis unit attacked out of Rumania (B-66), or null. */
  readonly rumaniaOpened: number | null;
  /** Axis cities the Russians entered at any time, with the turn. */
  readonly axisLost: Record<string, number>;
  /** The most Axis ground units Isolated at the start of any Axis player-turn. */
  readonly axisIsolatedPeak: number;
  readonly turns: number;
}

const isolatedAxis = (g: BarbarossaState): number =>
  g.order.filter((id) => {
    const p = g.pieces[id]!;
    return p.side === 'axis' && p.status === 'map' && p.at >= 0 && p.supply === 'isolated';
  }).length;

/** The timeline of one game from its replay file. */
export function cityFallsOf(file: ReplayFile): CityFalls {
  const taken: Record<string, number | null> = {};
  const entered: Record<string, number | null> = {};
  for (const [c] of TIMELINE_CITIES) {
    taken[c] = null;
    entered[c] = null;
  }
  const axisLost: Record<string, number> = {};
  let rumaniaOpened: number | null = null;
  let peak = 0;
  let last: BarbarossaState | null = null;
  const r = replay(barbarossaRules, file, (s: GameState<BarbarossaState>) => {
    const g = s.state;
    // The state after the action that opens turn t+1 holds the control at the end of turn t.
    if (last && g.turn > last.turn)
      for (const [c] of TIMELINE_CITIES)
        if (taken[c] === null && g.control[c] === 'axis') taken[c] = last.turn;
    for (const [c] of TIMELINE_CITIES)
      if (entered[c] === null && g.control[c] === 'axis') entered[c] = g.turn;
    for (const c of AXIS_CITIES)
      if (g.control[c] === 'soviet' && axisLost[c] === undefined) axisLost[c] = g.turn;
    if (g.rumaniaOpen && rumaniaOpened === null) rumaniaOpened = g.turn;
    if (last && g.player === 'axis' && (last.player !== 'axis' || g.turn !== last.turn))
      peak = Math.max(peak, isolatedAxis(g));
    last = g;
  });
  if (!r.ok) throw new Error(`replay ${String(file.seed)}: ${JSON.stringify(r.error.slice(0, 2))}`);
  const end = r.value.state;
  for (const [c] of TIMELINE_CITIES) if (taken[c] === null && end.control[c] === 'axis') taken[c] = end.turn;
  return {
    seed: file.seed as string | number,
    winner: end.winner,
    result: end.result?.words ?? '',
    kind: end.result?.kind ?? null,
    taken,
    entered,
    heldAtEnd: TIMELINE_CITIES.map(([c]) => c).filter((c) => end.control[c] === 'axis'),
    rumaniaOpened,
    axisLost,
    axisIsolatedPeak: peak,
    turns: end.turn,
  };
}

/** The table of docs/barbarossa-balance.md: per city, in how many games and by which turn. */
export function summarize(games: readonly CityFalls[]): string {
  const n = games.length;
  const pct = (k: number) => `${k}/${n}`;
  const median = (xs: readonly number[]) => {
    if (xs.length === 0) return '-';
    const s = [...xs].sort((a, b) => a - b);
    return String(s[Math.floor((s.length - 1) / 2)]);
  };
  const lines = [
    '| City | fell in 1941 | turn | Axis held it at a turn end | median turn | by the 1941 turn (+1) | entered by then | held at the end |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [c, when, turn] of TIMELINE_CITIES) {
    const got = games.map((g) => g.taken[c] ?? null).filter((t): t is number => t !== null);
    const by = turn === null ? '-' : pct(got.filter((t) => t <= turn + 1).length);
    const inBy =
      turn === null
        ? '-'
        : pct(games.filter((g) => (g.entered[c] ?? Number.POSITIVE_INFINITY) <= turn + 1).length);
    const held = games.filter((g) => g.heldAtEnd.includes(c)).length;
    lines.push(
      `| ${c} | ${when} | ${turn ?? '-'} | ${pct(got.length)} | ${median(got)} | ${by} | ${inBy} | ${pct(held)} |`,
    );
  }
  const opened = games.map((g) => g.rumaniaOpened).filter((t): t is number => t !== null);
  const axisWins = games.filter((g) => g.winner === 'axis').length;
  const sovietWins = games.filter((g) => g.winner === 'soviet').length;
  const lost = AXIS_CITIES.map((c) => `${c} ${games.filter((g) => g.axisLost[c] !== undefined).length}`);
  const peaks = games.map((g) => g.axisIsolatedPeak);
  const kinds = new Map<string, number>();
  for (const g of games) kinds.set(g.kind ?? 'unfinished', (kinds.get(g.kind ?? 'unfinished') ?? 0) + 1);
  lines.push(
    '',
    `- Rumania opened (an Axis attack out of it, B-66): ${pct(opened.length)} games, median turn ${median(opened)}.`,
    `- Axis cities entered by the Russians: ${lost.join(', ')} (of ${n}).`,
    `- Axis units Isolated at the start of an Axis player-turn, the peak of each game: median ${median(peaks)}, max ${Math.max(0, ...peaks)}.`,
    `- Result: Axis ${axisWins}, Soviet ${sovietWins}, drawn ${n - axisWins - sovietWins} (${[...kinds].map(([k, c]) => `${k} ${c}`).join(', ')}); turns played median ${median(games.map((g) => g.turns))}.`,
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: city-falls.ts DIR [--json]');
  const games = savedGames(dir).map(({ file }) => cityFallsOf(file));
  console.log(process.argv.includes('--json') ? JSON.stringify(games) : summarize(games));
}
