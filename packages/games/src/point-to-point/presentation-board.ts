/**
 * The Typhoon board as the browser draws it (engine `PointBoard`): every point at its
 * place on the earth (projected, then eased apart where towns crowd round Moscow so that
 * their counters can be read), named with its victory points and its marks, filled in its
 * controller's colour; every line by kind with its capacity in this turn's weather
 * (completion C-1.2, C-11.2). And the counters: NATO symbols (milsymbol letter codes) per
 * unit, as the other presentations draw them. Everything read from the campaign's board
 * view (campaign-view.ts), a pure function of the view.
 */
import type { PieceDrawing, PointBoard } from '@stavka/engine';
import type { CampaignState } from './campaign.ts';
import {
  type CampaignBoardView,
  campaignBoardView,
  type PointOnBoard,
  type UnitOnBoard,
} from './campaign-view.ts';

export type View = CampaignState;

/** The sides' colours (the module's meta: Axis blue, Soviet orange), lightened for a point's fill. */
export const CONTROL_FILL: Readonly<Record<string, string>> = { axis: '#cfe8f7', soviet: '#f8dfae' };

const cache = new WeakMap<View, CampaignBoardView>();
/** The campaign's board view of this view, worked out once per view. */
export function boardView(v: View): CampaignBoardView {
  let b = cache.get(v);
  if (!b) {
    b = campaignBoardView(v);
    cache.set(v, b);
  }
  return b;
}

export const WIDTH = 1000;
/** Points closer than this on the drawing are eased apart (a counter is about 35 wide). */
const MIN_GAP = 74;
const MARGIN = 60;

let layout: { x: number[]; y: number[]; height: number } | null = null;
/**
 * Where each point is drawn: longitude and latitude projected (equirectangular, shrunk by
 * the cosine of the middle latitude), then pairs closer than MIN_GAP pushed apart a little
 * at a time (deterministic: a fixed number of sweeps in index order).
 */
export function pointLayout(points: readonly PointOnBoard[]): { x: number[]; y: number[]; height: number } {
  if (layout && layout.x.length === points.length) return layout;
  const known = points.filter((p) => p.lat !== null && p.lon !== null);
  const lats = known.map((p) => p.lat!);
  const lons = known.map((p) => p.lon!);
  const [lat0, lat1] = [Math.min(...lats), Math.max(...lats)];
  const [lon0, lon1] = [Math.min(...lons), Math.max(...lons)];
  const k = Math.cos((((lat0 + lat1) / 2) * Math.PI) / 180);
  const scale = (WIDTH - 2 * MARGIN) / Math.max(1e-9, (lon1 - lon0) * k);
  const height = Math.round((lat1 - lat0) * scale + 2 * MARGIN);
  const x = points.map((p) => (p.lon === null ? MARGIN : MARGIN + (p.lon - lon0) * k * scale));
  const y = points.map((p) => (p.lat === null ? MARGIN : MARGIN + (lat1 - p.lat) * scale));
  for (let sweep = 0; sweep < 300; sweep++) {
    let moved = false;
    for (let i = 0; i < points.length; i++)
      for (let j = i + 1; j < points.length; j++) {
        const dx = x[j]! - x[i]!;
        const dy = y[j]! - y[i]!;
        const d = Math.hypot(dx, dy);
        if (d >= MIN_GAP) continue;
        moved = true;
        const push = (MIN_GAP - d) / 2 / Math.max(d, 1e-6);
        const [ux, uy] = d < 1e-6 ? [1, 0] : [dx * push, dy * push];
        x[i] = x[i]! - ux;
        y[i] = y[i]! - uy;
        x[j] = x[j]! + ux;
        y[j] = y[j]! + uy;
      }
    if (!moved) break;
  }
  const clamp = (a: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, a));
  layout = {
    x: x.map((a) => Math.round(clamp(a, MARGIN / 2, WIDTH - MARGIN / 2))),
    y: y.map((a) => Math.round(clamp(a, MARGIN / 2, height - MARGIN / 2))),
    height,
  };
  return layout;
}

