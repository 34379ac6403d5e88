/**
 * The balance lab's Mars report: where a finished game's victory points came from (the
 * four headings of mars-1942 "Victory Conditions") and how far the front moved, for
 * comparison with 1942 (the salient held; Zhukov's Mars failed: Glantz, _Zhukov's
 * Greatest Defeat_, 1999).
 *
 * Run: `node --import tsx packages/games/src/mars-1942/ai/balance.ts SOVIET GERMAN GAMES SEED [VARIANT]`
 * with players by the module's names; VARIANT tries the scenario with one change, in
 * memory (the data files are not touched): `no-doubling` (M-16 off), `german-defense+N`
 * (German infantry defense and fortified defense +N; `german-defense+N/fortified+M` for
 * different steps), `soviet-attack*F` (Soviet attack factors times F, rounded, at least 1),
 * `soviet-setup:FACE[/all][/rN]` and `german-setup:FACE[/DEPTH]` (a side's striking units
 * massed on one face of the salient instead of the historical set-up; `german-setup:ring[/DEPTH]`
 * the kampfgruppen spread round it, the top level's own; `SIDE-setup:historical` history's, `rN` each within N
 * hexes of its historical hex: `ai/setups.ts`), `soviet-setup:search/rN` (Zhukov's set-up
 * chosen by the search among those within N hexes and history: `withSetupSearch`);
 * several changes separated by commas.
 */
import {
  type Action,
  type GameRules,
  type GameState,
  IsmctsPlayer,
  type Player,
  playout,
} from '@stavka/engine';
import { marsModule } from '../module.ts';
import { marsRules } from '../rules.ts';
import { type ScenarioFile, standardScenarioFile } from '../scenario.ts';
import { victoryTally } from '../victory.ts';
import { hexDistances } from './map.ts';
import { Board, type MarsState, type Side, scenarioByKey } from './mars-games.ts';
import { MarsPolicy, PLANNER_PARAMS } from './policy.ts';
import { MARS_PLANS, marsSearchDomain, sovietSetups } from './search.ts';
import { FACES, parseSetupPlan, type SetupPlan } from './setups.ts';

/** The headings of the victory conditions a tally item falls under. */
export const VP_HEADINGS = [
  'german: defense zones held',
  'german: panzer divisions withdrawn',
  'soviet: defense zones emptied',
  'soviet: Rzhev/Gzhatsk isolated',
  'soviet: Rzhev/Gzhatsk taken',
  'soviet: other cities and towns taken',
  'soviet: German units eliminated',
  'soviet: reinforcements brought in',
] as const;
export type VpHeading = (typeof VP_HEADINGS)[number];

export interface BalanceReport {
  readonly winner: string | null;
  readonly vp: { soviet: number; german: number };
  readonly byHeading: Record<VpHeading, number>;
  /** Soviet units standing on ground that was German on 25 Nov 1942. */
  readonly sovietUnitsBeyondTheFront: number;
  /** The deepest of them: hexes (11 km) from the nearest hex of the Russian side. */
  readonly deepestPenetration: number;
  readonly germanUnitsEliminated: number;
  readonly sovietUnitsEliminated: number;
  /** Cities and towns taken and in Russian supply at the end, by name. */
  readonly townsTaken: readonly string[];
}

function heading(side: string, reason: string): VpHeading {
  if (side === 'german')
    return reason.includes('withdrawn') ? 'german: panzer divisions withdrawn' : 'german: defense zones held';
  if (reason.startsWith('Defense zone')) return 'soviet: defense zones emptied';
  if (reason.includes('isolated')) return 'soviet: Rzhev/Gzhatsk isolated';
  if (/^(Rzhev|Gzhatsk) taken/.test(reason)) return 'soviet: Rzhev/Gzhatsk taken';
  if (reason.includes('taken')) return 'soviet: other cities and towns taken';
  if (reason.includes('brought in')) return 'soviet: reinforcements brought in';
  return 'soviet: German units eliminated';
}

