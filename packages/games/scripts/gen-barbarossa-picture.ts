/**
 * Draws the whole Barbarossa 1941 map (terrain, rivers, border, railways, roads, places,
 * army group boundaries and the standard set-up) as an SVG and a PNG, from the compiled
 * standard scenario, for docs/screenshots/barbarossa-map.png.
 *
 *   npx tsx packages/games/scripts/gen-barbarossa-picture.ts [out.png] [--svg out.svg]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { DIRECTIONS, featureBit, hexAxial } from '@stavka/engine';
import type { Terrain } from '../src/barbarossa-1941/scenario/vocabulary.ts';
import { compileScenario, standardScenarioFile } from '../src/barbarossa-1941/scenario.ts';

const here = dirname(fileURLToPath(import.meta.url));
const out =
  process.argv[2] && !process.argv[2].startsWith('--')
    ? process.argv[2]
    : join(here, '../../../docs/screenshots/barbarossa-map.png');
const svgAt = process.argv.indexOf('--svg');

const compiled = compileScenario(standardScenarioFile());
if (!compiled.ok) throw new Error(JSON.stringify(compiled.error.slice(0, 5)));
const s = compiled.value;
const m = s.map;

const R = 13; // px circumradius
const W3 = Math.sqrt(3);
const pad = 30;
const cx = (h: number) => pad + R + 1.5 * R * hexAxial(m, h).q;
const cy = (h: number) => {
  const a = hexAxial(m, h);
  return pad + (R * W3) / 2 + R * W3 * (a.r + a.q / 2);
};
const width = Math.ceil(pad * 2 + R * (1.5 * (m.columns - 1) + 2));
const height = Math.ceil(pad * 2 + R * W3 * (m.rows + 0.5)) + 80;

const FILL: Record<Terrain, string> = {
  clear: '#f1ead2',
  forest: '#b7cf98',
  swamp: '#9ec9c2',
  'swamp-forest': '#8fb89a',
  hills: '#d8bf8a',
  mountain: '#b0906a',
  lake: '#9cc3e6',
  sea: '#7fb0dc',
};
const corner = (h: number, i: number) => {
  const a = (Math.PI / 3) * i;
  return [cx(h) + R * Math.cos(a), cy(h) + R * Math.sin(a)] as const;
};
const o: string[] = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, sans-serif">`,
  `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
];
const n = m.graph.nodeCount;
for (let h = 0; h < n; h++) {
  const t = s.terrainOf[h]!;
  let fill = FILL[t] ?? '#fff';
  if (s.land[h] === 1 && s.sovietTerritory[h] !== 1) {
    // Axis countries and neutrals a shade greyer
    fill = s.axisCountry[h] === 1 ? mix(fill, '#c8c8c8') : mix(fill, '#e8e8e8');
  }
  const pts = [0, 1, 2, 3, 4, 5]
    .map((i) =>
      corner(h, i)
        .map((v) => v.toFixed(1))
        .join(','),
    )
    .join(' ');
  o.push(`<polygon points="${pts}" fill="${fill}" stroke="#00000022" stroke-width="0.5"/>`);
}
function mix(a: string, b: string): string {
  const p = (x: string, i: number) => Number.parseInt(x.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round((p(a, i) + p(b, i)) / 2)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
// Hexside features: the side between h and its neighbour in direction d runs between corners.
const SIDE_CORNERS: Record<string, [number, number]> = {
  N: [4, 5],
  NE: [5, 0],
  SE: [0, 1],
  S: [1, 2],
  SW: [2, 3],
  NW: [3, 4],
};
function drawSides(bit: number, stroke: string, w: number, dash = ''): void {
  for (let h = 0; h < n; h++) {
    for (let d = 0; d < 3; d++) {
      if ((m.sideFeatures[h * 6 + d]! & bit) === 0) continue;
      const [c1, c2] = SIDE_CORNERS[DIRECTIONS[d]!]!;
      const [x1, y1] = corner(h, c1);
      const [x2, y2] = corner(h, c2);
      o.push(
        `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
      );
    }
    // directions 3..5 with an off-grid neighbour are never features; on-grid ones were drawn from the neighbour
  }
}
// Army group boundaries (dashed purple) between hexes of different groups.
for (let h = 0; h < n; h++) {
  for (let d = 0; d < 3; d++) {
    const j = m.graph.targets[h * 6 + d]!;
    if (j < 0 || s.land[h] !== 1 || s.land[j] !== 1) continue;
    if (s.armyGroupOf[h] === s.armyGroupOf[j]) continue;
    const [c1, c2] = SIDE_CORNERS[DIRECTIONS[d]!]!;
    const [x1, y1] = corner(h, c1);
    const [x2, y2] = corner(h, c2);
    o.push(
      `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#8040a0" stroke-width="1.5" stroke-dasharray="3 3"/>`,
    );
  }
}
// Water narrower than a hex (the Neva Bay round Kronstadt, issue #42 item 5): sea-blue and wide.
drawSides(featureBit(m, 'sea'), FILL.sea!, 6);
drawSides(s.riverBit, '#1f5fd0', 2.4);
drawSides(s.borderBit, '#d00000', 3.2, '7 3');
const STYLE: Record<string, string> = {
  rail: 'stroke="#222" stroke-width="1.6"',
  'rail-german': 'stroke="#555" stroke-width="1.6" stroke-dasharray="4 2"',
  road: 'stroke="#c03020" stroke-width="1.1"',
  'brown-road': 'stroke="#8a5a20" stroke-width="1.1" stroke-dasharray="2 2"',
};
const file = standardScenarioFile();
const idx = (hx: string) => (Number(hx.slice(0, 2)) - 1) * m.rows + Number(hx.slice(2)) - 1;
for (const kind of ['brown-road', 'road', 'rail-german', 'rail']) {
  for (const c of file.map.connections ?? []) {
    if (c.kind !== kind) continue;
    const pts = c.path.map((hx) => `${cx(idx(hx)).toFixed(1)},${cy(idx(hx)).toFixed(1)}`).join(' ');
    o.push(`<polyline points="${pts}" fill="none" ${STYLE[kind]}/>`);
  }
}
// Places.
for (const p of s.places) {
  const x = cx(p.hex);
  const y = cy(p.hex);
  const red = p.victoryPoints > 0;
  const big =
    p.kind === 'victory-city' || p.kind === 'major-city' || p.kind === 'fortress-city' || p.kind === 'oil';
  if (p.kind === 'town')
    o.push(`<circle cx="${x}" cy="${y}" r="2.2" fill="#fff" stroke="#000" stroke-width="0.8"/>`);
  else if (p.kind === 'fortress-city')
    o.push(`<rect x="${x - 4}" y="${y - 4}" width="8" height="8" fill="#000"/>`);
  else if (p.kind === 'oil')
    o.push(`<circle cx="${x}" cy="${y}" r="4" fill="#000"/><circle cx="${x}" cy="${y}" r="2" fill="#fc0"/>`);
  else o.push(`<circle cx="${x}" cy="${y}" r="${big ? 4.5 : 3}" fill="${red ? '#d00000' : '#000'}"/>`);
  if (p.tankFactory) o.push(`<rect x="${x + 3}" y="${y + 2}" width="6" height="4" fill="#505050"/>`);
  if (p.kind !== 'town' || s.unitIds.length < 0) {
    o.push(
      `<text x="${x + 5}" y="${y - 3}" font-size="${big ? 10 : 7.5}" font-weight="${big ? 'bold' : 'normal'}" fill="${red ? '#c00000' : '#000'}" stroke="#fff" stroke-width="2" paint-order="stroke">${p.name}${p.victoryPoints > 1 ? ` (${p.victoryPoints})` : ''}</text>`,
    );
  }
}
// The standard set-up.
const stack = new Map<number, string[]>();
const label = (id: string) => s.units[id]!.designation;
for (const [id, h] of [...Object.entries(s.standard.axis), ...Object.entries(s.standard.soviet)]) {
  stack.set(h, [...(stack.get(h) ?? []), id]);
}
for (const [h, ids] of stack) {
  ids.slice(0, 3).forEach((id, i) => {
    const u = s.units[id]!;
    const x = cx(h) - 6 + i * 2;
    const y = cy(h) - 5 + i * 2;
    const fill = u.side === 'soviet' ? '#c83a32' : u.nationality === 'german' ? '#7a8a96' : '#c8b050';
    o.push(
      `<rect x="${x}" y="${y}" width="12" height="10" fill="${fill}" stroke="#000" stroke-width="0.6"/>`,
    );
    if (i === Math.min(ids.length, 3) - 1)
      o.push(
        `<text x="${x + 6}" y="${y + 7.5}" font-size="5.5" text-anchor="middle" fill="#fff">${label(id).slice(0, 5)}</text>`,
      );
  });
}
// Legend.
const ly = height - 64;
const legend: [string, string][] = [
  ['#f1ead2', 'clear'],
  ['#b7cf98', 'forest'],
  ['#9ec9c2', 'swamp'],
  ['#8fb89a', 'swamp &amp; forest'],
  ['#d8bf8a', 'hills'],
  ['#b0906a', 'mountains'],
];
legend.forEach(([c, t], i) => {
  o.push(`<rect x="${pad + i * 110}" y="${ly}" width="14" height="14" fill="${c}" stroke="#666"/>`);
  o.push(`<text x="${pad + i * 110 + 18}" y="${ly + 11}" font-size="11">${t}</text>`);
});
o.push(
  `<text x="${pad}" y="${ly + 32}" font-size="11">blue: rivers · wide sea-blue hexsides: water narrower than a hex (Neva Bay) · red dashed: border 22 June 1941 · black: railways (dashed grey: standard gauge) · red / brown dotted: roads / brown roads</text>`,
);
o.push(
  `<text x="${pad}" y="${ly + 50}" font-size="11">purple dashed: army group boundaries · counters: the standard set-up (red Soviet, grey German, ochre allies) · red names: victory cities · square: fortress · grey tab: tank factory</text>`,
);
o.push(
  `<text x="${pad}" y="${pad - 10}" font-size="16" font-weight="bold">${s.name} — ${m.columns} x ${m.rows} hexes of 40 km, generated from GSHHG / GeoNames</text>`,
);
o.push('</svg>');
const svg = o.join('\n');
if (svgAt >= 0) writeFileSync(process.argv[svgAt + 1] ?? 'barbarossa-map.svg', svg);
const png = new Resvg(svg, {
  fitTo: { mode: 'width', value: Math.round(width * 1.5) },
  font: { loadSystemFonts: true },
})
  .render()
  .asPng();
writeFileSync(out, png);
console.log(`wrote ${out} (${Math.round(width * 1.5)} px wide, ${png.length} bytes)`);
