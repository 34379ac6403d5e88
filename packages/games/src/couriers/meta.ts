/** Couriers' meta: shared by its module and its card (the card loads nothing more). */
import type { GameMeta } from '@stavka/engine';

export const couriersMeta: GameMeta = {
  title: 'Couriers (a toy game)',
  blurb:
    'Four sealed dispatches a side, opened in turn; the higher total wins. A toy game proving that a game is one folder.',
  sides: [
    { id: 'red', name: 'Red', colour: '#c0392b', ink: '#fff' },
    { id: 'blue', name: 'Blue', colour: '#2e5fa8', ink: '#fff' },
  ],
  hiddenInformation: true,
  listed: false,
  rulesText: 'none',
};
