/**
 * Positions for the whole-front e2e tests (issue #45), made in node the way a game is
 * made anywhere: Barbarossa set up from a seed and played by its own AI (the same code the
 * server runs) up to the action a test wants to make itself, then handed to the page as an
 * offline game's saved replay (localStorage `stavka.local.<id>`, what LocalSession keeps).
 * Deterministic: the same seed and stop give the same position.
 */
import {
  type Action,
  apply,
  type GameState,
  legalActions,
  type ReplayFile,
  setup,
  view,
} from '@stavka/engine';
import { findGame } from '@stavka/games';
import type { Page } from 'playwright-core';

/** Whether to stop before this action: the state before it, the side to act, the AI's choice, what was offered. */
export type Stop = (
  state: GameState<unknown>,
  side: string,
  action: Action,
  legal: readonly Action[],
) => boolean;

/**
 * A game of `game` played from `seed` until `stop` says so (the action it stops at is not
 * made), at most `limit` actions, each side by the module's player named in `by` (its AI
 * unless said). Throws if `stop` never holds.
 */
export function gameUntil(
  game: string,
  seed: string,
  stop: Stop,
  limit = 1500,
  by: Readonly<Record<string, string>> = {},
): ReplayFile {
  const m = findGame(game);
  const rules = m?.rules;
  if (!rules || !m.players) throw new Error(`${game} has no rules or players`);
  const made = setup(rules, null, seed, {});
  if (!made.ok) throw new Error(made.error.map((e) => e.message).join('; '));
  let state = made.value;
  const players = Object.fromEntries(
    rules.sides.map((s) => {
      const player = m.players?.[by[s] ?? 'ai'];
      if (!player) throw new Error(`${game} has no player ${by[s] ?? 'ai'}`);
      return [s, player.make(`${seed}-${s}`)];
    }),
  );
  const actions: { side: string; action: Action }[] = [];
  for (let i = 0; i < limit; i++) {
    const side = rules.activeSides(state.state)[0];
    if (!side) break;
    const action = players[side]!.choose(rules, state, side);
    if (stop(state, side, action, legalActions(rules, state, side)))
      return { game: rules.id, rulesVersion: rules.rulesVersion, scenario: null, seed, actions };
    const r = apply(rules, state, side, action, state.stateId);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value;
    actions.push({ side, action });
  }
  throw new Error(`the stop was not reached in ${limit} actions`);
}

/** A Barbarossa game played until `stop` (gameUntil). */
export function barbarossaUntil(
  seed: string,
  stop: Stop,
  limit = 1500,
  by: Readonly<Record<string, string>> = {},
): ReplayFile {
  return gameUntil('barbarossa-1941', seed, stop, limit, by);
}

/** Opens `file` in the page as an offline hot-seat game named `id`, the board shown. */
export async function openLocal(page: Page, base: string, id: string, file: ReplayFile): Promise<void> {
  await page.goto(base);
  await page.evaluate(
    ([key, text]) =>
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem(key!, text!),
    [`stavka.local.${id}`, JSON.stringify(file)],
  );
  // A new document with the game's address (the query makes it one): the page starts on the
  // game, where a same-document change of the hash had to reach a page still starting (the
  // board never came, twice in fresh-clone CI runs, 120 s each).
  await page.goto(`${base}/?local=${encodeURIComponent(id)}#/local/${id}`);
  await showBoard(page);
}

/** Hot-seat of a hidden-information game: the board is hidden while the seat changes hands. */
export async function showBoard(page: Page): Promise<void> {
  const show = page.getByRole('button', { name: /show my board/ });
  const alert = page.locator('[role=alert]:visible');
  // The board is kept (hidden) under a handover: wait for either to be seen, or for the
  // page to say why the game did not open (failing then with its words, not 120 s later).
  await page.locator('.status:visible').or(show).or(alert).first().waitFor();
  if ((await page.locator('.status:visible').count()) === 0 && (await alert.count()) > 0)
    throw new Error(`the game did not open: ${await alert.first().innerText()}`);
  if ((await show.count()) > 0) await show.click();
  await page.locator('.status:visible').waitFor();
}

/** The printed number of a Barbarossa hex (what the map's lit polygons carry as data-hex). */
export async function hexNumber(state: GameState<unknown>, side: string, hex: number): Promise<string> {
  const m = findGame('barbarossa-1941');
  if (!m?.rules || !m.presentation) throw new Error('barbarossa-1941 has no presentation');
  const pres = await m.presentation();
  const v = view(m.rules, state, side).state;
  const b = pres.board.drawing(v);
  if (b.kind !== 'hex') throw new Error('Barbarossa is drawn on hexes');
  return b.hexNumbers[hex]!;
}

/** The saved replay of the offline game `id` in the page (what every action taken changes). */
export function savedGame(page: Page, id: string): Promise<string | null> {
  return page.evaluate(
    (key) =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
        key,
      ),
    `stavka.local.${id}`,
  );
}
