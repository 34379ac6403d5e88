/**
 * Barbarossa 1941's prompts and actions in words, for the browser: what each step of
 * both asymmetric player-turns asks ("GAME-TURN SEQUENCE", A.1-A.9, B.1-B.8, each combat
 * phase, the interception answer of B-58, the blind tank-group choice of B-53), every
 * action in words with its rule, and a generic line for an action kind added later.
 */
import type { Action, GameOutcome, Prompt } from '@stavka/engine';
import { AIR_TABLE, beyondHalfRange, strikeChances } from './air.ts';
import { BARBAROSSA_CRT } from './combat.ts';
import { EXCHANGE_RATE, exchangeOutcome, isExchange } from './combat-results.ts';
import type { BarbarossaView } from './hidden.ts';
import type { Gamble } from './odds-gambles.ts';
import { STEP_NAMES } from './play.ts';
import { boardOf, hexName, pieceName, publicState, scenarioOf } from './presentation-board.ts';
import type { RulesScenario } from './rules-scenario.ts';
import { seaController } from './sea.ts';
import { attackFactor } from './state.ts';
import { victoryTally } from './victory.ts';

export type View = BarbarossaView;

const MISSION_WORDS: Readonly<Record<string, string>> = {
  strike: 'airstrike',
  support: 'close air support',
  supply: 'air supply',
};

const SIDE_NAMES: Readonly<Record<string, string>> = { axis: 'OKH (Axis)', soviet: 'Stavka (Soviet)' };
export const sideName = (side: string): string => SIDE_NAMES[side] ?? side;

export const CITE_SEQUENCE = 'barbarossa-1941 "GAME-TURN SEQUENCE"';
export const CITE_GENERAL = 'barbarossa-1941 "General Rule"';

/* ---------------------------------------------------------------------------------- */
/* Prompts                                                                              */

