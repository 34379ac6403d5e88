/**
 * Operation Mars as the browser first sees it (`../catalog.ts`): what the home page
 * shows, and the module and presentation loaded when a game is opened.
 */
import type { GameOption } from '@stavka/engine';
import { calculatorTable, type GameCard, loadedModule } from '../game-card.ts';
import type { MarsOptions } from './actions.ts';

/** Mars's optional rules (the rules' own defaults: steps/setup.ts). */
export const MARS_OPTIONS = [
  {
    key: 'firstTurnDoubling',
    label: 'Russian attack factors doubled on the first turn',
    rule: 'M-16',
    default: true,
  },
] as const satisfies readonly (GameOption & { key: keyof MarsOptions })[];

export const marsCard: GameCard = {
  id: 'mars-1942',
  meta: {
    title: 'Operation Mars, 1942',
    blurb:
      "Zhukov's offensive against the Rzhev salient: 11 two-day turns, 25 Nov - 16 Dec 1942, 7 mi / 11 km a hex, about 35 units a side.",
    sides: [
      { id: 'soviet', name: 'Soviet', commander: 'Zhukov', colour: '#E69F00', ink: '#6b3a00' },
      { id: 'german', name: 'German', commander: 'von Kluge', colour: '#56B4E9', ink: '#0b3c5d' },
    ],
    hiddenInformation: false,
    rulesText: 'mars-1942',
  },
  options: MARS_OPTIONS,
  players: {
    random: { label: 'Random (baseline)', rank: 0 },
    greedy: { label: 'Greedy (baseline)', rank: 1 },
    ai1: { label: 'AI, level 1', rank: 2 },
    ai2: { label: 'AI, level 2', rank: 3 },
    ai: { label: 'AI (level 2)', rank: 3 },
  },
  calculator: true,
  calculatorTables: () =>
    import('./data/crt.json', { with: { type: 'json' } }).then((m) => [calculatorTable(m.default)]),
  module: () => import('./module.ts').then((m) => loadedModule(m.marsModule)),
  presentation: () => import('./presentation.ts').then((m) => m.marsPresentation),
};
