/**
 * Small positions for the rules tests: a hex map of a few columns built with the
 * engine's map schema, a handful of units, and a state with them placed. Every rules
 * test states its position here in a few lines, as the rulebook's examples do.
 */
import { type HexMapSetup, hexIndex, type UnitSetup } from '@stavka/engine';
import {
  compileRulesScenario,
  type RulesScenario,
  registerRulesScenario,
  type Side,
  type TurnInfo,
  type Weather,
} from './rules-scenario.ts';
import { type BarbarossaState, type Face, freshPiece, newGameState, type PieceState } from './state.ts';

/** Unit templates by short name: side, nationality, type, size, attack, defense. */
const TEMPLATES: Record<string, Omit<UnitSetup, 'id' | 'name' | 'designation'>> = {
  'ger-army': {
    side: 'axis',
    nationality: 'german',
    type: 'infantry',
    size: 'army',
    factors: { attack: 6, defense: 6, weakAttack: 4, weakDefense: 4 },
  },
  'ger-inf-korps': {
    side: 'axis',
    nationality: 'german',
    type: 'infantry',
    size: 'korps',
    factors: { attack: 3, defense: 3 },
  },
  'ger-mot-korps': {
    side: 'axis',
    nationality: 'german',
    type: 'motorized',
    size: 'korps',
    factors: { attack: 4, defense: 3 },
  },
  /** A motorized korps with its reduced side (B-55), as the scenario data give them. */
  'ger-mot-korps-steps': {
    side: 'axis',
    nationality: 'german',
    type: 'motorized',
    size: 'korps',
    factors: { attack: 4, defense: 3, weakAttack: 2, weakDefense: 2 },
  },
  'ger-pz-div': {
    side: 'axis',
    nationality: 'german',
    type: 'panzer',
    size: 'division',
    factors: { attack: 3, defense: 2 },
  },
  'ger-ss-div': {
    side: 'axis',
    nationality: 'german',
    type: 'motorized',
    size: 'division',
    factors: { attack: 2, defense: 2 },
    tags: ['ss'],
  },
  'ger-rail-conversion': {
    side: 'axis',
    nationality: 'german',
    type: 'rail-conversion',
    size: 'regiment',
    factors: { attack: 0, defense: 1 },
  },
  'ger-fk': {
    side: 'axis',
    nationality: 'german',
    type: 'air',
    size: 'air-korps',
    factors: { attack: 0, defense: 0, shifts: 2, range: 6 },
  },
  'ger-fk-8': {
    side: 'axis',
    nationality: 'german',
    type: 'air',
    size: 'air-korps',
    factors: { attack: 0, defense: 0, shifts: 3, range: 6 },
  },
  'sov-air': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'air',
    size: 'air-korps',
    factors: { attack: 0, defense: 0, shifts: 1, range: 4 },
  },
  'ger-cav-div': {
    side: 'axis',
    nationality: 'german',
    type: 'cavalry',
    size: 'division',
    factors: { attack: 1, defense: 1 },
  },
  'rum-army': {
    side: 'axis',
    nationality: 'rumanian',
    type: 'infantry',
    size: 'army',
    factors: { attack: 3, defense: 3 },
  },
  'hun-korps': {
    side: 'axis',
    nationality: 'hungarian',
    type: 'motorized',
    size: 'korps',
    factors: { attack: 2, defense: 2 },
  },
  'sov-army': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'infantry',
    size: 'army',
    factors: { attack: 3, defense: 3 },
  },
  'sov-rifle-54': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'infantry',
    size: 'army',
    factors: { attack: 5, defense: 4 },
    tags: ['hidden'],
  },
  'sov-rifle-22': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'infantry',
    size: 'army',
    factors: { attack: 2, defense: 2 },
    tags: ['hidden'],
  },
  'sov-weak-div': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'infantry',
    size: 'division',
    factors: { attack: 0, defense: 1 },
    tags: ['weak-division'],
  },
  'sov-tank-korps': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'tank',
    size: 'korps',
    factors: { attack: 3, defense: 2 },
  },
  /** A 2-1 of the blind tank group (B-53: "a faced-down group of 10 more 2-1s"). */
  'sov-tank-korps-21': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'tank',
    size: 'korps',
    factors: { attack: 2, defense: 1 },
  },
  'sov-tank-korps-43': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'tank',
    size: 'korps',
    factors: { attack: 4, defense: 3 },
  },
  'sov-cav': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'cavalry',
    size: 'korps',
    factors: { attack: 2, defense: 2 },
  },
  'sov-shock': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'shock',
    size: 'army',
    factors: { attack: 5, defense: 4 },
    tags: ['siberian'],
  },
  'sov-katyusha': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'katyusha',
    size: 'regiment',
    factors: { attack: 0, defense: 1 },
  },
  'sov-railway-gun': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'railway-gun',
    size: 'regiment',
    factors: { attack: 0, defense: 1, range: 1 },
  },
  'sov-mmrd': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'motorized',
    size: 'division',
    factors: { attack: 2, defense: 2 },
    tags: ['moscow-motor-rifle'],
  },
  'sov-guards-army': {
    side: 'soviet',
    nationality: 'soviet',
    type: 'infantry',
    size: 'army',
    factors: { attack: 4, defense: 4 },
    tags: ['guards'],
  },
};

