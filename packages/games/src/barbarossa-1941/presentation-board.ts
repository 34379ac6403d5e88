/**
 * Barbarossa 1941's whole-front board and counters, as data for the web's generic hex
 * map (engine `HexBoard`, `PieceDrawing`): terrain, seas and lakes, rivers, the 1941
 * border, rails (the German gauge apart), roads and brown roads, cities and victory
 * cities with their points and holder, ports, the army group boundaries, the supply
 * edges and the Axis railheads; each counter with its NATO symbol, German armies on
 * their strong or weak side, Disrupted and entrenched marked, and hidden Russian armies
 * face down: drawn only from what the view gives (a face-down piece's identity is not in
 * it, RULINGS B-18; the Russian player's own peeks come in `known`).
 */
import {
  type HexBoard,
  type HexMap,
  hexIndex,
  natoSymbol,
  type Outline,
  type PieceDrawing,
  type UnitData,
} from '@stavka/engine';
import { Board } from './board.ts';
import mapFile from './data/generated/map.json' with { type: 'json' };
import type { BarbarossaView } from './hidden.ts';
import type { RulesScenario, Terrain, Weather } from './rules-scenario.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import { attackFactor, type BarbarossaState, defenseFactor, type PieceState, turnInfo } from './state.ts';
import { holder } from './victory.ts';

/** The view's scenario (the standard one compiled on first use, in the browser too). */
export function scenarioOf(v: Pick<BarbarossaView, 'scenario'>): RulesScenario {
  return rulesScenarioByKey(v.scenario);
}

/**
 * A view as a state the rules' readers take (the Board, the turn, the holders, the sudden
 * death's year), its secrets empty: they read only what every side sees of a piece
 * (`publicUnit`: a face-down piece is its face), never the identities or the rifle pile.
 */
export function publicState(v: BarbarossaView): BarbarossaState {
  return { ...v, secret: { identities: {} }, riflePile: [] };
}

const boardsOfView = new WeakMap<BarbarossaView, Board>();

/**
 * The rules' Board over a view, made once per view. A Board reads only what every side
 * sees of a piece (`publicUnit`: a face-down piece is its face), so a view is enough.
 */
export function boardOf(v: BarbarossaView): Board {
  let b = boardsOfView.get(v);
  if (!b) {
    b = new Board(publicState(v), scenarioOf(v));
    boardsOfView.set(v, b);
  }
  return b;
}

export function weatherOf(v: BarbarossaView): Weather {
  return turnInfo(scenarioOf(v), publicState(v)).weather;
}

/* ---------------------------------------------------------------------------------- */
/* The map                                                                              */

export const TERRAIN_FILL: Readonly<Record<Terrain, string>> = {
  clear: '#eae6d2',
  forest: '#b9cf9f',
  swamp: '#b8cfc8',
  'swamp-forest': '#a7c2ad',
  hills: '#dccb9c',
  mountain: '#c2a67c',
  lake: '#9ec5e3',
  sea: '#8db7dc',
};

/** Snow whitens the land ("Weather": swamps and lakes freeze). */
function snowy(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * 0.55);
  return `rgb(${mix((n >> 16) & 255)},${mix((n >> 8) & 255)},${mix(n & 255)})`;
}

/** Outside the USSR of 22 June 1941: a cooler, greyer tint of the same terrain. */
function foreign(hex: string, neutral: boolean): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const k = neutral ? 0.78 : 0.93;
  const r = Math.round(((n >> 16) & 255) * k);
  const g = Math.round(((n >> 8) & 255) * k);
  const b = Math.min(255, Math.round((n & 255) * k + (neutral ? 10 : 12)));
  return `rgb(${r},${g},${b})`;
}

const PLACE_WORDS: Readonly<Record<string, string>> = {
  town: 'town',
  city: 'city',
  'major-city': 'major city',
  'fortress-city': 'fortress city',
  'victory-city': 'victory city',
  oil: 'oil centre',
};