/** The report of a finished (or any) game state. */
export function balanceReport(g: MarsState): BalanceReport {
  const s = scenarioByKey(g.scenario);
  const board = new Board(s, g);
  const t = victoryTally(board);
  const byHeading = Object.fromEntries(VP_HEADINGS.map((h) => [h, 0])) as Record<VpHeading, number>;
  for (const item of t.items) byHeading[heading(item.side, item.reason)] += item.points;
  const russianSide: number[] = [];
  for (let h = 0; h < s.map.graph.nodeCount; h++) if (s.germanTerritory[h] === 0) russianSide.push(h);
  const depth = hexDistances(s, russianSide);
  let beyond = 0;
  let deepest = 0;
  for (const id of s.unitIds) {
    const st = g.units[id]!;
    if (s.units[id]!.side !== 'soviet' || st.status !== 'map' || st.at < 0) continue;
    if (s.germanTerritory[st.at] !== 1) continue;
    beyond++;
    deepest = Math.max(deepest, depth[st.at]!);
  }
  const eliminated = (side: string) =>
    s.unitIds.filter((id) => s.units[id]!.side === side && g.units[id]!.status === 'eliminated').length;
  return {
    winner: t.german > t.soviet ? 'german' : t.soviet > t.german ? 'soviet' : null,
    vp: { soviet: t.soviet, german: t.german },
    byHeading,
    sovietUnitsBeyondTheFront: beyond,
    deepestPenetration: deepest,
    germanUnitsEliminated: eliminated('german'),
    sovietUnitsEliminated: eliminated('soviet'),
    townsTaken: t.items
      .filter((i) => i.side === 'soviet' && i.reason.includes('taken'))
      .map((i) => i.reason.replace(/ taken.*$/, '')),
  };
}

/**
 * The scenario with the changes `variant` names, in memory (see the file's comment), its
 * options, and the set-ups to play instead of the historical one. Changes are separated
 * by commas.
 */
export function variantSetup(variant: string | undefined): {
  scenario: ScenarioFile | null;
  options: Record<string, unknown>;
  /** By side: a set-up plan, or null for the historical one (a level's own set-up overridden). */
  setups: Partial<Record<Side, SetupPlan | null>>;
  /** Zhukov's set-up searched (`soviet-setup:search/rN`): within `radius` hexes of history. */
  setupSearch?: { radius: number };
} {
  let file: ScenarioFile | null = null;
  const options: Record<string, unknown> = {};
  const setups: Partial<Record<Side, SetupPlan | null>> = {};
  let setupSearch: { radius: number } | undefined;
  for (const change of (variant ?? 'standard').split(',')) {
    const def = /^german-defense\+(\d+)(?:\/fortified\+(\d+))?$/.exec(change);
    const att = /^soviet-attack\*([0-9.]+)$/.exec(change);
    const set = /^(soviet|german)-setup:(.+)$/.exec(change);
    if (change === 'standard') continue;
    if (change === 'no-doubling') options.firstTurnDoubling = false;
    else if (def) {
      file ??= standardScenarioFile();
      const k = Number(def[1]);
      const kf = def[2] === undefined ? k : Number(def[2]);
      for (const u of file.units)
        if (u.side === 'german' && u.type === 'infantry') {
          const f = u.factors as { defense?: number; fortified?: number };
          if (f.defense !== undefined) f.defense += k;
          if (f.fortified !== undefined) f.fortified += kf;
        }
    } else if (att) {
      file ??= standardScenarioFile();
      const x = Number(att[1]);
      for (const u of file.units)
        if (u.side === 'soviet') {
          const f = u.factors as { attack?: number };
          if (f.attack !== undefined) f.attack = Math.max(1, Math.round(f.attack * x));
        }
    } else if (set && set[1] === 'soviet' && /^search\/r([1-9])$/.test(set[2]!)) {
      setupSearch = { radius: Number(set[2]!.slice('search/r'.length)) };
    } else if (set && set[2] === 'historical') {
      setups[set[1] as Side] = null;
    } else if (set) {
      const side = set[1] as Side;
      const plan = parseSetupPlan(side, set[2]!);
      if (!plan)
        throw new Error(
          `unknown set-up "${set[2]}" (historical; a face, ${Object.keys(FACES).join('/')}, then /all, /DEPTH or /rRADIUS; for the German, ring[/DEPTH]; for the Soviet, search/rRADIUS)`,
        );
      setups[side] = plan;
    } else throw new Error(`unknown variant "${change}"`);
  }
  return { scenario: file, options, setups, ...(setupSearch ? { setupSearch } : {}) };
}

/** Iterations of the set-up search (`withSetupSearch`): one decision a game, about 4 s. */
const SETUP_SEARCH_ITERATIONS = 60;

/**
 * `player` (Zhukov), but his set-up searched: the engine's search over `sovietSetups(radius)`
 * (search.ts), each rollout his set-up, his first player-turn and von Kluge's reply,
 * scored by the fitted evaluation. Everything after the set-up is `player`'s.
 */
export function withSetupSearch(
  player: Player,
  radius: number,
  seed: string,
  iterations = SETUP_SEARCH_ITERATIONS,
): Player {
  const search = new IsmctsPlayer(
    player.name,
    marsSearchDomain(marsRules, MARS_PLANS, sovietSetups(radius)),
    { iterations, horizon: 2, root: 'halving' },
    `${seed}:setup`,
  );
  return duringSetup(player, search);
}

