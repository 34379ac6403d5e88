/**
 * The Typhoon campaign against the 1941 timeline (issue #43, docs/typhoon-balance.md): from
 * replays of whole campaigns (`stavka simulate --game point-to-point --save DIR`), the turn
 * at whose end the Axis first held each point of the timeline, the Soviet units destroyed on
 * turn 1 (the Vyazma and Bryansk pockets), the Moscow approaches, Moscow, and the points the
 * Soviets won back on turns 5-8 (the winter counter-offensive).
 *
 *   node --import tsx packages/games/src/point-to-point/typhoon-timeline.ts DIR [--json]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type GameState, type ReplayFile, replay } from '@stavka/engine';
import { type CampaignState, campaignRules, typhoon } from './campaign.ts';

/** The points of the 1941 timeline, with the date each fell (research 5.1). */
export const TIMELINE_POINTS = [
  ['orel', 'Orel', '3 Oct'],
  ['bryansk', 'Bryansk', '6 Oct'],
  ['vyazma', 'Vyazma', '7 Oct'],
  ['kaluga', 'Kaluga', '12-13 Oct'],
  ['kalinin', 'Kalinin', '14 Oct'],
  ['mozhaisk', 'Mozhaisk', '18 Oct'],
  ['volokolamsk', 'Volokolamsk', 'late Oct'],
  ['klin', 'Klin', '23 Nov'],
  ['tula', 'Tula', 'never'],
] as const;

export interface CampaignTimeline {
  readonly seed: string | number;
  readonly winner: string | null;
  readonly vp: { axis: number; soviet: number };
  /** The turn at whose end the Axis first held each timeline point, or null. */
  readonly taken: Record<string, number | null>;
  /** Soviet ground units destroyed by the end of turn 1. */
  readonly sovietLostTurn1: number;
  /** The first turn at whose end the Axis held a point one line from Moscow, or null. */
  readonly approaches: number | null;
  readonly moscow: number | null;
  /** Points the Axis held at the end of one turn and the Soviets at the end of the next, turns 5-8. */
  readonly retakenWinter: number;
  readonly turns: number;
}

interface Snapshot {
  readonly turn: number;
  readonly control: Record<string, string>;
  readonly sovietDestroyed: number;
}

const snap = (g: CampaignState, turn: number): Snapshot => ({
  turn,
  control: { ...g.control },
  sovietDestroyed: g.units.filter(
    (u) => u.side === 'soviet' && u.place === 'destroyed' && u.unitClass !== 'air',
  ).length,
});

/** The timeline of one campaign from its replay file. */
export function timelineOf(file: ReplayFile): CampaignTimeline {
  const ends: Snapshot[] = [];
  let last: GameState<CampaignState> | null = null;
  const r = replay(campaignRules, file, (s) => {
    const g = s.state as CampaignState;
    // The state after the action that opens turn t+1 holds the control at the end of turn t.
    if (last && g.turn > last.state.turn) ends.push(snap(g, last.state.turn));
    last = s as GameState<CampaignState>;
  });
  if (!r.ok) throw new Error(`replay ${String(file.seed)}: ${JSON.stringify(r.error.slice(0, 2))}`);
  const end = r.value.state;
  ends.push(snap(end, end.turn));
  const first = (p: string) => ends.find((e) => e.control[p] === 'axis')?.turn ?? null;
  const taken: Record<string, number | null> = {};
  for (const [p] of TIMELINE_POINTS) taken[p] = first(p);
  const map = typhoon().map;
  const moscow = map.pointIds.indexOf('moscow');
  const near: string[] = [];
  for (let s = map.graph.offsets[moscow]!; s < map.graph.offsets[moscow + 1]!; s++)
    near.push(map.pointIds[map.graph.targets[s]!]!);
  const approaches = ends.find((e) => near.some((p) => e.control[p] === 'axis'))?.turn ?? null;
  let retakenWinter = 0;
  for (let i = 1; i < ends.length; i++) {
    const e = ends[i]!;
    if (e.turn < 5) continue;
    const before = ends[i - 1]!;
    for (const p of Object.keys(e.control))
      if (before.control[p] === 'axis' && e.control[p] === 'soviet') retakenWinter += 1;
  }
  return {
    seed: file.seed as string | number,
    winner: end.result?.winner ?? null,
    vp: { axis: end.result?.axis ?? 0, soviet: end.result?.soviet ?? 0 },
    taken,
    sovietLostTurn1: ends.find((e) => e.turn === 1)?.sovietDestroyed ?? 0,
    approaches,
    moscow: first('moscow'),
    retakenWinter,
    turns: end.turn,
  };
}

