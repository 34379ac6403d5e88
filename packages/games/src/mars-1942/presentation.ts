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
  type Arrow,
  type CombatPreviewData,
  type GameOutcome,
  type HexBoard,
  type Highlight,
  hexIndex,
  hexNumberOf,
  type LogDrawing,
  type LogEntry,
  type MissingControl,
  NATO_SYMBOLS,
  type NodeFacts,
  natoSymbol,
  type Outline,
  type PieceDrawing,
  type Presentation,
  type Prompt,
  type ReferenceSheet,
  type RollBanner,
  readTable,
  type SetupTray,
  type TurnMarker,
  terrainSheet,
  type UnitData,
} from '@stavka/engine';
import { marsAfterAction } from './after-action.ts';
import { canAttack, evaluateAttack, mustAttack } from './attack.ts';
import { Board, isInfantry, isMobile, sideUnits } from './board.ts';
import { MARS_CRT, marsCalc } from './combat.ts';
import mapFile from './data/map.json' with { type: 'json' };
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
  orders:
    'Defender: the attack is shown beside the map (attackers, odds, the chance of each result). Give No Retreat! orders (or none) before the roll (M-8).',
  losses: 'Attacker: click the attacking counters to eliminate (or use the buttons).',
  'rout-distance': 'Attacker: choose how far the routed defenders withdraw (0-2 hexes).',
  retreat:
    'Defender: click a retreating counter to light its retreat hexes (pink), then click one; or let it stand where the result allows.',
  advance: 'Attacker: advance into the vacated hex (green); tanks and panzers may go one hex further.',
};

/* ---------------------------------------------------------------------------------- */
/* Counters (NATO symbols: APP-6 / MIL-STD-2525C letter codes).                      */

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
    labels: riverNames(s),
    home: s.rzhev,
  };
  boards.set(s, b);
  return b;
}

