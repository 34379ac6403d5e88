/**
 * Screening a variant of the Axis rules of thumb against level 1 (issue #44): seeded
 * standard games, the variant's `PolicyParams` as the Axis (`BarbarossaAiPlayer`), level 1
 * (`barbarossaAiPlayers.ai1`) as the Russians, the players seeded as `stavka simulate`
 * seeds them (`player:<side>:<seed>`), so the variant `level1` replays the level-1 mirror
 * of `simulate`. Prints one line a game and the totals: wins / draws / losses, mean Axis
 * victory points, and the Russian ground units destroyed and on the map at the start of
 * the Axis player-turns of game-turns 4, 8 and 12 (medians over the games still going).
 *
 *     node --import tsx packages/games/src/barbarossa-1941/ai/screen.ts VARIANT FIRST LAST [DIR]
 *
 * DIR: each game's replay saved there, as `simulate --save` does (for `city-falls.ts`).
 *
 * VARIANT is a key of `VARIANTS`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Player, playout } from '@stavka/engine';
import { Board } from '../board.ts';
import { barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { isGroundUnit } from '../unit-kinds.ts';
import {
  BarbarossaAiPlayer,
  BarbarossaSearchPlayer,
  barbarossaAiPlayers,
  LEVEL_2,
  type SearchLevel,
} from './ai.ts';
import { type AxisStrategy, PLAN_1941 } from './plan.ts';
import { COL, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';
import { axisPlansWith, BARBAROSSA_PLANS, LEVEL_2_AXIS_STRATEGY } from './search.ts';
import { AXIS_STRATEGIES, leningradCutFrom, odessaOnceLeningradFrom } from './strategies.ts';

/**
 * The variants, by name: `level1` (the level-1 mirror) and each of `AXIS_STRATEGIES`
 * (`strategies.ts`) as the Axis's strategy. The pocket rules of thumb screened with this
 * tool on 29 Nov 2026 (the retreat length, the ring held, attacks on Disrupted units:
 * docs/barbarossa-balance.md "Pockets") were taken out again; commits 8eb6d0a, 079b7fd and
 * dabbb8a hold them. The level-2 variants built on `BARBAROSSA_PLANS.axis` are level 2 as it
 * was before its own Axis plans of 1 Dec 2026 (`ai2-before`; `search.ts` `LEVEL_2_AXIS_PLANS`),
 * each with its lever.
 */
