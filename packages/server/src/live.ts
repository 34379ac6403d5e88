/**
 * The live channel's messages, both ends: what the server sends a watcher, and how a
 * client puts an update together with what it holds. No Node.js here: the web client
 * imports this file (`@stavka/server/live`).
 *
 * `{ type: "view", data }`: the whole seat view (the `GET /view` answer), sent first.
 * `{ type: "update", data }`: the next seat view less what the client already holds —
 * - `data.view`: an RFC 6902 JSON Patch (fast-json-patch) from the view the client has,
 *   without its log, to the new one without its log (a move changes a unit or two of
 *   the board);
 * - `data.log = { keep, append }`: keep the first `keep` entries of the log the client
 *   has, then append these (an undo rewrites the end of the log, so `keep` can be less
 *   than the client holds);
 * - `data.legal` as a patch of the legal-action list the client has: a sequence of
 *   `[from, to]` (copy those of the old list, `to` excluded) and actions (new ones), in
 *   the new list's order. Most moves change a few of the hundreds of legal actions.
 * An update is relative to the messages before it on the same channel.
 * `{ type: "chat", messages }`: lines of the seats' chat (and the seat's own notes); at
 * connecting, `whole: true` with the last ones. `{ type: "presence", online }`: the sides
 * with a live channel open, sent at connecting and whenever that changes. Seats only
 * get chat; spectators get presence.
 */
import { type Action, actionJson, type LogEntry, notFlatData, sharedStart } from '@stavka/engine';
import jsonPatch, { type Operation } from 'fast-json-patch';

// The package's default export: the same object under Node (CommonJS) and in a bundle (ESM).
const { applyPatch, compare, escapePathComponent } = jsonPatch;

/** The parts of a seat view the live channel abbreviates. */
export interface LiveSeatView {
  readonly stateId: number;
  readonly view: { readonly log?: readonly LogEntry[] } | null;
  readonly legal: readonly Action[];
}

export type LegalPatch = ([number, number] | Action)[];

export type LiveMessage<V extends LiveSeatView> =
  | { type: 'view'; data: V }
  | {
      type: 'update';
      data: Omit<V, 'view' | 'legal'> & {
        view: Operation[];
        log: { keep: number; append: LogEntry[] };
        legal: LegalPatch;
      };
    }
  | { type: 'error'; code: string; message: string }
  | { type: 'pong' }
  // The seats' chat and notes (games/chat.ts: SeatChat.say): `whole`, the last ones, sent at connecting.
  | { type: 'chat'; whole?: true; messages: LiveChatMessage[] }
  // The sides with a live channel open: who is at the table now.
  | { type: 'presence'; online: string[] };

/** A line of chat between the seats, or a seat's note to itself (`private`). */
export interface LiveChatMessage {
  readonly seq: number;
  readonly side: string;
  readonly private: boolean;
  readonly text: string;
  readonly at: string;
}

/** What a watcher holds after a message: the view (its log apart) and the legal actions. */
export interface Sent {
  /** The view: its `log` field is left out of the board's diff (it goes as `keep`/`append`). */
  readonly board: object | null;
  readonly log: readonly LogEntry[] | null;
  readonly legal: LegalList;
}

/** A legal-action list; where each action is, by type and by JSON, worked out when first needed. */
export interface LegalList {
  readonly actions: readonly Action[];
  /** Where the actions of each type are, in order. */
  byType?: Map<string, number[]>;
  json?: string[];
  index?: Map<string, number>;
}

/** What a watcher holds once it has `v`. */
export function sentOf(v: LiveSeatView): Sent {
  const log = v.view?.log;
  return { board: v.view, log: Array.isArray(log) ? log : null, legal: { actions: v.legal } };
}

