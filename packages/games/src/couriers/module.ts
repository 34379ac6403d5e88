/**
 * Couriers as a module (engine `GameModule`): everything the server, the CLI, the AI
 * worker and the web know of it. Adding it took this folder and one line in
 * `../registry.ts` and `../catalog.ts` (`../adding-a-game.test.ts` proves it).
 */
import { type GameModule, type GameProgress, ok, RandomPlayer } from '@stavka/engine';
import { couriersAnalyst } from './analyst.ts';
import { couriersMeta } from './meta.ts';
import { couriersRules } from './rules.ts';
import { compileScenario, STANDARD_SCENARIO } from './scenario.ts';
import { couriersPlanter, determinizeCouriers } from './secrets.ts';
import { allOpen, type CouriersAction, type CouriersState, stepOf } from './state.ts';

const STANDARD = 'standard';

export const couriersModule: GameModule<CouriersState, CouriersAction, CouriersState> = {
  id: couriersRules.id,
  meta: couriersMeta,
  rules: couriersRules as GameModule<CouriersState, CouriersAction, CouriersState>['rules'],
  scenarios: {
    list: [{ key: STANDARD, title: 'Four dispatches a side' }],
    file: (key) => (key === null || key === STANDARD ? STANDARD_SCENARIO : undefined),
    standardFile: () => STANDARD_SCENARIO,
    check(file) {
      const r = compileScenario(file);
      return r.ok ? ok({ summary: `${r.value.dispatchesPerSide} dispatches a side` }) : r;
    },
  },
  options: [],
  progress(view): GameProgress {
    const opened = Object.values(view.pieces).filter((p) => p.open).length;
    return {
      turn: opened + 1,
      turns: Object.keys(view.pieces).length,
      phase: allOpen(view) ? 'Over' : stepOf(view) === 'pick' ? 'Picking' : 'Opening',
    };
  },
  players: {
    random: { label: 'Random (baseline)', rank: 0, make: (seed) => new RandomPlayer(seed) },
    ai: { label: 'AI (random)', rank: 0, make: (seed) => new RandomPlayer(`${String(seed)}:ai`) },
  },
  determinize: determinizeCouriers,
  analyst: couriersAnalyst,
  conformance: { secrets: couriersPlanter, sampleEvery: 1 },
  presentation: () => import('./presentation.ts').then((m) => m.couriersPresentation),
};
