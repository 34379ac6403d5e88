/**
 * Barbarossa 1941's wargamer's table for the browser (issue #25's optional part of the
 * engine `Presentation`): player-turn markers and summaries, the banner of each die roll
 * (combat and the others), where a log entry happened, why a control is missing (with its rule), what a
 * click on a counter does in a combat phase, the attacks as arrows, and the arrivals'
 * tray (A.1 / B.1).
 */
import type {
  Action,
  Arrow,
  LogDrawing,
  LogEntry,
  MissingControl,
  RollBanner,
  SetupTray,
  TurnMarker,
} from '@stavka/engine';
import { evaluateAttack, isRefusal } from './attack.ts';
import { BARBAROSSA_CRT } from './combat.ts';
import { boardOf, hexName, pieceDrawing, scenarioOf } from './presentation-board.ts';
import { owedHexes, supplyNow } from './presentation-combat.ts';
import { CITE_GENERAL, CITE_SEQUENCE, sideName, type View } from './presentation-words.ts';

/* ---------------------------------------------------------------------------------- */
/* The wargamer's table                                                                 */

export function turnMarker(e: LogEntry): TurnMarker | null {
  if (e.kind !== 'phase') return null;
  const m = /^turn (\d+) \(([^)]*)\): (German|Russian) player-turn/.exec(e.text);
  if (!m) return null;
  const side = m[3] === 'German' ? 'axis' : 'soviet';
  return { side, label: `Turn ${m[1]} (${m[2]}), ${sideName(side)}` };
}

/**
 * The banner of a die roll: a combat's (its column, row and results per defender), or any
 * other roll of a die the rules make (interception, airstrike, air supply, a move by sea,
 * the weather, Katyusha, the Siberian gamble, pressing an attack, replacements, morale):
 * what was rolled for, the roll, and what came of it (the entry it caused). The combat's
 * own roll entry is left to the combat banner; draws from a pile (hidden armies, B-18)
 * and rolls hidden from the viewer are no die rolls a player watches.
 */
export function rollBanner(v: View, log: readonly LogEntry[], index: number): RollBanner | null {
  const e = log[index];
  if (e?.kind === 'roll') return dieBanner(log, index);
  if (e?.kind === 'move' && (OVERRUN.test(e.text) || NO_OVERRUN.test(e.text)))
    return overrunBanner(v, log, index);
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
  const then = aftermath(log, index);
  return {
    title,
    side,
    roll: d.roll,
    column: m?.[1] ?? '',
    row: String(d.roll),
    result: codes.join(' / '),
    meaning: codes.map((c) => `${c}: ${BARBAROSSA_CRT.resultInfo[c]?.name ?? c}`).join('; '),
    next: `${e.text.replace(/^rolled \d+ on [^:]+:[^:]+: /, 'Per defender: ')}${then.length > 0 ? `. Then: ${then.join('; ')}` : ''}`,
    cite: 'barbarossa-1941 "Combat Results Definitions"',
  };
}

const OVERRUN = / overrun (\d{4})$/;
const NO_OVERRUN = /^no overrun of (\d{4}): (.*)$/;

/**
 * An overrun's banner (B-42, B-65; issue #45): no die, its result said as a combat's is,
 * with the units it eliminated and where the group ends its move.
 */
