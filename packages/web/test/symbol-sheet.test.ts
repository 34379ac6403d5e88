/**
 * The symbol sheet (counters.ts, symbol-sheet.generated.ts): the committed sheet is what
 * its generator makes now, every counter's symbol from it is byte for byte the data URL
 * milsymbol drew for it before the sheet, in every side's colour, and every piece the
 * games set up has its symbol in the sheet. A symbol missing from it is still drawn by
 * milsymbol, loaded then.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it, mock } from 'node:test';
import { legalActions, SERVER, SPECTATOR, setup, view } from '@stavka/engine';
import { GAMES } from '@stavka/games';
import {
  PLACEHOLDER_FILL,
  SYMBOL_SHEET_COMMAND,
  SYMBOL_SHEET_FILE,
  symbolSheet,
  symbolSheetSidcs,
  symbolSheetText,
} from '../scripts/gen-symbol-sheet.ts';
import { symbolDrawn, symbolUrl } from '../src/counters.ts';
import { drawSymbolSvg } from '../src/symbol-draw.ts';
import { SHEET_FILL, SYMBOL_SHEET } from '../src/symbol-sheet.generated.ts';

/** A counter's symbol drawn by milsymbol itself, as counters.ts drew it before the sheet (symbol-draw.ts). */
function milsymbolUrl(sidc: string, fill: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawSymbolSvg(sidc, fill))}`;
}

const sheet = Object.keys(SYMBOL_SHEET);
/** Every side's colour of every game, a disrupted counter's grey and a counter's fallback (counter.tsx). */
const fills = [
  ...new Set([...Object.values(GAMES).flatMap((m) => m.meta.sides.map((s) => s.colour)), '#bbbbbb', '#ccc']),
];

describe('the symbol sheet', () => {
  it(`is what its generator makes now (if not, run: ${SYMBOL_SHEET_COMMAND})`, async () => {
    const made = symbolSheetText(await symbolSheet());
    const committed = readFileSync(SYMBOL_SHEET_FILE, 'utf8');
    assert.ok(
      committed === made,
      `${SYMBOL_SHEET_FILE} is stale (a new symbol code, or milsymbol changed): run ${SYMBOL_SHEET_COMMAND}`,
    );
    assert.equal(SHEET_FILL, PLACEHOLDER_FILL);
    assert.deepEqual(sheet, await symbolSheetSidcs());
    assert.ok(sheet.length >= 70, `${sheet.length} symbols`);
  });

  it(`gives every symbol in every colour (${fills.length}) byte for byte as milsymbol drew it`, () => {
    assert.ok(fills.length >= 5, fills.join());
    for (const sidc of sheet)
      for (const fill of fills) {
        assert.equal(symbolUrl(sidc, fill), milsymbolUrl(sidc, fill), `${sidc} in ${fill}`);
        assert.equal(symbolDrawn(sidc, fill), undefined, `${sidc} in ${fill}: from the sheet, not milsymbol`);
      }
  });

  it("has the symbol of every piece every game sets up, in every scenario, seen by anyone, as its presentation's symbols list it", async () => {
    const missing = new Set<string>();
    let pieces = 0;
    for (const [id, m] of Object.entries(GAMES)) {
      const presentation = await m.presentation?.();
      assert.ok(presentation, `${id} has a presentation`);
      for (const sc of m.scenarios?.list ?? [{ key: null }]) {
        const made = setup(m.rules, sc.key === null ? null : (m.scenarios?.file(sc.key) ?? null), 1, {});
        assert.ok(made.ok, `${id} ${sc.key} sets up`);
        const sides = m.meta.sides.map((s) => s.id);
        for (const viewer of [SERVER, SPECTATOR, ...sides]) {
          const v = view(m.rules, made.value, viewer).state;
          const drawn = [
            ...presentation.board.pieces(v),
            ...sides.flatMap(
              (side) =>
                presentation.controls.tray?.(v, side, legalActions(m.rules, made.value, side))?.pieces ?? [],
            ),
          ];
          for (const p of drawn) {
            pieces++;
            if (
              p.sidc &&
              !(presentation.board.symbols.includes(p.sidc) && Object.hasOwn(SYMBOL_SHEET, p.sidc))
            )
              missing.add(`${id} ${sc.key}: ${p.id} ${p.sidc}`);
          }
        }
      }
    }
    assert.ok(pieces > 300, `${pieces} pieces`);
    assert.deepEqual([...missing], [], `not in the sheet: run ${SYMBOL_SHEET_COMMAND}`);
  });

  it('draws a symbol missing from the sheet with milsymbol, loaded then: no symbol until it is drawn', async () => {
    const warn = mock.method(console, 'warn', () => {});
    try {
      const sidc = 'SFGPUCD----I---'; // air defence: no game's piece
      assert.ok(!Object.hasOwn(SYMBOL_SHEET, sidc));
      const first = symbolUrl(sidc, '#E69F00');
      assert.notEqual(first, milsymbolUrl(sidc, '#E69F00'));
      assert.doesNotMatch(decodeURIComponent(first), /<path/, 'no symbol drawn yet');
      const drawn = symbolDrawn(sidc, '#E69F00');
      assert.ok(drawn, 'being drawn');
      assert.equal(symbolUrl(sidc, '#E69F00'), first, 'asked again: still being drawn, once');
      assert.equal(await drawn, true);
      assert.equal(symbolUrl(sidc, '#E69F00'), milsymbolUrl(sidc, '#E69F00'));
      assert.equal(symbolDrawn(sidc, '#E69F00'), undefined);
      assert.equal(warn.mock.callCount(), 1, 'said once');
      // An empty fill is milsymbol's own colour, which the sheet cannot give.
      const sheetSidc = sheet[0]!;
      symbolUrl(sheetSidc, '');
      assert.equal(await symbolDrawn(sheetSidc, ''), true);
      assert.equal(symbolUrl(sheetSidc, ''), milsymbolUrl(sheetSidc, ''));
    } finally {
      warn.mock.restore();
    }
  });
});