/** Each river's name once, at the middle of its course (the map file names them). */
function riverNames(s: Scenario): { between: [number, number]; text: string; className: string }[] {
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

function describe(s: Scenario, a: Action): string {
  const name = (id: unknown) => s.units[String(id)]?.name ?? String(id);
  const at = (h: unknown) => {
    const i = hexIndex(s.map, String(h));
    return i >= 0 ? hexName(s, i) : String(h);
  };
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
      return `Bring in the next panzer division at ${at(a.hex)}`;
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
      return `Toggle the 2:1 probe on ${at(a.target)} (M-7)`;
    case 'resolve':
      return `Resolve the attack on ${at(a.target)}`;
    case 'no-retreat':
      return (a.units as string[]).length
        ? `No Retreat! for ${(a.units as string[]).map(name).join(', ')}`
        : 'No orders: roll';
    case 'lose': {
      const u = s.units[String(a.unit)];
      return `Eliminate ${name(a.unit)}${u ? ` (${u.factors.attack ?? 0} attack factor${u.factors.attack === 1 ? '' : 's'})` : ''}`;
    }
    case 'rout':
      return a.hexes === 0
        ? 'Rout 0 hexes: the defenders stay, Disrupted'
        : `Rout ${String(a.hexes)} hex${a.hexes === 1 ? '' : 'es'}`;
    case 'stand':
      return `${name(a.unit)} stands`;
    case 'end-advance':
      return 'End advance';
    case 'retreat':
      return `Retreat ${name(a.unit)} to ${at(a.to)}`;
    case 'advance':
      return `Advance ${name(a.unit)} to ${at(a.to)}`;
    case 'deploy':
      return `Deploy ${name(a.unit)} at ${at(a.hex)}`;
    case 'assign':
      return `${name(a.unit)} attacks ${at(a.target)}`;
    case 'move':
      return `Move ${name(a.unit)} to ${at(a.to)}`;
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
  board: {
    drawing: (g) => marsBoardDrawing(scenarioByKey(g.scenario)),
    symbols: NATO_SYMBOLS,
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
          sidc: natoSymbol(u),
          designation: u.designation,
          factors: factorsText(u).replace(/\(.*\)/, ''),
          label: unitLabel(u, st),
          disrupted: st.disrupted,
          fortified: st.fortified,
          ...(st.disrupted ? { marks: ['D'] } : {}),
          // Its printed factors: a stack's strength written when the map is too small to read (issue #45 item 7).
          attack: u.factors.attack ?? 0,
          defense: u.factors.defense ?? 0,
        });
      }
      return out;
    },

    marks(g, side) {
      const s = scenarioByKey(g.scenario);
      const out: { at: number; kind: Highlight; reason?: string }[] = g.attacks.map((a) => ({
        at: a.target,
        kind: 'attack',
        reason: `${hexName(s, a.target)}: an attack is declared on it`,
      }));
      if (g.step === 'allocation' && side === g.player && g.attacks.length > 0) {
        for (const h of mustAttack(boardOf(g), g.player, g.attacks))
          out.push({ at: h, kind: 'owed', reason: `${hexName(s, h)} is owed an attack: ${OWED_REASON}` });
      }
      return out;
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

    logDrawing: (g, e) => logDrawing(g, e),
    focus: (g) => (g.combat ? g.combat.target : null),
    arrows: (g) => arrows(g),
  },
  words: {
    prompt(g, side, mine, outcome): Prompt {
      const s = scenarioByKey(g.scenario);
      const owed =
        g.combat?.phase === 'losses'
          ? ` Units with at least ${g.combat.lossesOwed} attack factor${g.combat.lossesOwed === 1 ? '' : 's'} are still owed (${g.combat.base}).`
          : '';
      const phase = g.combat ? `${PHASE_HELP[g.combat.phase] ?? ''}${owed}` : undefined;
      const over = outcome ? marsPresentation.words.result(outcome) : STEP_HELP.over!;
      const help = mine
        ? (phase ?? STEP_HELP[g.step] ?? '')
        : g.step === 'over'
          ? over
          : `Waiting for ${side ? sideName(side) : 'the other side'}…`;
      return {
        step: g.step === 'setup' ? 'set-up' : g.step,
        ...(g.combat ? { detail: `combat at ${hexName(s, g.combat.target)}: ${g.combat.phase}` } : {}),
        help,
      };
    },

    describe: (g, a) => describe(scenarioByKey(g.scenario), a),

    score(g, over) {
      const t = victoryTally(boardOf(g));
      return {
        toWin: [
          `The higher total after the last German player-turn (turn ${boardOf(g).s.turns}) wins; equal is a draw.`,
          ...VICTORY_TERMS.map(([a, b]) => `${a}: ${b}`),
        ],
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

    logText: (_g, e) => logText(e),
    rollBanner: (g, log, i) => rollBanner(scenarioByKey(g.scenario), log, i),
    turnMarker,
    turnSummary: (g, entries) => turnSummary(scenarioByKey(g.scenario), entries),
  },
  controls: {
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

    buttons: (g, actions) =>
      actions.filter(
        (a) =>
          a.type !== 'undo' &&
          (g.step === 'combat' ||
            (!ON_MAP.has(a.type) && (a.unit === undefined || UNIT_BUTTONS.has(a.type)))),
      ),

    keepsSelection: (a) => a.type === 'assign',

    missing,
    nodeAction,
    buttonGroup: (_g, a) => buttonGroup(a),
    tray,
  },
  preview: {
    movePreview(g, piece, to) {
      if (g.step !== 'movement' || !g.units[piece]) return null;
      const m = moveOptions(boardOf(g), piece).find((o) => o.to === to);
      if (!m) return null;
      const hexes = m.cost / 2;
      return { path: m.path, cost: `${hexes} hex${hexes === 1 ? '' : 'es'}` };
    },

    combatPreview(g, side, at): CombatPreviewData | null {
      if (g.step !== 'allocation' && g.step !== 'combat') return null;
      const s = scenarioByKey(g.scenario);
      const { target, selected } = at;
      if (target < 0) return null;
      // The attack being resolved, before its roll: the same preview for both sides (the
      // defender gives No Retreat! orders seeing what the attacker saw, M-8).
      const resolving =
        g.combat && g.combat.target === target && g.combat.phase === 'orders' ? g.combat : null;
      if (!resolving && (!side || g.player !== side)) return null;
      const declared = g.attacks.find((a) => a.target === target);
      const units = resolving ? [...resolving.attackers] : [...(declared?.units ?? [])];
      // The units selected (the whole stack, issue #45 items 3 and 9) that may join it now.
      const chosen =
        at.group && at.group.length > 0 && (selected === null || at.group.includes(selected))
          ? at.group
          : selected
            ? [selected]
            : [];
      if (!resolving && g.step === 'allocation')
        for (const id of chosen)
          if (
            !units.includes(id) &&
            at.actions.some(
              (a) => a.type === 'assign' && a.unit === id && hexIndex(s.map, String(a.target)) === target,
            )
          )
            units.push(id);
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
        names: Object.fromEntries(Object.entries(MARS_CRT.resultInfo).map(([k, v]) => [k, v.name])),
      };
    },

    actionArrow,
  },
  reference: {
    sheets: reference,
  },
  afterAction: marsAfterAction,
};

