/**
 * Speed machinery any game may use for its state (Mars's, made general):
 *
 * - **Copy-and-freeze records.** A game keeps its pieces in a record by id. Once an
 *   action is applied every piece is frozen (`settleRecord`), so the state the engine
 *   clones for the next action shares the frozen pieces instead of copying them
 *   (`cloneRecord`), and the action copies only the pieces it changes (`changeEntry`,
 *   which a write to a shared, frozen piece would otherwise throw at). After the action,
 *   a piece copied but left as it was is the parent's object again: states share what did
 *   not change, the hash writes only what did (the engine keeps the JSON of frozen
 *   objects), and a diff of two states skips the rest by identity.
 * - **Carried caches** (OpenSpiel's incremental legal actions): work done for a state
 *   (a piece's moves) passed on to the state made from it, for the game to keep what the
 *   action did not touch (`CarriedCache`).
 */

import { Memo } from './memo.ts';

/** The ids `changeEntry` copied, by the record being changed. */
const copied = new Memo<object, string[]>('copied entries');

/** Records every entry of which is frozen: a settled state's. */
const settled = new Memo<object, true>('settled');

/**
 * The entry `id` of a record being changed, to change: a copy of its own (made by
 * `copy`) in place of a frozen entry it still shares with the record it was cloned from.
 * Every change to an entry goes through here.
 */
export function changeEntry<T extends object>(
  record: Record<string, T>,
  id: string,
  copy: (entry: T) => T,
): T {
  const e = record[id];
  if (e === undefined) throw new Error(`no entry ${id}`);
  if (!Object.isFrozen(e)) return e;
  const own = copy(e);
  record[id] = own;
  const list = copied.get(record);
  if (list) list.push(id);
  else copied.set(record, [id]);
  return own;
}

/** The ids changeEntry copied in this record (none: []), forgotten once asked. */
export function copiedEntries(record: object): readonly string[] {
  const ids = copied.get(record);
  copied.clear(record);
  return ids ?? [];
}

/** Whether every entry of the record is known to be frozen (it was settled). */
export function isSettled(record: object): boolean {
  return settled.has(record);
}

/**
 * A copy of a record. With `shareFrozen` (the copy an action is applied to) a frozen entry
 * is shared, not copied: it never changes, and the action copies what it changes
 * (changeEntry); the entries of a settled record are not even looked at. A spread, then
 * entries replaced: V8 keeps a record made so in its fast form (one built key by key turns
 * into a dictionary past a dozen keys).
 */
export function cloneRecord<T extends object>(
  record: Readonly<Record<string, T>>,
  copy: (entry: T) => T,
  shareFrozen: boolean,
): Record<string, T> {
  const out: Record<string, T> = { ...record };
  if (shareFrozen && settled.has(record)) return out;
  for (const id in out) {
    const e = out[id]!;
    if (!shareFrozen || !Object.isFrozen(e)) out[id] = copy(e);
  }
  return out;
}

/**
 * Once an action is applied to a record cloned from `before`: each entry it copied but
 * left equal (`same`) is `before`'s own object again, and every entry is frozen. Only the
 * entries changeEntry copied are looked at when `before` was settled.
 */
export function settleRecord<T extends object>(
  record: Record<string, T>,
  before: Readonly<Record<string, T>> | undefined,
  same: (a: T, b: T) => boolean,
): void {
  const changed = copiedEntries(record);
  const ids = before && settled.has(before) ? changed : Object.keys(record);
  for (const id of ids) {
    const e = record[id]!;
    if (Object.isFrozen(e)) continue; // shared, never changed
    const was = before?.[id];
    if (was && Object.isFrozen(was) && same(e, was)) record[id] = was;
    else Object.freeze(e);
  }
  settled.set(record, true);
}

/**
 * Work done for one state, carried to the states made from it: `set` it once known,
 * `inherit` it when the engine clones the state for an action (the draft gets its
 * parent's entry, not the parent: no state keeps the game's history alive), and read the
 * parent's with `inherited` while deciding what of it still holds.
 */
export class CarriedCache<S extends object, V> {
  private readonly own = new Memo<S, V>('carried: own');
  private readonly fromParent = new Memo<S, V>('carried: from parent');

  get(state: S): V | undefined {
    return this.own.get(state);
  }

  set(state: S, value: V): void {
    this.own.set(state, value);
  }

  /** Passes the parent's value (if any) to the draft cloned from it. */
  inherit(parent: S, draft: S): void {
    const v = this.own.get(parent);
    if (v !== undefined) this.fromParent.set(draft, v);
  }

  /** The value of the state this one was cloned from, if it had one. */
  inherited(state: S): V | undefined {
    return this.fromParent.get(state);
  }
}

/** Where an interned action keeps its JSON (internAction): a symbol of the engine's own. */
const ACTION_JSON = Symbol('stavka.actionJson');

/**
 * An action a game makes once and hands from one legal list to the next (Mars's move of
 * a unit to a hex): frozen, its JSON written now and carried on the action itself, under
 * a non-enumerable symbol that JSON, spreads, `Object.keys`, `structuredClone` and
 * `assert.deepStrictEqual` never see. The live channel sends a list's actions from there
 * (actionJson) instead of looking each one up: a movement phase's first list is a
 * thousand or more actions new to the client. Only a plain object of primitive fields,
 * whose JSON can then never change; anything else throws.
 */
export function internAction<A extends object>(action: A): Readonly<A> {
  const why = notFlatData(action);
  if (why !== null) throw new Error(`internAction: ${why}`);
  Object.defineProperty(action, ACTION_JSON, { value: JSON.stringify(action) });
  return Object.freeze(action);
}

/**
 * Why `o` is not flat data, or null when it is: a plain object (its prototype Object's,
 * or none) whose own fields are all data, no getter or setter, of primitive values (no
 * object, array, function or symbol), and no toJSON. Frozen, such an object's JSON can
 * never change: internAction carries it, the state hash (hash.ts keptJson) and the live
 * channel (legalPatchJson) keep it.
 */
export function notFlatData(o: object): string | null {
  const proto = Object.getPrototypeOf(o);
  if (proto !== Object.prototype && proto !== null) return 'not a plain object';
  // Every own field named by a string, enumerable or not (symbols aside), one descriptor
  // at a time: the same fields, in the same order, as the entries of
  // Object.getOwnPropertyDescriptors, without that object and its entries made first
  // (~2.2 -> ~0.24 µs a Mars unit state; the server's hash asks this of every new
  // frozen unit state, and of every action it interns).
  const names = Object.getOwnPropertyNames(o);
  for (let i = 0; i < names.length; i++) {
    const k = names[i]!;
    const d = Object.getOwnPropertyDescriptor(o, k)!;
    const v: unknown = d.value;
    if (
      !('value' in d) ||
      (typeof v === 'object' && v !== null) ||
      typeof v === 'function' ||
      typeof v === 'symbol'
    )
      return `field "${k}" is not a primitive value`;
  }
  return typeof (o as { toJSON?: unknown }).toJSON === 'function' ? 'has a toJSON' : null;
}

/** The JSON an interned action carries (internAction), or undefined for any other action. */
export function actionJson(action: object): string | undefined {
  return (action as { [ACTION_JSON]?: string })[ACTION_JSON];
}
