/**
 * Barbarossa 1941 as the browser first sees it (`../catalog.ts`): what the home page
 * shows, and the module, presentation and board styles loaded when a game is opened.
 */
import type { GameOption } from '@stavka/engine';
import { calculatorTable, type GameCard, loadedModule } from '../game-card.ts';
import type { BarbarossaOptions } from './rules.ts';

/** Barbarossa's optional rules, all off unless the players agree (the rules' defaults: rules.ts setup). */
export const BARBAROSSA_OPTIONS = [
  {
    key: 'classicOdds',
    label: 'Classic odds: no German round-up roll, no pressing the attack (both standard otherwise)',
    rule: 'B-63',
    default: false,
  },
  {
    key: 'asymmetricOdds',
    label: 'Expanded odds: round up to 3 columns, risking 2 below; exchanges mandatory',
    rule: 'B-63, B-64',
    default: false,
  },
  {
    key: 'weatherRoll',
    label: 'Weather rolled each turn, not the historical schedule',
    rule: 'B-11',
    default: false,
  },
] as const satisfies readonly (GameOption & { key: keyof BarbarossaOptions })[];

export const barbarossaCard: GameCard = {
  id: 'barbarossa-1941',
  meta: {
    title: 'Barbarossa 1941',
    blurb:
      'The whole front, June 1941 - January 1942, on the provisional table (B-1); Russian armies hidden until their first combat. Playable in the browser (hot-seat, online, by turns), from the command line and on the server.',
    sides: [
      { id: 'axis', name: 'Axis', commander: 'OKH', colour: '#56B4E9', ink: '#0b3c5d' },
      { id: 'soviet', name: 'Soviet', commander: 'Stavka', colour: '#E69F00', ink: '#6b3a00' },
    ],
    hiddenInformation: true,
    rulesText: 'barbarossa-1941',
  },
  options: BARBAROSSA_OPTIONS,
  players: {
    random: { label: 'Random (baseline)', rank: 0 },
    ai1: { label: 'AI, level 1 (rules of thumb)', rank: 1 },
    ai2: { label: 'AI, level 2 (search over operational plans)', rank: 2 },
    ai: { label: 'AI (default: level 2)', rank: 2 },
  },
  calculator: true,
  calculatorTables: () =>
    import('./data/crt.provisional.json', { with: { type: 'json' } }).then((m) => [
      calculatorTable(m.default),
    ]),
  module: () => import('./module.ts').then((m) => loadedModule(m.barbarossaModule)),
  presentation: () => import('./presentation.ts').then((m) => m.barbarossaPresentation),
  styles: () => import('./presentation-styles.ts').then((m) => m.BARBAROSSA_STYLES),
};
