/**
 * A hex board's static drawing as SVG markup, set once as the inner HTML of the board's
 * layer (issue #49): the whole front is ~6,000 elements (hexes, hexside lines, roads and
 * railways, outlines, places, labels) that never take an event, and the browser's own
 * parser builds them several times faster than a virtual DOM made and diffed element by
 * element (Barbarossa's first load: ~180 ms of rendering, most of it this layer). The
 * elements and attributes are those the JSX drew before; every text and attribute value
 * that comes from a presentation (a custom scenario's place names among them) is escaped.
 */
import type { HexBoard } from '@stavka/engine';
import { HEX_SIZE, hexCenter, hexOutline, hexOutlinePath, hexsideSegment, segmentPath } from '../geometry.ts';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value, escaped for markup. */
export function escapeMarkup(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** ` name="value"`, escaped; nothing for an absent value. */
function attr(name: string, value: string | number | undefined): string {
  return value === undefined ? '' : ` ${name}="${escapeMarkup(String(value))}"`;
}

function outlinePath(
  b: HexBoard,
  hexes: readonly number[],
  member: Uint8Array | undefined,
  offMapOnly: boolean,
) {
  const map = b.map;
  let d = '';
  for (const h of hexes) {
    const c = hexCenter(map, h);
    for (let k = 0; k < 6; k++) {
      const t = map.graph.targets[h * 6 + k]!;
      if (offMapOnly ? t >= 0 : t >= 0 && member?.[t] === 1) continue;
      const [a, e] = hexsideSegment(c, k);
      d += segmentPath(a, e);
    }
  }
  return d;
}

/**
 * A board of at least this many hexes (a whole front) is drawn lighter: its hexes as one
 * path per fill, not a polygon with a title each (the hover line names the hex, a lit hex
 * keeps its title).
 */
export const LARGE_BOARD_HEXES = 1500;

/** Paths' parts kept by a key (a fill, a class), in the order the keys first came. */
class Parts {
  readonly byKey = new Map<string, string[]>();
  add(key: string, part: string): void {
    let parts = this.byKey.get(key);
    if (!parts) {
      parts = [];
      this.byKey.set(key, parts);
    }
    parts.push(part);
  }
}

/**
 * The inner markup of the board's `g.static`: hexes, roads and railways, hexsides, outlines,
 * places, labels. Hexside features and connections are one path per class (each segment a
 * subpath: dashes and caps start again at each, as they did on a line each), drawn in the
 * order of the presentation's classes; on a large board the hexes are one path per fill
 * (their shared edges drawn in the one stroke every hex has). The whole front was ~6,000
 * elements, ~5,300 of them hexes and lines, styled and laid out one by one (issue #49).
 */
export function hexBoardMarkup(b: HexBoard): string {
  const map = b.map;
  const large = map.graph.nodeCount >= LARGE_BOARD_HEXES;
  const hexes: string[] = [];
  const byFill = new Parts();
  const sides = new Parts();
  const links = new Parts();
  for (let h = 0; h < map.graph.nodeCount; h++) {
    if (map.onMap[h] !== 1) continue;
    const c = hexCenter(map, h);
    if (large) byFill.add(b.fill[h] ?? '', hexOutlinePath(map, h));
    else
      hexes.push(
        `<polygon points="${hexOutline(map, h)}"${attr('fill', b.fill[h])} stroke="#9a9480" stroke-width="0.6"><title>${escapeMarkup(b.hexLabel[h] ?? '')}</title></polygon>`,
      );
    for (let d = 0; d < 6; d++) {
      const slot = h * 6 + d;
      const t = map.graph.targets[slot]!;
      const f = map.sideFeatures[slot]!;
      if (f && (t < 0 || d < 3)) {
        const [a, e] = hexsideSegment(c, d);
        for (const s of b.sides) if (f & s.bit) sides.add(s.className, segmentPath(a, e));
      }
      const l = map.links[slot]!;
      if (l && t > h) {
        const e = hexCenter(map, t);
        for (const k of b.links) if (l & k.bit) links.add(k.className, segmentPath(c, e));
      }
    }
  }
  for (const [fill, parts] of byFill.byKey)
    hexes.push(
      `<path${attr('fill', fill || undefined)} stroke="#9a9480" stroke-width="0.6"${attr('d', parts.join(''))}></path>`,
    );
  const lines = (parts: Parts, order: readonly { readonly className: string }[]) =>
    [...new Set(order.map((o) => o.className))].flatMap((cls) => {
      const d = parts.byKey.get(cls);
      return d ? [`<path${attr('class', cls)} fill="none"${attr('d', d.join(''))}></path>`] : [];
    });
  const outlines = b.outlines.map((o) => {
    const c = hexCenter(map, o.labelAt ?? o.hexes[0]!);
    const title = o.title ? `<title>${escapeMarkup(o.title)}</title>` : '';
    const label = o.label
      ? `<text${attr('x', c.x)}${attr('y', o.className === 'zone' ? c.y + HEX_SIZE * 0.72 : c.y)}${attr('class', o.className === 'zone' ? 'zone-label' : undefined)}>${escapeMarkup(o.label)}</text>`
      : '';
    return `<g${attr('class', o.className)}><path${attr('d', outlinePath(b, o.hexes, o.member, !!o.offMapOnly))}${attr('stroke', o.colour || undefined)}>${title}</path>${label}</g>`;
  });
  const places = map.places.map((p) => {
    const c = hexCenter(map, p.hex);
    return `<g${attr('class', `place ${p.kind}`)}><circle${attr('cx', c.x)}${attr('cy', c.y - HEX_SIZE * 0.55)}${attr('r', p.kind === 'city' ? 4 : 2.5)}></circle><text${attr('x', c.x)}${attr('y', c.y - HEX_SIZE * 0.62)} dy="-3">${escapeMarkup(p.name)}</text></g>`;
  });
  const labels = (b.labels ?? []).map((l) => {
    const a = hexCenter(map, l.between[0]);
    const e = hexCenter(map, l.between[1]);
    return `<text${attr('x', (a.x + e.x) / 2)}${attr('y', (a.y + e.y) / 2)}${attr('class', l.className)}>${escapeMarkup(l.text)}</text>`;
  });
  return [
    ...hexes,
    ...lines(links, b.links),
    ...lines(sides, b.sides),
    ...outlines,
    ...places,
    ...labels,
  ].join('');
}
