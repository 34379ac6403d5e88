/**
 * The map's parts (issue #49): the board drawn in an SVG of its own, under the one a click
 * changes; a click that selects a counter redraws that stack only; what the map lights
 * comes from the presentation and the legal actions (lit-nodes.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply, type Highlight, legalActions, registerGame, setup } from '@stavka/engine';
import { GAMES, marsModule, marsRules } from '@stavka/games';
import fc from 'fast-check';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { coloursOf } from '../src/counters.ts';
import {
  HEX_SIZE,
  hexCenter,
  hexCorners,
  hexOutline,
  hexPathAt,
  hexsideSegment,
  polygonPoints,
} from '../src/geometry.ts';
import { litNodes } from '../src/lit-nodes.ts';
import { MapView } from '../src/MapView.tsx';
import { hexBoardMarkup, LARGE_BOARD_HEXES } from '../src/map/board-markup.ts';
import { controlPaths } from '../src/map/control.tsx';
import { boardSize, nodeCenter, nodeCount } from '../src/map/nodes.ts';
import { nodeAtPoint } from '../src/map/pointer.ts';
import { stacksOf, UnitsLayer } from '../src/map/units.tsx';

function deployed() {
  const made = setup(marsRules, null, 1, {});
  assert.ok(made.ok);
  let s = made.value;
  for (const side of ['german', 'soviet'])
    for (const type of ['historical-setup', 'end-setup']) {
      const r = apply(marsRules, s, side, { type });
      assert.ok(r.ok);
      s = r.value;
    }
  return s;
}

const state = deployed();
const g = state.state;
const pres = await registerGame(marsModule).presentation!();
const colours = coloursOf(marsModule.meta);
const noop = () => {};

describe('the map in two SVGs', () => {
  const html = renderToString(
    h(MapView, {
      board: pres.board.drawing(g),
      pieces: pres.board.pieces(g),
      colours,
      highlights: new Map<number, Highlight>([[0, 'move']]),
      path: [],
      selectedPiece: null,
      cursor: -1,
      overlay: null,
      onHex: noop,
      onHover: noop,
    }),
  );
  const board = html.slice(html.indexOf('<svg class="map-board'), html.indexOf('</svg>') + 6);
  const at = html.indexOf('<svg class="map"');
  const map = html.slice(at, html.indexOf('</svg>', at));
  it('draws the board (hexes, places) in its own SVG, hidden from screen readers', () => {
    assert.match(board, /aria-hidden="true"/);
    assert.ok(board.includes('<g class="static">'));
    assert.ok(board.includes('>Rzhev<'));
    assert.ok(!board.includes('class="counter'), 'no counter on the board layer');
    assert.ok(!board.includes('class="hl '), 'no highlight on the board layer');
  });
  it('draws lit nodes and counters in the map SVG, over the board', () => {
    assert.ok(map.includes('class="hl move"'));
    assert.ok(map.includes('class="counter '));
    assert.ok(!map.includes('<g class="static">'));
    assert.ok(html.indexOf('class="map-board') < at, 'the board first, under');
  });
});

describe("the board's markup (board-markup.ts: one piece of HTML, parsed by the browser)", () => {
  const board = pres.board.drawing(g);
  if (board.kind !== 'hex') throw new Error('Mars is drawn on hexes');
  it('draws a polygon per hex on the map, its places and their names', () => {
    const markup = hexBoardMarkup(board);
    const onMap = board.map.onMap.reduce((n, x) => n + (x === 1 ? 1 : 0), 0);
    assert.equal((markup.match(/<polygon /g) ?? []).length, onMap);
    assert.equal((markup.match(/<g class="place /g) ?? []).length, board.map.places.length);
    assert.ok(markup.includes('>Rzhev</text>'));
  });
  it("escapes every text and attribute value a presentation gives (a custom scenario's names)", () => {
    const evil = '<img src=x onerror="alert(1)">&\'';
    const place = board.map.places[0]!;
    const outline = board.outlines[0]!;
    const markup = hexBoardMarkup({
      ...board,
      map: { ...board.map, places: [{ ...place, name: evil, kind: `city" onclick="x` }] },
      outlines: [{ ...outline, title: evil, label: evil, className: `zone" onclick="x`, colour: `red" x="` }],
      labels: [{ between: [0, 1], text: evil, className: `r" y="` }],
    });
    assert.ok(!markup.includes('<img'), 'no element from a name');
    assert.ok(!markup.includes('" onclick'), 'no attribute from a class');
    assert.ok(markup.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;'));
  });
});

describe("the whole front's markup: a path per fill and per line class, not an element per hex", async () => {
  const barbarossa = GAMES['barbarossa-1941']!;
  const made = setup(barbarossa.rules, null, 1, {});
  assert.ok(made.ok);
  const drawing = (await barbarossa.presentation!()).board.drawing(made.value.state);
  if (drawing.kind !== 'hex') throw new Error('Barbarossa is drawn on hexes');
  const b = drawing;
  const map = b.map;
  const markup = hexBoardMarkup(b);
  /** Each path's attributes, by its `d`'s subpaths. */
  const paths = [...markup.matchAll(/<path([^>]*) d="([^"]*)"><\/path>/g)].map((m) => ({
    attrs: m[1]!,
    subpaths: m[2]!.match(/M[^M]*/g) ?? [],
  }));
  it('draws every hex on the map once, in the path of its own fill', () => {
    assert.ok(map.graph.nodeCount >= LARGE_BOARD_HEXES);
    assert.ok(!markup.includes('<polygon'), 'no polygon per hex');
    const fillOf = new Map<string, string>();
    for (const p of paths)
      if (p.attrs.includes('stroke="#9a9480"'))
        for (const d of p.subpaths) {
          assert.ok(!fillOf.has(d), 'a hex drawn once');
          fillOf.set(d, /fill="([^"]*)"/.exec(p.attrs)?.[1] ?? '');
        }
    let onMap = 0;
    for (let h = 0; h < map.graph.nodeCount; h++) {
      if (map.onMap[h] !== 1) continue;
      onMap++;
      assert.equal(fillOf.get(hexPathAt(hexCenter(map, h))), b.fill[h], `hex ${h}'s fill`);
    }
    assert.equal(fillOf.size, onMap, 'no hex off the map drawn');
    assert.ok(new Set(fillOf.values()).size <= 40, 'a path per fill, a few dozen at most');
  });
  it("draws each hexside feature once, as a segment of its class's one path", () => {
    for (const s of b.sides) {
      const expected: string[] = [];
      for (let h = 0; h < map.graph.nodeCount; h++) {
        if (map.onMap[h] !== 1) continue;
        for (let d = 0; d < 6; d++) {
          const t = map.graph.targets[h * 6 + d]!;
          if (map.sideFeatures[h * 6 + d]! & s.bit && (t < 0 || d < 3)) {
            const [a, e] = hexsideSegment(hexCenter(map, h), d);
            expected.push(`M${a.x.toFixed(1)},${a.y.toFixed(1)}L${e.x.toFixed(1)},${e.y.toFixed(1)}`);
          }
        }
      }
      const drawn = paths.filter((p) => p.attrs.includes(`class="${s.className}"`));
      if (expected.length === 0) continue;
      assert.equal(drawn.length, 1, `one path of ${s.className}`);
      assert.ok(drawn[0]!.attrs.includes('fill="none"'));
      assert.deepEqual(drawn[0]!.subpaths.sort(), expected.sort(), s.className);
    }
    for (const cls of ['river', 'rail', 'road', 'border-1941'])
      assert.ok(
        paths.some(
          (p) => new RegExp(`class="([^"]* )?${cls}( [^"]*)?"`).test(p.attrs) && p.subpaths.length > 10,
        ),
        cls,
      );
  });
});

