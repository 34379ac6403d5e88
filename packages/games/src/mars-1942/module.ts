/**
 * Operation Mars as a game module: what the server, the CLI, the AI worker and the web
 * know of it, and all they know (engine `GameModule`).
 */
import {
  compileOddsTable,
  formatSetupErrors,
  type GameCalculator,
  type GameModule,
  type GameProgress,
  ok,
  RandomPlayer,
  type RngState,
  type Seed,
  type Shift,
} from '@stavka/engine';
import { AI_LEVELS, AiPlayer, DEFAULT_AI_LEVEL } from './ai/ai.ts';
import { marsAnalyst } from './ai/analyst.ts';
import { GreedyPlayer } from './ai/greedy.ts';
import { MARS_OPTIONS, marsCard } from './card.ts';
import { marsCalc } from './combat.ts';
import { type MarsAction, marsRules } from './rules.ts';
import { compileScenario, STANDARD, scenarioByKey, standardScenarioFile } from './scenario.ts';
import type { MarsState } from './state.ts';

/** The words for each step of the sequence of play (mars-1942 GAMETURN SEQUENCE). */
export const STEP_NAMES: Readonly<Record<string, string>> = {
  setup: 'Set-up',
  fortify: 'Fortification',
  reinforce: 'Reinforcements and withdrawals',
  movement: 'Operational movement',
  allocation: 'Attack allocation',
  combat: 'Combat',
  supply: 'Sustained supply status',
  over: 'Game over',
};

const calculator: GameCalculator = {
  fields: [
    { kind: 'count', key: 'attack', label: 'Attack', help: 'total attack factors', min: 0, required: true },
    {
      kind: 'count',
      key: 'defense',
      label: 'Defense',
      help: 'total modified defense factors',
      min: 1,
      required: true,
    },
    {
      kind: 'count',
      key: 'shift',
      label: 'Other shift',
      help: 'extra column shift (negative helps the defender)',
      min: -20,
      max: 20,
      default: 0,
    },
    {
      kind: 'flag',
      key: 'disrupted',
      label: 'Disrupted defenders',
      help: 'every defender is Disrupted (M-6)',
      cite: 'M-6',
    },
    { kind: 'flag', key: 'probe', label: '2:1 probe', help: 'German 2:1 probe (M-7)', cite: 'M-7' },
    {
      kind: 'flag',
      key: 'firstTurn',
      label: 'First turn',
      help: 'first turn, Russian attack doubled (M-16)',
      cite: 'M-16',
    },
    {
      kind: 'flag',
      key: 'river',
      label: 'Across a river',
      help: 'more than half the attack crosses a river (M-10)',
      cite: 'M-10',
    },
    {
      kind: 'flag',
      key: 'attackerRationed',
      label: 'Attacker rationed',
      help: 'an attacking unit is rationed (M-9)',
      cite: 'M-9',
    },
    {
      kind: 'flag',
      key: 'defenderRationed',
      label: 'Defender rationed',
      help: 'the defenders are rationed (M-9)',
      cite: 'M-9',
    },
    {
      kind: 'flag',
      key: 'defenderIsolated',
      label: 'Defender isolated',
      help: 'the defenders are isolated (M-9)',
      cite: 'M-9',
    },
    { kind: 'table', key: 'crt', label: 'Combat table', help: 'load a replacement combat table (JSON)' },
  ],
  run(input) {
    const attack = input.attack;
    const defense = input.defense;
    if (typeof attack !== 'number') return { ok: false, input: { field: 'attack', message: 'is required' } };
    if (typeof defense !== 'number')
      return { ok: false, input: { field: 'defense', message: 'is required' } };
    let table: ReturnType<typeof compileOddsTable> | undefined;
    if (input.crt !== undefined) {
      table = compileOddsTable(input.crt, 'crt');
      if (!table.ok) return { ok: false, input: { field: 'crt', message: formatSetupErrors(table.error) } };
    }
    const shift = typeof input.shift === 'number' ? input.shift : 0;
    const extra: Shift[] = shift ? [{ by: shift, reason: 'an extra column shift' }] : [];
    return marsCalc({
      attack,
      defense,
      disrupted: input.disrupted === true,
      probe: input.probe === true,
      firstTurn: input.firstTurn === true,
      conditions: {
        acrossRiver: input.river === true,
        attackerRationed: input.attackerRationed === true,
        defenderRationed: input.defenderRationed === true,
        defenderIsolated: input.defenderIsolated === true,
        extra,
      },
      ...(table?.ok ? { table: table.value } : {}),
    });
  },
};

export const marsModule: GameModule<MarsState, MarsAction, MarsState> = {
  id: 'mars-1942',
  meta: marsCard.meta, // one source: the card the home page reads
  rules: marsRules as GameModule<MarsState, MarsAction, MarsState>['rules'],
  scenarios: {
    list: [{ key: STANDARD, title: 'Operation Mars, 25 November - 16 December 1942' }],
    file: (key) => (key === null || key === STANDARD ? null : undefined),
    standardFile: standardScenarioFile,
    check(file) {
      const r = compileScenario(file);
      if (!r.ok) return r;
      const s = r.value;
      return ok({
        summary: `${s.name}; ${s.map.columns}x${s.map.rows} hexes, ${s.unitIds.length} units, ${s.turns} turns`,
      });
    },
  },
  options: MARS_OPTIONS,
  progress(view): GameProgress {
    const s = scenarioByKey(view.scenario);
    return {
      turn: view.turn,
      turns: s.turns,
      phase: STEP_NAMES[view.step] ?? view.step,
      setup: view.step === 'setup',
      ...(s.turnDates[view.turn - 1] ? { date: s.turnDates[view.turn - 1]! } : {}),
    };
  },
  calculator,
  players: {
    random: { label: 'Random (baseline)', rank: 0, make: (seed) => new RandomPlayer(seed) },
    greedy: { label: 'Greedy (baseline)', rank: 1, make: (seed) => new GreedyPlayer(seed) },
    ...Object.fromEntries(
      Object.keys(AI_LEVELS).map((level) => [
        `ai${level}`,
        {
          label: `AI, level ${level}`,
          rank: 1 + Number(level),
          make: (seed: Seed, play?: { thinkMs?: number }) =>
            new AiPlayer(seed, { level: Number(level), ...(play?.thinkMs ? { maxMs: play.thinkMs } : {}) }),
        },
      ]),
    ),
    ai: {
      label: `AI (level ${DEFAULT_AI_LEVEL})`,
      rank: 1 + DEFAULT_AI_LEVEL,
      make: (seed, play) =>
        new AiPlayer(seed, { level: DEFAULT_AI_LEVEL, ...(play?.thinkMs ? { maxMs: play.thinkMs } : {}) }),
    },
  },
  // Mars hides nothing but the dice to come: a determinized state is the state with
  // dice of the searcher's own.
  determinize: (state, _viewer, rng: RngState) => ({ ...state, rng }),
  analyst: marsAnalyst,
  presentation: () => import('./presentation.ts').then((m) => m.marsPresentation),
};

/** The standard scenario file (for tools that write one out). */
export { standardScenarioFile };
