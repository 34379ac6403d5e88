/**
 * The Typhoon campaign against the 1941 timeline (issue #43, docs/typhoon-balance.md): from
 * replays of whole campaigns (`stavka simulate --game point-to-point --save DIR`), the turn
 * at whose end the Axis first held each point of the timeline, the Soviet units destroyed on
 * turn 1 (the Vyazma and Bryansk pockets), the Moscow approaches, Moscow, and the points the
 * Soviets won back on turns 5-8 (the winter counter-offensive).
 *
 *   node --import tsx packages/games/src/point-to-point/typhoon-timeline.ts DIR [--json] [--before DIR0|FILE0.json]
 *
 * (`--json` writes the timelines; a FILE0.json so written stands for DIR0, for replays of an
 * earlier rules version, which replay only on that version's code.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type GameState, type ReplayFile, replay } from '@stavka/engine';
import { type CampaignState, campaignRules, typhoon } from './campaign.ts';
import { TIMELINE_POINTS } from './timeline-points.ts';

export { TIMELINE_POINTS } from './timeline-points.ts';

export interface CampaignTimeline {
  readonly seed: string | number;
  readonly winner: string | null;
  readonly vp: { axis: number; soviet: number };
  /** The turn at whose end the Axis first held each timeline point, or null. */
  readonly taken: Record<string, number | null>;
  /** Soviet ground units destroyed and not rebuilt at the end of turn 1. */
  readonly sovietLostTurn1: number;
  /**
   * Soviet ground units destroyed during turn 1, rebuilt or not (C-9.1 rebuilds a unit at
   * Moscow in the Soviet player-turn it was lost in, so the count at the turn's end hides
   * the pockets), and during turns 1-2 (the pockets of 1941 surrendered 13-20 October).
   */
  readonly sovietKilledTurn1: number;
  readonly sovietKilledTurns12: number;
  /** The first turn at whose end the Axis held a point one line from Moscow, or null. */
  readonly approaches: number | null;
  readonly moscow: number | null;
  /** Points the Axis held at the end of one turn and the Soviets at the end of the next, turns 5-8. */
  readonly retakenWinter: number;
  /**
   * Soviet air units on the map at the end of turns 1, 2 and 4 (RULINGS P-16, P-17: the
   * air-to-air table), and of them the three front air forces at the end of turn 1.
   */
  readonly sovietAir: readonly [number, number, number];
  readonly frontAirTurn1: number;
  readonly turns: number;
}

interface Snapshot {
  readonly turn: number;
  readonly control: Record<string, string>;
  readonly sovietDestroyed: number;
  readonly sovietAir: number;
  readonly frontAir: number;
}

/** The air forces of the Western, Reserve and Bryansk Fronts (typhoon-oob.json). */
const FRONT_AIR = ['wf-vvs', 'rf-vvs', 'bf-vvs'];

const snap = (g: CampaignState, turn: number): Snapshot => ({
  turn,
  control: { ...g.control },
  sovietDestroyed: g.units.filter(
    (u) => u.side === 'soviet' && u.place === 'destroyed' && u.unitClass !== 'air',
  ).length,
  sovietAir: g.units.filter((u) => u.side === 'soviet' && u.place === 'map' && u.unitClass === 'air').length,
  frontAir: g.units.filter((u) => FRONT_AIR.includes(u.id) && u.place === 'map').length,
});