function stepHelp(v: View): string {
  const axis = v.player === 'axis';
  switch (v.step) {
    case 'reinforce':
      // No word of arrivals when none waits (issue #45 item 8: the tray is empty on turn 1).
      if (!v.arrivals.some((id) => v.pieces[id]?.side === v.player))
        return axis
          ? 'A.1: no arrivals this turn. Select a unit to light its rail net (rail moves arrive Disrupted, B-38); advance the railheads and the rail conversion markers; flip armies to their strong side (B-39). Then continue.'
          : 'B.1: no arrivals this turn. Rail and sea moves (select a unit: its rail net and ports light up); re-hide revealed armies (B-18), call the Siberian Reserve (B-43), evacuate factories, entrench. Then continue.';
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
      return 'German attacker in Good weather: pay the exchange, opt for nil (nothing happens, B-62), or for an X/2 or X have attackers and defenders all Disrupted instead (BD, B-5).';
    case 'losses':
      return `Attacker: eliminate attacking units (click them, or the buttons), or flip a German army to its weak side, to cover ${c.lossesOwed} more attack factor${c.lossesOwed === 1 ? '' : 's'} (B-5).`;
    case 'retreat-length':
      return 'Attacker: choose how many hexes each defender retreats (0-n by its own result, B-3); the defender then picks the route.';
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
  const m = v.airMission;
  if (m)
    return {
      step: 'Interception',
      help: `The enemy flies ${MISSION_WORDS[m.kind] ?? m.kind} with ${pieceName(s, v, m.piece)} to ${hexName(s, m.target)}: intercept it with one of your air units in range (B-58), or let it fly.`,
    };
  if (v.suddenDeath === 'offered') {
    const t = victoryTally(boardOf(v), 'axis');
    return {
      step: 'German Victory Determination (B.7)',
      help: `The Axis holds ${t.points} victory points in supply (${t.cities.join(', ')}), including Leningrad, Moscow or Stalingrad: claim the win now, or play on to January II (B-70). Playing on, 10 or more points then are a Strategic, Smashing Victory worth 2 games; otherwise the usual end decides (a draw at 6, a Russian win at 5 or less), and there is no second offer.`,
    };
  }
  if (v.tankGroupChoice === 'pending')
    return {
      step: 'Set-up: the extra tank group',
      help: 'B-53: choose blindly which of the two face-down Russian tank groups is in play, A or B; neither shows what it is.',
    };
  return null;
}

export function prompt(v: View, side: string | null, mine: boolean, outcome: GameOutcome | null): Prompt {
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

export function gambleWords(g: Gamble): string {
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

export function describe(v: View, a: Action): string {
  const s = scenarioOf(v);
  const name = (id: unknown) => pieceName(s, v, String(id));
  const designation = (id: unknown) => {
    const p = v.pieces[String(id)];
    const d = p?.unit ? s.units[p.unit]?.designation : undefined;
    // An army's bare number ("6.") is said as its name ("6. Armee"), issue #45 item 8.
    return d && !/^\d+\.$/.test(d) ? d : name(id);
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
      return 'Call the Siberian Reserve (B-43, B-67): one shock army a turn; each arriving before December II, two dice of 1-2 (1 in 9) lose the game';
    case 'load-factory':
      return `Evacuate ${name(a.piece)} (B-51)`;
    case 'entrench':
      return `Entrench ${name(a.piece)}`;
    case 'air-support':
      return `${name(a.piece)} supports the attack on ${at(a.target)} (B-13, B-46)`;
    case 'sea': {
      // B-47: sunk on a 1 under friendly control of the port's sea, on 1-3 otherwise.
      const port = s.ports.find((x) => x.hex === a.to);
      const control = port ? seaController(publicState(v), s, port.sea) : null;
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
      return a.pay
        ? `Pay the exchange${exchangePrice(v, s)}`
        : a.nil
          ? 'Opt for nil instead: nothing happens (B-62)'
          : 'Both sides Disrupted instead (BD, B-5)';
    case 'lose': {
      const p = v.pieces[String(a.piece)];
      const u = p?.unit ? s.units[p.unit] : undefined;
      return `Eliminate ${name(a.piece)}${u && p ? ` (${attackFactor(u, p)} attack factor${attackFactor(u, p) === 1 ? '' : 's'})` : ''}`;
    }
    case 'flip':
      return `Flip ${name(a.piece)} to its weak side to cover the exchange`;
    case 'retreat-length':
      return `Retreat ${name(a.piece)} ${String(a.hexes)} hex${a.hexes === 1 ? '' : 'es'}`;
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
    case 'airstrike': {
      // The chance of each result on each unit struck, if not intercepted (as far as this
      // side can see: a face-down army counts as what it shows).
      const odds = strikeChances(boardOf(v), String(a.piece), Number(a.target)).map(
        (o) =>
          `${name(o.unit)}: ${Object.entries(o.sixths)
            .map(([r, n]) => `${AIR_TABLE.results[r]?.name ?? r} ${n}/6`)
            .join(', ')}`,
      );
      return `${name(a.piece)} strikes ${at(a.target)} (B-57)${odds.length > 0 ? `; if not intercepted: ${odds.join('; ')}` : ''}`;
    }
    case 'air-supply': {
      // "German Air Supply at more than 50% range becomes 50% successful – determined for each unit".
      const half =
        v.pieces[String(a.piece)]?.side === 'axis' &&
        beyondHalfRange(boardOf(v), String(a.piece), Number(a.target));
      return `${name(a.piece)} supplies ${at(a.target)} by air (B-59)${half ? ': beyond half range, each unit 3 in 6' : ': sure, unless intercepted'}`;
    }
    case 'intercept':
      return `Intercept with ${name(a.piece)} (B-58)`;
    case 'no-intercept':
      return 'No interception: let it fly';
    case 'claim-victory':
      return 'Claim the sudden death victory now (B-70)';
    case 'play-on':
      return 'Play on to January II: 10 points then are a Smashing Victory worth 2 games (B-70)';
    case 'undo':
      return 'Undo';
    default:
      return genericWords(s, v, a);
  }
}

export function result(o: GameOutcome): string {
  if (o.winner === null) return `A draw: ${o.summary}.`;
  return `${sideName(o.winner)} wins: ${o.summary}.`;
}

/**
 * What paying the exchange of the combat being resolved costs (issue #45 item 6), as
 * resolution.ts reckons it: each rate's defenders against the attack factors left,
 * "Defending units surviving eXchange suffer D result" (B-5).
 */
function exchangePrice(v: View, s: RulesScenario): string {
  const c = v.combat;
  if (!c) return '';
  let attack = 0;
  for (const id of c.attackers) {
    const p = v.pieces[id];
    const u = p?.unit ? s.units[p.unit] : undefined;
    if (!p || !u) return '';
    attack += attackFactor(u, p);
  }
  const exchanged = c.defenders.filter((d) => isExchange(c.results[d] ?? ''));
  let owed = 0;
  let eliminated = 0;
  for (const r of [...new Set(exchanged.map((d) => c.results[d]!))]) {
    const group = exchanged
      .filter((d) => c.results[d] === r)
      .map((id) => ({ id, modified: c.defense[id] ?? 0 }));
    const o = exchangeOutcome(EXCHANGE_RATE[r]!, Math.max(0, attack - owed), group);
    owed += o.cost;
    eliminated += o.eliminated.length;
  }
  const left = exchanged.length - eliminated;
  return `: lose ${owed} of ${attack} attack factor${attack === 1 ? '' : 's'}; ${eliminated} defender${eliminated === 1 ? '' : 's'} eliminated${left > 0 ? `, ${left} D` : ''} (B-5)`;
}

/**
 * A log line or summary as players read it (issue #45 item 8): the rules' internal piece
 * ids ("sov-army-05 (rifle-army)", "sov-tank-04") said as this viewer may know the piece
 * ("21st Army", "rifle army (face down)"); nothing hidden is named that the view does not hold.
 */
export function plainWords(v: View, text: string): string {
  const s = scenarioOf(v);
  return text.replace(
    /\b([a-z]{2,5}-[a-z0-9-]*\d[a-z0-9-]*)(?: \((?:rifle-army|tank-korps|face down)\))?/g,
    (all, id: string) => (v.pieces[id] ? pieceName(s, v, id) : all),
  );
}