function overrunBanner(v: View, log: readonly LogEntry[], index: number): RollBanner | null {
  const e = log[index]!;
  const s = scenarioOf(v);
  const hex = (OVERRUN.exec(e.text) ?? NO_OVERRUN.exec(e.text))![1]!;
  const h = s.hexNumbers.indexOf(hex);
  let side: string | null = null;
  for (let i = index - 1; i >= 0 && side === null; i--) side = turnMarker(log[i]!)?.side ?? null;
  const failed = NO_OVERRUN.exec(e.text);
  // The units eliminated by it: the entries just before its own.
  const gone: string[] = [];
  for (let i = index - 1; i >= 0 && log[i]!.kind !== 'move' && !turnMarker(log[i]!); i--)
    if (log[i]!.kind === 'eliminated') gone.unshift(log[i]!.text.replace(/ eliminated:.*$/, ''));
  const group = OVERRUN.exec(e.text) ? e.text.replace(OVERRUN, '') : '';
  return {
    title: `Overrun of ${h >= 0 ? hexName(s, h) : hex}`,
    side,
    roll: 0,
    column: '',
    row: 'no die (B-42)',
    result: failed ? 'No overrun' : 'Overrun',
    meaning: failed
      ? `${failed[2]}.`
      : `${gone.length > 0 ? `${gone.join(', ')} eliminated` : 'The defender eliminated'}; ${group} end${group.includes(',') ? '' : 's'} the move in ${hex}, 1 MF more spent (B-65).`,
    cite: 'B-42',
  };
}

/**
 * What a combat's result led to, as far as the log goes yet (issue #45 item 6): the
 * retreats, eliminations, exchanges and advances after the roll, up to the next combat or
 * player-turn ("D" banners then say the two-hex retreat that followed).
 */
function aftermath(log: readonly LogEntry[], index: number): string[] {
  const out: string[] = [];
  for (let i = index + 1; i < log.length; i++) {
    const e = log[i]!;
    if (e.kind === 'roll' || e.kind === 'phase' || turnMarker(e)) break;
    if (e.kind === 'combat' && (typeof e.data?.roll === 'number' || typeof e.data?.target === 'number'))
      break;
    if (['retreat', 'eliminated', 'advance'].includes(e.kind) || /^exchange |overrun by armour/.test(e.text))
      out.push(e.text);
  }
  return out;
}

function dieBanner(log: readonly LogEntry[], index: number): RollBanner | null {
  const e = log[index]!;
  const d = e.data;
  if (d?.sides !== 6 || typeof d.value !== 'number' || typeof d.purpose !== 'string') return null;
  if (/^combat at /.test(d.purpose)) return null;
  if (Array.isArray(e.visibleTo) && e.visibleTo.length === 0) return null;
  // What came of it: the next entry the roll caused (a turn's weather is in its marker).
  const after = log[index + 1];
  let result = '';
  let meaning = '';
  if (after && after.kind !== 'roll') {
    const weather = /^turn \d+ \([^,]*, ([^)]*)\)/.exec(after.text);
    if (after.kind === 'phase') result = weather ? weather[1]! : '';
    else {
      meaning = after.text;
      // "interception roll 6 ...: SD": the result is what follows the last colon, when short.
      const code = /:\s*(\S{1,12})$/.exec(after.text);
      if (code) result = code[1]!;
    }
  }
  return {
    title: d.purpose.charAt(0).toUpperCase() + d.purpose.slice(1),
    side: null,
    roll: d.value,
    column: '',
    row: String(d.value),
    result,
    meaning,
    ...(e.cite && e.cite.length > 0 ? { cite: e.cite[0]! } : {}),
  };
}

export function turnSummary(v: View, entries: readonly LogEntry[]): string[] {
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
      if (b)
        out.push(
          b.column
            ? `${b.title}: ${b.column}, rolled ${b.roll}: ${b.result}`
            : `${b.title}: rolled ${b.roll}${b.result ? `: ${b.result}` : ''}`,
        );
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

export function logDrawing(v: View, e: LogEntry): LogDrawing | null {
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

export function missing(v: View, side: string | null, actions: readonly Action[]): MissingControl[] {
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

export function nodeAction(
  v: View,
  actions: readonly Action[],
  node: number,
  _selected: string | null,
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
  // A unit of an attack is taken out of it by its own button (the stack picker's or the
  // Actions'), never by a click on its stack, which only picks (issue #45 item 3).
  return null;
}

export function arrows(v: View): Arrow[] {
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
export function tray(v: View, side: string | null, actions: readonly Action[]): SetupTray | null {
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