/** "3417 Moscow" or "2526". */
export function hexName(s: RulesScenario, h: number): string {
  if (h < 0) return 'off the map';
  const name = s.placeName[h];
  return name ? `${name} ${s.hexNumbers[h]}` : s.hexNumbers[h]!;
}

/** A place in words, with its points and who holds it now. */
export function placeWords(s: RulesScenario, v: BarbarossaView, h: number): string {
  const name = s.placeName[h];
  if (!name) return '';
  const p = s.map.places[s.map.placeAt[h]!];
  const vp = s.victoryPoints[h]!;
  const who = holder(v, s, h) === 'axis' ? 'Axis' : 'Soviet';
  return `${name}, ${PLACE_WORDS[p?.kind ?? ''] ?? p?.kind ?? 'place'}${vp ? `, ${vp} victory point${vp === 1 ? '' : 's'}` : ''}${s.replacementFactors[h] ? `, ${s.replacementFactors[h]} replacement factor${s.replacementFactors[h] === 1 ? '' : 's'} a turn` : ''}${s.ports.some((x) => x.hex === h) ? ', port' : ''}, held by the ${who}`;
}

export function hexWords(s: RulesScenario, v: BarbarossaView, h: number, weather: Weather): string {
  const t = s.terrain[h]!;
  const place = placeWords(s, v, h);
  return `hex ${s.hexNumbers[h]}, ${t}${weather === 'snow' && (t === 'swamp' || t === 'lake' || t === 'swamp-forest') ? ' (frozen)' : ''}${place ? `, ${place}` : ''}`;
}

/** Each river's name once, at the middle of its course (the map file names them). */
function riverNames(s: RulesScenario): { between: [number, number]; text: string; className: string }[] {
  if (s.map.name !== mapFile.name) return [];
  const out: { between: [number, number]; text: string; className: string }[] = [];
  for (const side of mapFile.hexsides) {
    if (side.feature !== 'river' || side.between.length === 0) continue;
    const mid = side.between[Math.floor(side.between.length / 2)]!;
    const a = hexIndex(s.map, mid[0]!);
    const b = hexIndex(s.map, mid[1]!);
    if (a >= 0 && b >= 0) out.push({ between: [a, b], text: side.name, className: 'river-name' });
  }
  return out;
}

const ARMY_GROUPS: Readonly<Record<string, string>> = {
  'army-group-north': 'Army Group North',
  'army-group-center': 'Army Group Centre',
  'army-group-south': 'Army Group South',
};

const drawings = new Map<string, HexBoard>();

/**
 * The board of a view. What changes in play is in its key (the weather's tint, the
 * railheads, the holders of places), so the web redraws the map only when one of them
 * changes.
 */
