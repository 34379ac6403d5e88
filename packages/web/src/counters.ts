/**
 * NATO counters (APP-6 / MIL-STD-2525C letter codes given by the game's presentation),
 * each symbol and colour made once into an SVG data URL and cached: never redrawn per frame.
 *
 * The symbols come from the symbol sheet (symbol-sheet.generated.ts, written by
 * scripts/gen-symbol-sheet.ts): every code the games can give a counter, drawn by milsymbol
 * at generation time with a placeholder fill, which `symbolUrl` replaces by the counter's
 * colour: byte for byte what milsymbol draws in that colour (test/symbol-sheet.test.ts),
 * without downloading milsymbol or paying its first drawing (~60 ms) on a page load.
 *
 * A code missing from the sheet (a presentation changed without the sheet regenerated;
 * the test fails first) is still drawn right: `symbolUrl` stays synchronous, so it gives an
 * empty symbol at first and loads milsymbol (symbol-draw.ts, a chunk of its own) to draw
 * it; `useSymbolUrl`, the counters' hook, draws its counter again once that is done.
 */
import type { GameMeta } from '@stavka/engine';
import { useEffect, useState } from 'preact/hooks';
import { SHEET_FILL, SYMBOL_SHEET } from './symbol-sheet.generated.ts';

/** Each side's counter fill and ink, by side id. */
export type Colours = Readonly<Record<string, { readonly fill: string; readonly ink: string }>>;

/** The counter colours of a game's sides (its meta). */
export function coloursOf(meta: GameMeta): Colours {
  return Object.fromEntries(meta.sides.map((s) => [s.id, { fill: s.colour, ink: s.ink }]));
}

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** What a counter shows while a symbol missing from the sheet is drawn: no symbol. */
const EMPTY_SYMBOL = svgUrl('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');

const cache = new Map<string, string>();
/** Symbols missing from the sheet being drawn, by key: true once drawn (in the cache), false if milsymbol failed to load. */
const drawing = new Map<string, Promise<boolean>>();
let drawer: Promise<typeof import('./symbol-draw.ts')> | null = null;

/** The counter's symbol as an SVG data URL, in the given fill. */
export function symbolUrl(sidc: string, fill: string): string {
  const key = `${sidc}|${fill}`;
  const hit = cache.get(key);
  if (hit) return hit;
  // An empty fill is milsymbol's own colour, not the sheet's: drawn by milsymbol.
  const svg = fill && Object.hasOwn(SYMBOL_SHEET, sidc) ? SYMBOL_SHEET[sidc] : undefined;
  if (svg === undefined) {
    drawLater(sidc, fill, key);
    return EMPTY_SYMBOL;
  }
  const url = svgUrl(svg.split(SHEET_FILL).join(fill));
  cache.set(key, url);
  return url;
}

/** Draws a symbol missing from the sheet with milsymbol, loaded on the first such symbol. */
function drawLater(sidc: string, fill: string, key: string): void {
  if (drawing.has(key)) return;
  console.warn(`counters: ${sidc} in "${fill}" is not in the symbol sheet: drawn by milsymbol`);
  drawer ??= import('./symbol-draw.ts');
  drawing.set(
    key,
    drawer.then(
      (m) => {
        cache.set(key, svgUrl(m.drawSymbolSvg(sidc, fill)));
        drawing.delete(key);
        return true;
      },
      (e: unknown) => {
        // Kept (false): the counter shows no symbol, and milsymbol is not asked for again.
        console.warn(`counters: milsymbol did not load, ${sidc} is drawn without its symbol`, e);
        return false;
      },
    ),
  );
}

/**
 * A symbol missing from the sheet being drawn: resolves true once `symbolUrl` gives it
 * (false if it cannot be drawn); undefined if that symbol is not being drawn.
 */
export function symbolDrawn(sidc: string, fill: string): Promise<boolean> | undefined {
  return drawing.get(`${sidc}|${fill}`);
}

/**
 * `symbolUrl` for a component (null for no symbol: a counter face down): its component is
 * drawn again once a symbol missing from the sheet has been drawn.
 */
export function useSymbolUrl(sidc: string | null, fill: string): string | null {
  const [, redraw] = useState(0);
  const url = sidc === null ? null : symbolUrl(sidc, fill);
  const pending = sidc === null ? undefined : symbolDrawn(sidc, fill);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    pending.then((drawn) => {
      if (drawn && live) redraw((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [pending]);
  return url;
}
