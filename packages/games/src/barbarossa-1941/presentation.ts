/**
 * Barbarossa 1941 in the browser, as data (engine `Presentation`), pure functions of the
 * view, which holds no hidden identity (RULINGS B-18). This file: what an action lights
 * on the map, the buttons and their groups, the facts of a hex with the rule behind
 * every "may not", the supply, ZOC and air range overlays, the victory points; and the
 * whole presentation put together from its parts:
 *   presentation-board.ts      the whole-front board and the counters (face down as the view gives them)
 *   presentation-words.ts      each step's prompt, every action in words (a generic line for new kinds)
 *   presentation-combat.ts     the move preview; the combat preview (attack.ts read by the calculator)
 *   presentation-table.ts      roll banners, turn markers and summaries, reasons, arrows, the arrivals tray
 *   presentation-reference.ts  the CRT, terrain, legend, victory cities, turn record track, orders of battle
 */
import {
  type Action,
  type Arrow,
  type Highlight,
  Memo,
  NATO_SYMBOLS,
  type NodeFacts,
  type Presentation,
  soleSubject,
} from '@stavka/engine';
import { barbarossaAfterAction } from './after-action.ts';
import { canAttack } from './attack.ts';
import { BARBAROSSA_CRT } from './combat.ts';
import { hexDistance } from './combat-results.ts';
import { canMove, moveOptions, omfOf } from './movement.ts';
import {
  boardDrawing,
  boardOf,
  factorsText,
  hexName,
  pieceDrawings,
  pieceName,
  placeWords,
  scenarioOf,
  weatherOf,
} from './presentation-board.ts';
import { combatPreview, movePreview, owedHexes } from './presentation-combat.ts';
import { reference } from './presentation-reference.ts';
import {
  arrows,
  logDrawing,
  missing,
  nodeAction,
  rollBanner,
  tray,
  turnMarker,
  turnSummary,
} from './presentation-table.ts';
import { threats as sideThreats } from './presentation-threats.ts';
import { describe, plainWords, prompt, result, sideName, type View } from './presentation-words.ts';
import type { Side } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { supplyStatuses } from './supply.ts';
import { victoryTally } from './victory.ts';

export { sideName };

/* ---------------------------------------------------------------------------------- */
/* What the map lights                                                                  */

/** The action kinds targets() lights only when their `piece` is the one selected. */
const PIECE_KINDS = new Set([
  'move',
  'allocate',
  'katyusha',
  'air-support',
  'airstrike',
  'air-supply',
  'rail',
  'sea',
  'convert',
  'place',
  'airfield',
  'retreat',
  'survivor',
  'advance',
]);

/** The kinds that light nothing of their own (a resolve lights its target in the first pass). */
const UNLIT_KINDS = new Set(['resolve', 'cancel', 'undo']);

/**
 * A legal list sorted out for targets(): a click asks for the lit hexes of one piece, and
 * the whole front's movement list is thousands of actions (4,236 at the first German
 * movement) of which the piece's are a few dozen; each click walked them all, twice,
 * and each arrival waiting off the map walked them again (~0.3 ms a call in Chromium,
 * called on each selection and each stack unit; issue #49). Worked out once per list.
 */
interface TargetIndex {
  /** Where each piece's actions are, in list order (keyed by the action's `piece` as it is). */
  readonly byPiece: Map<unknown, number[]>;
  /**
   * The actions read whatever piece is selected: overruns (they name their pieces in a list),
   * railheads, and every other action naming no piece (a kind added later may light a hex).
   */
  readonly always: readonly number[];
  /** The resolve actions (targets()'s first pass). */
  readonly resolves: readonly number[];
}

const targetIndexes = new Memo<readonly Action[], TargetIndex>('target index');