/**
 * The diffs made from each field of a view during one round of messages (one action's
 * updates to every watcher of a game): the seats (and spectators) that see the same
 * board are sent the same patch, worked out once. One map per round, then dropped.
 *
 * Not a WeakMap kept from one round to the next, as it was: each diff holds the object
 * it leads to, the key of the next diff, so the diffs chained a game's boards from the
 * oldest one still held (an undo's start, say) to the last and kept them all alive, and
 * V8 had to follow the chain key by key in the pause of each full collection (its
 * "linear" ephemeron pass). Measured in-process on 8 games played through, a full
 * collection every 1,500 moves: ~3 MB less kept (26.9 -> 24.0 MB after each), and no
 * linear pass (2-12 ms of pauses of 30-48 ms before).
 */
export type DiffCache = Map<object, { to: object; ops: Operation[] }>;

/**
 * The message that brings a watcher holding `before` (null: nothing yet) to the seat
 * view `v`, of which it will then hold `now` (= sentOf(v), shared by the watchers of a
 * side). `diffs`: the round's diffs (see DiffCache), if other watchers are sent theirs.
 */
export function liveMessage(v: LiveSeatView, before: Sent | null, now: Sent, diffs?: DiffCache): string {
  if (!before?.board || !before.log || !now.board || !now.log) {
    return JSON.stringify({ type: 'view', data: v });
  }
  const log = now.log;
  const keep = sharedStart(before.log, log);
  const view = boardPatch(before.board, now.board, diffs ?? null);
  const legal = legalPatch(before.legal, now.legal);
  if ('log' in v) {
    return JSON.stringify({
      type: 'update',
      data: { ...v, view, log: { keep, append: log.slice(keep) }, legal },
    });
  }
  // The fields of that object as JSON.stringify writes them, but `legal` and `log` last,
  // written from the JSON kept of their actions and entries (legalPatchJson,
  // logEntriesJson): `legal: undefined` leaves the view's own list out.
  const rest = JSON.stringify({ type: 'update', data: { ...v, view, legal: undefined } });
  return `${rest.slice(0, -2)},"legal":${legalPatchJson(legal)},"log":{"keep":${keep},"append":${logEntriesJson(log, keep)}}}}`;
}

/**
 * Each flat frozen legal action's JSON, written once: rules that hand the same frozen
 * action from one list to the next (Mars's moves: one object a unit and hex) have it sent
 * in many updates, a new list's first and every one that brings it back. Only a frozen
 * plain object of primitive data fields, no `toJSON` (engine notFlatData): nothing can change its
 * JSON once kept (a frozen object's nested array still could). `null`: looked at, not such
 * an action, written afresh each time. Kept as long as the action is.
 */
const frozenActionJson = new WeakMap<Action, string | null>();

/** `JSON.stringify(patch)`, its flat frozen actions written from their kept JSON (frozenActionJson). */
export function legalPatchJson(patch: LegalPatch): string {
  const parts = new Array<string>(patch.length);
  for (let i = 0; i < patch.length; i++) {
    const op = patch[i]!;
    if (Array.isArray(op)) {
      parts[i] = `[${op[0]},${op[1]}]`;
      continue;
    }
    // An interned action carries its JSON (engine internAction): no lookup.
    const carried = actionJson(op);
    if (carried !== undefined) {
      parts[i] = carried;
      continue;
    }
    let json = Object.isFrozen(op) ? frozenActionJson.get(op) : null;
    if (json === undefined) {
      json = notFlatData(op) === null ? (JSON.stringify(op) ?? 'null') : null;
      frozenActionJson.set(op, json);
    }
    parts[i] = json ?? JSON.stringify(op);
  }
  return `[${parts.join(',')}]`;
}

/**
 * Each log entry's JSON, written once: an entry never changes, and it goes to every
 * seat's live channel (each seat's update carries the same new entries) and into every
 * snapshot after it (snapshot.ts: the log is most of a snapshot late in a game, ~156 KB
 * of ~179 at 800 actions, written again every 100 actions). Kept as long as the entry is.
 */
const entryJson = new WeakMap<LogEntry, string>();

/** The JSON array of `log`'s entries from `from` on: `JSON.stringify(log.slice(from))`. */
export function logEntriesJson(log: readonly LogEntry[], from = 0): string {
  const parts = new Array<string>(Math.max(0, log.length - from));
  for (let i = from; i < log.length; i++) parts[i - from] = logEntryJson(log[i]!);
  return `[${parts.join(',')}]`;
}