/* ---------------------------------------------------------------------------------- */
/* The wargamer's table (issue #25): results, recaps, reasons, map-first controls,    */
/* the set-up tray and the reference sheets.                                          */

const CITE_CRT = 'mars-1942 COMBAT RESULTS TABLE';
const CITE_SETUP = 'mars-1942 Setup and 1st Turn';
const CITE_VICTORY = 'mars-1942 Victory Conditions';

/** The must-attack rule in words (mars-1942 CRT notes). */
const OWED_REASON =
  'an undisrupted German unit (or Russian korps) next to both your attacking units and a unit you attack must be attacked too (must-attack rule, CRT notes)';

/** What follows a result, for the banner. */
const NEXT: Readonly<Record<string, string>> = {
  DE: 'The defenders are eliminated; the attacker advances into the vacated hex.',
  'X/2': 'The defenders are eliminated; the attacker now loses units worth half the defense.',
  DR: 'The attacker chooses how far the defenders rout (0-2 hexes); the defender picks the route.',
  DW: 'The defender withdraws 1-2 hexes; the attacker must then advance.',
  D: 'The defenders are Disrupted (a German defender may retreat instead).',
  '-': 'Nothing happens.',
  DAE: 'The defenders are Disrupted and every attacker is eliminated.',
  'DA/2': 'The defenders are Disrupted; the attacker loses half the attack factors.',
  AE: 'The attacker loses units worth the defense factors.',
};

const ACTION_WORDS: Readonly<Record<string, string>> = {
  deploy: 'a deployment',
  'historical-setup': 'the historical set-up',
  fortify: 'a fortification',
  move: 'a move',
  assign: 'an attack allocation',
  unassign: 'taking a unit out of an attack',
  probe: 'a 2:1 probe',
  reinforce: 'a reinforcement',
  'withdraw-reserve': 'a withdrawal',
  withdraw: 'a withdrawal',
};

function logText(e: LogEntry): string {
  if (e.kind === 'undo') {
    const m = /^(\w+) takes back (.*)$/.exec(e.text);
    if (m) return `${sideName(m[1]!)} takes back ${ACTION_WORDS[m[2]!] ?? `the last action (${m[2]})`}`;
  }
  return e.text;
}

/** "Turn 3 (29-30 Nov 1942): A. Zhukov's player-turn — fortification" starts a player-turn. */
function turnMarker(e: LogEntry): TurnMarker | null {
  if (e.kind !== 'phase') return null;
  const m = /^Turn (\d+) \(([^)]*)\): (A\. Zhukov|B\. von Kluge)'s player-turn/.exec(e.text);
  if (!m) return null;
  const side = m[3]!.startsWith('A') ? 'soviet' : 'german';
  return { side, label: `Turn ${m[1]} (${m[2]}), ${sideName(side)}` };
}

