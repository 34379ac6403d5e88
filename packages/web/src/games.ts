/**
 * The web's games (issue #49): every game's card for the pages that list games (the home
 * page, side names), and a game's module, presentation and styles loaded when it is opened,
 * each game a chunk of its own, once per page. The web speaks only these (the game module's
 * contract); it never names a game's rules.
 */
import type { Action, AnyGameModule, GameRules, Presentation } from '@stavka/engine';
// The browser-side registry: cards only, the modules behind dynamic imports (a subpath of
// @stavka/games once its package exports it).
import { CARDS, cardOf, type GameCard } from '@stavka/games/catalog';

export { CARDS, cardOf, type GameCard };

/** A game opened in this page: its card, module and presentation (its styles added). */
export interface OpenedGame {
  readonly card: GameCard;
  readonly module: AnyGameModule;
  readonly presentation: Presentation;
}

const opened = new Map<string, OpenedGame>();
const opening = new Map<string, Promise<OpenedGame>>();

/** Loads a game (module, presentation and styles in parallel), once. */
export function openGame(id: unknown): Promise<OpenedGame> {
  const card = cardOf(id);
  if (!card)
    return Promise.reject(new Error(`game: "${String(id).slice(0, 40)}" is no game this version plays`));
  const was = opening.get(card.id);
  if (was) return was;
  const load = Promise.all([card.module(), card.presentation(), card.styles?.() ?? Promise.resolve('')]).then(
    ([module, presentation, styles]) => {
      if (styles && typeof document !== 'undefined') {
        const el = document.createElement('style');
        el.dataset.game = card.id;
        el.textContent = styles;
        document.head.append(el);
      }
      const game = { card, module, presentation };
      opened.set(card.id, game);
      return game;
    },
  );
  opening.set(card.id, load);
  load.catch(() => opening.delete(card.id));
  return load;
}

/** A game already opened in this page, if it is. */
export function openedGame(id: unknown): OpenedGame | undefined {
  return typeof id === 'string' ? opened.get(id) : undefined;
}

/** A game's rules as the web plays them (its types erased by the card). */
export type Rules = GameRules<unknown, Action, Record<string, unknown>>;

/** The rules of a game this browser can play, or an error saying it cannot. */
export async function rulesOf(id: unknown): Promise<Rules> {
  const card = cardOf(id);
  const rules = card ? (await card.module()).rules : undefined;
  if (!rules) throw new Error(`game: "${String(id).slice(0, 40)}" is no game this version plays`);
  return rules;
}
