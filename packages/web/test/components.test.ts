/**
 * Component tests without a page (chessground's headless state): the map and the
 * panels rendered to HTML from a real Operation Mars position, and what they must say.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, hexIndex, type OverlayData, setup } from '@stavka/engine';
import { findGame, type MarsState, marsModule, marsRules, scenarioByKey } from '@stavka/games';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { coloursOf } from '../src/counters.ts';
import { type Highlight, MapView } from '../src/MapView.tsx';
import { CombatPreview, LogPanel, UnitPanel, VpPanel } from '../src/panels.tsx';
import {
  ActionButtons,
  MissingList,
  RecapPanel,
  ReferencePanel,
  ResultBanner,
  TrayPanel,
  TurnPause,
} from '../src/table.tsx';

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
// The browser loads a game's presentation lazily, through its module.
const pres = await marsModule.presentation!();
const colours = coloursOf(marsModule.meta);

describe('the map', () => {
  const html = renderToString(
    h(MapView, {
      board: pres.board.drawing(g),
      pieces: pres.board.pieces(g),
      colours,
      highlights: new Map<number, Highlight>([
        [H('1608'), 'move'],
        [H('1507'), 'target'],
      ]),
      path: [],
      selectedPiece: null,
      cursor: -1,
      overlay: null,
      onHex: noop,
      onHover: noop,
    }),
  );
  it('draws every hex of the scenario, its rivers, frontline, roads and railways', () => {
    assert.equal((html.match(/<polygon[^>]*stroke="#9a9480"/g) ?? []).length, sc.map.graph.nodeCount);
    // Each kind of line one path, each hexside or connection a subpath of it.
    const segments = (cls: string) =>
      (new RegExp(`<path class="${cls}" fill="none" d="([^"]*)"`).exec(html)?.[1]?.match(/M/g) ?? []).length;
    assert.ok(segments('river') > 50);
    assert.ok(segments('frontline') >= 60);
    assert.ok(segments('road') > 0 && segments('rail') > 0);
    for (const p of ['Rzhev', 'Vyazma', 'Gzhatsk', 'Sychevka', 'Bely']) assert.ok(html.includes(`>${p}<`), p);
  });
  it('names every counter for screen readers, with factors and state', () => {
    const labels = [...html.matchAll(/class="counter [^"]*" aria-label="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(labels.length > 40);
    assert.ok(
      labels.some((l) => /^German 6\. Infanterie-Division, 3-6\(8\), fortified/.test(l)),
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
    const board = pres.board.drawing(g);
    assert.equal(board.kind === 'hex' && board.hexLabel[H('1507')], 'hex 1507, Rzhev, city');
    const disrupted: MarsState = structuredClone(g);
    disrupted.units['ger-6id']!.disrupted = true;
    const piece = pres.board.pieces(disrupted).find((x) => x.id === 'ger-6id')!;
    assert.match(piece.label, /Disrupted/);
    assert.deepEqual(piece.marks, ['D']);
  });
  it('draws an overlay it is handed: zones of control as circles, supply as cells', () => {
    const zoc = pres.board.overlay(g, 'zoc', 'soviet') as OverlayData;
    assert.equal(zoc.kind, 'circles');
    assert.ok(zoc.nodes.length > 20);
    const html2 = renderToString(
      h(MapView, {
        board: pres.board.drawing(g),
        pieces: pres.board.pieces(g),
        colours,
        highlights: new Map<number, Highlight>(),
        path: [],
        selectedPiece: null,
        cursor: -1,
        overlay: zoc,
        onHex: noop,
        onHover: noop,
      }),
    );
    assert.equal((html2.match(/<circle[^>]*class="zoc"/g) ?? []).length, zoc.nodes.length);
  });
});

describe('the panels', () => {
  it("the combat preview is the calculator's own report, and shows every item, shift and chance", () => {
    const preview = pres.preview.combatPreview(g, 'soviet', {
      target: H('1507'),
      selected: null,
      actions: [],
    });
    // No attack declared and none proposed: nothing to preview.
    assert.equal(preview, null);
    // Propose one: the Soviet stack in 1606 against Rzhev, as allocation would.
    const alloc: MarsState = { ...structuredClone(g), step: 'allocation', player: 'soviet' };
    const attackers = pres.board.piecesAt(alloc, H('1606'));
    alloc.attacks = [{ target: H('1507'), units: [...attackers], probe: false }];
    const data = pres.preview.combatPreview(alloc, 'soviet', {
      target: H('1507'),
      selected: null,
      actions: [],
    })!;
    assert.ok(data.report);
    // The very report `stavka calc` gives for the same factors and shifts.
    const calc = findGame('mars-1942')!.calculator!.run({
      attack: data.attack,
      defense: data.defense,
      shift: data.report.shifts.reduce((a, x) => a + x.by, 0),
    });
    assert.ok(calc.ok);
    assert.deepEqual(data.report.outcomes, calc.report.outcomes);
    assert.deepEqual(data.report.chances, calc.report.chances);
    assert.equal(data.report.column, calc.report.column);
    assert.equal(data.report.ratio, calc.report.ratio);
    const html = renderToString(h(CombatPreview, { data }));
    assert.match(html, /Attack on Rzhev/);
    assert.match(html, /city: \+1/);
    assert.match(html, /garrison attacked across only the frontline/);
    assert.match(html, /more than half the attack factors attack across a river \(M-10\)/);
    for (const c of data.report.chances)
      assert.ok(
        html.includes(`${c.chance} (${Math.round(c.probability * 100)}%) · roll ${c.rolls?.join(', ')}`),
      );
  });
  it('the unit panel says what a unit may still do and why not', () => {
    const hex = H('1507');
    const html = renderToString(
      h(UnitPanel, { facts: pres.board.nodeFacts(g, hex), selected: null, colours, onSelect: noop }),
    );
    assert.match(html, /Hex 1507 — Rzhev \(city\)/);
    assert.match(html, /6\. Infanterie-Division/);
    assert.match(html, /active ZOC/);
    const disrupted: MarsState = structuredClone(g);
    disrupted.units['ger-6id']!.disrupted = true;
    const html2 = renderToString(
      h(UnitPanel, { facts: pres.board.nodeFacts(disrupted, hex), selected: null, colours, onSelect: noop }),
    );
    assert.match(html2, /Disrupted: may not move or attack/);
  });
  it('the log cites the rules and the VP panel itemizes the score', () => {
    const log = renderToString(
      h(LogPanel, {
        log: [{ kind: 'roll', text: 'Combat: rolled 4', cite: ['M-1'], data: { row: 4, column: '3:1' } }],
        detail: pres.words.logDetail,
        onCite: noop,
      }),
    );
    assert.match(log, /rolled 4 \[row 4, column 3:1\]/);
    assert.match(log, /class="cite"[^>]*>M-1</);
    const vp = renderToString(h(VpPanel, { score: pres.words.score(g, false), colours }));
    assert.match(vp, /Victory points now: German \d+ — Soviet \d+/);
    assert.match(vp, /held and in supply/);
    // After the last turn the tally is the final one, and says so.
    const over = renderToString(h(VpPanel, { score: pres.words.score(g, true), colours }));
    assert.match(over, /Final victory points: German \d+ — Soviet \d+/);
  });
  it('describes actions in words', () => {
    assert.equal(
      pres.words.describe(g, { type: 'historical-setup' }),
      'Accept the standard historical set-up',
    );
    // A loss names the unit's attack factors (the prompt says how many are owed).
    assert.equal(
      pres.words.describe(g, { type: 'lose', unit: 'ger-6id' }),
      'Eliminate 6. Infanterie-Division (3 attack factors)',
    );
    assert.equal(pres.words.describe(g, { type: 'rout', hexes: 2 }), 'Rout 2 hexes');
    assert.equal(pres.words.describe(g, { type: 'no-retreat', units: [] }), 'No orders: roll');
  });
});

describe("the wargamer's table (issue #25)", () => {
  it('the result banner gives the column, the row and the result in words, with a drawn die', () => {
    const html = renderToString(
      h(ResultBanner, {
        banner: {
          title: 'Attack on Rzhev 1507',
          side: 'soviet',
          roll: 4,
          column: '3:1',
          row: '4',
          result: 'DR',
          meaning: 'DR = Defenders ROUTED and Disrupted',
          next: 'The attacker chooses how far the defenders rout (0-2 hexes).',
        },
        heading: 'Your last result',
        sideName: (x: string) => (x === 'soviet' ? 'Zhukov (Soviet)' : x),
        onDismiss: noop,
        onCite: noop,
      }),
    );
    assert.match(html, /Attack on Rzhev 1507 \(Zhukov \(Soviet\) attacking\)/);
    assert.match(html, /Rolled <strong>4<\/strong> on the <strong>3:1<\/strong> column/);
    assert.match(html, /Defenders ROUTED/);
    assert.equal((html.match(/<circle/g) ?? []).length, 4, 'four pips');
    assert.ok(!html.includes('🎲'));
  });
  it('groups the buttons, a long group collapsed, the loose ones first', () => {
    const actions = [
      { type: 'end-fortify' },
      ...Array.from({ length: 8 }, (_, i) => ({ type: 'fortify', unit: `u${i}` })),
    ];
    const html = renderToString(
      h(ActionButtons, {
        actions,
        describe: (a: { type: string }) => a.type,
        group: (a: { type: string }) => (a.type === 'fortify' ? 'Fortify a unit' : null),
        onAction: noop,
      }),
    );
    assert.ok(html.indexOf('end-fortify') < html.indexOf('<details'), 'Done comes first');
    assert.match(html, /<summary>Fortify a unit \(8\)<\/summary>/);
    assert.match(html, /data-unit="u7"/);
  });
  it('says why a control is missing, with its rule', () => {
    const html = renderToString(
      h(MissingList, {
        items: [{ control: 'End allocation', why: '1712 is owed an attack', cite: 'M-2' }],
        onCite: noop,
      }),
    );
    assert.match(html, /<strong>End allocation<\/strong>: 1712 is owed an attack/);
    assert.match(html, /class="cite"[^>]*>M-2</);
  });
  it('the set-up tray shows every unit to place and the deployment limits', () => {
    const made = setup(marsRules, null, 1, {});
    assert.ok(made.ok);
    const tray = pres.controls.tray!(made.value.state, 'german', [])!;
    const html = renderToString(h(TrayPanel, { tray, colours, selected: null, onSelect: noop }));
    assert.equal((html.match(/class="tray-piece"/g) ?? []).length, tray.pieces.length);
    assert.match(html, /0 of 21 zones garrisoned/);
  });
  it('the reference spells out the CRT and the victory conditions', () => {
    const html = renderToString(h(ReferencePanel, { sheets: pres.reference!.sheets(g), onCite: noop }));
    assert.match(html, /Combat results table/);
    assert.match(html, /<th>1:4<\/th>/);
    assert.match(html, /Victory conditions/);
    assert.match(html, /Turn track/);
    assert.match(html, /Eliminated units/);
  });
  it('the end of a player-turn sums it up and offers its recap; the recap steps through it', () => {
    const pause = renderToString(
      h(TurnPause, {
        turns: [{ label: 'Turn 1, Zhukov (Soviet)', side: 'soviet', lines: ['3 units moved.'], entries: [] }],
        mine: () => false,
        onRecap: noop,
        onContinue: noop,
      }),
    );
    assert.match(pause, /End of Turn 1, Zhukov \(Soviet\)/);
    assert.match(pause, /3 units moved\./);
    assert.match(pause, /Step through this turn on the map/);
    const recap = renderToString(
      h(RecapPanel, {
        label: 'Turn 1, Zhukov (Soviet)',
        steps: [
          { text: 'a moves 1709-1708', drawing: { nodes: [1], path: [0, 1] } },
          { text: 'Attack on 1712', drawing: { nodes: [2], arrows: [{ from: 1, to: 2, kind: 'attack' }] } },
        ],
        at: 0,
        onStep: noop,
        onClose: noop,
      }),
    );
    assert.match(recap, /1 \/ 2: a moves 1709-1708/);
    assert.match(recap, /disabled[^>]*>◀ Previous/);
  });
});

describe('a point-to-point board (points joined by lines, not hexes)', () => {
  const board = {
    kind: 'points' as const,
    key: 'test',
    name: 'Moscow approaches',
    points: [
      { id: 'moscow', name: 'Moscow', kind: 'city', x: 500, y: 300 },
      { id: 'klin', name: 'Klin', kind: 'town', x: 420, y: 120 },
      { id: 'tula', name: 'Tula', kind: 'city', x: 520, y: 600 },
    ],
    lines: [
      { from: 0, to: 1, capacity: 3, kind: 'rail' },
      { from: 0, to: 2, capacity: 2, kind: 'road' },
    ],
    width: 1000,
    height: 700,
    home: 0,
  };
  const html = renderToString(
    h(MapView, {
      board,
      pieces: [
        {
          id: 'p1',
          at: 1,
          side: 'german',
          sidc: null,
          designation: 'XXXX',
          factors: '6',
          label: 'a hidden unit at Klin',
        },
      ],
      colours,
      highlights: new Map<number, Highlight>([[2, 'move']]),
      path: [],
      selectedPiece: null,
      cursor: -1,
      overlay: null,
      onHex: noop,
      onHover: noop,
    }),
  );
  it('draws every point with its name and every line with its capacity', () => {
    for (const p of ['Moscow', 'Klin', 'Tula']) assert.ok(html.includes(`>${p}<`), p);
    assert.equal((html.match(/class="capacity"/g) ?? []).length, 2);
    assert.ok(html.includes('>3<') && html.includes('>2<'));
    assert.ok(html.includes('class="line rail"') && html.includes('class="line road"'));
  });
  it('draws a face-down counter at its point, and lights a point as a circle', () => {
    assert.match(html, /class="counter german face-down" aria-label="a hidden unit at Klin"/);
    assert.match(html, /<circle[^>]*class="hl move"[^>]*data-hex="tula"/);
  });
});
