/**
 * The one list of games. The server, the AI worker, the CLI and the web find every game
 * here and speak only its module (engine `GameModule`): adding a game is its folder and
 * one line below.
 */
import { type AnyGameModule, findGame as find, playableGame as playable, registerGame } from '@stavka/engine';
import { barbarossaModule } from './barbarossa-1941/module.ts';
import { couriersModule } from './couriers/module.ts';
import { marsModule } from './mars-1942/module.ts';
import { pointToPointModule } from './point-to-point/module.ts';

export const GAMES: Readonly<Record<string, AnyGameModule>> = Object.freeze({
  [marsModule.id]: registerGame(marsModule),
  [barbarossaModule.id]: registerGame(barbarossaModule),
  [pointToPointModule.id]: registerGame(pointToPointModule),
  [couriersModule.id]: registerGame(couriersModule),
});

/** The game of an id from outside (a request, a file, a flag): own entries only. */
export const findGame = (id: unknown) => find(GAMES, id);

/**
 * The game of an id: every registered game has its rules (engine `GameModule`), so this is
 * `findGame`, kept for the server's and the CLI's callers.
 */
export const playableGame = (id: unknown) => playable(GAMES, id);

/** Every game's id, in the registry's order. */
export const GAME_IDS: readonly string[] = Object.keys(GAMES);