function rollBanner(s: Scenario, log: readonly LogEntry[], index: number): RollBanner | null {
  const e = log[index];
  const d = e?.data;
  if (e?.kind !== 'result' || !d || typeof d.result !== 'string' || typeof d.row !== 'number') return null;
  let title = 'Combat';
  let side: string | null = null;
  for (let i = index - 1; i >= 0; i--) {
    const before = log[i]!;
    if (title === 'Combat' && before.kind === 'combat' && typeof before.data?.target === 'string') {
      const h = hexIndex(s.map, before.data.target);
      title = `Attack on ${h >= 0 ? hexName(s, h) : before.data.target}`;
    }
    const mark = turnMarker(before);
    if (mark) {
      side = mark.side;
      break;
    }
  }
  const code = d.result;
  return {
    title,
    side,
    roll: d.row,
    column: String(d.column),
    row: String(d.row),
    result: code,
    meaning: MARS_CRT.resultInfo[code]?.text ?? code,
    ...(NEXT[code] ? { next: NEXT[code] } : {}),
    cite: CITE_CRT,
  };
}

function turnSummary(s: Scenario, entries: readonly LogEntry[]): string[] {
  const out: string[] = [];
  const moved = new Set<string>();
  let fortified = 0;
  let retreats = 0;
  let advances = 0;
  const losses: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.kind === 'move' && typeof e.data?.unit === 'string') moved.add(e.data.unit);
    else if (e.kind === 'fortification' && / fortifies$/.test(e.text)) fortified++;
    else if (e.kind === 'retreat') retreats++;
    else if (e.kind === 'advance') advances++;
    else if (e.kind === 'eliminated' && typeof e.data?.unit === 'string')
      losses.push(s.units[e.data.unit]?.name ?? e.data.unit);
    else if (e.kind === 'reinforcement' || e.kind === 'withdrawal' || e.kind === 'setup') out.push(e.text);
    else {
      const b = rollBanner(s, entries, i);
      if (b)
        out.push(
          `${b.title}: column ${b.column}, rolled ${b.row}: ${b.result} (${MARS_CRT.resultInfo[b.result]?.name ?? b.result})`,
        );
    }
  }
  const lead: string[] = [];
  if (fortified) lead.push(`${fortified} unit${fortified === 1 ? '' : 's'} fortified`);
  if (moved.size) lead.push(`${moved.size} unit${moved.size === 1 ? '' : 's'} moved`);
  if (retreats) lead.push(`${retreats} retreat${retreats === 1 ? '' : 's'}`);
  if (advances) lead.push(`${advances} advance${advances === 1 ? '' : 's'} after combat`);
  return [
    ...(lead.length ? [`${lead.join(', ')}.`] : []),
    ...out,
    ...(losses.length ? [`Eliminated: ${losses.join(', ')}.`] : []),
    ...(out.length === 0 && lead.length === 0 && losses.length === 0
      ? ['Nothing moved and no attack was made.']
      : []),
  ];
}

/** Hex numbers a text names ("moves 1709-1708-1707", "Rzhev 1712"). */
function hexesNamed(s: Scenario, text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\b\d{4}\b/g)) {
    const h = hexIndex(s.map, m[0]);
    if (h >= 0 && !out.includes(h)) out.push(h);
  }
  return out;
}

function logDrawing(g: MarsState, e: LogEntry): LogDrawing | null {
  const s = scenarioByKey(g.scenario);
  const d = e.data;
  const path =
    Array.isArray(d?.path) && (e.kind === 'move' || e.kind === 'retreat')
      ? (d.path as unknown[]).map((h) => hexIndex(s.map, String(h))).filter((h) => h >= 0)
      : null;
  if (path && path.length > 0) return { nodes: [path[path.length - 1]!], path };
  if (e.kind === 'combat' && typeof d?.target === 'string') {
    const to = hexIndex(s.map, d.target);
    const from = Array.isArray(d.attackers)
      ? (d.attackers as unknown[])
          .map((id) => g.units[String(id)])
          .filter((st) => st && st.status === 'map' && st.at >= 0 && st.at !== to)
          .map((st) => st!.at)
      : [];
    return {
      nodes: [to],
      arrows: [...new Set(from)].map((f) => ({ from: f, to, kind: 'attack' as const })),
    };
  }
  const nodes = hexesNamed(s, e.text);
  return nodes.length ? { nodes } : null;
}