/** The table of docs/typhoon-balance.md: per point, in how many games and by which turn. */
export function summarize(games: readonly CampaignTimeline[]): string {
  const n = games.length;
  const pct = (k: number) => `${k}/${n} (${Math.round((100 * k) / n)}%)`;
  const median = (xs: number[]) => {
    if (xs.length === 0) return '-';
    const s = [...xs].sort((a, b) => a - b);
    return String(s[Math.floor((s.length - 1) / 2)]);
  };
  const row = (label: string, when: string, turns: (number | null)[], by?: number) => {
    const got = turns.filter((t): t is number => t !== null);
    const early = by === undefined ? '' : ` | ${pct(got.filter((t) => t <= by).length)} by turn ${by}`;
    return `| ${label} | ${when} | ${pct(got.length)} | ${median(got)}${early} |`;
  };
  const lines = [
    `| Point | 1941 | Axis held it at a turn's end | median turn | by the turn of 1941 |`,
    '| --- | --- | --- | --- | --- |',
  ];
  const by: Record<string, number> = {
    orel: 1,
    bryansk: 1,
    vyazma: 1,
    kaluga: 2,
    kalinin: 2,
    mozhaisk: 3,
    volokolamsk: 2,
    klin: 4,
    tula: 8,
  };
  for (const [p, label, when] of TIMELINE_POINTS)
    lines.push(
      row(
        label,
        when,
        games.map((g) => g.taken[p] ?? null),
        by[p],
      ),
    );
  lines.push(
    row(
      'Moscow approaches',
      'late Nov',
      games.map((g) => g.approaches),
      5,
    ),
  );
  lines.push(
    row(
      'Moscow',
      'never',
      games.map((g) => g.moscow),
      8,
    ),
  );
  const lost = games.map((g) => g.sovietLostTurn1);
  const winter = games.filter((g) => g.retakenWinter > 0).length;
  const axisWins = games.filter((g) => g.winner === 'axis').length;
  const sovietWins = games.filter((g) => g.winner === 'soviet').length;
  lines.push(
    '',
    `- Soviet ground units destroyed on turn 1 (the Vyazma and Bryansk pockets): mean ${(lost.reduce((a, b) => a + b, 0) / n).toFixed(1)}, median ${median(lost)}, at least 5 in ${pct(lost.filter((x) => x >= 5).length)}.`,
    `- Winter counter-offensive: a point won back by the Soviets on turns 5-8 in ${pct(winter)} (mean ${(games.reduce((a, g) => a + g.retakenWinter, 0) / n).toFixed(1)} points a game).`,
    `- Result: Axis ${axisWins}, Soviet ${sovietWins}, drawn ${n - axisWins - sovietWins}; mean VP Axis ${(games.reduce((a, g) => a + g.vp.axis, 0) / n).toFixed(1)}, Soviet ${(games.reduce((a, g) => a + g.vp.soviet, 0) / n).toFixed(1)}.`,
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: typhoon-timeline.ts DIR [--json]');
  const games = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => timelineOf(JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReplayFile));
  console.log(process.argv.includes('--json') ? JSON.stringify(games) : summarize(games));
}