export interface Placed {
  /** Template name (TEMPLATES) of the unit; or a face for a face-down piece. */
  readonly is?: string;
  readonly face?: Face;
  /** The hidden unit of a face-down piece (a template name), if drawn already. */
  readonly secretly?: string;
  readonly knownTo?: Side | null;
  readonly at: string;
  readonly disrupted?: boolean;
  readonly weak?: boolean;
  readonly supply?: PieceState['supply'];
  readonly moved?: PieceState['moved'];
}

export interface PositionInput {
  readonly columns?: number;
  readonly rows?: number;
  readonly map?: Partial<HexMapSetup>;
  readonly weather?: Weather;
  readonly turns?: readonly TurnInfo[];
  readonly player?: Side;
  readonly step?: BarbarossaState['step'];
  readonly breakthrough?: boolean;
  /** Piece id -> placement. A face-up piece's unit id is its piece id. */
  readonly pieces: Readonly<Record<string, Placed>>;
  readonly railheads?: readonly string[];
  readonly victoryPoints?: Readonly<Record<string, number>>;
  readonly panzerReplacements?: { factorsPerMonth: number; fromTurn: number };
  /** Russian replacement factors a turn by place name (B-48). */
  readonly replacementFactors?: Readonly<Record<string, number>>;
  readonly riflePile?: readonly string[];
  readonly control?: Readonly<Record<string, Side>>;
  /** Extra units (e.g. the rifle pile), id -> template. */
  readonly extraUnits?: Readonly<Record<string, string>>;
  readonly siberianReserve?: { units: string[]; safeFromTurn: number };
  readonly ports?: { hex: string; sea: 'baltic' | 'black' | 'azov' }[];
  readonly seaControl?: Partial<Record<'baltic' | 'black' | 'azov', string[]>>;
  /** Scheduled reinforcements (units from extraUnits), entry hexes by number. */
  readonly reinforcements?: readonly { turn: number; side: Side; units: string[]; hexes: string[] }[];
}

let counter = 0;

export interface Position {
  readonly s: RulesScenario;
  readonly g: BarbarossaState;
  /** Hex index of a hex number. */
  hx(n: string): number;
}