function missing(g: MarsState, side: string | null, actions: readonly Action[]): MissingControl[] {
  if (!side || actions.length === 0) return [];
  const s = scenarioByKey(g.scenario);
  const has = (t: string) => actions.some((a) => a.type === t);
  const out: MissingControl[] = [];
  if (g.step === 'setup') {
    const left = sideUnits(s, side as Side).filter(
      (id) => g.units[id]!.status === 'map' && g.units[id]!.at < 0,
    );
    if (!has('end-setup'))
      out.push({
        control: 'End set-up',
        why: `${left.length} unit${left.length === 1 ? '' : 's'} still to deploy (the tray): every unit starts on the map`,
        cite: CITE_SETUP,
      });
    if (!has('historical-setup') && left.length > 0)
      out.push({
        control: 'Accept the standard historical set-up',
        why: 'offered only before the first unit is deployed by hand',
        cite: CITE_SETUP,
      });
  }
  if (g.step === 'allocation' && !has('end-allocation')) {
    const board = boardOf(g);
    for (const a of g.attacks) {
      const r = evaluateAttack(board, g.player, a).refusal;
      if (r)
        out.push({
          control: 'End allocation',
          why: `the attack on ${hexName(s, a.target)} is not allowed: ${r}`,
          cite: CITE_CRT,
          nodes: [a.target],
        });
    }
    const owed = mustAttack(board, g.player, g.attacks);
    if (owed.length)
      out.push({
        control: 'End allocation',
        why: `${owed.map((h) => hexName(s, h)).join(', ')} ${owed.length === 1 ? 'is' : 'are'} owed an attack (red): ${OWED_REASON}`,
        cite: CITE_CRT,
        nodes: owed,
      });
  }
  if (g.step === 'reinforce' && !has('reinforce')) {
    const next = s.reinforcementOrder.find((id) => g.units[id]!.status === 'reserve');
    out.push({
      control: 'Bring in a panzer division',
      why: !next
        ? 'no panzer division is left in reserve'
        : g.reinforced
          ? 'one panzer division a turn, and one came in this turn'
          : 'no southern edge hex is free of the enemy and within stacking',
      cite: 'M-14',
    });
  }
  if (g.step === 'combat' && g.combat?.phase === 'advance' && !has('end-advance'))
    out.push({
      control: 'End advance',
      why: `attacking units at least as strong as the defenders (${g.combat.advanceOwed} factors) must advance into the vacated hex if they can`,
      cite: 'mars-1942 Retreats and Advances after Combat',
    });
  if (g.step === 'movement' && side === 'german' && !has('withdraw'))
    out.push({
      control: 'Withdraw by the southern edge',
      why: 'only an unmoved, Undisrupted panzer unit standing on the southern edge may leave',
      cite: 'M-14',
    });
  return out;
}

function nodeAction(
  g: MarsState,
  actions: readonly Action[],
  node: number,
  selected: string | null,
): Action | null {
  const ids = [...(boardOf(g).at[node] ?? [])].reverse(); // the top counter first
  const find = (type: string, id: string) => actions.find((a) => a.type === type && a.unit === id) ?? null;
  if (g.step === 'fortify') {
    for (const id of ids) {
      const a = find('fortify', id);
      if (a) return a;
    }
  }
  if (g.step === 'supply') {
    for (const id of ids) {
      const a = find('spare', id);
      if (a) return a;
    }
  }
  if (g.step === 'combat' && g.combat?.phase === 'losses') {
    for (const id of ids) {
      const a = find('lose', id);
      if (a) return a;
    }
  }
  // A unit of an attack clicked again while selected: taken out of its attack.
  if (g.step === 'allocation' && selected && ids.includes(selected)) return find('unassign', selected);
  return null;
}

const GROUPS: Readonly<Record<string, string>> = {
  fortify: 'Fortify a unit',
  unassign: 'Take a unit out of its attack',
  lose: 'Eliminate an attacker',
  probe: '2:1 probes (M-7)',
  resolve: 'Resolve an attack',
  retreat: 'Retreat',
  stand: 'Stand',
  advance: 'Advance',
  spare: 'Spare a unit (M-20)',
  withdraw: 'Withdraw by the southern edge',
  reinforce: 'Bring in a panzer division',
};

