/**
 * NATO counters (milsymbol, APP-6 / MIL-STD-2525C letter codes given by the game's
 * presentation), rendered once per symbol and colour into an SVG data URL and cached:
 * never redrawn per frame.
 */
import type { GameMeta } from '@stavka/engine';
import ms from 'milsymbol';

/** Each side's counter fill and ink, by side id. */
export type Colours = Readonly<Record<string, { readonly fill: string; readonly ink: string }>>;

/** The counter colours of a game's sides (its meta). */
export function coloursOf(meta: GameMeta): Colours {
  return Object.fromEntries(meta.sides.map((s) => [s.id, { fill: s.colour, ink: s.ink }]));
}

const cache = new Map<string, string>();

/** The counter's symbol as an SVG data URL, in the given fill. */
export function symbolUrl(sidc: string, fill: string): string {
  const key = `${sidc}|${fill}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const sym = new ms.Symbol(sidc, {
    size: 22,
    fillColor: fill,
    frameColor: {
      Friend: '#111',
      Hostile: '#111',
      Neutral: '#111',
      Unknown: '#111',
      Civilian: '#111',
      Suspect: '#111',
    },
    infoFields: false,
    padding: 2,
  });
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sym.asSVG())}`;
  cache.set(key, url);
  return url;
}
