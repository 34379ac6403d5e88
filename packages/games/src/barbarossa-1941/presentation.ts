/**
 * Barbarossa 1941 in the browser, as data (engine `Presentation`): the whole-front board
 * and its counters (presentation-board.ts), what each step of both asymmetric
 * player-turns asks, every action in words (a generic line for an action this file does
 * not know yet), what an action lights on the map, the move preview, the combat preview
 * (the attack's own evaluation, `attack.ts`, read through the calculator's
 * `barbarossaCalc`: every column shift itemized and the exact chance of each result),
 * the facts of a hex with the rule behind every "may not", the supply and ZOC overlays,
 * the victory cities, and the wargamer's table (roll banners, turn markers, arrows, the
 * arrivals tray, the turn record track and the orders of battle). Pure functions of the
 * view, which holds no hidden identity (RULINGS B-18).
 */
import type {
  Action,
  Arrow,
  CombatPreviewData,
  GameOutcome,
  Highlight,
  LogDrawing,
  LogEntry,
  MissingControl,
  NodeFacts,
  Presentation,
  Prompt,
  RollBanner,
  SetupTray,
  Shift,
  TurnMarker,
} from '@stavka/engine';
import { oddsColumn } from '@stavka/engine';
import { canAttack, evaluateAttack, isRefusal, mustAttackUnmet } from './attack.ts';
import type { Board } from './board.ts';
import { BARBAROSSA_CRT, barbarossaCalc } from './combat.ts';
import { hexDistance } from './combat-results.ts';
import type { BarbarossaView } from './hidden.ts';
import { canMove, moveOptions, omfOf } from './movement.ts';
import type { Gamble } from './odds-gambles.ts';
import { STEP_NAMES } from './play.ts';
import {
  boardDrawing,
  boardOf,
  factorsText,
  hexName,
  pieceDrawing,
  pieceDrawings,
  pieceName,
  placeWords,
  scenarioOf,
  weatherOf,
} from './presentation-board.ts';
import { reference } from './presentation-reference.ts';
import type { RulesScenario, Side } from './rules-scenario.ts';
import { seaController } from './sea.ts';
import { attackFactor, type BarbarossaState, type Supply } from './state.ts';
import { supplyStatuses } from './supply.ts';
import { victoryTally } from './victory.ts';

type View = BarbarossaView;

/** Fields added by later rules (air missions, the tank-group choice), read if present. */
interface Later {
  readonly airMission?: { readonly kind: string; readonly piece: string; readonly target: number } | null;
  readonly tankGroupChoice?: string;
}
const later = (v: View): Later => v as unknown as Later;

const MISSION_WORDS: Readonly<Record<string, string>> = {
  strike: 'airstrike',
  support: 'close air support',
  supply: 'air supply',
};

const SIDE_NAMES: Readonly<Record<string, string>> = { axis: 'OKH (Axis)', soviet: 'Stavka (Soviet)' };
export const sideName = (side: string): string => SIDE_NAMES[side] ?? side;

const CITE_SEQUENCE = 'barbarossa-1941 "GAME-TURN SEQUENCE"';
const CITE_GENERAL = 'barbarossa-1941 "General Rule"';

/* ---------------------------------------------------------------------------------- */
/* Prompts                                                                              */

function stepHelp(v: View): string {
  const axis = v.player === 'axis';
  switch (v.step) {
    case 'reinforce':
      return axis
        ? 'A.1: place the arrivals (click one in the tray, then a green hex); select a unit to light its rail net (rail moves arrive Disrupted, B-38); advance the railheads and the rail conversion markers; flip armies to their strong side (B-39). Then continue.'
        : 'B.1: place the arrivals on the eastern edge (green); rail and sea moves (select a unit: its rail net and ports light up); re-hide revealed armies (B-18), call the Siberian Reserve (B-43), evacuate factories, entrench. Then continue.';
    case 'attacks-first':
      return `${axis ? 'A.2' : 'B.2'}: attacks before operational movement. Select an unmoved unit and click an enemy hex (orange) to allocate it; the preview shows the odds and the chance of each result. Resolve each attack (click the outlined hex), or continue to movement.`;
    case 'movement':
      return `${v.breakthrough ? (axis ? 'A.6 breakthrough' : 'Proriv!') : axis ? 'A.3' : 'B.3'}: select a unit: blue hexes are within its OMF (it may still attack), pale blue only with the OMB (no attack). Orange: enemy hexes it may attack (allocate). End movement when every attack is legal${axis ? '' : ' and every hex owed an attack (red, B-14) is attacked'}.`;
    case 'combat':
      return `${axis ? 'A.5' : 'B.5'}: resolve the declared attacks one by one (click an outlined hex, or the buttons; the preview shows each result's exact chance).${axis ? ' Axis attacks may be cancelled.' : ''} End combat when none is left.`;
    case 'over':
      return 'The game is over.';
    default:
      return 'Choose one of the actions offered.';
  }
}

