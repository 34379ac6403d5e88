/**
 * A game's card (catalog.ts): what the browser shows of a game before it is opened, and
 * how the game is loaded when it is.
 */
import type { Action, AnyGameModule, GameMeta, GameModule, GameOption, Presentation } from '@stavka/engine';

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

/**
 * A game's module and presentation as a card loads them, their game types erased as the
 * registry's `registerGame` erases them (the browser side's one cast, here).
 */
export function loadedModule<G, A extends Action, V>(m: GameModule<G, A, V>): AnyGameModule {
  return m as unknown as AnyGameModule;
}
export function loadedPresentation<V>(p: Presentation<V>): Presentation {
  return p as unknown as Presentation;
}