export const VARIANTS: Readonly<Record<string, PolicyParams | { readonly level: SearchLevel }>> = {
  level1: DEFAULT_PARAMS,
  'objective-floor-3:2': { ...DEFAULT_PARAMS, objectiveFloor: COL['3:2']! },
  'objective-floor-1:1': { ...DEFAULT_PARAMS, objectiveFloor: COL['1:1']! },
  ...Object.fromEntries(
    Object.entries(AXIS_STRATEGIES).map(([name, strategy]) => [name, { ...DEFAULT_PARAMS, strategy }]),
  ),
  // The rules of thumb's Axis plans (level 2's before 1 Dec 2026), each played all game.
  ...Object.fromEntries(BARBAROSSA_PLANS.axis.map((p) => [`plan-${p.key}`, p.params])),
  // Level 2 (`ai.ts` `LEVEL_2`) as the Axis; without its plan `floor` (level 2 as it was
  // measured at 47% against level 1); looking two player-turns ahead (its own and the
  // Russians' answer).
  ai2: { level: LEVEL_2 },
  // Level 2 before 1 Dec 2026: the Axis playing the rules of thumb's plans (66 / 2 / 32 on seeds 621-720).
  'ai2-before': { level: { ...LEVEL_2, plans: BARBAROSSA_PLANS } },
  'ai2-three-plans': {
    level: {
      ...LEVEL_2,
      plans: { ...BARBAROSSA_PLANS, axis: BARBAROSSA_PLANS.axis.filter((p) => p.key !== 'floor') },
    },
  },
  'ai2-horizon-2': { level: { ...LEVEL_2, horizon: { ...LEVEL_2.horizon, axis: 2 } } },
  // Screened on 29 Nov 2026 (docs/barbarossa-balance.md, "Four more levers"), not kept: level 2
  // with a fifth Axis plan (the objective cities attacked from 3:2; `floor` with `push`'s 2:1
  // elsewhere), with `reduce` attacking the objective cities from 1:1, with four samples a plan;
  // and (commit 720e7e6, `ai2-key-hold`) every Axis plan holding Leningrad and Moscow, once
  // taken, against 2:1: 25 / 2 / 13 on seeds 1-40, as level 2.
  'ai2-floor-3:2': { level: withAxisPlan('floor-3:2', { ...DEFAULT_PARAMS, objectiveFloor: COL['3:2']! }) },
  'ai2-floor-push': {
    level: withAxisPlan('floor-push', {
      ...DEFAULT_PARAMS,
      objectiveFloor: COL['1:1']!,
      minColumn: { ...DEFAULT_PARAMS.minColumn, axis: COL['2:1']! },
    }),
  },
  // `reduce` with the objective cities attacked from 1:1 (Minsk in the first turns).
  'ai2-reduce-floor': {
    level: withAxisParams((p) => (p.key === 'reduce' ? { objectiveFloor: COL['1:1']! } : {})),
  },
  'ai2-axis-4-samples': { level: { ...LEVEL_2, samples: { ...LEVEL_2.samples, axis: 4 } } },
  // Level 2 with Army Group North cutting Leningrad off first (`strategies.ts` `LENINGRAD_CUT`) in every Axis plan.
  'ai2-leningrad-cut': { level: withAxisStrategy(AXIS_STRATEGIES['leningrad-cut']!) },
  'ai2-leningrad-cut-late': { level: withAxisStrategy(AXIS_STRATEGIES['leningrad-cut-late']!) },
  'ai2-leningrad-cut-10': { level: withAxisStrategy(leningradCutFrom(10)) },
  // Army Group South on Odessa once Leningrad is held from game-turn 1 (level 2's own: from 6).
  'ai2-odessa-once-leningrad': { level: withAxisStrategy(odessaOnceLeningradFrom(1)) },
  // Level 2 before it: 1941's plan alone in every Axis plan (to 30 Nov 2026, commit 6d79330).
  'ai2-1941': { level: withAxisStrategy(PLAN_1941) },
  // Level 2 with an army group that holds all its objectives keeping its last (`holdTaken`).
  'ai2-hold-taken': { level: withAxisStrategy({ ...LEVEL_2_AXIS_STRATEGY, holdTaken: true }) },
  // Level 2 with 4. Panzergruppe on the centre's front (Moscow) from game-turn 7 while Leningrad is Russian.
  'ai2-north-panzers-to-moscow-7': {
    level: withAxisStrategy({
      ...LEVEL_2_AXIS_STRATEGY,
      laterMobileFronts: { fromTurn: 7, unless: ['Leningrad'], fronts: { north: ['centre'] } },
    }),
  },
  // Level 2 with two units into an objective city the Axis enters with Russians near
  // (`walkIns`: walking in, or advancing after combat). Screened on 1 Dec 2026, not kept
  // (docs/barbarossa-balance.md, "Minsk entered and lost").
  'ai2-walk-in-2': { level: withAxisParams(() => ({ walkIns: 2 })) },
  // Level 2 with both: `reduce` opening the line on game-turn 1 from 3:1 (`openingColumn`,
  // screened alone on 30 Nov 2026) and two units into a taken objective city (`walkIns`).
  // Screened on 1 Dec 2026, not kept (docs/barbarossa-balance.md, "The opening and two units").
  'ai2-opening-walk-in-2': { level: openingWalkIns({}) },
  // `ai2-opening-walk-in-2` with the spearheads' drives by game-turn (`exploitSupply`: the
  // most hexes from supply they stop at): shorter on game-turns 1-2 for Minsk; `-hold`: with
  // the objective cities without points it holds garrisoned (`holdObjectives`). The 8-8-10
  // one is level 2's Axis since 1 Dec 2026 (`ai2`).
  ...Object.fromEntries(
    (
      [
        [8, 8, 10],
        [8, 8, 12],
        [8, 10],
      ] as const
    ).flatMap((depths) => [
      [
        `ai2-opening-walk-in-2-depth-${depths.join('-')}`,
        { level: openingWalkIns({ exploitSupply: depths }) },
      ],
      [
        `ai2-opening-walk-in-2-depth-${depths.join('-')}-hold`,
        { level: openingWalkIns({ exploitSupply: depths, holdObjectives: true }) },
      ],
    ]),
  ),
  'ai2-opening-walk-in-2-hold': { level: openingWalkIns({ holdObjectives: true }) },
  // Army Group Centre's spearheads only at 8 on game-turns 1-2 (the other groups' at 10).
  'ai2-opening-walk-in-2-centre-8-8-10': {
    level: openingWalkIns({ exploitSupply: [8, 8, 10], exploitGroups: ['center'] }),
  },
  // Level 2 before 3 Dec 2026 (its Axis plans attacking the objective cities from 1:1 on
  // game-turns 1-4, `floor` apart: not yet), and every plan from 1:1 all game (screened: in the
  // mirror's first four game-turns the same games as level 2's).
  'ai2-before-opening-floor': { level: openingWalkIns({ exploitSupply: [8, 8, 10] }) },
  'ai2-floor-all': { level: openingWalkIns({ exploitSupply: [8, 8, 10], objectiveFloor: COL['1:1']! }) },
};

