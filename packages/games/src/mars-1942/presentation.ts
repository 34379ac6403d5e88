/**
 * Operation Mars in the browser, as data (engine `Presentation`): the board drawn from
 * the scenario, the counters, what each step of the sequence of play asks, every action
 * in words, what an action lights on the map, the move and combat previews (the combat
 * preview is the calculator's own report), the facts of a hex and its units with the
 * rule behind every "may not", the supply and zone-of-control overlays and the victory
 * points. Pure functions over the view; the web draws what they return.
 */
import {
  type Action,
  type CombatPreviewData,
  type GameOutcome,
  type HexBoard,
  type Highlight,
  hexIndex,
  hexNumberOf,
  type LogEntry,
  type NodeFacts,
  type Outline,
  type PieceDrawing,
  type Presentation,
  type Prompt,
  type UnitData,
} from '@stavka/engine';
import { canAttack, evaluateAttack, mustAttack } from './attack.ts';
import { Board, isInfantry, isMobile } from './board.ts';
import { MARS_CRT, marsCalc } from './combat.ts';
import { attackRange, canMove, moveOptions } from './movement.ts';
import type { Scenario, Side } from './scenario.ts';
import { scenarioByKey } from './scenario.ts';
import type { MarsState } from './state.ts';
import { victoryTally } from './victory.ts';

const TERRAIN_FILL: Record<string, string> = { clear: '#eae6d2', forest: '#b9cf9f', swamp: '#b8cfc8' };

/** Originally Russian territory: a slightly warmer tint of the same terrain. */
function shade(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = Math.min(255, ((n >> 16) & 255) + 6);
  const g = Math.max(0, ((n >> 8) & 255) - 6);
  const b = Math.max(0, (n & 255) - 14);
  return `rgb(${r},${g},${b})`;
}

const SIDE_NAMES: Readonly<Record<string, string>> = {
  german: 'von Kluge (German)',
  soviet: 'Zhukov (Soviet)',
};
export const sideName = (side: string): string => SIDE_NAMES[side] ?? side;

const STEP_HELP: Record<string, string> = {
  setup: 'Deploy your units (or accept the standard historical set-up), then end the set-up.',
  fortify:
    'Fortify any undisrupted rifle/infantry units (they may then neither move nor attack this player-turn), then continue.',
  reinforce:
    'Bring in the next panzer division on the southern edge, withdraw a reserve division for points, or continue.',
  movement:
    'Select a unit: blue hexes are within attack range, pale blue only with the movement bonus. End movement when done.',
  allocation:
    'Select a unit and click an enemy hex (orange) to add it to an attack; the preview shows the odds. End allocation when every attack is legal and the must-attack rule is met (hexes owed an attack are red).',
  combat: 'Resolve the declared attacks one by one; each result offers its choices.',
  supply: 'Choose the isolated unit in Rzhev or Gzhatsk that is spared (M-20).',
  over: 'The game is over.',
};

const PHASE_HELP: Record<string, string> = {
  orders: 'Defender: give No Retreat! orders (or none) before the roll (M-8).',
  losses: 'Attacker: choose the attacking units to eliminate.',
  'rout-distance': 'Attacker: choose how far the routed defenders withdraw (0-2 hexes).',
  retreat: 'Defender: choose a retreat route for each unit (pink hexes).',
  advance: 'Attacker: advance into the vacated hex (green); tanks and panzers may go one hex further.',
};

/* ---------------------------------------------------------------------------------- */
/* Counters (NATO symbols: APP-6 / MIL-STD-2525C letter codes).                      */

const FUNCTION_ID: Record<string, string> = {
  infantry: 'UCI---',
  mountain: 'UCIL--',
  cavalry: 'UCRH--',
  motorized: 'UCIM--',
  panzergrenadier: 'UCIZ--',
  mechanized: 'UCIZ--',
  panzer: 'UCA---',
  tank: 'UCA---',
  parachute: 'UCIA--',
  katyusha: 'UCFRMR',
};

const ECHELON: Record<string, string> = {
  regiment: 'G',
  kampfgruppe: 'G',
  brigade: 'H',
  division: 'I',
  korps: 'J',
  army: 'K',
  'army-group': 'L',
  front: 'L',
};

export function sidcOf(u: UnitData): string {
  return `SFGP${FUNCTION_ID[u.type] ?? 'U-----'}-${ECHELON[u.size] ?? '-'}---`;
}

