/**
 * The games as the browser first sees them (issue #49): each game's card (its meta, its
 * optional rules, its players' names, whether it has a calculator) and, loaded only when
 * that game is opened, its module, its presentation and the styles its drawings need, each
 * a chunk of its own in the web build. The home page and the calculator's list read the
 * cards alone. Node clients (server, CLI, AI) use the registry (`registry.ts`);
 * `catalog.test.ts` proves every card says what its module says.
 */
import type { AnyGameModule, GameMeta, GameOption, Presentation } from '@stavka/engine';
import { barbarossaCard } from './barbarossa-1941/card.ts';
import { marsCard } from './mars-1942/card.ts';
import { pointToPointCard } from './point-to-point/card.ts';

/** A player as a list of levels shows it: its label and its rank (stronger is higher). */
export interface PlayerCard {
  readonly label: string;
  readonly rank: number;
}

export interface GameCard {
  readonly id: string;
  readonly meta: GameMeta;
  /** The module's optional rules (the home page's "Optional rules" boxes). */
  readonly options: readonly GameOption[];
  /** The module's players by name (the AI level picker). */
  readonly players: Readonly<Record<string, PlayerCard>>;
  /** Whether the module has a calculator (the calculator page lists it). */
  readonly calculator: boolean;
  /** The whole module (rules, progress, calculator), loaded when the game is opened. */
  module(): Promise<AnyGameModule>;
  /** The browser side, loaded beside the module (no waterfall through `module.presentation`). */
  presentation(): Promise<Presentation>;
  /** The CSS the game's drawings' class names need, added to the page while it is shown. */
  styles?(): Promise<string>;
}

/** Every game's card, in the registry's order. */
export const CARDS: readonly GameCard[] = [marsCard, barbarossaCard, pointToPointCard];

/** The card of a game id from outside (an address, a file, a server's answer). */
export function cardOf(id: unknown): GameCard | undefined {
  return CARDS.find((c) => c.id === id);
}