export function boardDrawing(v: BarbarossaView): HexBoard {
  const s = scenarioOf(v);
  const weather = weatherOf(v);
  const control = Object.entries(v.control)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, x]) => `${k}=${x}`)
    .join(',');
  const key = `barbarossa-1941:${s.key}:${weather}:${v.railheads.join('.')}:${control}`;
  const known = drawings.get(key);
  if (known) return known;
  const map = s.map;
  const n = map.graph.nodeCount;
  const ussr = map.zones.find((z) => z.id === 'ussr-1941')?.membership;
  const neutral = map.zones.find((z) => z.id === 'neutral')?.membership;
  const fill: string[] = [];
  const labels: string[] = [];
  for (let h = 0; h < n; h++) {
    const t = s.terrain[h]!;
    let f = TERRAIN_FILL[t] ?? '#eee';
    if (t !== 'sea' && t !== 'lake' && ussr && ussr[h] !== 1) f = foreign(f, neutral?.[h] === 1);
    if (weather === 'snow' && t !== 'sea') f = snowy(t === 'lake' ? TERRAIN_FILL.clear : f);
    fill.push(f);
    labels.push(hexWords(s, v, h, weather));
  }
  // Places as the board prints them: victory cities with their points, and who holds a place taken.
  const places = map.places.map((p) => {
    const vp = s.victoryPoints[p.hex]!;
    const who = holder(v, s, p.hex);
    const original = s.axisCountry[p.hex] === 1 ? 'axis' : 'soviet';
    const taken = who !== original ? (who === 'axis' ? ' (Axis)' : ' (Soviet)') : '';
    return {
      ...p,
      kind:
        p.kind === 'victory-city' || p.kind === 'major-city' || p.kind === 'fortress-city' ? 'city' : p.kind,
      name: `${p.name}${vp ? ` ★${vp}` : ''}${taken}`,
    };
  });
  const drawnMap: HexMap = { ...map, places };
  const outlines: Outline[] = [
    ...map.zones
      .filter((z) => ARMY_GROUPS[z.id])
      .map((z) => ({
        id: z.id,
        hexes: z.hexes,
        member: z.membership,
        className: 'zone',
        label: ARMY_GROUPS[z.id]!,
        labelAt: z.hexes[Math.floor(z.hexes.length / 2)]!,
      })),
    ...map.edges.map((e) => ({
      id: `edge-${e.id}`,
      hexes: e.hexes,
      offMapOnly: true,
      className: 'edge',
      colour: e.side === 'axis' ? '#56B4E9' : e.side === 'soviet' ? '#E69F00' : '#888',
      title: e.name,
    })),
    ...v.railheads.map((h, i) => ({
      id: `railhead-${i}`,
      hexes: [h],
      className: 'deployment railhead',
      label: 'RH',
      labelAt: h,
      colour: '#0b3c5d',
      title: `Axis railhead ${i + 1} at ${hexName(s, h)}: an Axis full supply source (B-38)`,
    })),
    // Each victory city outlined in its holder's colour (issue #45): seen at the whole-front
    // zoom, where the place names (with their points, above) are too small to read.
    ...map.places
      .filter((p) => (s.victoryPoints[p.hex] ?? 0) > 0)
      .map((p) => {
        const who = holder(v, s, p.hex);
        const vp = s.victoryPoints[p.hex]!;
        return {
          id: `victory-${p.hex}`,
          hexes: [p.hex],
          className: `victory-city held-${who}`,
          colour: who === 'axis' ? '#0072b2' : '#c45f00',
          title: `${p.name} ${s.hexNumbers[p.hex]}: ${vp} victory point${vp === 1 ? '' : 's'}, held by the ${who === 'axis' ? 'Axis' : 'Russians'} (B-12)`,
        };
      }),
  ];
  const bit = (name: string, kind: 'side' | 'link') => {
    const i = (kind === 'side' ? map.featureNames : map.connectionNames).indexOf(name);
    return i < 0 ? 0 : 1 << i;
  };
  const b: HexBoard = {
    kind: 'hex',
    key,
    name: 'Barbarossa 1941',
    map: drawnMap,
    fill,
    hexLabel: labels,
    sides: [
      // Water narrower than a hex (the Neva Bay round Kronstadt, RULINGS B-82), under the rivers.
      { bit: s.seaSideBit, className: 'sea-side' },
      { bit: s.riverBit, className: 'river' },
      { bit: bit('border-1941', 'side'), className: 'frontline border-1941' },
    ].filter((x) => x.bit !== 0),
    links: [
      { bit: s.railBit, className: 'rail' },
      { bit: s.axisRailBit, className: 'rail rail-german' },
      { bit: s.roadBit, className: 'road' },
      { bit: s.brownRoadBit, className: 'road brown-road' },
    ].filter((x) => x.bit !== 0),
    outlines,
    hexNumbers: s.hexNumbers,
    labels: riverNames(s),
    home: s.placeHex.Minsk ?? s.placeHex.Moscow ?? Math.floor(n / 2),
  };
  if (drawings.size > 32) drawings.clear();
  drawings.set(key, b);
  return b;
}

/* ---------------------------------------------------------------------------------- */
/* Counters (NATO symbols: APP-6 / MIL-STD-2525C letter codes).                        */