function buttonGroup(a: Action): string | null {
  if (a.type === 'no-retreat') return (a.units as string[]).length > 0 ? 'No Retreat! orders (M-8)' : null;
  return GROUPS[a.type] ?? null;
}

function arrows(g: MarsState): Arrow[] {
  const out: Arrow[] = [];
  if (g.step === 'allocation' || g.step === 'combat') {
    for (const a of g.attacks) {
      if (g.combat && g.combat.target === a.target) continue;
      for (const id of a.units) {
        const at = g.units[id]!.at;
        if (at >= 0) out.push({ from: at, to: a.target, kind: 'attack' });
      }
    }
    if (g.combat) for (const f of g.combat.from) out.push({ from: f, to: g.combat.target, kind: 'attack' });
  }
  return out;
}

/**
 * Where an action shows on the map, for the analyst's suggestion (issue #48): a move, an
 * advance or a retreat from the unit's hex to where it goes; an attack allocation from
 * the unit's hex to its target. Null for an action with no place (ends of steps, set-up,
 * reinforcement hexes) or a unit off the map.
 */
function actionArrow(g: MarsState, a: Action): Arrow | null {
  const s = scenarioByKey(g.scenario);
  const unit = typeof a.unit === 'string' ? g.units[a.unit] : undefined;
  if (unit?.status !== 'map' || unit.at < 0) return null;
  const kind =
    a.type === 'move' || a.type === 'advance'
      ? 'move'
      : a.type === 'retreat'
        ? 'retreat'
        : a.type === 'assign'
          ? 'attack'
          : null;
  const where = a.type === 'assign' ? a.target : a.to;
  if (kind === null || typeof where !== 'string') return null;
  const to = hexIndex(s.map, where);
  return to >= 0 ? { from: unit.at, to, kind } : null;
}

/** The units in the Kalinin Front zone that count against its limits (mars-1942 Setup). */
function kalininCounts(board: Board): { korps: number; brigades: number; divisions: number } {
  const { s } = board;
  const c = { korps: 0, brigades: 0, divisions: 0 };
  for (const h of s.kalinin.hexes)
    for (const id of board.at[h] ?? []) {
      const u = s.units[id]!;
      if (u.size === 'korps') c.korps++;
      else if (u.size === 'brigade' && u.tags.includes('tank-brigade')) c.brigades++;
      else if (u.size === 'division' && isInfantry(u)) c.divisions++;
    }
  return c;
}

function tray(g: MarsState, side: string | null, actions: readonly Action[]): SetupTray | null {
  if (g.step !== 'setup' || !side || side !== g.deploying) return null;
  const s = scenarioByKey(g.scenario);
  const board = boardOf(g);
  const placeable = new Set(actions.filter((a) => a.type === 'deploy').map((a) => String(a.unit)));
  const left = sideUnits(s, side as Side).filter(
    (id) => g.units[id]!.status === 'map' && g.units[id]!.at < 0,
  );
  const limits: string[] = [];
  if (side === 'german') {
    const garrisoned = new Set<number>();
    for (const id of sideUnits(s, 'german')) {
      const st = g.units[id]!;
      if (st.status === 'map' && st.at >= 0 && isInfantry(s.units[id]!) && s.zoneOf[st.at]! >= 0)
        garrisoned.add(s.zoneOf[st.at]!);
    }
    limits.push(
      `Infantry divisions: one in each defense zone — ${garrisoned.size} of ${s.defenseZones.length} zones garrisoned.`,
      'Panzer and panzergrenadier kampfgruppen: anywhere in the salient (German territory).',
      'Stacking: 2 divisions a hex, only one a panzer division; the two kampfgruppen of a division count as one, plus a kampfgruppe.',
      'The unsplit panzer divisions stay off the map as reinforcements (M-14).',
    );
  } else {
    const k = kalininCounts(board);
    limits.push(
      `Kalinin Front zone: korps ${k.korps} of 3, tank brigades ${k.brigades} of 6, rifle divisions ${k.divisions} of 9.`,
      'Anywhere on the Russian side of the frontline; the Western Front zone has no limit.',
      'Stacking: 3 units a hex if one is a tank brigade, and only one korps.',
    );
  }
  return {
    heading: `${sideName(side)}: ${left.length} unit${left.length === 1 ? '' : 's'} to deploy`,
    limits,
    pieces: left.map((id) => {
      const u = s.units[id]!;
      const ok = placeable.has(id);
      return {
        id,
        at: -1,
        side: u.side,
        sidc: natoSymbol(u),
        designation: u.designation,
        factors: factorsText(u).replace(/\(.*\)/, ''),
        label: unitLabel(u, { disrupted: false, fortified: false, supply: 'full' }),
        placeable: ok,
        ...(ok ? {} : { why: 'no hex left it may deploy to (zones garrisoned, Kalinin limit or stacking)' }),
      };
    }),
  };
}