/** `ai2-opening-walk-in-2`'s level with `more` in every Axis plan. */
function openingWalkIns(more: Partial<PolicyParams>): SearchLevel {
  return withAxisParams((p) => ({
    walkIns: 2,
    ...more,
    ...(p.key === 'reduce' ? { openingColumn: COL['3:1']! } : {}),
  }));
}

/** Level 2 before 1 Dec 2026 (`ai2-before`) with `more(plan)` over each Axis plan's parameters. */
function withAxisParams(more: Parameters<typeof axisPlansWith>[0]): SearchLevel {
  return { ...LEVEL_2, plans: { ...BARBAROSSA_PLANS, axis: axisPlansWith(more) } };
}

/** Level 2 with every Axis plan (and the rules of thumb between them) on another strategy. */
function withAxisStrategy(strategy: AxisStrategy): SearchLevel {
  return withAxisParams(() => ({ strategy }));
}

/** Level 2 with one more Axis plan (prior 1). */
function withAxisPlan(key: string, params: PolicyParams): SearchLevel {
  return {
    ...LEVEL_2,
    plans: { ...BARBAROSSA_PLANS, axis: [...BARBAROSSA_PLANS.axis, { key, params, prior: 1 }] },
  };
}

/** The game-turns at whose first Axis player-turn the Russian units are counted. */
const SAMPLED = [4, 8, 12];

/** Russian ground combat units on the map and destroyed (a face-down piece is a rifle army). */
export function sovietCounts(g: BarbarossaState): { onMap: number; destroyed: number } {
  const board = new Board(g);
  let onMap = 0;
  let destroyed = 0;
  for (const [id, p] of Object.entries(g.pieces)) {
    if (p.side !== 'soviet') continue;
    if (p.unit !== null && !isGroundUnit(board.unit(id))) continue;
    if (p.status === 'map') onMap++;
    else if (p.status === 'eliminated') destroyed++;
  }
  return { onMap, destroyed };
}

