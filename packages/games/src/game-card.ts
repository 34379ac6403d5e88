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

/**
 * A standard table the calculator page draws beside a result (issue #47: from the game,
 * not found by file name): a table data file of the game, whose id a combat report names.
 */
export interface CalculatorTable {
  /** The id a combat report names (`CombatReport.table`): "mars-1942-crt". */
  readonly id: string;
  /** As printed above the table. */
  readonly title: string;
  /** The table file as parsed JSON (engine combat/table.ts: an odds CRT or a fire table). */
  readonly data: unknown;
}

/** A table data file as its calculator's card hands it to the page (its own id and title). */
export function calculatorTable(file: { readonly id: string; readonly title: string }): CalculatorTable {
  return { id: file.id, title: file.title, data: file };
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
  /**
   * The standard tables its calculator draws beside a result, loaded only when that game's
   * calculator is shown (a chunk of the game's own; the home page never loads them).
   */
  calculatorTables?(): Promise<readonly CalculatorTable[]>;
  /** The whole module (rules, progress, calculator), loaded when the game is opened. */
  module(): Promise<AnyGameModule>;
  /** The browser side, loaded beside the module (no waterfall through `module.presentation`). */
  presentation(): Promise<Presentation>;
  /** The CSS the game's drawings' class names need, added to the page while it is shown. */
  styles?(): Promise<string>;
}

/**
 * A game's module as a card loads it, its game types erased by the registry's own
 * `registerGame` (the one place they are). A presentation needs no such step: its parts'
 * members are methods, so a `Presentation<V>` is a `Presentation`.
 */
export async function loadedModule<G, A extends Action, V>(m: GameModule<G, A, V>): Promise<AnyGameModule> {
  // The engine's value is imported only here, when a game is opened (its module has loaded
  // the engine already): a static import would put the whole engine (and zod) in the home
  // page's first load, which reads only the cards (issue #49: the home page loads no game).
  const { registerGame } = await import('@stavka/engine');
  return registerGame(m);
}
