/**
 * The games this server plays, and what a new game or an AI seat may ask of them: the
 * registry's playable games, their optional rules and their AI players.
 */
import { findGame, GAMES, playableGame } from '@stavka/games';
import { optionsProblemOf } from '../verify-import.ts';
import type { AnyRules } from './cached-game.ts';

/** The games this server plays: the registry's playable games (complete games only). */
export const CATALOG: Readonly<Record<string, AnyRules>> = Object.fromEntries(
  Object.keys(GAMES).flatMap((id) => {
    const m = playableGame(id);
    return m ? [[id, m.rules]] : [];
  }),
);

/**
 * The rules of game `id`, if this server plays it. A client's string is looked up among
 * the catalogue's own keys only: "toString" or "__proto__" is no game (issue #22).
 */
export function rulesFor(id: string): AnyRules | undefined {
  return Object.hasOwn(CATALOG, id) ? CATALOG[id] : undefined;
}

/**
 * Why `options` are not options game `id` takes (the optional rules its module declares,
 * each true or false: engine `checkGameOptions`), or null if they are.
 */
export function optionsProblem(id: string, options: unknown): string | null {
  return optionsProblemOf(id, findGame(id)?.options ?? [], options);
}

/** Why a seat of game `id` may not be played by the AI, or null if it may (`find`: the registry). */
export function aiSeatProblem(
  id: string,
  find: (id: string) => { players?: object } | undefined = findGame,
): string | null {
  const players = find(id)?.players;
  return players && Object.hasOwn(players, 'ai')
    ? null
    : `${id} has no AI player yet: its seats are for people`;
}

/** Why `level` is not a player of game `id` an AI seat may have, or null if it is. */
export function aiLevelProblem(id: string, level: string): string | null {
  const players = findGame(id)?.players ?? {};
  return Object.hasOwn(players, level)
    ? null
    : `${id} has no player "${level.slice(0, 32)}" (its players: ${Object.keys(players).join(', ')})`;
}