function phaseHelp(v: View, s: RulesScenario): string {
  const c = v.combat!;
  const at = hexName(s, c.target);
  switch (c.phase) {
    case 'orders':
      return `Defender: the attack on ${at} is shown beside the map (odds, every shift, the chance of each result). Give No Retreat! orders to defenders (B-4), or none, before the roll.`;
    case 'forced-exchange':
      return 'Attacker: declare a Forced Exchange on the No Retreat! defenders (B-4), or not.';
    case 'avoid-exchange':
      return 'German defender: accept a D3 instead of the Forced Exchange (B-4), or take the exchange.';
    case 'exchange-choice':
      return 'German attacker in Good weather: pay the exchange, or have attackers and defenders all Disrupted instead (BD, B-5).';
    case 'losses':
      return `Attacker: eliminate attacking units (click them, or the buttons), or flip a German army to its weak side, to cover ${c.lossesOwed} more attack factor${c.lossesOwed === 1 ? '' : 's'} (B-5).`;
    case 'retreat-length':
      return 'Attacker: choose how many hexes the defenders retreat (0-n, B-3); the defender then picks the route.';
    case 'retreat': {
      const d = c.toRetreat[0];
      return `Defender: click a pink hex to retreat ${d ? pieceName(s, v, d) : 'the unit'} (or stay where the result allows).`;
    }
    case 'advance':
      return 'Attacker: advance into the vacated hex or beside it (green), or end the advance.';
    case 'survivor':
      return 'Owner of the eliminated unit: a weak division may survive it and retreat as for a D3 (pink hexes), or none (B-52).';
    default:
      return 'Choose one of the actions offered.';
  }
}

/** A step inserted before the ordinary ones (an interception answer, the blind tank-group choice). */
function interlude(v: View, s: RulesScenario): { step: string; help: string } | null {
  const m = later(v).airMission;
  if (m)
    return {
      step: 'Interception',
      help: `The enemy flies ${MISSION_WORDS[m.kind] ?? m.kind} with ${pieceName(s, v, m.piece)} to ${hexName(s, m.target)}: intercept it with one of your air units in range (B-58), or let it fly.`,
    };
  if (later(v).tankGroupChoice === 'pending')
    return {
      step: 'Set-up: the extra tank group',
      help: 'B-53: choose blindly which of the two face-down Russian tank groups is in play, A or B; neither shows what it is.',
    };
  return null;
}

function prompt(v: View, side: string | null, mine: boolean, outcome: GameOutcome | null): Prompt {
  const s = scenarioOf(v);
  const extra = v.step !== 'over' && !outcome ? interlude(v, s) : null;
  if (extra)
    return {
      step: extra.step,
      help: mine ? extra.help : `Waiting for ${side ? sideName(side) : 'the other side'}…`,
    };
  const step = `${v.player === 'axis' ? 'German' : 'Russian'} ${STEP_NAMES[v.step] ?? v.step}${v.breakthrough ? ' (breakthrough, B-9)' : ''}`;
  const help = mine
    ? v.combat
      ? phaseHelp(v, s)
      : stepHelp(v)
    : v.step === 'over' || outcome
      ? outcome
        ? result(outcome)
        : 'The game is over.'
      : `Waiting for ${side ? sideName(side) : 'the other side'}…`;
  return {
    step: v.step === 'over' ? 'game over' : step,
    ...(v.combat ? { detail: `combat at ${hexName(s, v.combat.target)}: ${v.combat.phase}` } : {}),
    help,
  };
}

/* ---------------------------------------------------------------------------------- */
/* Actions in words                                                                     */

function gambleWords(g: Gamble): string {
  const cols = BARBAROSSA_CRT.columnLabels;
  return g.kind === 'round-up'
    ? `round-up roll for ${cols[g.target]} (else ${cols[g.fallBack]}), B-7`
    : `press ${g.columns} column${g.columns === 1 ? '' : 's'} (${g.procedure === 'split' ? 'split die' : 'rolled'}), B-8`;
}

const HEX_KEYS = new Set(['to', 'target', 'hex', 'from', 'at']);