/** `player`, but `side`'s set-up deployed by `plan` (`ai/setups.ts`; null: the historical one) instead of its own choice. */
export function withSetup(player: Player, side: Side, plan: SetupPlan | null): Player {
  const policy = new MarsPolicy({ ...PLANNER_PARAMS[side], ...(plan ? { setup: plan } : {}) });
  return duringSetup(player, {
    choose: (_rules, state, sd) => {
      if (!isMarsGame(state)) throw new Error(`a Mars set-up for a game of ${state.game}`);
      return policy.choose(state, sd as Side, marsRules.legalActions(state.state, sd));
    },
  });
}

/** A Mars game's state: a `Player` is handed any game's state (engine module.ts `Player.choose<G>`). */
function isMarsGame(state: GameState<unknown>): state is GameState<MarsState> {
  return state.game === marsRules.id;
}

/** `player`, but `setup` chooses while the set-up lasts (mars-1942 "Setup and 1st Turn"). */
function duringSetup(player: Player, setup: Pick<Player, 'choose'>): Player {
  return {
    name: player.name,
    choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, sd: string): Action {
      const settingUp = isMarsGame(state) && state.state.step === 'setup';
      return (settingUp ? setup : player).choose(rules, state, sd);
    },
  };
}

/** Plays `games` games from `seed` and averages their reports. */
export function balanceRun(
  soviet: string,
  german: string,
  games: number,
  seed: number,
  variant?: string,
  onGame?: (seed: number, r: BalanceReport) => void,
) {
  const players = marsModule.players!;
  const { scenario, options, setups, setupSearch } = variantSetup(variant);
  const make = (side: Side, name: string, sd: number) => {
    const p = players[name]!.make(`player:${side}:${sd}`);
    const plan = setups[side];
    if (side === 'soviet' && setupSearch)
      return withSetupSearch(p, setupSearch.radius, `player:${side}:${sd}`);
    return plan !== undefined ? withSetup(p, side, plan) : p;
  };
  const reports: BalanceReport[] = [];
  for (let i = 0; i < games; i++) {
    const r = playout(
      marsRules,
      seed + i,
      { soviet: make('soviet', soviet, seed + i), german: make('german', german, seed + i) },
      { scenario, options },
    );
    const rep = balanceReport(r.state.state);
    reports.push(rep);
    onGame?.(seed + i, rep);
  }
  const mean = (f: (r: BalanceReport) => number) => reports.reduce((a, r) => a + f(r), 0) / reports.length;
  return {
    soviet,
    german,
    variant: variant ?? 'standard',
    games,
    wins: {
      soviet: reports.filter((r) => r.winner === 'soviet').length,
      german: reports.filter((r) => r.winner === 'german').length,
      draw: reports.filter((r) => r.winner === null).length,
    },
    meanVp: { soviet: mean((r) => r.vp.soviet), german: mean((r) => r.vp.german) },
    byHeading: Object.fromEntries(VP_HEADINGS.map((h) => [h, mean((r) => r.byHeading[h])])),
    sovietUnitsBeyondTheFront: mean((r) => r.sovietUnitsBeyondTheFront),
    deepestPenetration: mean((r) => r.deepestPenetration),
    germanUnitsEliminated: mean((r) => r.germanUnitsEliminated),
    sovietUnitsEliminated: mean((r) => r.sovietUnitsEliminated),
    reports,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'))) {
  const [soviet = 'ai1', german = 'ai1', games = '4', seed = '1', variant] = process.argv.slice(2);
  const names = Object.keys(marsModule.players!);
  const problem = [
    ...[soviet, german]
      .filter((p) => !names.includes(p))
      .map((p) => `no player "${p}" (${names.join(', ')})`),
    ...(/^[1-9]\d*$/.test(games) ? [] : [`GAMES must be a whole number above 0, not "${games}"`]),
    ...(/^\d+$/.test(seed) ? [] : [`SEED must be a whole number, not "${seed}"`]),
  ];
  try {
    variantSetup(variant);
  } catch (e) {
    problem.push((e as Error).message);
  }
  if (problem.length > 0) {
    console.error(`balance.ts SOVIET GERMAN GAMES SEED [VARIANT]: ${problem.join('; ')}`);
    process.exit(2);
  }
  const out = balanceRun(soviet, german, Number(games), Number(seed), variant, (sd, r) =>
    console.error(
      `seed ${sd}: ${r.winner ?? 'draw'} ${r.vp.soviet}-${r.vp.german}; ${r.sovietUnitsBeyondTheFront} Soviet units beyond the front, deepest ${r.deepestPenetration} hexes; German units eliminated ${r.germanUnitsEliminated}, Soviet ${r.sovietUnitsEliminated}; towns ${r.townsTaken.join(', ') || 'none'}`,
    ),
  );
  console.log(JSON.stringify({ ...out, reports: undefined }));
}
