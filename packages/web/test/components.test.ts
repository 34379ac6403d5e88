/**
 * Component tests without a page (chessground's headless state): the map and the
 * panels rendered to HTML from a real Operation Mars position, and what they must say.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, hexIndex, setup } from '@stavka/engine';
import { Board, evaluateAttack, type MarsState, marsRules, scenarioByKey } from '@stavka/games';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { type Highlight, hexLabel, MapView, unitLabel } from '../src/MapView.tsx';
import { CombatPreview, describeAction, LogPanel, UnitPanel, VpPanel } from '../src/panels.tsx';

function deployed(): MarsState {
  const made = setup(marsRules, null, 1, {});
  assert.ok(made.ok);
  let s = made.value;
  for (const side of ['german', 'soviet']) {
    for (const type of ['historical-setup', 'end-setup']) {
      const r = apply(marsRules, s, side, { type });
      assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
      s = r.value;
    }
  }
  return s.state;
}

const g = deployed();
const sc = scenarioByKey(g.scenario);
const H = (n: string) => hexIndex(sc.map, n);
const noop = () => {};

describe('the map', () => {
  const html = renderToString(
    h(MapView, {
      scenario: sc,
      state: g,
      highlights: new Map<number, Highlight>([
        [H('1608'), 'move'],
        [H('1507'), 'target'],
      ]),
      path: [],
      selectedUnit: null,
      cursor: -1,
      overlay: {},
      onHex: noop,
      onHover: noop,
    }),
  );
  it('draws every hex of the scenario, its rivers, frontline, roads and railways', () => {
    assert.equal((html.match(/<polygon[^>]*stroke="#9a9480"/g) ?? []).length, sc.map.graph.nodeCount);
    assert.ok((html.match(/class="river"/g) ?? []).length > 50);
    assert.ok((html.match(/class="frontline"/g) ?? []).length >= 60);
    assert.ok(html.includes('class="road"') && html.includes('class="rail"'));
    for (const p of ['Rzhev', 'Vyazma', 'Gzhatsk', 'Sychevka', 'Bely']) assert.ok(html.includes(`>${p}<`), p);
  });
  it('names every counter for screen readers, with factors and state', () => {
    const labels = [...html.matchAll(/class="counter [^"]*" aria-label="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(labels.length > 40);
    assert.ok(
      labels.some((l) => /^German 6\. Infanterie-Division, 3-4\(6\), fortified/.test(l)),
      labels.slice(0, 5).join(' | '),
    );
    assert.ok(labels.some((l) => l.startsWith('Soviet ')));
  });
  it('draws the deployment zones, the map edges with their side, and names every hex', () => {
    assert.ok(
      html.includes('class="deployment kalinin-front"') && html.includes('class="deployment western-front"'),
    );
    assert.match(
      html,
      /<title>Southern edge \(toward Smolensk, Roslavl and Bryansk\) map edge, german supply<\/title>/,
    );
    assert.equal((html.match(/stroke-width="0.6"><title>hex \d{4}/g) ?? []).length, sc.map.graph.nodeCount);
    assert.ok(html.includes('<title>hex 1507, Rzhev, city</title>'));
  });
  it('draws the highlights it is handed and nothing it is not', () => {
    assert.ok(html.includes('class="hl move" data-hex="1608"'));
    assert.ok(html.includes('class="hl target" data-hex="1507"'));
    assert.equal((html.match(/class="hl /g) ?? []).length, 2);
  });
  it('labels hexes and units in words', () => {
    assert.equal(hexLabel(sc, H('1507')), 'hex 1507, Rzhev, city');
    const id = 'ger-6id';
    assert.match(unitLabel(sc.units[id]!, { ...g.units[id]!, disrupted: true }), /Disrupted/);
  });
});

describe('the panels', () => {
  const board = new Board(sc, g);
  it('the combat preview itemizes the defense, every shift with its rule, and the chance of each result', () => {
    const attackers = board.at[H('1606')]!;
    const ev = evaluateAttack(board, 'soviet', { target: H('1507'), units: attackers, probe: false });
    const html = renderToString(h(CombatPreview, { s: sc, ev, title: 'Attack on Rzhev', disrupted: false }));
    assert.match(html, /Attack on Rzhev/);
    assert.match(html, /city: \+1/);
    assert.match(html, /garrison attacked across only the frontline/);
    assert.match(html, /more than half the attack factors attack across a river \(M-10\)/);
    assert.match(html, /\d in 6 \(\d+%\) · roll/);
  });
  it('the unit panel says what a unit may still do and why not', () => {
    const hex = H('1507');
    const html = renderToString(h(UnitPanel, { board, hex, selected: null, onSelect: noop }));
    assert.match(html, /Hex 1507 — Rzhev \(city\)/);
    assert.match(html, /6\. Infanterie-Division/);
    assert.match(html, /active ZOC/);
    const disrupted: MarsState = structuredClone(g);
    disrupted.units['ger-6id']!.disrupted = true;
    const html2 = renderToString(
      h(UnitPanel, { board: new Board(sc, disrupted), hex, selected: null, onSelect: noop }),
    );
    assert.match(html2, /Disrupted: may not move or attack/);
  });
  it('the log cites the rules and the VP panel itemizes the score', () => {
    const log = renderToString(
      h(LogPanel, {
        log: [{ kind: 'roll', text: 'Combat: rolled 4', cite: ['M-1'], data: { row: 4, column: '3:1' } }],
        onCite: noop,
      }),
    );
    assert.match(log, /rolled 4 \[row 4, column 3:1\]/);
    assert.match(log, /class="cite"[^>]*>M-1</);
    const vp = renderToString(h(VpPanel, { board }));
    assert.match(vp, /Victory points now: German \d+ — Soviet \d+/);
    assert.match(vp, /held and in supply/);
    // After the last turn the tally is the final one, and says so.
    const over = renderToString(h(VpPanel, { board: new Board(sc, { ...board.state, step: 'over' }) }));
    assert.match(over, /Final victory points: German \d+ — Soviet \d+/);
  });
  it('describes actions in words', () => {
    assert.equal(describeAction(sc, { type: 'historical-setup' }), 'Accept the standard historical set-up');
    assert.equal(describeAction(sc, { type: 'lose', unit: 'ger-6id' }), 'Eliminate 6. Infanterie-Division');
    assert.equal(describeAction(sc, { type: 'no-retreat', units: [] }), 'No orders: roll');
  });
});
