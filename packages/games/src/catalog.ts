/**
 * The games as the browser first sees them (issue #49): each game's card (its meta, its
 * optional rules, its players' names, whether it has a calculator) and, loaded only when
 * that game is opened, its module, its presentation and the styles its drawings need, each
 * a chunk of its own in the web build. The home page and the calculator's list read the
 * cards alone. Node clients (server, CLI, AI) use the registry (`registry.ts`), which
 * loads every card's module: this list is the one list of games, and adding a game is its
 * folder and one line here. `catalog.test.ts` proves every card says what its module says.
 */
import { barbarossaCard } from './barbarossa-1941/card.ts';
import { couriersCard } from './couriers/card.ts';
import type { GameCard } from './game-card.ts';
import { marsCard } from './mars-1942/card.ts';
import { pointToPointCard } from './point-to-point/card.ts';

export type { GameCard, PlayerCard } from './game-card.ts';

/** Every game's card, in the registry's order. */
export const CARDS: readonly GameCard[] = [marsCard, barbarossaCard, pointToPointCard, couriersCard];

/** The card of a game id from outside (an address, a file, a server's answer). */
export function cardOf(id: unknown): GameCard | undefined {
  return CARDS.find((c) => c.id === id);
}
