/**
 * How a counter's NATO symbol is drawn: milsymbol (APP-6 / MIL-STD-2525C letter codes)
 * at the counters' size, a near-black frame, no text fields, in the given fill. Used by
 * the symbol sheet's generator (scripts/gen-symbol-sheet.ts), which draws every symbol the
 * games produce once, and by counters.ts only for a symbol missing from that sheet: this
 * module, and milsymbol with it, is then a chunk of its own loaded on that first miss, so a
 * page load neither downloads milsymbol nor pays its first drawing (~60 ms).
 */
import ms from 'milsymbol';

/** The symbol's SVG: `sidc` drawn as a counter shows it, its frame filled with `fill`. */
export function drawSymbolSvg(sidc: string, fill: string): string {
  return new ms.Symbol(sidc, {
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
  }).asSVG();
}