/** Builds, registers and places a small position (columns x rows of clear hexes by default). */
export function position(input: PositionInput): Position {
  const key = `test-${++counter}`;
  const units: UnitSetup[] = [];
  const unitFor = (id: string, template: string) => {
    const t = TEMPLATES[template];
    if (!t) throw new Error(`no unit template ${template}`);
    units.push({ ...t, id, name: id, designation: id });
  };
  for (const [id, p] of Object.entries(input.pieces)) {
    if (p.is) unitFor(id, p.is);
    if (p.secretly) unitFor(`${id}-unit`, p.secretly);
  }
  for (const [id, t] of Object.entries(input.extraUnits ?? {})) unitFor(id, t);
  const map: HexMapSetup = {
    kind: 'hex',
    columns: input.columns ?? 10,
    rows: input.rows ?? 10,
    defaultTerrain: 'clear',
    ...input.map,
  };
  const compiled = compileRulesScenario({
    key,
    map,
    units,
    turns: input.turns ?? [{ label: 'Jun II 41', weather: input.weather ?? 'good' }],
    ...(input.railheads ? { railheads: input.railheads } : {}),
    ...(input.victoryPoints ? { victoryPoints: input.victoryPoints } : {}),
    ...(input.replacementFactors ? { replacementFactors: input.replacementFactors } : {}),
    ...(input.panzerReplacements ? { panzerReplacements: input.panzerReplacements } : {}),
  });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
  const s = compiled.value;
  registerRulesScenario(s);
  const hx = (n: string) => {
    const h = hexIndex(s.map, n);
    if (h < 0) throw new Error(`no hex ${n}`);
    return h;
  };
  const g = newGameState(key, {
    player: input.player ?? 'axis',
    step: input.step ?? 'movement',
    breakthrough: input.breakthrough ?? false,
    railheads: (input.railheads ?? []).map(hx),
    riflePile: [...(input.riflePile ?? [])],
    control: { ...(input.control ?? {}) },
    options: { asymmetricOdds: false },
  });
  for (const [id, p] of Object.entries(input.pieces)) {
    const side = p.is ? (TEMPLATES[p.is]!.side as Side) : 'soviet';
    const piece = freshPiece(side, p.is ? id : null, p.face ?? null, hx(p.at));
    if (p.disrupted) piece.disrupted = true;
    if (p.weak) piece.weak = true;
    if (p.supply) piece.supply = p.supply;
    if (p.moved) piece.moved = p.moved;
    g.pieces[id] = piece;
    g.order.push(id);
    if (p.face) {
      g.secret.identities[id] = {
        unit: p.secretly ? `${id}-unit` : null,
        knownTo: p.knownTo === undefined ? (p.face === 'tank-korps' ? 'soviet' : null) : p.knownTo,
      };
    }
  }
  return { s, g, hx };
}

/** The same small positions as a position file for `barbarossaRules.setup` (whole-turn tests). */
export function positionFile(input: PositionInput): import('./rules.ts').PositionFile {
  const units: UnitSetup[] = [];
  const unitFor = (id: string, template: string) => {
    const t = TEMPLATES[template];
    if (!t) throw new Error(`no unit template ${template}`);
    units.push({ ...t, id, name: id, designation: id });
  };
  const pieces: import('./rules.ts').PositionFile['pieces'][number][] = [];
  for (const [id, p] of Object.entries(input.pieces)) {
    if (p.is) unitFor(id, p.is);
    if (p.secretly) unitFor(`${id}-unit`, p.secretly);
    const side = p.is ? (TEMPLATES[p.is]!.side as Side) : 'soviet';
    pieces.push({
      id,
      side,
      at: p.at,
      ...(p.is ? { unit: id } : {}),
      ...(p.face ? { face: p.face } : {}),
      ...(p.secretly ? { secretUnit: `${id}-unit` } : {}),
      ...(p.knownTo !== undefined ? { knownTo: p.knownTo } : {}),
    });
  }
  for (const [id, t] of Object.entries(input.extraUnits ?? {})) unitFor(id, t);
  return {
    scenario: {
      key: `file-${++counter}`,
      map: {
        kind: 'hex',
        columns: input.columns ?? 10,
        rows: input.rows ?? 10,
        defaultTerrain: 'clear',
        ...input.map,
      },
      units,
      turns: input.turns ?? [{ label: 'Jun II 41', weather: input.weather ?? 'good' }],
      ...(input.railheads ? { railheads: input.railheads } : {}),
      ...(input.victoryPoints ? { victoryPoints: input.victoryPoints } : {}),
      ...(input.reinforcements ? { reinforcements: input.reinforcements } : {}),
      ...(input.siberianReserve ? { siberianReserve: input.siberianReserve } : {}),
      ...(input.ports ? { ports: input.ports } : {}),
      ...(input.seaControl ? { seaControl: input.seaControl } : {}),
    },
    pieces,
    ...(input.riflePile ? { riflePile: input.riflePile } : {}),
  };
}

