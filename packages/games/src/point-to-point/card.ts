/**
 * Moscow 1941 (point-to-point) as the browser first sees it (`../catalog.ts`): what the
 * home page shows, and the module and presentation loaded when a game is opened.
 */
import { calculatorTable, type GameCard, loadedModule } from '../game-card.ts';

export const pointToPointCard: GameCard = {
  id: 'point-to-point',
  meta: {
    title: 'Moscow 1941 (point-to-point)',
    blurb:
      'Operation Typhoon, October 1941 - January 1942, on points and lines: the surviving air and fire combat rules in full, the rest completed by the project (provisional table and data).',
    sides: [
      { id: 'axis', name: 'Axis', commander: 'von Bock', colour: '#56B4E9', ink: '#0b3c5d' },
      { id: 'soviet', name: 'Soviet', commander: 'Zhukov', colour: '#E69F00', ink: '#6b3a00' },
    ],
    hiddenInformation: false,
    rulesText: 'point-to-point',
  },
  options: [],
  players: {
    random: { label: 'Random (baseline)', rank: 0 },
    ai1: { label: 'AI, level 1', rank: 1 },
    ai2: { label: 'AI, level 2', rank: 2 },
    ai: { label: 'AI (level 2)', rank: 2 },
  },
  calculator: true,
  calculatorTables: () =>
    import('./data/fire-table.provisional.json', { with: { type: 'json' } }).then((m) => [
      calculatorTable(m.default),
    ]),
  module: () => import('./module.ts').then((m) => loadedModule(m.pointToPointModule)),
  presentation: () => import('./presentation.ts').then((m) => m.pointToPointPresentation),
};