/** Any action, including kinds added after this file: its type and its fields in words. */
function genericWords(s: RulesScenario, v: View, a: Action): string {
  const parts = Object.entries(a)
    .filter(([k]) => k !== 'type')
    .map(([k, x]) => {
      if (HEX_KEYS.has(k) && typeof x === 'number') return `${k} ${hexName(s, x)}`;
      if ((k === 'piece' || k === 'unit') && typeof x === 'string') return pieceName(s, v, x);
      if (Array.isArray(x))
        return x.map((y) => (typeof y === 'string' ? pieceName(s, v, y) : String(y))).join(', ');
      return `${k} ${typeof x === 'object' ? JSON.stringify(x) : String(x)}`;
    });
  const kind = a.type.replace(/-/g, ' ');
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

function describe(v: View, a: Action): string {
  const s = scenarioOf(v);
  const name = (id: unknown) => pieceName(s, v, String(id));
  const designation = (id: unknown) => {
    const p = v.pieces[String(id)];
    return p?.unit ? (s.units[p.unit]?.designation ?? String(id)) : name(id);
  };
  const at = (h: unknown) => (typeof h === 'number' ? hexName(s, h) : String(h));
  switch (a.type) {
    case 'end-step':
      return v.step === 'reinforce' ? 'Continue to the attacks before movement' : 'Continue to movement';
    case 'rehide':
      return `Turn ${name(a.piece)} face down again (B-18)`;
    case 'place':
      return `${name(a.piece)} enters at ${at(a.hex)}`;
    case 'rail':
      return `${name(a.piece)} by rail to ${at(a.to)} (arrives Disrupted)`;
    case 'convert':
      return `Convert the track to ${at(a.to)} to the German gauge`;
    case 'railhead':
      return `Advance railhead ${Number(a.index) + 1} to ${at(a.to)}`;
    case 'flip-strong':
      return `Flip ${name(a.piece)} to its strong side (B-39)`;
    case 'call-siberians':
      return 'Call the Siberian Reserve (B-43): one shock army a turn; before December, two dice of 1-2 (1 in 9) each turn lose the game';
    case 'load-factory':
      return `Evacuate ${name(a.piece)} (B-51)`;
    case 'entrench':
      return `Entrench ${name(a.piece)}`;
    case 'air-support':
      return `${name(a.piece)} supports the attack on ${at(a.target)} (B-13, B-46)`;
    case 'sea': {
      // B-47: sunk on a 1 under friendly control of the port's sea, on 1-3 otherwise.
      const port = s.ports.find((x) => x.hex === a.to);
      const control = port ? seaController(v as unknown as BarbarossaState, s, port.sea) : null;
      const risk = control === v.pieces[String(a.piece)]?.side ? 1 : 3;
      return `${name(a.piece)} by sea to ${at(a.to)}: sunk on 1${risk > 1 ? `-${risk}` : ''} (${risk} in 6), else arrives Disrupted (B-47)`;
    }
    case 'overrun':
      return `Overrun ${at(a.target)} with ${(a.pieces as string[]).length} unit${(a.pieces as string[]).length === 1 ? '' : 's'}: ${(a.pieces as string[]).map(designation).join(', ')} (B-42)`;
    case 'katyusha':
      return `Katyusha ${name(a.piece)} strikes ${at(a.target)} (B-10)`;
    case 'move':
      return `Move ${name(a.piece)} to ${at(a.to)}`;
    case 'allocate':
      return `${name(a.piece)} attacks ${at(a.target)}`;
    case 'unallocate':
      return `Take ${name(a.piece)} out of its attack`;
    case 'resolve':
      return `Resolve the attack on ${at(a.target)}${a.gamble ? `: ${gambleWords(a.gamble as Gamble)}` : ''}${a.ignoreRiver ? ', ignoring the river defense shift (B-44)' : ''}`;
    case 'cancel':
      return `Cancel the attack on ${at(a.target)}`;
    case 'end-movement':
      return 'End movement: resolve the attacks';
    case 'end-combat':
      return v.breakthrough
        ? 'End combat and the player-turn'
        : `End combat: on to the ${v.player === 'axis' ? 'breakthrough (A.6)' : 'Proriv! (B-9)'}`;
    case 'no-retreat':
      return `No Retreat! for ${name(a.piece)} (B-4)`;
    case 'orders-done':
      return v.combat && v.combat.noRetreat.length > 0 ? 'Orders given: roll' : 'No orders: roll';
    case 'forced-exchange':
      return a.declare ? 'Declare the Forced Exchange (B-4)' : 'No Forced Exchange';
    case 'avoid-exchange':
      return a.takeD3 ? 'Take a D3 instead of the Forced Exchange (B-4)' : 'Take the Forced Exchange';
    case 'exchange-choice':
      return a.pay ? 'Pay the exchange' : 'Both sides Disrupted instead (BD, B-5)';
    case 'lose': {
      const p = v.pieces[String(a.piece)];
      const u = p?.unit ? s.units[p.unit] : undefined;
      return `Eliminate ${name(a.piece)}${u && p ? ` (${attackFactor(u, p)} attack factor${attackFactor(u, p) === 1 ? '' : 's'})` : ''}`;
    }
    case 'flip':
      return `Flip ${name(a.piece)} to its weak side to cover the exchange`;
    case 'retreat-length':
      return `Retreat ${String(a.hexes)} hex${a.hexes === 1 ? '' : 'es'}`;
    case 'retreat':
      return `Retreat ${name(a.piece)} to ${at(a.to)}`;
    case 'advance':
      return `Advance ${name(a.piece)} to ${at(a.to)}`;
    case 'end-advance':
      return 'End advance';
    case 'rebuild-korps':
      return `Rebuild ${name(a.piece)} from replacement factors`;
    case 'survivor':
      return Number(a.to) < 0
        ? 'No weak division survives (B-52)'
        : `A weak division survives: ${name(a.piece)} retreats to ${at(a.to)} (B-52)`;
    case 'choose-tank-group':
      return `Tank group ${String(a.group)} (B-53)`;
    case 'airfield':
      return `Move ${name(a.piece)}'s airfield to ${at(a.to)}${a.rail ? ' by rail' : ''} (B-56)`;
    case 'airstrike':
      return `${name(a.piece)} strikes ${at(a.target)} (B-57)`;
    case 'air-supply':
      return `${name(a.piece)} supplies ${at(a.target)} by air (B-59)`;
    case 'intercept':
      return `Intercept with ${name(a.piece)} (B-58)`;
    case 'no-intercept':
      return 'No interception: let it fly';
    case 'undo':
      return 'Undo';
    default:
      return genericWords(s, v, a);
  }
}

/* ---------------------------------------------------------------------------------- */
/* What the map lights                                                                  */

/** The piece every action is about when nothing is selected (the one unit to retreat...). */
function solePiece(actions: readonly Action[]): string | null {
  let one: string | null = null;
  for (const a of actions) {
    if (typeof a.piece !== 'string') continue;
    if (one === null) one = a.piece;
    else if (one !== a.piece) return null;
  }
  return one;
}

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
  // An arrival waits off the map: with nothing selected, the first one's entry hexes are lit.
  const firstArrival = v.arrivals.find((id) => actions.some((a) => a.type === 'place' && a.piece === id));
  const sel = selected ?? solePiece(actions) ?? (v.step === 'reinforce' ? (firstArrival ?? null) : null);
  let bonus: Set<number> | null = null;
  if (
    sel &&
    v.step === 'movement' &&
    v.pieces[sel] &&
    actions.some((a) => a.type === 'move' && a.piece === sel)
  ) {
    bonus = new Set(
      moveOptions(boardOf(v), sel, { paths: false })
        .filter((m) => m.bonus)
        .map((m) => m.to),
    );
  }
  // Resolving first: a unit selected to join an attack lights the same hex, and wins.
  for (const a of actions)
    if (a.type === 'resolve' && !a.gamble && !a.ignoreRiver) mark(hex(a.target), 'attack', a);
  for (const a of actions) {
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
        if (!['resolve', 'cancel', 'undo'].includes(a.type) && (a.piece === undefined || mine)) {
          const h = hex(a.to ?? a.target ?? a.hex);
          if (h >= 0 && (a.piece !== undefined || sel === null)) mark(h, 'target', a);
        }
    }
  }
  return out;
}