/** The timeline of one campaign from its replay file. */
export function timelineOf(file: ReplayFile): CampaignTimeline {
  const ends: Snapshot[] = [];
  let last: GameState<CampaignState> | null = null;
  const killed = [0, 0, 0];
  const r = replay(campaignRules, file, (s) => {
    const g = s.state as CampaignState;
    // The state after the action that opens turn t+1 holds the control at the end of turn t.
    if (last && g.turn > last.state.turn) ends.push(snap(g, last.state.turn));
    if (last && last.state.turn <= 2)
      for (let i = 0; i < g.units.length; i++) {
        const u = g.units[i]!;
        if (u.side === 'soviet' && u.unitClass !== 'air' && u.place === 'destroyed')
          if (last.state.units[i]!.place !== 'destroyed')
            killed[last.state.turn] = (killed[last.state.turn] ?? 0) + 1;
      }
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
    sovietKilledTurn1: killed[1]!,
    sovietKilledTurns12: killed[1]! + killed[2]!,
    approaches,
    moscow: first('moscow'),
    retakenWinter,
    sovietAir: [1, 2, 4].map((t) => ends.find((e) => e.turn === t)?.sovietAir ?? 0) as [
      number,
      number,
      number,
    ],
    frontAirTurn1: ends.find((e) => e.turn === 1)?.frontAir ?? 0,
    turns: end.turn,
  };
}

/** The turn of 1941 each timeline point is counted by (turn 1 = 1-15 Oct ... 5 = 1-15 Dec). */
const BY: Record<string, number> = {
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

interface Row {
  readonly label: string;
  readonly when: string;
  readonly turns: (number | null)[];
  readonly by: number;
}

function rows(games: readonly CampaignTimeline[]): Row[] {
  const out: Row[] = TIMELINE_POINTS.map(([p, label, when]) => ({
    label,
    when,
    turns: games.map((g) => g.taken[p] ?? null),
    by: BY[p]!,
  }));
  out.push({ label: 'Moscow approaches', when: 'late Nov', turns: games.map((g) => g.approaches), by: 5 });
  out.push({ label: 'Moscow', when: 'never', turns: games.map((g) => g.moscow), by: 8 });
  return out;
}

const pct = (k: number, n: number) => `${k}/${n} (${Math.round((100 * k) / n)}%)`;
const median = (xs: readonly number[]) => {
  if (xs.length === 0) return '-';
  const s = [...xs].sort((a, b) => a - b);
  return String(s[Math.floor((s.length - 1) / 2)]);
};
const mean = (xs: readonly number[]) => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(1);

/** A row's two cells: held at a turn's end (median turn), and by 1941's turn. */
function cells(r: Row): [string, string] {
  const n = r.turns.length;
  const got = r.turns.filter((t): t is number => t !== null);
  return [
    `${pct(got.length, n)} (${median(got)})`,
    `${pct(got.filter((t) => t <= r.by).length, n)} by turn ${r.by}`,
  ];
}

/** The bullets under the table: pockets, the winter, Kalinin by turn 3, the result. */
function bullets(games: readonly CampaignTimeline[]): string[] {
  const n = games.length;
  const lost = games.map((g) => g.sovietLostTurn1);
  const killed1 = games.map((g) => g.sovietKilledTurn1);
  const killed12 = games.map((g) => g.sovietKilledTurns12);
  const winter = games.filter((g) => g.retakenWinter > 0).length;
  const axisWins = games.filter((g) => g.winner === 'axis').length;
  const sovietWins = games.filter((g) => g.winner === 'soviet').length;
  const by = (p: string, t: number) => games.filter((g) => (g.taken[p] ?? 99) <= t).length;
  return [
    `- Soviet ground units destroyed during turn 1 (the Vyazma and Bryansk pockets; rebuilt at Moscow or not): mean ${mean(killed1)}, median ${median(killed1)}, at least 5 in ${pct(killed1.filter((x) => x >= 5).length, n)}; during turns 1-2: mean ${mean(killed12)}; still destroyed at the end of turn 1: mean ${mean(lost)}.`,
    `- Kalinin by turn 3: ${pct(by('kalinin', 3), n)}; Kalinin and Mozhaisk both by turn 3: ${pct(games.filter((g) => (g.taken.kalinin ?? 99) <= 3 && (g.taken.mozhaisk ?? 99) <= 3).length, n)}.`,
    `- Soviet air units on the map (6 at the start; RULINGS P-17): at the end of turn 1 mean ${mean(games.map((g) => g.sovietAir[0]))}, turn 2 ${mean(games.map((g) => g.sovietAir[1]))}, turn 4 ${mean(games.map((g) => g.sovietAir[2]))}; a front air force (of 3) still flying at the end of turn 1 in ${pct(games.filter((g) => g.frontAirTurn1 > 0).length, n)} (mean ${mean(games.map((g) => g.frontAirTurn1))}).`,
    `- Winter counter-offensive: a point won back by the Soviets on turns 5-8 in ${pct(winter, n)} (mean ${mean(games.map((g) => g.retakenWinter))} points a game).`,
    `- Result: Axis ${axisWins}, Soviet ${sovietWins}, drawn ${n - axisWins - sovietWins}; mean VP Axis ${mean(games.map((g) => g.vp.axis))}, Soviet ${mean(games.map((g) => g.vp.soviet))}.`,
  ];
}

/**
 * The table of docs/typhoon-balance.md: per point, in how many games the Axis held it at a
 * turn's end (median turn) and how many by the turn of 1941; with `before`, its columns first.
 */
export function summarize(games: readonly CampaignTimeline[], before?: readonly CampaignTimeline[]): string {
  const now = rows(games);
  const old = before ? rows(before) : null;
  const lines = old
    ? [
        "| Point | 1941 | before: held (median turn) | before: by 1941's turn | after: held (median turn) | after: by 1941's turn |",
        '| --- | --- | --- | --- | --- | --- |',
      ]
    : ["| Point | 1941 | held (median turn) | by 1941's turn |", '| --- | --- | --- | --- |'];
  now.forEach((r, i) => {
    const c = [...(old ? cells(old[i]!) : []), ...cells(r)];
    lines.push(`| ${r.label} | ${r.when} | ${c.join(' | ')} |`);
  });
  if (before) lines.push('', 'Before:', '', ...bullets(before), '', 'After:');
  lines.push('', ...bullets(games));
  return lines.join('\n');
}

/**
 * The timelines of a directory of replays, or of a file of them (`--json`'s output): replays
 * of an earlier rules version replay only on that version's code, so its figures are kept so.
 */
function readDir(dir: string): CampaignTimeline[] {
  if (dir.endsWith('.json')) return JSON.parse(readFileSync(dir, 'utf8')) as CampaignTimeline[];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => timelineOf(JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReplayFile));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: typhoon-timeline.ts DIR [--json] [--before DIR0|FILE0.json]');
  const games = readDir(dir);
  const b = process.argv.indexOf('--before');
  const before = b > 0 && process.argv[b + 1] ? readDir(process.argv[b + 1]!) : undefined;
  console.log(process.argv.includes('--json') ? JSON.stringify(games) : summarize(games, before));
}