/** "6-6", or "4-4" on a German army's weak side; air units their shifts and range. */
export function factorsText(u: UnitData, p: Pick<PieceState, 'weak'>): string {
  if (u.type === 'air') return `+${u.factors.shifts ?? 0} r${u.factors.range ?? 0}`;
  if (u.type === 'factory') return `${u.factors.production ?? 0}`;
  return `${attackFactor(u, p)}-${defenseFactor(u, p)}`;
}

const FACE_WORDS: Readonly<Record<string, string>> = {
  'rifle-army': 'rifle army',
  'tank-korps': 'tank korps',
};

/** A face-down piece's face as a NATO symbol frame with no identity: drawn face down (sidc null). */
export function pieceDrawing(
  s: RulesScenario,
  v: BarbarossaView,
  id: string,
  offMap = false,
): PieceDrawing | null {
  const p = v.pieces[id];
  if (!p || (!offMap && (p.status !== 'map' || p.at < 0))) return null;
  const side = p.side;
  const marks: string[] = [];
  if (p.disrupted) marks.push('D');
  if (p.entrenched) marks.push('E');
  const state = [
    p.disrupted ? 'Disrupted' : '',
    p.entrenched ? 'entrenched' : '',
    p.supply !== 'full' ? `${p.supply} supply` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (p.unit === null) {
    // Face down (B-18): what every side sees is the face; the Russian player's own peek is marked.
    const face = FACE_WORDS[p.face ?? ''] ?? 'unit';
    const peek = v.known[id];
    const u = peek ? s.units[peek] : undefined;
    if (u) marks.push('P');
    return {
      id,
      at: p.at,
      side,
      sidc: null,
      designation: u ? u.designation : '?',
      factors: u ? factorsText(u, p) : '',
      label: `Soviet ${face}, face down${u ? ` (your peek: ${u.name}, ${factorsText(u, p)})` : ''}${state ? `, ${state}` : ''}`,
      disrupted: p.disrupted,
      ...(marks.length ? { marks } : {}),
    };
  }
  const u = s.units[p.unit];
  if (!u) return null;
  const strongWeak = u.factors.weakAttack !== undefined;
  if (strongWeak && p.weak) marks.push('w');
  return {
    id,
    at: p.at,
    side,
    sidc: natoSymbol(u),
    designation: u.designation,
    factors: factorsText(u, p),
    label: `${side === 'axis' ? 'Axis' : 'Soviet'} ${u.name}, ${factorsText(u, p)}${strongWeak ? (p.weak ? ', weak side' : ', strong side') : ''}${state ? `, ${state}` : ''}`,
    disrupted: p.disrupted,
    fortified: p.entrenched,
    // A ground unit's factors, for the stack's order and total on the map (issue #45 item 3).
    ...(u.type === 'air' || u.type === 'factory'
      ? {}
      : { attack: attackFactor(u, p), defense: defenseFactor(u, p) }),
    ...(marks.length ? { marks } : {}),
  };
}

export function pieceDrawings(v: BarbarossaView): PieceDrawing[] {
  const s = scenarioOf(v);
  const out: PieceDrawing[] = [];
  for (const id of v.order) {
    const d = pieceDrawing(s, v, id);
    if (d) out.push(d);
  }
  return out;
}

/** A unit's name without its note in brackets ("18. Armee (Küchler)" -> "18. Armee"). */
export function shortName(u: UnitData): string {
  return u.name.replace(/\s*\([^)]*\)\s*$/, '') || u.name;
}

/** A piece's name as its viewer may know it: the unit's, else its face ("rifle army (face down)"). */
export function pieceName(s: RulesScenario, v: BarbarossaView, id: string): string {
  const p = v.pieces[id];
  if (!p) return id;
  if (p.unit !== null) {
    const u = s.units[p.unit];
    return u ? shortName(u) : id;
  }
  const peek = v.known[id];
  const face = FACE_WORDS[p.face ?? ''] ?? 'unit';
  return `${face} (face down${peek && s.units[peek] ? `; your peek: ${s.units[peek]!.designation}` : ''})`;
}