/** One log entry's JSON (as in an array), written once and kept (entryJson). */
export function logEntryJson(e: LogEntry): string {
  let json = entryJson.get(e);
  if (json === undefined) {
    json = JSON.stringify(e) ?? 'null';
    entryJson.set(e, json);
  }
  return json;
}

/**
 * The JSON Patch from one board to the next. Fields holding the same value (the same
 * object: states share what an action left alone) are skipped; fields holding two
 * plain objects are diffed field by field the same way, down to what changed; arrays
 * and everything else go to fast-json-patch's `compare`. The diff of each of the
 * board's own fields goes to `diffs`, for the other watchers of the round. (A view is
 * never changed in place: the engine's states are not, once made.)
 */
function boardPatch(before: object, now: object, diffs: DiffCache | null): Operation[] {
  return fieldsPatch(before as Record<string, unknown>, now as Record<string, unknown>, diffs, 'log');
}

/**
 * The patch between two plain objects, field by field (`skip`: a field left out). Read
 * as arrays of keys and values: two records with the same keys in the same order (a
 * state's units from one state to the next) are compared slot by slot, without a
 * lookup by key (with the diff cache kept to a view's fields: ~25% less time in the
 * board diff, in the service). `diffs`: the round's cache, for the board's own fields
 * only (null below them: what is inside them is diffed once with them).
 */
function fieldsPatch(
  b: Record<string, unknown>,
  n: Record<string, unknown>,
  diffs: DiffCache | null,
  skip?: string,
): Operation[] {
  const keysB = Object.keys(b);
  const keysN = Object.keys(n);
  const valuesB = Object.values(b);
  const valuesN = Object.values(n);
  // Fields other than two objects of a kind: compared as they are.
  const restB: Record<string, unknown> = {};
  const restN: Record<string, unknown> = {};
  let rest = false;
  const nested: string[] = [];
  const aligned = keysB.length === keysN.length && keysB.every((k, i) => k === keysN[i]);
  for (let i = 0; i < keysB.length; i++) {
    const k = keysB[i]!;
    const x = valuesB[i];
    const y = aligned ? valuesN[i] : n[k];
    if (x === y || k === skip) continue;
    if (pairedObjects(x, y)) nested.push(k);
    else {
      restB[k] = x;
      rest = true;
    }
  }
  if (!aligned) {
    for (let i = 0; i < keysN.length; i++) {
      const k = keysN[i]!;
      const x = b[k];
      const y = valuesN[i];
      if (x === y || k === skip || pairedObjects(x, y)) continue;
      restN[k] = y;
      rest = true;
    }
  } else {
    for (const k in restB) restN[k] = n[k];
  }
  const ops = rest ? compare(restB, restN) : [];
  for (const k of nested) {
    const inner = objectPatch(b[k] as object, n[k] as object, diffs);
    if (inner.length === 0) continue;
    const at = `/${escapePathComponent(k)}`;
    for (const op of inner) ops.push({ ...op, path: at + op.path });
  }
  return ops;
}

function pairedObjects(x: unknown, y: unknown): boolean {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof y === 'object' &&
    y !== null &&
    Array.isArray(x) === Array.isArray(y)
  );
}

/** The diff of two objects; with `diffs`, looked for there first and kept there. */
function objectPatch(from: object, to: object, diffs: DiffCache | null): Operation[] {
  if (from === to) return [];
  const known = diffs?.get(from);
  if (known?.to === to) return known.ops;
  const ops =
    Array.isArray(from) || !plainObject(from) || !plainObject(to)
      ? compare(from, to)
      : fieldsPatch(from as Record<string, unknown>, to as Record<string, unknown>, null);
  diffs?.set(from, { to, ops });
  return ops;
}

