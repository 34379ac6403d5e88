/**
 * The games' modules, for the server, the AI worker and the CLI: each game's module loaded
 * from its card (`catalog.ts`, the one list of games), in the catalog's order. Adding a game
 * is its folder and one line in `catalog.ts` (issue #47); the web reads the cards alone and
 * loads a module when its game is opened, so the module graph of every game is here only.
 */
import { type AnyGameModule, findGame as find, playableGame as playable } from '@stavka/engine';
import { CARDS } from './catalog.ts';

const loaded = await Promise.all(CARDS.map(async (card) => [card.id, await card.module()] as const));
for (const [id, m] of loaded) if (m.id !== id) throw new Error(`the card ${id} loads the module ${m.id}`);

export const GAMES: Readonly<Record<string, AnyGameModule>> = Object.freeze(Object.fromEntries(loaded));

/** The game of an id from outside (a request, a file, a flag): own entries only. */
export const findGame = (id: unknown) => find(GAMES, id);

/**
 * The game of an id: every registered game has its rules (engine `GameModule`), so this is
 * `findGame`, kept for the server's and the CLI's callers.
 */
export const playableGame = (id: unknown) => playable(GAMES, id);

/** Every game's id, in the registry's order. */
export const GAME_IDS: readonly string[] = Object.keys(GAMES);