/** "4-6" or "3-4(6)": attack-defense, fortified defense in brackets. */
export function factorsText(u: UnitData): string {
  const f = u.factors;
  return `${f.attack ?? 0}-${f.defense ?? 0}${f.fortified !== undefined ? `(${f.fortified})` : ''}`;
}

export function unitLabel(
  u: UnitData,
  st: { disrupted: boolean; fortified: boolean; supply: string },
): string {
  const side = u.side === 'german' ? 'German' : 'Soviet';
  const flags = [
    st.disrupted ? 'Disrupted' : '',
    st.fortified ? 'fortified' : '',
    st.supply !== 'full' ? st.supply : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${side} ${u.name}, ${factorsText(u)}${flags ? `, ${flags}` : ''}`;
}

/* ---------------------------------------------------------------------------------- */

const boards = new WeakMap<Scenario, HexBoard>();
const boardsOfState = new WeakMap<MarsState, Board>();

/** The rules' Board of a view (Mars hides nothing: the view is the state), made once per state. */
function boardOf(g: MarsState): Board {
  let b = boardsOfState.get(g);
  if (!b) {
    b = new Board(scenarioByKey(g.scenario), g);
    boardsOfState.set(g, b);
  }
  return b;
}

export function hexLabel(s: Scenario, hex: number): string {
  const p = s.map.placeAt[hex]!;
  const place = p >= 0 ? `, ${s.map.places[p]!.name}, ${s.map.places[p]!.kind}` : '';
  const terrain = s.map.terrainNames[s.map.terrain[hex]!]!;
  return `hex ${hexNumberOf(s.map, hex)}${place}${place ? '' : `, ${terrain}`}`;
}

function hexName(s: Scenario, h: number): string {
  const p = s.map.placeAt[h]!;
  return p >= 0 ? `${s.map.places[p]!.name} ${s.hexNumbers[h]}` : s.hexNumbers[h]!;
}

export function marsBoardDrawing(s: Scenario): HexBoard {
  const known = boards.get(s);
  if (known) return known;
  const map = s.map;
  const fill: string[] = [];
  const labels: string[] = [];
  for (let h = 0; h < map.graph.nodeCount; h++) {
    const t = map.terrainNames[map.terrain[h]!]!;
    const base = TERRAIN_FILL[t] ?? '#eee';
    fill.push(s.germanTerritory[h] === 1 ? base : shade(base));
    labels.push(hexLabel(s, h));
  }
  const outlines: Outline[] = [
    ...[s.kalinin, s.western].map((z) => ({
      id: z.id,
      hexes: z.hexes,
      member: z.membership,
      className: `deployment ${z.id}`,
      label: z.id === 'kalinin-front' ? 'Kalinin Front' : 'Western Front',
      labelAt: z.hexes[Math.floor(z.hexes.length / 2)]!,
    })),
    ...s.defenseZones.map((z) => ({
      id: z.id,
      hexes: z.hexes,
      member: z.membership,
      className: 'zone',
      label: z.id.replace('dz-', 'DZ '),
    })),
    ...map.edges.map((e) => ({
      id: `edge-${e.id}`,
      hexes: e.hexes,
      offMapOnly: true,
      className: 'edge',
      colour: e.side === 'german' ? '#56B4E9' : e.side === 'soviet' ? '#E69F00' : '#888',
      title: `${e.name} map edge${e.side ? `, ${e.side} supply` : ''}`,
    })),
  ];
  const b: HexBoard = {
    kind: 'hex',
    key: `mars-1942:${s.name}`,
    name: s.name,
    map,
    fill,
    hexLabel: labels,
    sides: [
      { bit: s.riverBit, className: 'river' },
      { bit: s.frontlineBit, className: 'frontline' },
    ],
    links: [
      { bit: s.railBit, className: 'rail' },
      { bit: s.roadBit, className: 'road' },
    ],
    outlines,
    hexNumbers: s.hexNumbers,
    home: s.rzhev,
  };
  boards.set(s, b);
  return b;
}

function describe(s: Scenario, a: Action): string {
  const name = (id: unknown) => s.units[String(id)]?.name ?? String(id);
  switch (a.type) {
    case 'historical-setup':
      return 'Accept the standard historical set-up';
    case 'end-setup':
      return 'End set-up';
    case 'end-fortify':
      return 'Done fortifying';
    case 'fortify':
      return `Fortify ${name(a.unit)}`;
    case 'reinforce':
      return `Bring in the next panzer division at ${String(a.hex)}`;
    case 'withdraw-reserve':
      return 'Withdraw the next reserve panzer division for points';
    case 'end-reinforcement':
      return 'Continue to movement';
    case 'end-movement':
      return 'End movement';
    case 'withdraw':
      return `Withdraw ${name(a.unit)} by the southern edge`;
    case 'end-allocation':
      return 'End allocation: resolve the attacks';
    case 'unassign':
      return `Take ${name(a.unit)} out of its attack`;
    case 'probe':
      return `Toggle the 2:1 probe on ${String(a.target)} (M-7)`;
    case 'resolve':
      return `Resolve the attack on ${String(a.target)}`;
    case 'no-retreat':
      return (a.units as string[]).length
        ? `No Retreat! for ${(a.units as string[]).map(name).join(', ')}`
        : 'No orders: roll';
    case 'lose':
      return `Eliminate ${name(a.unit)}`;
    case 'rout':
      return `Rout ${String(a.hexes)} hex(es)`;
    case 'stand':
      return `${name(a.unit)} stands`;
    case 'end-advance':
      return 'End advance';
    case 'retreat':
      return `Retreat ${name(a.unit)} to ${String(a.to)}`;
    case 'advance':
      return `Advance ${name(a.unit)} to ${String(a.to)}`;
    case 'spare':
      return `Spare ${name(a.unit)} (M-20)`;
    case 'undo':
      return 'Undo';
    default:
      return `${a.type} ${Object.entries(a)
        .filter(([k]) => k !== 'type')
        .map(([, v]) => String(v))
        .join(' ')}`;
  }
}

/** Actions that name a hex to click; every other one is a button (combat choices are both). */
const ON_MAP = new Set(['deploy', 'move', 'assign', 'reinforce']);
const UNIT_BUTTONS = new Set(['lose', 'stand', 'unassign', 'fortify', 'withdraw', 'spare']);

export const marsPresentation: Presentation<MarsState> = {
  board: (g) => marsBoardDrawing(scenarioByKey(g.scenario)),

  pieces(g) {
    const s = scenarioByKey(g.scenario);
    const out: PieceDrawing[] = [];
    for (const id of s.unitIds) {
      const st = g.units[id]!;
      if (st.status !== 'map' || st.at < 0) continue;
      const u = s.units[id]!;
      out.push({
        id,
        at: st.at,
        side: u.side,
        sidc: sidcOf(u),
        designation: u.designation,
        factors: factorsText(u).replace(/\(.*\)/, ''),
        label: unitLabel(u, st),
        disrupted: st.disrupted,
        fortified: st.fortified,
        ...(st.disrupted ? { marks: ['D'] } : {}),
      });
    }
    return out;
  },

  prompt(g, side, mine, outcome): Prompt {
    const s = scenarioByKey(g.scenario);
    const phase = g.combat ? PHASE_HELP[g.combat.phase] : undefined;
    const over = outcome ? marsPresentation.result(outcome) : STEP_HELP.over!;
    const help = mine
      ? (phase ?? STEP_HELP[g.step] ?? '')
      : g.step === 'over'
        ? over
        : `Waiting for ${side}…`;
    return {
      step: g.step === 'setup' ? 'set-up' : g.step,
      ...(g.combat ? { detail: `combat at ${hexNumberOf(s.map, g.combat.target)}: ${g.combat.phase}` } : {}),
      help,
    };
  },

  describe: (g, a) => describe(scenarioByKey(g.scenario), a),

  targets(g, actions, selected) {
    const s = scenarioByKey(g.scenario);
    const hexOf = (h: unknown) => hexIndex(s.map, String(h));
    const bonus = new Set<number>();
    if (selected && g.step === 'movement' && g.units[selected])
      for (const m of moveOptions(boardOf(g), selected)) if (m.bonus) bonus.add(m.to);
    const out: { at: number; kind: Highlight; action: Action }[] = [];
    const mark = (at: number, kind: Highlight, action: Action) => {
      if (at >= 0) out.push({ at, kind, action });
    };
    for (const a of actions) {
      const mine = a.unit === selected;
      if (a.type === 'deploy' && mine) mark(hexOf(a.hex), 'deploy', a);
      else if (a.type === 'move' && mine)
        mark(hexOf(a.to), bonus.has(hexOf(a.to)) ? 'move-bonus' : 'move', a);
      else if (a.type === 'assign' && mine) mark(hexOf(a.target), 'target', a);
      else if (a.type === 'retreat' && mine) mark(hexOf(a.to), 'retreat', a);
      else if (a.type === 'advance' && mine) mark(hexOf(a.to), 'advance', a);
      else if (a.type === 'reinforce') mark(hexOf(a.hex), 'deploy', a);
      else if (a.type === 'resolve') mark(hexOf(a.target), 'attack', a);
    }
    return out;
  },

  marks(g, side) {
    const out: { at: number; kind: Highlight }[] = g.attacks.map((a) => ({ at: a.target, kind: 'attack' }));
    if (g.step === 'allocation' && side === g.player && g.attacks.length > 0) {
      for (const h of mustAttack(boardOf(g), g.player, g.attacks)) out.push({ at: h, kind: 'owed' });
    }
    return out;
  },

  buttons: (g, actions) =>
    actions.filter(
      (a) =>
        a.type !== 'undo' &&
        (g.step === 'combat' || (!ON_MAP.has(a.type) && (a.unit === undefined || UNIT_BUTTONS.has(a.type)))),
    ),

  keepsSelection: (a) => a.type === 'assign',

  movePreview(g, piece, to) {
    if (g.step !== 'movement' || !g.units[piece]) return null;
    const m = moveOptions(boardOf(g), piece).find((o) => o.to === to);
    if (!m) return null;
    const hexes = m.cost / 2;
    return { path: m.path, cost: `${hexes} hex${hexes === 1 ? '' : 'es'}` };
  },

  combatPreview(g, side, at): CombatPreviewData | null {
    if (!side || g.player !== side) return null;
    if (g.step !== 'allocation' && g.step !== 'combat') return null;
    const s = scenarioByKey(g.scenario);
    const { target, selected } = at;
    if (target < 0) return null;
    const declared = g.attacks.find((a) => a.target === target);
    const units = [...(declared?.units ?? [])];
    if (
      selected &&
      g.step === 'allocation' &&
      at.actions.some(
        (a) => a.type === 'assign' && a.unit === selected && hexIndex(s.map, String(a.target)) === target,
      )
    )
      units.push(selected);
    if (units.length === 0) return null;
    const board = boardOf(g);
    const ev = evaluateAttack(board, g.player, { target, units, probe: declared?.probe ?? false });
    const disrupted = ev.defenders.length > 0 && ev.defenders.every((d) => g.units[d]!.disrupted);
    // The very report `stavka calc` prints for these factors and shifts (the probe's own
    // shift aside: the calculator adds it).
    const probeShift = (sh: { cite?: string }) => sh.cite === 'M-7';
    const calc = marsCalc({
      attack: ev.attack,
      defense: ev.defense,
      disrupted,
      probe: declared?.probe ?? false,
      conditions: { extra: ev.shifts.filter((sh) => !probeShift(sh)) },
    });
    const doubled = g.firstTurnDoubling && g.turn === 1 && g.player === 'soviet';
    return {
      title: `${declared ? 'Attack' : 'Proposed attack'} on ${s.map.places[s.map.placeAt[target]!]?.name ?? ''} ${hexNumberOf(s.map, target)}`,
      attack: ev.attack,
      attackItems: units.map((id) => {
        const u = s.units[id]!;
        const a = u.factors.attack ?? 0;
        return doubled
          ? { value: a * 2, reason: `${u.name} (${a}, doubled on the first turn)`, cite: 'M-16' }
          : { value: a, reason: u.name };
      }),
      defense: ev.defense,
      defenseItems: ev.defenseItems.map((i) => ({
        value: i.value,
        reason: i.reason,
        ...(i.cite ? { cite: i.cite } : {}),
      })),
      report: calc.ok ? calc.report : null,
      refusal: ev.refusal ?? (calc.ok ? null : calc.refusal.message),
      notes: disrupted ? ['Disrupted defenders read the next column, individually (M-6).'] : [],
      meanings: Object.fromEntries(Object.entries(MARS_CRT.resultInfo).map(([k, v]) => [k, v.text])),
    };
  },

  nodeFacts(g, hex): NodeFacts {
    const s = scenarioByKey(g.scenario);
    const board = boardOf(g);
    const place = s.map.placeAt[hex]!;
    const zone = s.zoneOf[hex]!;
    const ids = board.at[hex] ?? [];
    return {
      heading: `Hex ${hexNumberOf(s.map, hex)}${place >= 0 ? ` — ${s.map.places[place]!.name} (${s.map.places[place]!.kind})` : ''}`,
      about: `${s.map.terrainNames[s.map.terrain[hex]!]}, ${s.germanTerritory[hex] ? 'German-held on 25 Nov' : 'originally Russian'}${zone >= 0 ? `, ${s.defenseZones[zone]!.name}` : ''}`,
      pieces: ids.map((id) => {
        const u = s.units[id]!;
        const st = g.units[id]!;
        const why: string[] = [];
        if (st.disrupted) why.push('Disrupted: may not move or attack');
        if (st.fortifiedNow) why.push('fortified this player-turn: may not move or attack');
        if (st.moved === 'bonus') why.push('used its movement bonus: may not attack');
        if (st.moved === 'attack') why.push('has moved this turn');
        if (st.supply === 'rationed')
          why.push('rationed: attack move 1 hex, -1 column attacking, +1 against it (M-9)');
        if (st.supply === 'isolated') why.push('isolated: cannot attack, +2 columns against it (M-9)');
        const zoc =
          u.side === 'german' || u.size === 'korps' || (u.size === 'division' && st.fortified)
            ? 'active ZOC'
            : 'inactive ZOC (blocks supply only)';
        return {
          id,
          name: u.name,
          side: u.side,
          facts: `${u.designation} · ${factorsText(u)} · ${u.type} ${u.size} · ${isMobile(u) ? 'mobile' : isInfantry(u) ? 'rifle/infantry' : 'foot'} · supply ${st.supply} · ${zoc}${st.fortified ? ' · fortified' : ''}${st.disrupted ? ' · Disrupted' : ''}`,
          can: `${canMove(board, id) ? `may move: ${attackRange(board, id)} hexes to attack, +2 bonus` : 'may not move now'}${canAttack(board, id) ? ' · may attack' : ''}`,
          why,
        };
      }),
    };
  },

  piecesAt: (g, hex) => boardOf(g).at[hex] ?? [],
  pieceAt: (g, id) => {
    const st = g.units[id];
    return st && st.status === 'map' ? st.at : -1;
  },

  overlays: [
    { id: 'supply', label: 'Supply' },
    { id: 'zoc', label: 'Enemy ZOC' },
  ],
  overlay(g, id, side) {
    if (side !== 'german' && side !== 'soviet') return null;
    const board = boardOf(g);
    const s = board.s;
    if (id === 'zoc') {
      const zoc = board.enemyZoc(side as Side).active;
      const nodes: { at: number; className: string }[] = [];
      zoc.forEach((v, h) => {
        if (v) nodes.push({ at: h, className: 'zoc' });
      });
      return { kind: 'circles', nodes };
    }
    if (id === 'supply') {
      const d = board.supplyDistance(side as Side);
      const nodes: { at: number; className: string }[] = [];
      d.forEach((x, h) => {
        if (s.map.onMap[h])
          nodes.push({
            at: h,
            className: x >= 0 && x <= 4 ? 'full' : x >= 0 && x <= 8 ? 'rationed' : 'isolated',
          });
      });
      return { kind: 'cells', nodes };
    }
    return null;
  },

  score(g, over) {
    const t = victoryTally(boardOf(g));
    return {
      heading: `${over ? 'Final victory points' : 'Victory points now'}: German ${t.german} — Soviet ${t.soviet}`,
      items: t.items.map((i) => ({ side: i.side, points: i.points, reason: i.reason })),
    };
  },

  result(o: GameOutcome): string {
    const vp = (side: string) => o.score[side] ?? 0;
    if (o.winner === null) return `A draw, ${vp('soviet')} to ${vp('german')} victory points.`;
    const lost = o.winner === 'soviet' ? 'german' : 'soviet';
    return `${sideName(o.winner)} wins, ${vp(o.winner)} to ${vp(lost)} victory points.`;
  },

  sideName,

  logDetail: (e: LogEntry) =>
    e.data && typeof e.data.row === 'number' ? ` [row ${e.data.row}, column ${e.data.column}]` : '',
};

export { hexName };
export default marsPresentation;