function targetIndex(actions: readonly Action[]): TargetIndex {
  let t = targetIndexes.get(actions);
  if (t) return t;
  const byPiece = new Map<unknown, number[]>();
  const always: number[] = [];
  const resolves: number[] = [];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    if (a.type === 'resolve') resolves.push(i);
    if (
      a.type === 'overrun' ||
      a.type === 'railhead' ||
      (a.piece === undefined && !PIECE_KINDS.has(a.type) && !UNLIT_KINDS.has(a.type))
    )
      always.push(i);
    else {
      const list = byPiece.get(a.piece);
      if (list) list.push(i);
      else byPiece.set(a.piece, [i]);
    }
  }
  t = { byPiece, always, resolves };
  targetIndexes.set(actions, t);
  return t;
}

/**
 * The hexes piece `id` reaches only with its bonus (moveOptions' `bonus`), kept per view
 * and piece: a view never changes, and its move search is the dearest part of what a
 * selection lights (the web works each piece's out in idle time, `useIdleTargets`, so a
 * click finds it here).
 */
const bonusByView = new Memo<View, Map<string, ReadonlySet<number>>>('bonus moves by piece');

function bonusMoves(v: View, id: string): ReadonlySet<number> {
  let byPiece = bonusByView.get(v);
  if (!byPiece) {
    byPiece = new Map();
    bonusByView.set(v, byPiece);
  }
  let set = byPiece.get(id);
  if (!set) {
    set = new Set(
      moveOptions(boardOf(v), id, { paths: false })
        .filter((m) => m.bonus)
        .map((m) => m.to),
    );
    byPiece.set(id, set);
  }
  return set;
}