describe("each hex's outline, worked out once per grid (geometry.ts hexOutline)", () => {
  it('is the outline of the hex drawn at its centre, on grids of different rows alike', () => {
    const board = pres.board.drawing(g);
    if (board.kind !== 'hex') throw new Error('Mars is drawn on hexes');
    const other = { rows: board.map.rows + 3 };
    for (let pass = 0; pass < 2; pass++)
      for (const map of [board.map, other])
        for (let h = 0; h < 200; h++) {
          assert.equal(hexOutline(map, h), polygonPoints(hexCenter(map, h)));
          // A lit hex's, a little inside it.
          assert.equal(hexOutline(map, h, 28.5), polygonPoints(hexCenter(map, h), 28.5));
        }
    assert.notEqual(hexOutline(board.map, 150), hexOutline(other, 150));
    assert.notEqual(hexOutline(board.map, 150), hexOutline(board.map, 150, 28.5));
  });
  it("traces a hex's six corners from its east corner in steps every hex shares (hexPathAt)", () => {
    for (const c of [
      { x: 0, y: 0 },
      { x: 1234.5, y: 987.25 },
      { x: 45, y: 26 },
    ]) {
      const d = hexPathAt(c);
      const m = /^M([-\d.]+),([-\d.]+)((?:l[-\d.]+,[-\d.]+){5})z$/.exec(d);
      assert.ok(m, d);
      let x = Number(m[1]);
      let y = Number(m[2]);
      const traced = [{ x, y }];
      for (const step of m[3]!.matchAll(/l([-\d.]+),([-\d.]+)/g)) {
        x += Number(step[1]);
        y += Number(step[2]);
        traced.push({ x, y });
      }
      const corners = polygonPoints(c)
        .split(' ')
        .map((p) => p.split(',').map(Number));
      assert.equal(traced.length, 6);
      traced.forEach((t, i) => {
        assert.ok(
          Math.abs(t.x - corners[i]![0]!) < 0.15 && Math.abs(t.y - corners[i]![1]!) < 0.15,
          `corner ${i} of ${d}`,
        );
      });
    }
  });
  it("draws the board's hexes and the held ground's shading from it", () => {
    const board = pres.board.drawing(g);
    if (board.kind !== 'hex') throw new Error('Mars is drawn on hexes');
    const h = board.map.onMap.indexOf(1);
    assert.ok(hexBoardMarkup(board).includes(`<polygon points="${hexOutline(board.map, h)}"`));
    const shaded = controlPaths(board, pres.board.pieces(g))
      .map((x) => x.d)
      .join('');
    const held = shaded.match(/M[^M]*/g) ?? [];
    assert.ok(held.length > 0);
    const outlines = new Set(
      Array.from({ length: board.map.graph.nodeCount }, (_, k) => hexPathAt(hexCenter(board.map, k))),
    );
    for (const x of held) assert.ok(outlines.has(x), `a shaded hex is a hex's outline: ${x}`);
  });
});

