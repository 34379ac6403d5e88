/**
 * Couriers as the browser first sees it (`../catalog.ts`): what the home page shows,
 * and the module and presentation loaded when a game is opened.
 */
import { type GameCard, loadedModule } from '../game-card.ts';
import { couriersMeta } from './meta.ts';

export const couriersCard: GameCard = {
  id: 'couriers',
  meta: couriersMeta,
  options: [],
  players: {
    random: { label: 'Random (baseline)', rank: 0 },
    ai: { label: 'AI (random)', rank: 0 },
  },
  calculator: false,
  module: () => import('./module.ts').then((m) => loadedModule(m.couriersModule)),
  presentation: () => import('./presentation.ts').then((m) => m.couriersPresentation),
};