export interface Screened {
  seed: number;
  winner: string;
  axisVp: number;
  turns: number;
  /** By sampled game-turn: the Russian counts at the start of its Axis player-turn. */
  counts: Record<number, { onMap: number; destroyed: number }>;
  /** Russian units eliminated, by the reason the log gives ("unable to retreat", an exchange, ...). */
  causes: Record<string, number>;
  /** Russian ground units Isolated at the start of each Axis player-turn, summed over the game. */
  isolatedTurns: number;
  /** Hexes of Isolated Russian ground units at the start of each Axis combat step (A.5 and the breakthrough's), summed; and of them attacked there. */
  pocketHexes: number;
  pocketHexesAttacked: number;
  /** CPU ms the variant (the Axis) thought, by Axis player-turn. */
  axisTurnMs: number[];
  /** A level-2 variant: the plan it played each Axis player-turn, in order. */
  chosen: string[];
}

export function screenGame(
  params: PolicyParams | { readonly level: SearchLevel },
  seed: number,
  save?: string,
): Screened {
  const variant: Player =
    'level' in params
      ? new BarbarossaSearchPlayer(`player:axis:${seed}`, params.level, 'variant')
      : new BarbarossaAiPlayer(`player:axis:${seed}`, params, 'variant');
  const cpu = new Map<number, number>();
  const axis: Player = {
    name: variant.name,
    choose(rules, state, side) {
      const c0 = process.cpuUsage();
      const a = variant.choose(rules, state, side);
      const c = process.cpuUsage(c0);
      const g = state.state as BarbarossaState;
      if (g.player === 'axis') cpu.set(g.turn, (cpu.get(g.turn) ?? 0) + (c.user + c.system) / 1000);
      return a;
    },
  };
  const soviet = barbarossaAiPlayers.ai1!.make(`player:soviet:${seed}`);
  const counts: Record<number, { onMap: number; destroyed: number }> = {};
  const seen = new Set<number>();
  let isolatedTurns = 0;
  let pocketHexes = 0;
  let pocketHexesAttacked = 0;
  const combats = new Set<string>();
  const r = playout(
    barbarossaRules,
    seed,
    { axis, soviet },
    {
      onAction: (s) => {
        const g = s.state as BarbarossaState;
        if (g.player === 'axis' && SAMPLED.includes(g.turn) && counts[g.turn] === undefined)
          counts[g.turn] = sovietCounts(g);
        const combat = `${g.turn}:${g.breakthrough}`;
        if (g.player === 'axis' && g.step === 'combat' && !combats.has(combat)) {
          combats.add(combat);
          const attacked = new Set(g.attacks.map((a) => a.target));
          const hexes = new Set<number>();
          const board = new Board(g);
          for (const [id, p] of Object.entries(g.pieces))
            if (p.side === 'soviet' && p.status === 'map' && p.supply === 'isolated')
              if (p.unit === null || isGroundUnit(board.unit(id))) hexes.add(p.at);
          pocketHexes += hexes.size;
          pocketHexesAttacked += [...hexes].filter((h) => attacked.has(h)).length;
        }
        if (g.player === 'axis' && !seen.has(g.turn)) {
          seen.add(g.turn);
          for (const p of Object.values(g.pieces))
            if (p.side === 'soviet' && p.status === 'map' && p.supply === 'isolated') isolatedTurns++;
        }
      },
    },
  );
  if (save)
    writeFileSync(
      join(save, `barbarossa-1941-${seed}.json`),
      `${JSON.stringify({ ...r.replay, finalHash: r.hash })}\n`,
    );
  const g = r.state.state as BarbarossaState;
  const causes: Record<string, number> = {};
  for (const e of r.state.log) {
    const piece = (e.data as { piece?: string } | undefined)?.piece;
    if (e.kind !== 'eliminated' || piece === undefined || g.pieces[piece]?.side !== 'soviet') continue;
    const why = e.text.replace(/^.* eliminated: /, '');
    causes[why] = (causes[why] ?? 0) + 1;
  }
  return {
    chosen: variant instanceof BarbarossaSearchPlayer ? [...variant.chosen] : [],
    axisTurnMs: [...cpu.values()],
    pocketHexes,
    pocketHexesAttacked,
    causes,
    isolatedTurns,
    seed,
    winner: r.outcome ? (r.outcome.winner ?? 'draw') : 'unfinished',
    axisVp: r.outcome?.score.axis ?? 0,
    turns: g.turn,
    counts,
  };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [name = 'level1', first = '1', last = first, save] = process.argv.slice(2);
  const params = VARIANTS[name];
  if (!params) throw new Error(`no variant "${name}" (one of ${Object.keys(VARIANTS).join(', ')})`);
  if (save) mkdirSync(save, { recursive: true });
  const games: Screened[] = [];
  for (let seed = Number(first); seed <= Number(last); seed++) {
    const t0 = Date.now();
    const s = screenGame(params, seed, save);
    games.push(s);
    const c = SAMPLED.map((t) => (s.counts[t] ? `${s.counts[t].destroyed}/${s.counts[t].onMap}` : '-')).join(
      ' ',
    );
    console.log(
      `${name} seed ${seed}: ${s.winner} axis VP ${s.axisVp} turn ${s.turns}; Russians destroyed/on map at turns ${SAMPLED.join(',')}: ${c} (${Math.round((Date.now() - t0) / 1000)} s)`,
    );
  }
  const won = (w: string) => games.filter((s) => s.winner === w).length;
  const vp = games.reduce((t, s) => t + s.axisVp, 0) / games.length;
  console.log(
    `${name} seeds ${first}-${last}: Axis ${won('axis')} / drawn ${won('draw')} / Soviet ${won('soviet')}; mean Axis VP ${vp.toFixed(2)}`,
  );
  const causes: Record<string, number> = {};
  for (const s of games) for (const [k, n] of Object.entries(s.causes)) causes[k] = (causes[k] ?? 0) + n;
  console.log(
    `  Russians eliminated, by cause (all games): ${Object.entries(causes)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join('; ')}`,
  );
  console.log(
    `  Russian units Isolated at the start of an Axis player-turn, a game: mean ${(games.reduce((t, s) => t + s.isolatedTurns, 0) / games.length).toFixed(1)}`,
  );
  const sum = (f: (s: Screened) => number) => games.reduce((t, s) => t + f(s), 0);
  console.log(
    `  Isolated Russian hexes at an Axis combat step: ${sum((s) => s.pocketHexes)}, attacked there ${sum((s) => s.pocketHexesAttacked)}`,
  );
  const ms = games.flatMap((s) => s.axisTurnMs).sort((a, b) => a - b);
  const p95 = ms[Math.min(ms.length - 1, Math.ceil(0.95 * ms.length) - 1)] ?? 0;
  console.log(
    `  Axis CPU a player-turn: mean ${Math.round(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length))} ms, p95 ${Math.round(p95)}, max ${Math.round(ms[ms.length - 1] ?? 0)}`,
  );
  const plans: Record<string, number> = {};
  for (const s of games) for (const k of s.chosen) plans[k] = (plans[k] ?? 0) + 1;
  if (Object.keys(plans).length > 0)
    console.log(
      `  plans played (Axis player-turns): ${Object.entries(plans)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}; by game-turn: ${games.map((s) => s.chosen.map((k) => k[0]).join('')).join(' ')}`,
    );
  for (const t of SAMPLED) {
    const at = games.flatMap((s) => (s.counts[t] ? [s.counts[t]] : []));
    console.log(
      `  turn ${t} (${at.length} games): Russians destroyed median ${median(at.map((c) => c.destroyed))} (mean ${(at.reduce((x, c) => x + c.destroyed, 0) / Math.max(1, at.length)).toFixed(1)}), on map median ${median(at.map((c) => c.onMap))}`,
    );
  }
}