const TERRAIN_EFFECTS: Readonly<Record<string, string>> = {
  clear: 'No effect on movement or combat.',
  forest: 'No effect in these rules ("Forests? :-)"): the short attack moves already reflect the forest.',
  swamp: 'No effect in these rules: the text gives swamp none.',
};

function reference(g: MarsState): ReferenceSheet[] {
  const s = scenarioByKey(g.scenario);
  const crt = MARS_CRT;
  const rows = [6, 5, 4, 3, 2, 1].map((r) => [String(r), ...crt.columnLabels.map((_, c) => readCrt(c, r))]);
  const statusOf = (id: string) => {
    const st = g.units[id]!;
    if (st.status === 'map')
      return st.at >= 0
        ? `on the map, ${hexName(s, st.at)}${st.disrupted ? ', Disrupted' : ''}`
        : 'to deploy';
    return st.status;
  };
  const oob = (side: Side) =>
    sideUnits(s, side)
      .filter((id) => g.units[id]!.status !== 'eliminated')
      .map((id) => {
        const u = s.units[id]!;
        return [u.name, `${u.type} ${u.size}`, factorsText(u), statusOf(id)];
      });
  const eliminated = s.unitIds.filter((id) => g.units[id]!.status === 'eliminated');
  const reserve = s.reinforcementOrder.filter((id) => g.units[id]!.status === 'reserve');
  return [
    {
      id: 'crt',
      title: 'Combat results table',
      intro:
        "Odds of attack to defense factors, rounded in the defender's favour, then shifted; read the column with one die. Odds below 1:4 are not allowed. Disrupted defenders read one column higher, individually (M-6).",
      table: { head: ['Die', ...crt.columnLabels], rows },
      items: Object.entries(crt.resultInfo).map(([k, v]) => ({ term: k, text: `${v.name}. ${v.text}` })),
      cite: CITE_CRT,
    },
    terrainSheet(
      TERRAIN_FILL,
      TERRAIN_EFFECTS,
      [
        {
          term: 'river',
          text: 'Defenders behind a river: 1 column down if more than half the attack factors attack across it.',
          swatch: 'river',
        },
        {
          term: 'road',
          text: 'Mobile units move from one road hex to the next for 1/2 hex.',
          swatch: 'road',
        },
        {
          term: 'railway',
          text: 'Railways carry supply (a supply source runs back along road and rail to a friendly edge).',
          swatch: 'rail',
        },
        {
          term: 'defense zone',
          text: "Each German defense zone's frontline hexside defends with one garrisoning infantry unit; a garrison attacked only across the frontline gets +2 (M-11).",
          swatch: 'zone',
        },
        {
          term: 'frontline',
          text: 'The 25 Nov frontline: on the Russian side each frontline hexside defends with 2 if attacked only across it.',
          swatch: 'frontline',
        },
        {
          term: 'city / town',
          text: 'In a city each rifle/infantry unit (and the complete 14. PGD) gets +1 defense; in a town one such unit does.',
        },
      ],
      'mars-1942 Defensive Terrain Bonuses - cumulative',
    ),
    {
      id: 'legend',
      title: 'Map legend',
      items: [
        { term: 'German-held (25 Nov)', text: 'the salient, paler', swatch: TERRAIN_FILL.clear! },
        { term: 'Originally Russian', text: 'warmer tint', swatch: shade(TERRAIN_FILL.clear!) },
        { term: 'Kalinin / Western Front', text: 'Soviet deployment zones (dashed)', swatch: 'deployment' },
        { term: 'Blue hex', text: 'a move within attack range', swatch: 'hl-move' },
        {
          term: 'Pale blue hex',
          text: 'a move with the movement bonus: no attack after it',
          swatch: 'hl-move-bonus',
        },
        { term: 'Orange hex', text: 'an enemy hex the selected unit may attack', swatch: 'hl-target' },
        { term: 'Red hex', text: 'owed an attack (must-attack rule)', swatch: 'hl-owed' },
        { term: 'Pink / green hex', text: 'a retreat / an advance after combat', swatch: 'hl-retreat' },
        { term: 'Grey counter, D', text: 'Disrupted: may not move or attack' },
        { term: 'Thick border', text: 'fortified' },
        { term: 'Arrow', text: 'an attack (allocated, or in a recap); a line: a move or retreat' },
      ],
    },
    {
      id: 'victory',
      title: 'Victory conditions',
      intro:
        'Counted at the end of the last German player-turn (turn ' +
        s.turns +
        '): the higher total wins; equal is a draw (M-15).',
      items: VICTORY_TERMS.map(([term, text]) => ({ term, text })),
      notes: [marsPresentation.words.score(g, false).heading],
      cite: CITE_VICTORY,
    },
    {
      id: 'turns',
      title: 'Turn track',
      intro: `Turn ${g.turn} of ${s.turns} now. Each turn: A. Zhukov (fortify, move, attack, supply), then B. von Kluge (fortify, panzer reinforcements or withdrawals, move, attack, supply).`,
      table: {
        head: ['Turn', 'Dates', 'Withdrawal points', 'Due'],
        rows: s.turnDates.map((d, i) => [
          `${i + 1}${i + 1 === g.turn ? ' (now)' : ''}`,
          d,
          String(s.withdrawalPoints[i] ?? 0),
          i + 1 >= g.turn && reserve.length > 0
            ? `German may bring in ${s.units[reserve[Math.min(reserve.length - 1, i + 1 - g.turn)]!]?.name ?? 'a panzer division'} (Zhukov +4) or withdraw one for ${s.withdrawalPoints[i] ?? 0}`
            : i + 1 < g.turn
              ? 'past'
              : 'no panzer division left in reserve',
        ]),
      },
      cite: 'M-14',
    },
    {
      id: 'oob-german',
      title: 'Order of battle: German',
      table: { head: ['Unit', 'Kind', 'Factors', 'Status'], rows: oob('german') },
    },
    {
      id: 'oob-soviet',
      title: 'Order of battle: Soviet',
      table: { head: ['Unit', 'Kind', 'Factors', 'Status'], rows: oob('soviet') },
    },
    {
      id: 'eliminated',
      title: `Eliminated units (${eliminated.length})`,
      items: eliminated.map((id) => ({
        term: s.units[id]!.name,
        text: `${s.units[id]!.side === 'german' ? 'German' : 'Soviet'} ${factorsText(s.units[id]!)}`,
      })),
      ...(eliminated.length === 0 ? { intro: 'None yet.' } : {}),
    },
  ];
}

function readCrt(column: number, roll: number): string {
  return readTable(MARS_CRT, column, roll);
}

const VICTORY_TERMS: readonly (readonly [string, string])[] = [
  [
    'Defense zones',
    'von Kluge 1 point for each of the 21 German defense zones with a German unit in it and in supply; Zhukov 1 for each with no German unit.',
  ],
  [
    'Rzhev and Gzhatsk',
    'Zhukov 5 each for having it isolated, and 5 more for taking it and keeping it in Russian supply.',
  ],
  ['Other cities and towns', 'Zhukov 2 for each taken and in Russian supply (M-19).'],
  [
    'German losses',
    'Zhukov 2 for each German infantry or cavalry division or kampfgruppe eliminated, 4 for a complete panzer division.',
  ],
  [
    'Panzer withdrawals',
    'von Kluge 6 points (turns 1-3), 4 (4-6), 2 (7-11) for each panzer division withdrawn, half for a kampfgruppe; Zhukov 4 for each reinforcement panzer division brought in (M-14, M-15).',
  ],
];

export { hexName };
export default marsPresentation;
