/** Side names as players call them, from the games' cards (no game loaded for it). */
import type { GameMeta } from '@stavka/engine';
import { CARDS, cardOf } from './games.ts';

/** A side as players call it: its commander and nationality ("von Kluge (German)"). */
export function sideNameIn(meta: GameMeta | undefined, side: string): string {
  const m = meta?.sides.find((x) => x.id === side);
  if (!m) return side;
  return m.commander ? `${m.commander} (${m.name})` : m.name;
}

/** Any game's side name, for lists that mix games (the side ids say which). */
export function anySideName(side: string, game?: string): string {
  const meta = game ? cardOf(game)?.meta : CARDS.find((g) => g.meta.sides.some((x) => x.id === side))?.meta;
  return sideNameIn(meta, side);
}

/** Sides in words: "OKH (Axis) and Stavka (Soviet)". */
export const sideList = (sides: readonly string[], game?: string) =>
  sides.map((s) => anySideName(s, game)).join(' and ');