function supplyNow(v: View): Record<string, Supply> {
  const out: Record<string, Supply> = {};
  for (const id of v.order) out[id] = v.pieces[id]!.supply;
  return out;
}

/** The hexes the Russian player still owes an attack (B-14), with the attack that makes each owed. */
function owedHexes(v: View): { hex: number; because: number; atLeast: number }[] {
  if (
    v.player !== 'soviet' ||
    (v.step !== 'movement' && v.step !== 'attacks-first') ||
    v.attacks.length === 0
  )
    return [];
  const board = boardOf(v);
  const cols: { target: number; attackers: string[]; column: number }[] = [];
  for (const a of v.attacks) {
    const ev = evaluateAttack(board, a.attackers, a.target, { supply: supplyNow(v), air: a.air ?? [] });
    if (!isRefusal(ev)) cols.push({ target: a.target, attackers: a.attackers, column: ev.column });
  }
  return mustAttackUnmet(board, cols).map((o) => ({ hex: o.hex, because: o.because, atLeast: o.atLeast }));
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
/* Previews                                                                             */

function movePreview(v: View, piece: string, to: number) {
  if (v.step !== 'movement' || !v.pieces[piece] || v.pieces[piece]!.side !== v.player) return null;
  const m = moveOptions(boardOf(v), piece).find((o) => o.to === to);
  if (!m) return null;
  const mf = m.cost / 2;
  return {
    path: m.path,
    cost: `${mf} MF${m.bonus ? ' with the OMB: no attack' : ''}`,
  };
}

const RESULT_MEANINGS = Object.fromEntries(
  Object.entries(BARBAROSSA_CRT.resultInfo).map(([k, x]) => [k, x.text]),
);
const RESULT_NAMES = Object.fromEntries(
  Object.entries(BARBAROSSA_CRT.resultInfo).map(([k, x]) => [k, x.name]),
);

/**
 * The attack on `target` before its roll: the declared attackers (plus the selected unit
 * if it may join), evaluated by the rules' own `evaluateAttack` and read by the
 * calculator's `barbarossaCalc`; during the defender's No Retreat! orders, the combat
 * fixed at its start (the same for both sides).
 */
function combatPreview(
  v: View,
  side: string | null,
  at: { readonly target: number; readonly selected: string | null; readonly actions: readonly Action[] },
): CombatPreviewData | null {
  const s = scenarioOf(v);
  const { target, selected } = at;
  if (target < 0) return null;
  const board = boardOf(v);
  const c = v.combat;
  if (c && c.target === target && c.roll === null) return fixedCombatPreview(v, s, board);
  if (v.step !== 'attacks-first' && v.step !== 'movement' && v.step !== 'combat') return null;
  if (c || !side || side !== v.player) return null;
  const declared = v.attacks.find((a) => a.target === target);
  const units = [...(declared?.attackers ?? [])];
  if (
    selected &&
    !units.includes(selected) &&
    at.actions.some((a) => a.type === 'allocate' && a.piece === selected && a.target === target)
  )
    units.push(selected);
  if (units.length === 0) return null;
  const air = declared?.air ?? [];
  const ev = evaluateAttack(board, units, target, { supply: supplyNow(v), air });
  const title = `${declared ? 'Attack' : 'Proposed attack'} on ${hexName(s, target)}`;
  const attackItems = units.map((id) => {
    const u = board.unit(id);
    const p = v.pieces[id]!;
    const f = attackFactor(u, p);
    const face = p.unit === null;
    return {
      value: f,
      reason: `${pieceName(s, v, id)}${face ? ' (counts 2 until revealed at the roll)' : p.weak ? ' (weak side)' : ''}`,
      ...(face ? { cite: 'B-18' } : {}),
    };
  });
  const hidden = (board.at[target] ?? []).some((d) => v.pieces[d]!.unit === null);
  const notes = [
    ...(hidden
      ? [
          'Face-down defenders count as 2 until revealed at the roll: the real odds may differ (RULINGS B-18; below 1:5 then read at 1:5, B-32).',
        ]
      : []),
    ...(air.length === 0 && side === 'axis'
      ? ['Air support may be added to a declared attack (B-13: not more than doubling the odds).']
      : []),
  ];
  if (isRefusal(ev)) {
    return {
      title,
      attack: attackItems.reduce((t, x) => t + x.value, 0),
      attackItems,
      defense: 0,
      defenseItems: [],
      report: null,
      refusal: ev.message,
      notes,
      meanings: RESULT_MEANINGS,
      names: RESULT_NAMES,
    };
  }
  const defenders = ev.defenders.map((d) => d.id);
  const disrupted = defenders.length > 0 && defenders.every((d) => v.pieces[d]!.disrupted);
  const calc = barbarossaCalc({ attack: ev.attack, defense: ev.defense, shifts: ev.shifts, disrupted });
  const someDisrupted = !disrupted && defenders.some((d) => v.pieces[d]!.disrupted);
  const gambles = at.actions
    .filter((a) => a.type === 'resolve' && a.target === target && a.gamble)
    .map(
      (a) =>
        `${gambleWords(a.gamble as Gamble)}: ${gambleChances(ev.attack, ev.defense, ev.shifts, a.gamble as Gamble, v.player)}`,
    );
  return {
    title,
    attack: ev.attack,
    attackItems,
    defense: ev.defense,
    defenseItems: ev.defenders.map((d) => ({
      value: d.modified,
      reason: `${pieceName(s, v, d.id)}${v.pieces[d.id]!.disrupted ? ', Disrupted' : ''}${d.reasons.length ? `: ${d.printed} printed, ${d.reasons.join('; ')}` : ''}`,
      ...(d.reasons.length ? { cite: 'B-26, B-27' } : {}),
    })),
    report: calc.ok ? calc.report : null,
    refusal: calc.ok ? null : calc.refusal.message,
    notes: [
      ...notes,
      ...(someDisrupted ? ['Disrupted defenders read the next column, individually (B-6).'] : []),
      ...gambles.map((x) => `Gamble offered (optional rule): ${x}.`),
    ],
    meanings: RESULT_MEANINGS,
    names: RESULT_NAMES,
  };
}

/** A gamble's results and their chances, by the calculator (B-7, B-8). */
function gambleChances(
  attack: number,
  defense: number,
  shifts: readonly Shift[],
  g: Gamble,
  side: Side,
): string {
  const cols = BARBAROSSA_CRT.columnLabels;
  const calc =
    g.kind === 'round-up'
      ? barbarossaCalc({
          attack,
          defense,
          shifts,
          roundUp: { target: cols[g.target]!, fallBack: cols[g.fallBack]! },
        })
      : barbarossaCalc({
          attack,
          defense,
          shifts,
          press: { columns: g.columns, procedure: g.procedure, side },
        });
  if (!calc.ok) return calc.refusal.message;
  const r = calc.report;
  const odds = r.chances.map((c) => `${c.result} ${Math.round(c.probability * 100)}%`).join(', ');
  return `${r.gamble ? `${r.gamble.chanceInSix} in 6 for ${r.gamble.success}, else ${r.gamble.failure}; ` : ''}${odds}`;
}

/** The combat being resolved, before its roll: its column fixed at its start, shown to both sides. */
function fixedCombatPreview(v: View, s: RulesScenario, board: Board): CombatPreviewData {
  const c = v.combat!;
  const attackItems = c.attackers
    .filter((id) => v.pieces[id]?.status === 'map')
    .map((id) => ({ value: attackFactor(board.unit(id), v.pieces[id]!), reason: pieceName(s, v, id) }));
  const attack = attackItems.reduce((t, x) => t + x.value, 0);
  const defenseItems = c.defenders.map((d) => ({
    value: c.defense[d] ?? 0,
    reason: `${pieceName(s, v, d)}${v.pieces[d]?.disrupted ? ', Disrupted' : ''}${c.noRetreat.includes(d) ? ', No Retreat!' : ''}`,
  }));
  const defense = Math.max(
    1,
    defenseItems.reduce((t, x) => t + x.value, 0),
  );
  // The shifts as the rules evaluate this attack now (its attackers counted as not yet attacked);
  // what the declaration fixed beyond them (air support, a river ignored) is one item more.
  const asDeclared = {
    ...v,
    pieces: Object.fromEntries(
      Object.entries(v.pieces).map(([id, p]) => [
        id,
        c.attackers.includes(id) ? { ...p, attacked: false } : p,
      ]),
    ),
    step: 'movement' as const,
    combat: null,
  };
  const again = evaluateAttack(boardOf(asDeclared as View), c.attackers, c.target, { supply: supplyNow(v) });
  const raw = oddsColumn(BARBAROSSA_CRT, attack, defense);
  const shifts: Shift[] = isRefusal(again) ? [] : [...again.shifts];
  const rest = c.column - Math.max(0, raw) - shifts.reduce((t, x) => t + x.by, 0);
  if (rest !== 0)
    shifts.push({
      by: rest,
      reason: 'fixed at the declaration (air support, a river ignored, the 1:5 floor)',
      cite: 'B-13, B-32, B-44',
    });
  const disrupted = c.defenders.length > 0 && c.defenders.every((d) => v.pieces[d]?.disrupted);
  // B-8's split die: the column was fixed before the press; the calculator reads both.
  const calc = c.split
    ? barbarossaCalc({
        attack,
        defense,
        shifts,
        press: { columns: c.split.high - c.column, procedure: 'split', side: v.player },
      })
    : barbarossaCalc({ attack, defense, shifts, disrupted });
  return {
    title: `Attack on ${hexName(s, c.target)}`,
    attack,
    attackItems,
    defense,
    defenseItems,
    report: calc.ok ? calc.report : null,
    refusal: null,
    notes: [
      `Resolved on ${BARBAROSSA_CRT.columnLabels[c.column]}${c.split ? ` (split die: 4-6 on ${BARBAROSSA_CRT.columnLabels[c.split.high]}, 1-3 on ${BARBAROSSA_CRT.columnLabels[c.split.low]})` : ''}.`,
    ],
    meanings: RESULT_MEANINGS,
    names: RESULT_NAMES,
  };
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
  'The Axis wins at once (end of a Russian player-turn in 1941) holding 7 victory points in supply, including Leningrad, Moscow or Stalingrad (B-12).',
  'The Russian player wins at once holding Warsaw, or Bucharest and Ploesti, in supply at the end of an Axis player-turn (Strategic Smashing Victory).',
  'At the end: the Axis with 7 or more points wins, 6 is a draw, 5 or fewer a Russian win (B-12, B-33: cities held in supply).',
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

function result(o: GameOutcome): string {
  if (o.winner === null) return `A draw: ${o.summary}.`;
  return `${sideName(o.winner)} wins: ${o.summary}.`;
}

/* ---------------------------------------------------------------------------------- */
/* The wargamer's table                                                                 */

function turnMarker(e: LogEntry): TurnMarker | null {
  if (e.kind !== 'phase') return null;
  const m = /^turn (\d+) \(([^)]*)\): (German|Russian) player-turn/.exec(e.text);
  if (!m) return null;
  const side = m[3] === 'German' ? 'axis' : 'soviet';
  return { side, label: `Turn ${m[1]} (${m[2]}), ${sideName(side)}` };
}

function rollBanner(v: View, log: readonly LogEntry[], index: number): RollBanner | null {
  const e = log[index];
  const d = e?.data;
  if (e?.kind !== 'combat' || !d || typeof d.roll !== 'number' || typeof d.results !== 'object') return null;
  const s = scenarioOf(v);
  const m = /^rolled \d+ on ([^:]+:[^:]+):/.exec(e.text);
  let title = 'Combat';
  let side: string | null = null;
  for (let i = index - 1; i >= 0; i--) {
    const before = log[i]!;
    if (title === 'Combat' && before.kind === 'combat' && typeof before.data?.target === 'number')
      title = `Attack on ${hexName(s, before.data.target)}`;
    const mark = turnMarker(before);
    if (mark) {
      side = mark.side;
      break;
    }
  }
  const results = Object.values(d.results as Record<string, string>);
  const codes = [...new Set(results)];
  return {
    title,
    side,
    roll: d.roll,
    column: m?.[1] ?? '',
    row: String(d.roll),
    result: codes.join(' / '),
    meaning: codes.map((c) => `${c}: ${BARBAROSSA_CRT.resultInfo[c]?.name ?? c}`).join('; '),
    next: e.text.replace(/^rolled \d+ on [^:]+:[^:]+: /, 'Per defender: '),
    cite: 'barbarossa-1941 "Combat Results Definitions"',
  };
}

function turnSummary(v: View, entries: readonly LogEntry[]): string[] {
  let moves = 0;
  let rail = 0;
  const out: string[] = [];
  const losses: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.kind === 'move') moves++;
    else if (e.kind === 'rail') rail++;
    else if (e.kind === 'eliminated') losses.push(e.text.replace(/ eliminated.*$/, ''));
    else if (e.kind === 'reveal' || e.kind === 'victory') out.push(e.text);
    else {
      const b = rollBanner(v, entries, i);
      if (b) out.push(`${b.title}: ${b.column}, rolled ${b.roll}: ${b.result}`);
    }
  }
  const lead = [
    moves ? `${moves} move${moves === 1 ? '' : 's'}` : '',
    rail ? `${rail} rail or railhead move${rail === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return [
    ...(lead ? [`${lead}.`] : []),
    ...out,
    ...(losses.length ? [`Eliminated: ${losses.join(', ')}.`] : []),
    ...(!lead && out.length === 0 && losses.length === 0 ? ['Nothing moved and no attack was made.'] : []),
  ];
}

function logDrawing(v: View, e: LogEntry): LogDrawing | null {
  const d = e.data;
  if (Array.isArray(d?.path) && (e.kind === 'move' || e.kind === 'retreat')) {
    const path = (d.path as unknown[]).filter((h): h is number => typeof h === 'number' && h >= 0);
    if (path.length > 0) return { nodes: [path[path.length - 1]!], path };
  }
  if (e.kind === 'combat' && typeof d?.target === 'number') {
    const to = d.target;
    const from = Array.isArray(d.attackers)
      ? (d.attackers as unknown[])
          .map((id) => v.pieces[String(id)])
          .filter((p) => p && p.status === 'map' && p.at >= 0 && p.at !== to)
          .map((p) => p!.at)
      : [];
    return { nodes: [to], arrows: [...new Set(from)].map((f) => ({ from: f, to, kind: 'attack' as const })) };
  }
  if (typeof d?.hex === 'number' && d.hex >= 0) return { nodes: [d.hex] };
  const s = scenarioOf(v);
  const nodes: number[] = [];
  for (const m of e.text.matchAll(/\b\d{4}\b/g)) {
    const h = s.hexNumbers.indexOf(m[0]);
    if (h >= 0 && !nodes.includes(h)) nodes.push(h);
  }
  return nodes.length ? { nodes } : null;
}

function missing(v: View, side: string | null, actions: readonly Action[]): MissingControl[] {
  if (!side || actions.length === 0 || v.combat) return [];
  const s = scenarioOf(v);
  const has = (t: string) => actions.some((a) => a.type === t);
  const out: MissingControl[] = [];
  if (v.step === 'reinforce' && !has('end-step') && v.arrivals.length > 0)
    out.push({
      control: 'Continue',
      why: `${v.arrivals.length} arrival${v.arrivals.length === 1 ? '' : 's'} still to place (the tray): every arrival that can enter must`,
      cite: 'barbarossa-1941 "Reinforcements and Replacements"',
    });
  if (v.step === 'movement' && !has('end-movement')) {
    const board = boardOf(v);
    for (const a of v.attacks) {
      const ev = evaluateAttack(board, a.attackers, a.target, { supply: supplyNow(v), air: a.air ?? [] });
      if (isRefusal(ev))
        out.push({
          control: 'End movement',
          why: `the attack on ${hexName(s, a.target)} may not be made: ${ev.message}`,
          cite: 'barbarossa-1941 CRT note',
          nodes: [a.target],
        });
    }
    const owed = owedHexes(v);
    if (owed.length)
      out.push({
        control: 'End movement',
        why: `${owed.map((o) => hexName(s, o.hex)).join(', ')} ${owed.length === 1 ? 'is' : 'are'} owed an attack (red): UnDisrupted German armies and korps next to your attackers and their target must be attacked at odds at least equal`,
        cite: `${CITE_GENERAL}, B-14`,
        nodes: owed.map((o) => o.hex),
      });
  }
  if (v.step === 'combat' && !has('end-combat') && v.attacks.length > 0)
    out.push({
      control: 'End combat',
      why: `${v.attacks.length} declared attack${v.attacks.length === 1 ? '' : 's'} still to resolve${v.player === 'axis' ? ' or cancel' : ''}`,
      cite: CITE_SEQUENCE,
      nodes: v.attacks.map((a) => a.target),
    });
  return out;
}

function nodeAction(
  v: View,
  actions: readonly Action[],
  node: number,
  selected: string | null,
): Action | null {
  const ids = [...(boardOf(v).at[node] ?? [])].reverse();
  const find = (type: string, id: string) => actions.find((a) => a.type === type && a.piece === id) ?? null;
  if (v.combat?.phase === 'losses')
    for (const id of ids) {
      const a = find('lose', id);
      if (a) return a;
    }
  if (v.combat?.phase === 'orders')
    for (const id of ids) {
      const a = find('no-retreat', id);
      if (a) return a;
    }
  // A unit of an attack clicked again while selected: taken out of its attack.
  if (selected && ids.includes(selected)) return find('unallocate', selected);
  return null;
}

function arrows(v: View): Arrow[] {
  const out: Arrow[] = [];
  for (const a of v.attacks)
    for (const id of a.attackers) {
      const p = v.pieces[id];
      if (p && p.status === 'map' && p.at >= 0) out.push({ from: p.at, to: a.target, kind: 'attack' });
    }
  if (v.combat) for (const f of v.combat.from) out.push({ from: f, to: v.combat.target, kind: 'attack' });
  return out;
}

/** The arrivals waiting off the map (A.1 / B.1): the tray, each with where it may enter. */
function tray(v: View, side: string | null, actions: readonly Action[]): SetupTray | null {
  if (v.step !== 'reinforce' || !side || side !== v.player) return null;
  const s = scenarioOf(v);
  const waiting = v.arrivals.filter((id) => v.pieces[id]?.side === side);
  if (waiting.length === 0) return null;
  const placeable = new Set(actions.filter((a) => a.type === 'place').map((a) => String(a.piece)));
  return {
    heading: `${sideName(side)}: ${waiting.length} arrival${waiting.length === 1 ? '' : 's'} to place`,
    limits: [
      side === 'axis'
        ? 'Scheduled arrivals enter at their listed hexes, rebuilt units at any railhead (B-37, B-49).'
        : 'Russian armies and rebuilt tank units enter on the eastern edge; Siberians by their own rule (B-37, B-43, B-48).',
      'Every arrival that can enter must; a hex with an enemy unit, or full, is closed.',
    ],
    pieces: waiting.map((id) => {
      const drawn = pieceDrawing(s, v, id, true);
      if (!drawn) throw new Error(`arrival ${id} is no piece`);
      const ok = placeable.has(id);
      return { ...drawn, at: -1, placeable: ok, ...(ok ? {} : { why: 'no entry hex is open to it now' }) };
    }),
  };
}

export const barbarossaPresentation: Presentation<View> = {
  board: boardDrawing,
  pieces: pieceDrawings,
  prompt,
  describe,
  targets,
  marks,
  buttons,
  keepsSelection: (a) => a.type === 'allocate' || a.type === 'air-support',
  movePreview,
  combatPreview,
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
  score,
  result,
  sideName,
  logDetail: (e) => (e.data && typeof e.data.roll === 'number' ? ` [rolled ${e.data.roll}]` : ''),
  rollBanner,
  turnMarker,
  turnSummary,
  logDrawing,
  missing,
  focus: (v) => v.combat?.target ?? later(v).airMission?.target ?? null,
  nodeAction,
  buttonGroup: (_v, a) => buttonGroup(a),
  arrows: (v) => arrows(v),
  tray,
  reference,
};

export type { BarbarossaState };
export { describe as describeAction, prompt as promptOf, targets as targetsOf };
export default barbarossaPresentation;