describe('the counters, stack by stack', () => {
  const board = pres.board.drawing(g);
  const pieces = pres.board.pieces(g);
  const stacks = stacksOf(pieces);
  it('groups every piece under the node it stands on', () => {
    assert.equal(
      [...stacks.values()].reduce((n, s) => n + s.length, 0),
      pieces.length,
    );
    for (const [node, here] of stacks) for (const piece of here) assert.equal(piece.at, node);
  });
  it('draws the selected counter selected, and no other', () => {
    const first = [...stacks.values()][0]![0]!.id;
    const html = renderToString(h(UnitsLayer, { board, stacks, colours, selectedPiece: first }));
    assert.equal((html.match(/class="counter [^"]*selected"/g) ?? []).length, 1);
    assert.ok(html.includes(`data-piece="${first}"`));
    const none = renderToString(h(UnitsLayer, { board, stacks, colours, selectedPiece: null }));
    assert.equal((none.match(/selected"/g) ?? []).length, 0);
    assert.equal((none.match(/class="stack( strong)?"/g) ?? []).length, stacks.size);
  });
  it('draws the stacks the same at every zoom: the layer alone says whether their strengths show, and at what size', () => {
    const at = (far: number | null) =>
      renderToString(h(UnitsLayer, { board, stacks, colours, selectedPiece: null, far }));
    const near = at(null);
    const far = at(12.5);
    assert.match(near, /^<g class="units">/);
    assert.match(far, /^<g class="units far" style="--far: ?12.5px;?">/);
    const inside = (html: string) => html.slice(html.indexOf('>') + 1);
    assert.equal(
      inside(far),
      inside(near),
      'every stack drawn alike (issue #49: a zoom or the first layout redraws none)',
    );
    // A stack that fights writes its strength (shown by style.css under "units far").
    const strong = (near.match(/class="stack strong"/g) ?? []).length;
    assert.ok(strong > 0 && strong === (near.match(/class="strength /g) ?? []).length);
  });
});

describe('what the map lights (lit-nodes.ts)', () => {
  // On to the first step with moves: each step ended as it is offered.
  let moving = state;
  for (let i = 0; i < 10; i++) {
    const side = marsRules.activeSides(moving.state)[0]!;
    const offered = legalActions(marsRules, moving, side);
    if (offered.some((a) => a.type === 'move')) break;
    const end = offered.find((a) => a.type.startsWith('end'));
    assert.ok(end, JSON.stringify(offered.slice(0, 3)));
    const r = apply(marsRules, moving, side, end);
    assert.ok(r.ok);
    moving = r.value;
  }
  const view = moving.state;
  const side = marsRules.activeSides(view)[0]!;
  const actions = legalActions(marsRules, moving, side);
  const base = {
    actions,
    chosen: null,
    selectedHex: null,
    marks: [],
    threats: [],
    named: [],
    buttonShown: null,
    pieceOf: (a: Action) => (typeof a.unit === 'string' ? a.unit : null),
  };
  it("lights a selected piece's targets, each the action a click there takes", () => {
    const unit = actions
      .map((a) => ('unit' in a && typeof a.unit === 'string' ? a.unit : null))
      .find((u): u is string => u !== null && pres.controls.targets(view, actions, u).length > 0);
    assert.ok(unit, `a ${side} unit whose actions light the map`);
    const { highlights, byHex } = litNodes(pres, view, { ...base, chosen: unit });
    assert.ok(highlights.size > 0);
    for (const [hex, a] of byHex) {
      assert.ok(highlights.has(hex));
      assert.equal('unit' in a ? a.unit : null, unit);
    }
  });
  it('lights the selected node and the nodes a log line names, none taking an action', () => {
    const { highlights, byHex } = litNodes(pres, view, { ...base, selectedHex: 5, named: [7, 9] });
    assert.equal(highlights.get(5), 'selected');
    assert.equal(highlights.get(7), 'named');
    assert.equal(highlights.get(9), 'named');
    assert.equal(byHex.size, 0);
  });
});

describe('the node under the pointer (pointer.ts nodeAtPoint)', async () => {
  const barbarossa = GAMES['barbarossa-1941']!;
  const made = setup(barbarossa.rules, null, 1, {});
  assert.ok(made.ok);
  const whole = (await barbarossa.presentation!()).board.drawing(made.value.state);
  const mars = pres.board.drawing(g);
  /** Every node of the board measured, as nodeAtPoint did before: the nearest centre within reach, the lower index of two as near. */
  const measured = (b: typeof whole, x: number, y: number) => {
    let best = -1;
    let bd = Number.POSITIVE_INFINITY;
    for (let n = 0; n < nodeCount(b); n++) {
      const c = nodeCenter(b, n);
      const d = (c.x - x) ** 2 + (c.y - y) ** 2;
      if (d < bd) {
        bd = d;
        best = n;
      }
    }
    return bd <= HEX_SIZE * HEX_SIZE ? best : -1;
  };
  for (const [name, b] of [
    ['the whole front', whole],
    ['Operation Mars', mars],
  ] as const) {
    if (b.kind !== 'hex') throw new Error(`${name} is drawn on hexes`);
    const { width, height } = boardSize(b);
    it(`finds on ${name} the node every centre measured finds, off the grid's edges too`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: -2 * HEX_SIZE, max: width + 2 * HEX_SIZE, noNaN: true }),
          fc.double({ min: -2 * HEX_SIZE, max: height + 2 * HEX_SIZE, noNaN: true }),
          (x, y) => nodeAtPoint(b, x, y) === measured(b, x, y),
        ),
        { numRuns: 3000 },
      );
    });
    it(`finds on ${name} the same node at every hex's corners (three centres as near) and centre`, () => {
      for (let h = 0; h < b.map.graph.nodeCount; h += 7) {
        const c = hexCenter(b.map, h);
        assert.equal(nodeAtPoint(b, c.x, c.y), h);
        for (const p of hexCorners(c)) assert.equal(nodeAtPoint(b, p.x, p.y), measured(b, p.x, p.y));
      }
    });
  }
});