/** Two ascending index lists merged, ascending. */
function merged(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * The hexes the selected piece's actions light (else those of the one piece every action
 * names, else the first arrival's in the reinforcement step), each with its kind and the
 * action a click there takes; attacks that may be resolved first. Only the actions that
 * can light anything for that piece are read (TargetIndex): the same hexes, in the same
 * order, as reading the whole list (presentation.test.ts checks it against that).
 */
function targets(
  v: View,
  actions: readonly Action[],
  selected: string | null,
): { at: number; kind: Highlight; action: Action }[] {
  const out: { at: number; kind: Highlight; action: Action }[] = [];
  const hex = (x: unknown) => (typeof x === 'number' && x >= 0 ? x : -1);
  const mark = (at: number, kind: Highlight, action: Action) => {
    if (at >= 0) out.push({ at, kind, action });
  };
  const index = targetIndex(actions);
  const ofPiece = (id: unknown) => index.byPiece.get(id) ?? [];
  const offers = (id: unknown, type: string) => ofPiece(id).some((i) => actions[i]!.type === type);
  // An arrival waits off the map: with nothing selected, the first one's entry hexes are lit.
  const firstArrival = () => v.arrivals.find((id) => offers(id, 'place')) ?? null;
  const sel = selected ?? soleSubject(actions, 'piece') ?? (v.step === 'reinforce' ? firstArrival() : null);
  const bonus =
    sel && v.step === 'movement' && v.pieces[sel] && offers(sel, 'move') ? bonusMoves(v, sel) : null;
  // Resolving first: a unit selected to join an attack lights the same hex, and wins.
  for (const i of index.resolves) {
    const a = actions[i]!;
    if (!a.gamble && !a.ignoreRiver) mark(hex(a.target), 'attack', a);
  }
  for (const i of merged(ofPiece(sel), index.always)) {
    const a = actions[i]!;
    const mine = a.piece === sel;
    switch (a.type) {
      case 'move':
        if (mine) mark(hex(a.to), bonus?.has(hex(a.to)) ? 'move-bonus' : 'move', a);
        break;
      case 'allocate':
      case 'katyusha':
      case 'air-support':
      case 'airstrike':
      case 'air-supply':
        if (mine) mark(hex(a.target), 'target', a);
        break;
      case 'overrun':
        if (sel && (a.pieces as string[]).includes(sel)) mark(hex(a.target), 'target', a);
        break;
      case 'rail':
      case 'sea':
      case 'convert':
        if (mine) mark(hex(a.to), 'move-bonus', a);
        break;
      case 'place':
        if (mine) mark(hex(a.hex), 'deploy', a);
        break;
      case 'airfield':
        if (mine) mark(hex(a.to), 'deploy', a);
        break;
      case 'railhead':
        if (sel === null) mark(hex(a.to), 'deploy', a);
        break;
      case 'retreat':
      case 'survivor':
        if (mine) mark(hex(a.to), 'retreat', a);
        break;
      case 'advance':
        if (mine) mark(hex(a.to), 'advance', a);
        break;
      default:
        // An action of a kind added later that names a hex and the selected piece.
        if (!UNLIT_KINDS.has(a.type) && (a.piece === undefined || mine)) {
          const h = hex(a.to ?? a.target ?? a.hex);
          if (h >= 0 && (a.piece !== undefined || sel === null)) mark(h, 'target', a);
        }
    }
  }
  return out;
}

function marks(v: View, side: string | null): { at: number; kind: Highlight; reason?: string }[] {
  const s = scenarioOf(v);
  const out: { at: number; kind: Highlight; reason?: string }[] = v.attacks.map((a) => ({
    at: a.target,
    kind: 'attack' as const,
    reason: `${hexName(s, a.target)}: an attack is declared on it (${a.attackers.length} unit${a.attackers.length === 1 ? '' : 's'})`,
  }));
  if (v.combat)
    out.push({
      at: v.combat.target,
      kind: 'attack',
      reason: `${hexName(s, v.combat.target)}: the combat being resolved`,
    });
  if (side === v.player)
    for (const o of owedHexes(v))
      out.push({
        at: o.hex,
        kind: 'owed',
        reason: `${hexName(s, o.hex)} is owed an attack at ${BARBAROSSA_CRT.columnLabels[o.atLeast]} or better: an UnDisrupted German army or korps next to your attackers on ${hexName(s, o.because)} (B-14)`,
      });
  return out;
}

/** Actions chosen on the map, not offered as buttons (outside combat). */
const ON_MAP = new Set(['move', 'allocate', 'rail', 'sea', 'convert', 'railhead', 'place', 'airfield']);

function buttons(v: View, actions: readonly Action[]): Action[] {
  return actions.filter((a) => a.type !== 'undo' && (v.combat !== null || !ON_MAP.has(a.type)));
}

const GROUPS: Readonly<Record<string, string>> = {
  'no-retreat': 'No Retreat! orders (B-4)',
  lose: 'Cover the losses',
  flip: 'Cover the losses',
  retreat: 'Retreat',
  survivor: 'A weak division survives (B-52)',
  'rebuild-korps': 'Rebuild a korps',
  advance: 'Advance',
  cancel: 'Cancel an attack',
  // Not the first button of the step: it may lose the game (B-43), asked before it is taken.
  'call-siberians': 'Siberian Reserve (B-43)',
  unallocate: 'Take a unit out of its attack',
  entrench: 'Entrench',
  'flip-strong': 'Flip to the strong side (B-39)',
  rehide: 'Re-hide a revealed army (B-18)',
  'load-factory': 'Evacuate a factory (B-51)',
  katyusha: 'Katyusha strikes (B-10)',
  overrun: 'Overruns (B-42)',
  'air-support': 'Air support (B-13, B-46)',
  airstrike: 'Airstrikes (B-57)',
  'air-supply': 'Air supply (B-59)',
  intercept: 'Intercept (B-58)',
  move: 'Move',
  allocate: 'Join a Blitzkrieg! attack',
  place: 'Place an arrival',
};

/**
 * What is asked before an action that cannot be taken back (issue #45 item 4): an airstrike
 * rolls at once (B-57), the Siberian Reserve's call may lose the game (B-43); each is said
 * with its price, as `describe` words it. (A sea move's risk is in its hover line.)
 */
function confirm(v: View, a: Action): string | null {
  switch (a.type) {
    case 'airstrike':
      return `${describe(v, a)}. The die is rolled at once: this cannot be taken back.`;
    case 'call-siberians':
      return `${describe(v, a)}. The dice are rolled at once: this cannot be taken back.`;
    default:
      return null;
  }
}

/**
 * Why the selected unit cannot join the attack declared on `hex` (issue #45 item 5): the
 * ring of a declared attack is clicked, and nothing is offered there for this unit.
 */
function whyNot(v: View, actions: readonly Action[], hex: number, selected: string): string | null {
  const declared = v.attacks.find((a) => a.target === hex);
  const p = v.pieces[selected];
  if (!declared || !p || p.side !== v.player || p.status !== 'map') return null;
  if (actions.some((a) => a.piece === selected && a.target === hex)) return null;
  const s = scenarioOf(v);
  const board = boardOf(v);
  const name = pieceName(s, v, selected);
  const at = hexName(s, hex);
  if (declared.attackers.includes(selected)) return `${name} is already in the attack on ${at}.`;
  const why = [
    p.disrupted ? 'it is Disrupted: it may not move or attack in its own player-turn (B-6)' : '',
    p.moved === 'bonus' ? 'it used its OMB (or moved by rail): it may not attack this player-turn' : '',
    p.attacked ? 'it has attacked this player-turn' : '',
    !canAttack(board, selected) && !p.disrupted && p.moved !== 'bonus' && !p.attacked
      ? 'it is no unit that attacks'
      : '',
    canAttack(board, selected) && hexDistance(board, p.at, hex) > 1
      ? `it is not next to ${at}: move it next to the hex first (a blue hex), then click the attack`
      : '',
    v.step !== 'movement' && v.step !== 'attacks-first'
      ? 'attacks are allocated in the movement step (A.3), not now'
      : '',
  ].filter(Boolean);
  return `${name} cannot join the attack on ${at}: ${why.length > 0 ? why.join('; ') : 'the attack is not open to it now'}.`;
}

function buttonGroup(a: Action): string | null {
  if (a.type === 'resolve')
    return a.gamble
      ? 'Gamble on the odds (B-7, B-8)'
      : a.ignoreRiver
        ? 'Ignore a river (B-44)'
        : 'Resolve an attack';
  return GROUPS[a.type] ?? null;
}

/* ---------------------------------------------------------------------------------- */
/* Facts of a hex                                                                       */

function nodeFacts(v: View, hex: number): NodeFacts {
  const s = scenarioOf(v);
  const board = boardOf(v);
  const ids = board.at[hex] ?? [];
  const place = placeWords(s, v, hex);
  const zone = s.map.zones.find((z) => z.kind === 'army-group' && z.membership[hex] === 1);
  const railhead = v.railheads.indexOf(hex);
  return {
    heading: `Hex ${s.hexNumbers[hex]}${s.placeName[hex] ? ` — ${s.placeName[hex]}` : ''}`,
    about: [
      `${s.terrain[hex]}${weatherOf(v) === 'snow' && ['swamp', 'lake', 'swamp-forest'].includes(s.terrain[hex]!) ? ' (frozen in Snow)' : ''}`,
      place,
      zone ? zone.name : '',
      railhead >= 0 ? `Axis railhead ${railhead + 1} (B-38)` : '',
      s.siberia.includes(hex) ? 'eastern edge: Russian arrivals enter here' : '',
    ]
      .filter(Boolean)
      .join(' · '),
    pieces: ids.map((id) => {
      const p = v.pieces[id]!;
      const u = board.unit(id);
      const why: string[] = [];
      if (p.disrupted) why.push('Disrupted: may not move or attack in its own player-turn (B-6)');
      if (p.moved === 'bonus') why.push('used its OMB (or moved by rail): may not attack');
      if (p.attacked) why.push('has attacked this player-turn');
      if (p.supply === 'limited') why.push('Limited supply: -1 column attacking, +1 against it');
      if (p.supply === 'isolated') why.push('Isolated: +1 column against it; Disrupted at the supply phase');
      if (p.unit === null) why.push('face down: revealed at its first combat (B-18)');
      const mine = p.side === v.player;
      const can = !mine
        ? 'not its player-turn'
        : `${v.step === 'movement' && canMove(board, id) ? `may move: OMF ${omfOf(board, id)}` : 'may not move now'}${canAttack(board, id) ? ' · may attack' : ''}`;
      return {
        id,
        name: p.unit !== null ? (s.units[p.unit]?.name ?? id) : pieceName(s, v, id),
        side: p.side,
        facts: [
          p.unit !== null || v.known[id]
            ? factorsText(p.unit === null ? s.units[v.known[id]!]! : u, p)
            : 'counts 2-2 until revealed',
          `${u.type} ${u.size}`,
          `supply ${p.supply}`,
          u.factors.weakAttack !== undefined ? (p.weak ? 'weak side' : 'strong side') : '',
          p.entrenched ? 'entrenched' : '',
          p.disrupted ? 'Disrupted' : '',
        ]
          .filter(Boolean)
          .join(' · '),
        can,
        why,
      };
    }),
  };
}

/* ---------------------------------------------------------------------------------- */
/* Score and result                                                                     */

const TO_WIN = [
  'At the end of a Russian player-turn in 1941, holding 7 victory points in supply including Leningrad, Moscow or Stalingrad, the Axis player may claim the win at once, or play on to January II (B-12, B-70).',
  'The Russian player wins at once holding Warsaw, or Bucharest and Ploesti, in supply at the end of an Axis player-turn: a Strategic, Smashing Victory worth 2 games (B-12).',
  'At the end (January II): the Axis with 10 or more points wins a Strategic, Smashing Victory worth 2 games (B-70), with 7 to 9 an ordinary win; 6 is a draw, 5 or fewer a Russian win (B-12, B-33: cities held in supply).',
];

function score(v: View, over: boolean) {
  const s = scenarioOf(v);
  const t = victoryTally(boardOf(v), 'axis');
  const items: { side: string; points: number; reason: string }[] = [];
  for (let h = 0; h < s.victoryPoints.length; h++) {
    const vp = s.victoryPoints[h]!;
    if (vp <= 0) continue;
    const name = s.placeName[h] ?? s.hexNumbers[h]!;
    const held = t.cities.includes(name);
    items.push({
      side: held ? 'axis' : 'soviet',
      points: vp,
      reason: `${name} ${s.hexNumbers[h]}: ${held ? 'held by the Axis in supply' : 'not held by the Axis in supply'}`,
    });
  }
  return {
    heading: `${over ? 'Final' : 'Now'}: the Axis holds ${t.points} victory point${t.points === 1 ? '' : 's'} in supply (7 wins, 6 draws)`,
    items,
    toWin: TO_WIN,
  };
}

export const barbarossaPresentation: Presentation<View> = {
  board: {
    drawing: boardDrawing,
    pieces: pieceDrawings,
    symbols: NATO_SYMBOLS,
    marks,
    nodeFacts,
    piecesAt: (v, hex) => boardOf(v).at[hex] ?? [],
    pieceAt: (v, id) => {
      const p = v.pieces[id];
      return p && p.status === 'map' ? p.at : -1;
    },
    overlays: [
      { id: 'supply', label: 'Supply' },
      { id: 'zoc', label: 'Enemy ZOC' },
      { id: 'air', label: 'Air range' },
    ],
    overlay(v, id, side) {
      if (side !== 'axis' && side !== 'soviet') return null;
      const board = boardOf(v);
      const s = board.s;
      if (id === 'zoc') {
        const nodes: { at: number; className: string }[] = [];
        for (let h = 0; h < s.map.graph.nodeCount; h++)
          if (s.map.onMap[h] && board.inEnemyZoc(side as Side, h)) nodes.push({ at: h, className: 'zoc' });
        return { kind: 'circles', nodes };
      }
      if (id === 'air') {
        // B-46: each air unit's range from its airfield; beyond half of it, 1 shift less.
        const best = new Map<number, string>();
        for (const pid of v.order) {
          const p = v.pieces[pid]!;
          if (p.side !== side || p.status !== 'map' || p.at < 0) continue;
          const u = board.unit(pid);
          if (u.type !== 'air') continue;
          const range = u.factors.range ?? 0;
          for (let h = 0; h < s.map.graph.nodeCount; h++) {
            if (!s.map.onMap[h]) continue;
            const d = hexDistance(board, p.at, h);
            if (d > range) continue;
            if (d <= range / 2) best.set(h, 'full');
            else if (!best.has(h)) best.set(h, 'rationed');
          }
        }
        return { kind: 'cells', nodes: [...best].map(([at, className]) => ({ at, className })) };
      }
      if (id === 'supply') {
        const st = supplyStatuses(board, side as Side);
        const nodes: { at: number; className: string }[] = [];
        for (const [pid, sup] of Object.entries(st)) {
          const at = v.pieces[pid]?.at ?? -1;
          if (at >= 0)
            nodes.push({
              at,
              className: sup === 'full' ? 'full' : sup === 'limited' ? 'rationed' : 'isolated',
            });
        }
        return { kind: 'cells', nodes };
      }
      return null;
    },
    logDrawing,
    focus: (v) => v.combat?.target ?? v.airMission?.target ?? null,
    arrows: (v) => arrows(v),
  },
  words: {
    prompt,
    describe,
    score,
    result,
    sideName,
    logDetail: (e) => (e.data && typeof e.data.roll === 'number' ? ` [rolled ${e.data.roll}]` : ''),
    // Piece ids said as names in the log, the banners and the summaries (issue #45 item 8).
    logText: (v, e) => plainWords(v, e.text),
    rollBanner: (v, log, i) => {
      const b = rollBanner(v, log, i);
      return (
        b && { ...b, ...(b.next ? { next: plainWords(v, b.next) } : {}), meaning: plainWords(v, b.meaning) }
      );
    },
    turnMarker,
    turnSummary: (v, entries) => turnSummary(v, entries).map((line) => plainWords(v, line)),
  },
  controls: {
    targets,
    buttons,
    // A unit that moved stays selected: its attacks are lit at once (move then attack, issue #45 item 9).
    keepsSelection: (a) => a.type === 'allocate' || a.type === 'air-support' || a.type === 'move',
    // Barbarossa's actions name their piece `piece`.
    actionPiece: (a) => (typeof a.piece === 'string' ? a.piece : null),
    missing,
    nodeAction,
    buttonGroup: (_v, a) => buttonGroup(a),
    confirm,
    tray,
  },
  preview: {
    movePreview,
    combatPreview,
    whyNot,
    // The sudden endings (B-12, B-70) said to the threatened side (issue #45 item 1).
    threats: (v, side) =>
      side === 'axis' || side === 'soviet'
        ? sideThreats(v, side).map((t) => ({ words: t.words, nodes: t.hexes, cite: t.cite[0]! }))
        : [],
    actionArrow,
  },
  reference: {
    sheets: reference,
  },
  afterAction: barbarossaAfterAction,
};

/** The kind of arrow each action with a piece and a place draws (issue #48), by its type. */
const ARROW_KINDS: Readonly<Record<string, Arrow['kind']>> = {
  move: 'move',
  rail: 'move',
  sea: 'move',
  airfield: 'move',
  advance: 'move',
  survivor: 'move',
  retreat: 'retreat',
  allocate: 'attack',
  overrun: 'attack',
  'air-support': 'attack',
  airstrike: 'attack',
  katyusha: 'attack',
};

/**
 * Where an action shows on the map, for the analyst's suggestion (issue #48): a move (by
 * road, rail or sea), an advance or a retreat from the piece's hex to where it goes; an
 * attack allocated, an overrun or an air or Katyusha strike from the piece's hex to its
 * target. Null for an action with no piece on the map or no place.
 */
function actionArrow(v: View, a: Action): Arrow | null {
  const kind = ARROW_KINDS[a.type];
  const piece = typeof a.piece === 'string' ? a.piece : Array.isArray(a.pieces) ? a.pieces[0] : undefined;
  const p = typeof piece === 'string' ? v.pieces[piece] : undefined;
  const to = typeof a.to === 'number' ? a.to : typeof a.target === 'number' ? a.target : -1;
  if (!kind || p?.status !== 'map' || p.at < 0 || to < 0) return null;
  return { from: p.at, to, kind };
}

// The sudden endings threatening a side (B-12, B-70), for the web to warn the player.
export { type Threat, threats } from './presentation-threats.ts';
export type { BarbarossaState };
export { describe as describeAction };
export default barbarossaPresentation;