/** A point's marks in words and signs: ★ victory points, ▲ fortification, ✦ partisans, ⚙ factories. */
export function pointMarks(p: PointOnBoard): string {
  const factories = p.factories.length;
  return [
    p.victoryPoints > 0 ? `★${p.victoryPoints}` : '',
    p.fortified ? '▲' : '',
    p.partisans ? '✦' : '',
    factories > 0 ? `⚙${factories > 1 ? factories : ''}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const lineClass = (kind: string): string =>
  `${kind.includes('rr') ? 'rail' : 'road'} ${kind.replace(/[^a-z0-9-]/gi, '')}`;

/** The board: points (filled in their controller's colour) and lines with their capacity. */
export function boardDrawing(v: View): PointBoard {
  const b = boardView(v);
  const at = layout ?? pointLayout(b.points);
  const index = new Map(b.points.map((p, i) => [p.id, i]));
  const points = b.points.map((p, i) => {
    const marks = pointMarks(p);
    return {
      id: p.id,
      name: marks ? `${p.name} ${marks}` : p.name,
      kind: p.kind,
      x: at.x[i]!,
      y: at.y[i]!,
      // Read by the web's point layer (a colour per point; the engine's PointBoard names no fill yet).
      fill: CONTROL_FILL[p.control] ?? '#fff',
      control: p.control,
    };
  });
  // A line at capacity this player-turn is drawn so (issue #45 item 14): "full" in its kind.
  const lines = b.lines.map((l) => ({
    from: index.get(l.from) ?? 0,
    to: index.get(l.to) ?? 0,
    capacity: l.capacity,
    kind: `${lineClass(l.kind)}${l.used >= l.capacity ? ' full' : ''}`,
  }));
  const state = `${b.points
    .map((p) => `${p.control[0]}${p.fortified ? 'f' : ''}${p.partisans ? 'p' : ''}${p.factories.length}`)
    .join('')}:${b.lines.map((l) => (l.used >= l.capacity ? 'x' : '')).join(',')}`;
  return {
    kind: 'points',
    key: `typhoon:${b.weather}:${state}`,
    name: `Operation Typhoon, turn ${b.turn} of ${b.turns} (${b.dates}), ${b.weather.charAt(0).toUpperCase()}${b.weather.slice(1)} weather`,
    points,
    lines,
    width: WIDTH,
    height: at.height,
    home: index.get('moscow') ?? 0,
  };
}

/* ---------------------------------------------------------------------------------- */
/* Counters                                                                            */

/** The NATO symbol: air (fixed wing), armour for mobile ground units, infantry otherwise. */
export function sidcOf(u: Pick<UnitOnBoard, 'unitClass' | 'mobile' | 'side'>): string {
  if (u.unitClass === 'air') return 'SFAPMF---------';
  const fn = u.mobile ? 'UCA---' : 'UCI---';
  // Major units: a German corps, a Soviet army; minor units: a division (or less).
  const echelon = u.unitClass === 'major' ? (u.side === 'axis' ? 'J' : 'K') : 'I';
  return `SFGP${fn}-${echelon}---`;
}

/** Every code `sidcOf` gives: each class of unit, mobile or not, of either side. */
export const POINT_TO_POINT_SYMBOLS: readonly string[] = [
  ...new Set(
    (['major', 'minor', 'air'] as const).flatMap((unitClass) =>
      [false, true].flatMap((mobile) =>
        (['axis', 'soviet'] as const).map((side) => sidcOf({ unitClass, mobile, side })),
      ),
    ),
  ),
].sort();

/** "XXIV AK", "16th Army": the name up to its first bracket or comma, short enough for a counter. */
export function designation(name: string): string {
  const short = name.split(/[(,:]/)[0]!.trim();
  return short.length > 14 ? `${short.slice(0, 13)}…` : short;
}

/** "5" (value), "5-2" (value, losses carried), "air". */
export function factorsText(u: Pick<UnitOnBoard, 'unitClass' | 'value' | 'losses'>): string {
  if (u.unitClass === 'air') return 'air';
  return u.losses > 0 ? `${u.value}-${u.losses}` : `${u.value}`;
}

export const sideWord = (s: string): string => (s === 'axis' ? 'Axis' : 'Soviet');

export function unitLabel(u: UnitOnBoard, pointName: (id: string) => string): string {
  const bits = [
    u.unitClass === 'air' ? 'air unit' : `${u.unitClass} unit, value ${u.value}`,
    u.mobile ? 'mobile' : '',
    u.losses > 0 ? `${u.losses} loss${u.losses === 1 ? '' : 'es'} of ${u.limit} it can carry` : '',
    u.dispersed ? 'dispersed' : '',
    u.attackingFrom ? `attacking from ${pointName(u.attackingFrom)}` : '',
  ].filter(Boolean);
  return `${sideWord(u.side)} ${u.name}, ${bits.join(', ')}`;
}

export function pieceDrawings(v: View): PieceDrawing[] {
  const b = boardView(v);
  const name = pointNamer(b);
  const out: PieceDrawing[] = [];
  b.points.forEach((p, i) => {
    for (const u of p.units) {
      const marks = [u.dispersed ? 'D' : '', u.attackingFrom ? 'A' : ''].filter(Boolean);
      out.push({
        id: u.id,
        at: i,
        side: u.side,
        sidc: sidcOf(u),
        designation: designation(u.name),
        factors: factorsText(u),
        label: unitLabel(u, name),
        disrupted: u.dispersed,
        fortified: p.fortified && !u.attackingFrom,
        ...(marks.length > 0 ? { marks } : {}),
        // Its strength as it fires now (a dispersed unit does not, B.2): the stack's number at the whole-map zoom.
        ...(u.unitClass === 'air'
          ? {}
          : { attack: u.dispersed ? 0 : u.value, defense: u.dispersed ? 0 : u.value }),
      });
    }
  });
  return out;
}

/** Point id to its name ("moscow" to "Moscow"). */
export function pointNamer(b: CampaignBoardView): (id: string) => string {
  const names = new Map(b.points.map((p) => [p.id, p.name]));
  return (id) => names.get(id) ?? id;
}

/** Point id to its node index on the board, or -1. */
export function pointIndexer(b: CampaignBoardView): (id: unknown) => number {
  const index = new Map(b.points.map((p, i) => [p.id, i]));
  return (id) => (typeof id === 'string' ? (index.get(id) ?? -1) : -1);
}

/** Every unit of the view (on the map, to come, destroyed, withdrawn) by id. */
export function unitsById(b: CampaignBoardView): Map<string, UnitOnBoard> {
  const m = new Map<string, UnitOnBoard>();
  for (const p of b.points) for (const u of p.units) m.set(u.id, u);
  for (const u of [...b.waiting, ...b.destroyed, ...b.withdrawn]) if (!m.has(u.id)) m.set(u.id, u);
  return m;
}