const column = (c: number, rows = 12) =>
  Array.from({ length: rows }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);

/** A small front for random whole games (fuzz, conformance): both sides, terrain, a river, roads, rails, hidden pieces. */
export const SMALL_FRONT: PositionInput = {
  columns: 12,
  rows: 12,
  turns: [
    { label: 'Jun II 41', weather: 'good' },
    { label: 'Jul I 41', weather: 'good' },
    { label: 'Oct I 41', weather: 'light-mud' },
    { label: 'Oct II 41', weather: 'mud' },
    { label: 'Nov II 41', weather: 'hard-frost' },
    { label: 'Dec I 41', weather: 'snow' },
  ],
  map: {
    terrain: { '0605': 'forest', '0606': 'swamp', '0707': 'hills', '0404': 'lake' },
    hexsides: [
      {
        feature: 'river',
        between: [
          ['0603', '0703'],
          ['0604', '0704'],
          ['0605', '0705'],
        ],
      },
    ],
    zones: [
      { id: 'germany', kind: 'axis-country', hexes: column(1) },
      {
        id: 'south',
        kind: 'south',
        hexes: [...column(1).slice(6), ...column(2).slice(6), ...column(3).slice(6), ...column(4).slice(6)],
      },
    ],
    edges: [{ id: 'soviet-supply', hexes: column(12) }],
    connections: [
      { kind: 'rail', path: column(12) },
      { kind: 'road', path: ['0206', '0306', '0406', '0506', '0606', '0706', '0806'] },
    ],
    places: [{ name: 'Moscow', kind: 'victory-city', hex: '1006' }],
  },
  victoryPoints: { Moscow: 3 },
  pieces: {
    a1: { is: 'ger-army', at: '0303' },
    a2: { is: 'ger-army', at: '0308' },
    m1: { is: 'ger-mot-korps', at: '0305' },
    pz1: { is: 'ger-pz-div', at: '0305' },
    k1: { is: 'ger-inf-korps', at: '0203' },
    ss: { is: 'ger-ss-div', at: '0206' },
    rum: { is: 'rum-army', at: '0210' },
    r1: { is: 'sov-army', at: '0803' },
    r2: { is: 'sov-guards-army', at: '0806' },
    t1: { is: 'sov-tank-korps', at: '0905' },
    c1: { is: 'sov-cav', at: '0908' },
    h1: { face: 'rifle-army', at: '0804' },
    h2: { face: 'rifle-army', at: '0809' },
    h3: { face: 'tank-korps', secretly: 'sov-tank-korps-43', at: '0907' },
  },
  extraUnits: {
    'pile-a': 'sov-rifle-54',
    'pile-b': 'sov-rifle-22',
    'pile-c': 'sov-rifle-22',
    'pile-d': 'sov-rifle-54',
  },
  riflePile: ['pile-a', 'pile-b', 'pile-c', 'pile-d'],
};

type PositionUnit = NonNullable<import('./rules.ts').PositionFile['scenario']['units']>[number];

/** `file` with one more Soviet unit, face up in `at`. */
export function withSovietUnit(
  file: import('./rules.ts').PositionFile,
  unit: Omit<PositionUnit, 'side' | 'nationality'>,
  at: string,
): import('./rules.ts').PositionFile {
  const { id, ...rest } = unit;
  return {
    ...file,
    scenario: {
      ...file.scenario,
      units: [...(file.scenario.units ?? []), { id, side: 'soviet', nationality: 'soviet', ...rest }],
    },
    pieces: [...file.pieces, { id, side: 'soviet', unit: id, at }],
  };
}

/** The PVO korps of the standard data ("6th Fighter Aviation Corps PVO"): range 3, intercept only. */
export function withPvo(
  file: import('./rules.ts').PositionFile,
  id: string,
  at: string,
): import('./rules.ts').PositionFile {
  return withSovietUnit(
    file,
    {
      id,
      type: 'air',
      size: 'air-korps',
      name: id,
      designation: id,
      factors: { attack: 0, defense: 0, range: 3 },
      tags: ['interceptor'],
    },
    at,
  );
}