function plainObject(o: object): boolean {
  const proto = Object.getPrototypeOf(o);
  return (
    (proto === Object.prototype || proto === null) && typeof (o as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/**
 * The patch that turns the list `from` into `to`. A legal-action list keeps its order
 * from one state to the next (actions go, a few come), and the rules hand most actions
 * on as the same objects. So each action is looked for just after the last one found:
 * the same object a way ahead (a block of actions gone), else an equal one close by.
 * Those not found go whole: mostly the few new ones. Only when many of a long list are
 * not found (a list made afresh: equal actions, other objects, another order) are they
 * looked for by their JSON anywhere in the old list (that index costs a JSON string
 * per action: ~2% of a move's work in the service when it was made for most updates).
 */
export function legalPatch(from: LegalList, to: LegalList): LegalPatch {
  const old = from.actions;
  const now = to.actions;
  const where = positions(now.length);
  let missing = 0;
  let next = 0; // where in the old list the next action most likely is
  // The last window of LOOK_NEAR old actions found to hold none of some type: the next
  // action of that type missing there is not compared with them again (a phase's new
  // list, a thousand moves after a few fortifications, was compared move by move with
  // the same few: Mars's first movement list 138 -> 60 µs, 6.8 -> 5.9 µs an update over
  // whole random games).
  let nearFrom = -1;
  let nearType = '';
  // The patch is made in the same walk, a run of the old list's actions in order at a
  // time; it is made again below only when many were not found (those then looked for by
  // their JSON). Made in a second walk over `where`, as it was, an update whose only
  // change was actions gone (most updates: a unit's moves), of a list of ~940, took 7.2
  // µs, now 3.8; every update of random Mars games, 5.8 -> 4.0 µs on average.
  const patch: LegalPatch = [];
  let run: [number, number] | null = null;
  for (let i = 0; i < now.length; ) {
    const action = now[i]!;
    // Most of a list is the old one's objects in their order: each is where the last
    // one found left off (the lists run to thousands of actions, walked every update).
    if (next < old.length && old[next] === action) {
      const start = next;
      do where[i++] = next++;
      while (i < now.length && next < old.length && old[next] === now[i]);
      run = copyRange(patch, run, start, next);
      continue;
    }
    let at = -1;
    for (let k = next, end = Math.min(old.length, next + LOOK_AHEAD); k < end; k++) {
      if (old[k] === action) {
        at = k;
        break;
      }
    }
    if (at < 0 && !(nearFrom === next && nearType === action.type)) {
      const type = action.type;
      let typed = false;
      for (let k = next, end = Math.min(old.length, next + LOOK_NEAR); k < end; k++) {
        const o = old[k]!;
        if (o.type !== type) continue;
        typed = true;
        if (sameAction(o, action)) {
          at = k;
          break;
        }
      }
      if (!typed) {
        nearFrom = next;
        nearType = type;
      }
    }
    where[i] = at;
    if (at < 0) {
      missing++;
      run = null;
      patch.push(action);
    } else {
      next = at + 1;
      run = copyRange(patch, run, at, next);
    }
    i++;
  }
  if (!(old.length > LOOK_NEAR && missing * 4 > now.length)) return patch;
  const searched: LegalPatch = [];
  run = null;
  for (let i = 0; i < now.length; i++) {
    const at = where[i]! >= 0 ? where[i]! : indexOf(from, now[i]!);
    if (at < 0) {
      run = null;
      searched.push(now[i]!);
    } else run = copyRange(searched, run, at, at + 1);
  }
  return searched;
}

/**
 * The old list's actions `from` to `to` (excluded) appended to `patch`: onto `run` (the
 * patch's last op) if it ends at `from`, else as a range of their own. The range they end.
 */
function copyRange(
  patch: LegalPatch,
  run: [number, number] | null,
  from: number,
  to: number,
): [number, number] {
  if (run && run[1] === from) {
    run[1] = to;
    return run;
  }
  const range: [number, number] = [from, to];
  patch.push(range);
  return range;
}

/**
 * legalPatch's positions, one buffer reused (it runs to completion, never nested): a new
 * Int32Array of a list's length each update was an off-heap allocation, zeroed, that
 * every young-generation collection then had to sweep (lists of up to ~9,000 actions).
 */
let positionsBuffer = new Int32Array(1024);

function positions(n: number): Int32Array {
  if (positionsBuffer.length < n) positionsBuffer = new Int32Array(Math.max(n, 2 * positionsBuffer.length));
  return positionsBuffer;
}

/** How far ahead of the last action found the same object is looked for. */
const LOOK_AHEAD = 512;
/** How far ahead of it an equal action is looked for, field by field. */
const LOOK_NEAR = 8;

/**
 * Same action: the same object (rules may hand the same action from one list to the
 * next), else of the same type with the same fields, flat ones compared directly,
 * anything nested by its JSON. The type first: most actions compared are of another.
 */
function sameAction(a: Action, b: Action): boolean {
  if (a === b) return true;
  if (a.type !== b.type) return false;
  let fields = 0;
  for (const k in a) {
    const x = a[k];
    const y = b[k];
    if (
      x !== y &&
      (typeof x !== 'object' || typeof y !== 'object' || JSON.stringify(x) !== JSON.stringify(y))
    ) {
      return false;
    }
    fields++;
  }
  for (const _ in b) fields--;
  return fields === 0;
}

/**
 * Where in `list` an action equal to `action` is (the first one), -1 if none. Only the
 * actions of its type are looked at: by their fields when they are few, else by their
 * JSON. (A phase's first list, thousands of new actions of a type the few of the last
 * phase's list had none of, was looked up action by action by its JSON: up to 1.2 ms
 * for one message, 15% of the time in the live messages.)
 */
function indexOf(list: LegalList, action: Action): number {
  list.byType ??= indexByType(list.actions);
  const same = list.byType.get(action.type);
  if (!same) return -1;
  if (same.length <= LOOK_NEAR) {
    for (const k of same) if (sameAction(list.actions[k]!, action)) return k;
    return -1;
  }
  if (!list.index) {
    list.index = new Map();
    const json = jsonOf(list);
    for (let k = json.length - 1; k >= 0; k--) list.index.set(json[k]!, k);
  }
  return list.index.get(JSON.stringify(action)) ?? -1;
}

function indexByType(actions: readonly Action[]): Map<string, number[]> {
  const byType = new Map<string, number[]>();
  for (let k = 0; k < actions.length; k++) {
    const type = actions[k]!.type;
    const at = byType.get(type);
    if (at) at.push(k);
    else byType.set(type, [k]);
  }
  return byType;
}

function jsonOf(list: LegalList): string[] {
  list.json ??= list.actions.map((a) => JSON.stringify(a));
  return list.json;
}

/**
 * The client's side: the seat view a message brings, given the one the client built
 * from the messages before on this channel (null before the first). An update without
 * a view to apply it to is refused (null): the client asks for the whole view again.
 */
export function receive<V extends LiveSeatView>(held: V | null, msg: LiveMessage<V>): V | null {
  if (msg.type === 'view') return msg.data;
  if (msg.type !== 'update' || !held?.view) return null;
  const { log, legal, view, ...rest } = msg.data;
  const { log: oldLog = [], ...board } = held.view;
  let next: object;
  try {
    // On a copy: what the client holds (and may be showing) is never changed in place.
    next = applyPatch(board, view, true, false).newDocument;
  } catch {
    return null; // not the view this update was made for
  }
  const newLegal = patchLegal(held.legal, legal);
  if (!newLegal) return null;
  // The view held, each field the update carries in its place (an update carries every
  // field of the view: liveMessage sends them all), the board and the two lists rebuilt.
  return {
    ...held,
    ...rest,
    view: { ...next, log: [...oldLog.slice(0, log.keep), ...log.append] },
    legal: newLegal,
  };
}

/** The legal-action list an update's `legal` patch makes of the list held (null: not the list it was made for). */
export function patchLegal(held: readonly Action[], patch: LegalPatch): Action[] | null {
  const out: Action[] = [];
  for (const op of patch) {
    if (!Array.isArray(op)) out.push(op);
    else if (op[1] > held.length || op[0] < 0 || op[0] > op[1]) return null;
    else for (let i = op[0]; i < op[1]; i++) out.push(held[i]!);
  }
  return out;
}
