/**
 * Stable state hashes: SHA-256 (noble-hashes, or the host's native one) over canonical JSON, keys sorted, so the
 * same state always hashes the same whatever order its fields were built in. Every
 * action hashes a state and its log entries, so the JSON is written without
 * intermediate copies.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { notFlatData } from './frozen.ts';

/**
 * JSON with object keys sorted at every level; undefined fields dropped as JSON does.
 *
 * Byte for byte what `JSON.stringify(value, replacer)` gives with a replacer handing it
 * a copy of every object with its keys inserted in sorted order (the first
 * implementation, kept in hash.test.ts as the reference: stored hashes depend on it),
 * written directly without the copies. Like that copy it lists an object's array-index
 * keys first, in numeric order, and never a key "__proto__". Undefined, a function or
 * a symbol has no JSON: undefined, as from JSON.stringify.
 */
export function canonicalJson(value: undefined | symbol | ((...args: never[]) => unknown)): undefined;
/** Typed as `JSON.stringify` is: a value of no JSON (undefined inside `unknown`) still gives undefined. */
export function canonicalJson(value: unknown): string;
export function canonicalJson(value: unknown): string | undefined {
  const out: string[] = [];
  if (!write(out, value, '')) return undefined; // no JSON, as from JSON.stringify
  return out.length === 1 ? out[0]! : out.join('');
}

/**
 * Whether JSON.stringify already writes `v` canonically: plain objects whose keys are
 * in sorted order (none that could be an array index, none "__proto__"), arrays and
 * JSON primitives, all the way down. A state whose objects are built with their keys in
 * order (a game's clone can build them so) is then written by JSON.stringify: on a Mars
 * state, check and write take ~2/3 of the time of writing field by field. Anything else
 * goes field by field. Either way the same bytes.
 */
function inOrder(v: unknown): boolean {
  if (typeof v !== 'object' || v === null)
    return typeof v !== 'bigint' && typeof v !== 'function' && typeof v !== 'symbol';
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!inOrder(v[i])) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false; // boxed values, maps, dates, typed arrays
  // Frozen: written field by field, where its JSON is kept and reused (see frozenJson).
  if (Object.isFrozen(v)) return false;
  let prev = '';
  let first = true;
  for (const k in v) {
    const c = k.charCodeAt(0);
    if ((c >= 48 && c <= 57) || (!first && !(prev < k)) || k === '__proto__') return false;
    if (!inOrder((v as Record<string, unknown>)[k])) return false;
    prev = k;
    first = false;
  }
  return true;
}

/**
 * The canonical JSON of frozen plain objects whose fields are all primitive values (no
 * getters): such an object can never change, so its JSON is written once. States that
 * share what an action left alone, frozen (Mars does so with its units), then write
 * only what changed; a frozen object is written field by field, never by JSON.stringify.
 */
const frozenJson = new WeakMap<object, string>();

/**
 * The JSON of a frozen plain object of primitive fields, written once and kept
 * (frozenJson); undefined for any other object.
 */
function keptJson(v: object): string | undefined {
  const kept = frozenJson.get(v);
  if (kept !== undefined || Array.isArray(v) || !Object.isFrozen(v) || notFlatData(v) !== null) return kept;
  const own: string[] = [];
  writeObject(own, v);
  const json = own.join('');
  frozenJson.set(v, json);
  return json;
}

/**
 * Appends the JSON of one value to `out`, in pieces joined once at the end (no nested
 * object is made a string of its own on the way: ~10% faster on a Mars state, a third
 * of the garbage); false, appending nothing, where JSON.stringify leaves it out.
 */
function write(out: string[], value: unknown, key: string | number): boolean {
  let v = value;
  if ((typeof v === 'object' && v !== null) || typeof v === 'bigint') {
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') v = toJSON.call(v, String(key));
  }
  switch (typeof v) {
    case 'string':
      out.push(quote(v));
      return true;
    case 'number':
      out.push(Number.isFinite(v) ? String(v) : 'null');
      return true;
    case 'boolean':
      out.push(v ? 'true' : 'false');
      return true;
    case 'object': {
      if (v === null) {
        out.push('null');
        return true;
      }
      const kept = keptJson(v);
      if (kept !== undefined) {
        out.push(kept);
        return true;
      }
      if (inOrder(v)) out.push(JSON.stringify(v));
      else if (Array.isArray(v)) writeArray(out, v);
      else writeObject(out, v);
      return true;
    }
    case 'bigint':
      JSON.stringify(v); // throws, as JSON.stringify does
      return false;
    default:
      return false; // undefined, functions, symbols
  }
}

function writeArray(out: string[], a: readonly unknown[]): void {
  out.push('[');
  for (let i = 0; i < a.length; i++) {
    if (i > 0) out.push(',');
    if (!write(out, a[i], i)) out.push('null');
  }
  out.push(']');
}

function writeObject(out: string[], o: object): void {
  const f = fieldsOf(o);
  const { keys, fields } = f;
  if (f.order !== null && writeRecord(out, o, f)) return;
  out.push('{');
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const mark = out.length;
    out.push(first ? fields[i]! : `,${fields[i]!}`);
    if (write(out, (o as Record<string, unknown>)[keys[i]!], keys[i]!)) first = false;
    else out.length = mark; // no JSON: the field is left out
  }
  out.push('}');
}

/** writeObject's fields from values already read, by canonical key index. */
function writeValues(out: string[], f: Fields, values: readonly unknown[]): void {
  out.push('{');
  let first = true;
  for (let i = 0; i < values.length; i++) {
    const mark = out.length;
    out.push(first ? f.fields[i]! : `,${f.fields[i]!}`);
    if (write(out, values[i], f.keys[i]!)) first = false;
    else out.length = mark;
  }
  out.push('}');
}

/** An object's keys in their canonical order, each also as its JSON field prefix `"key":`. */
interface Fields {
  readonly unsorted: readonly string[];
  readonly keys: readonly string[];
  readonly fields: readonly string[];
  /**
   * For a record (RECORD_KEYS keys or more, none "__proto__"): where each of `keys` stands
   * among `unsorted` (the order of Object.values); null for other objects.
   */
  readonly order: Int32Array | null;
}

/**
 * Objects of this many keys or more are records (a game's pieces by id): written against
 * the last record of the same keys (writeRecord).
 */
const RECORD_KEYS = 16;

/**
 * The last record written with some keys: its values by canonical key index, its JSON,
 * and where each field's piece starts in it (`starts[n]`: where the closing brace is).
 */
interface RecordJson {
  readonly values: readonly unknown[];
  readonly json: string;
  readonly starts: readonly number[];
}

/**
 * The last records written with each set of keys, newest first: a server hashes the
 * states of many games in turn, and each game's record is best written against its own
 * game's last one (the one sharing the most values), not whichever game came last.
 */
const lastRecords = new WeakMap<Fields, RecordJson[]>();
const RECORDS_KEPT = 8;

/** Of the records kept for some keys, the one sharing the most values with `values`. */
function closestRecord(
  kept: readonly RecordJson[] | undefined,
  values: readonly unknown[],
): RecordJson | undefined {
  if (kept === undefined) return undefined;
  let best: RecordJson | undefined;
  let most = 0;
  for (const r of kept) {
    let same = 0;
    for (let i = 0; i < values.length; i++) if (values[i] === r.values[i]) same++;
    if (same > most) {
      most = same;
      best = r;
    }
  }
  return best;
}

/**
 * Whether a value's JSON can never change: a JSON primitive, or a frozen plain object of
 * primitive fields (its JSON kept in frozenJson). Anything else is written afresh.
 */
function immutableJson(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'number':
      return true;
    case 'object':
      // Its JSON written and kept now, if it can be: the record then writes it from there.
      return v === null || keptJson(v) !== undefined;
    default:
      return false;
  }
}

/**
 * A record whose values all have an immutable JSON (frozen pieces: the engine's
 * copy-and-freeze records, frozen.ts): written as the last record of the same keys was,
 * its JSON reused in runs wherever a value is that record's very value, and the others
 * written. A state shares most of its pieces with the state before it, so its record is
 * a few pieces written and a few slices, not a lookup and two pieces a field (a Mars
 * state's 71 units: ~10 µs down to ~2). The same bytes as writeObject; a record with a
 * value whose JSON could change is written field by field. False, writing nothing, only
 * if its keys changed under it (a getter adding some): then writeObject writes it.
 */
function writeRecord(out: string[], o: object, f: Fields): boolean {
  const order = f.order!;
  const all = Object.values(o);
  if (all.length !== f.unsorted.length) return false;
  const n = order.length;
  const values = new Array<unknown>(n);
  for (let i = 0; i < n; i++) values[i] = all[order[i]!];
  const kept = lastRecords.get(f);
  const last = closestRecord(kept, values);
  let immutable = true;
  for (let i = 0; i < n && immutable; i++) {
    // A value of the last record was checked when it was written.
    if ((last === undefined || values[i] !== last.values[i]) && !immutableJson(values[i])) immutable = false;
  }
  if (!immutable) {
    writeValues(out, f, values); // each value read once, as JSON.stringify reads it
    return true;
  }
  const pieces: string[] = ['{'];
  // A plain array, not an Int32Array: a typed array over 64 bytes (a record of 16 fields
  // or more) has its memory allocated outside V8's heap, ~3.4 µs for a Mars state's 72
  // against ~0.3 for an array, every state hashed.
  const starts = new Array<number>(n + 1).fill(0);
  let at = 1;
  let i = 0;
  while (i < n) {
    starts[i] = at;
    if (last !== undefined && values[i] === last.values[i]) {
      let j = i + 1;
      while (j < n && values[j] === last.values[j]) j++;
      const from = last.starts[i]!;
      const shift = at - from;
      for (let k = i + 1; k < j; k++) starts[k] = last.starts[k]! + shift;
      pieces.push(last.json.slice(from, last.starts[j]!));
      at = last.starts[j]! + shift;
      i = j;
      continue;
    }
    const piece: string[] = [i === 0 ? f.fields[i]! : `,${f.fields[i]!}`];
    write(piece, values[i], f.keys[i]!);
    const text = piece.join('');
    pieces.push(text);
    at += text.length;
    i++;
  }
  starts[n] = at;
  pieces.push('}');
  const json = pieces.join('');
  const record = { values, json, starts };
  if (kept === undefined) lastRecords.set(f, [record]);
  else {
    if (last !== undefined && kept[0] !== last) kept.splice(kept.indexOf(last), 1);
    else if (last === kept[0]) kept.shift();
    kept.unshift(record);
    if (kept.length > RECORDS_KEPT) kept.pop();
  }
  out.push(json);
  return true;
}

/**
 * Fields by an object's first key, checked against its whole key list: objects of one
 * shape (records of records, log entries) sort their keys once. Bounded: cleared when full.
 */
const fieldCache = new Map<string, Fields>();

function fieldsOf(o: object): Fields {
  const unsorted = Object.keys(o);
  const first = unsorted[0] ?? '';
  const hit = fieldCache.get(first);
  if (hit && hit.unsorted.length === unsorted.length && hit.unsorted.every((k, i) => k === unsorted[i]))
    return hit;
  const keys = sortedKeys(unsorted).filter((k) => k !== '__proto__'); // assigning it to the sorted copy set its prototype instead
  let order: Int32Array | null = null;
  if (keys.length >= RECORD_KEYS && keys.length === unsorted.length) {
    const index = new Map(unsorted.map((k, i) => [k, i]));
    order = Int32Array.from(keys, (k) => index.get(k)!);
  }
  const made: Fields = { unsorted, keys, fields: keys.map((k) => `${quote(k)}:`), order };
  if (fieldCache.size >= 1024) fieldCache.clear();
  fieldCache.set(first, made);
  return made;
}

/**
 * Keys in the order the sorted copy lists them: array indexes first in numeric order,
 * then the others sorted. An object lists its own array indexes first, so when its
 * first key does not start with a digit it has none and sorting is all; otherwise the
 * copy is made to read its order.
 */
function sortedKeys(unsorted: readonly string[]): string[] {
  const keys = [...unsorted].sort();
  const first = unsorted.length > 1 ? unsorted[0]!.charCodeAt(0) : -1;
  if (!(first >= 48 && first <= 57)) return keys;
  const copy: Record<string, true> = {};
  for (const k of keys) copy[k] = true;
  return Object.keys(copy);
}

/** Characters JSON.stringify escapes (lone surrogates among them). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among those JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** SHA-256 of the UTF-8 of a text, in hex. */
export type Sha256Hex = (text: string) => string;

/**
 * SHA-256 of the UTF-8 of texts one after the other (their concatenation's digest), in
 * hex: a host's streaming digest. Never given a text that ends or starts inside a
 * surrogate pair (hashValue's pieces are whole JSON tokens and records).
 */
export type Sha256HexOfPieces = (texts: readonly string[]) => string;

/** noble-hashes: runs everywhere (browser included). */
function nobleSha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

let digest: Sha256Hex = nobleSha256Hex;
/** The host's streaming digest (useSha256), or null: a value's JSON is joined and hashed whole. */
let digestOfPieces: Sha256HexOfPieces | null = null;

/** Inputs a native SHA-256 must agree on with noble's before it is used (UTF-8 edge cases among them). */
const PROBES = ['', 'abc', 'é€😀\u0000"\\', '\ud800', 'x'.repeat(1000)];

/** Texts in turn a streaming SHA-256 must agree on with noble's digest of their concatenation. */
const PIECE_PROBES: readonly (readonly string[])[] = [
  [],
  ['', 'abc'],
  ['é€', '😀\u0000"\\', ''],
  ['x'.repeat(63), 'y', 'z'.repeat(1000)],
];

/**
 * Lets a host with a native SHA-256 (Node's `crypto`, about 10x faster on a state) hash
 * with it instead of noble-hashes. The digests are the same by definition; the function
 * is checked against noble on a few inputs first, and refused if it differs. `null`
 * goes back to noble. `ofPieces`, the same digest over texts in turn (checked the same
 * way), lets hashValue hash a value's JSON without joining it first.
 */
export function useSha256(native: Sha256Hex | null, ofPieces?: Sha256HexOfPieces): void {
  if (native === null) {
    digest = nobleSha256Hex; // back to noble
    digestOfPieces = null;
    return;
  }
  for (const p of PROBES) {
    if (native(p) !== nobleSha256Hex(p)) throw new Error('useSha256: this function is not SHA-256 in hex');
  }
  if (ofPieces) {
    for (const pieces of PIECE_PROBES) {
      if (ofPieces(pieces) !== nobleSha256Hex(pieces.join('')))
        throw new Error('useSha256: this function is not SHA-256 in hex of texts in turn');
    }
  }
  digest = native;
  digestOfPieces = ofPieces ?? null;
}

/** SHA-256 of the UTF-8 of `text`, in hex (noble-hashes, or the host's native one: see useSha256). */
export function sha256Hex(text: string): string {
  return digest(text);
}

/**
 * SHA-256 of a value's canonical JSON. With a host's streaming digest, the JSON is not
 * joined into one text first: its pieces go to the digest in runs, each large piece (a
 * record's JSON, kept by writeRecord: a Mars state's 71 units, ~10 KB) on its own, the
 * small ones between joined. A state hashed so makes one copy of its JSON less: in the
 * server, heap sampling put ~139 KB of allocation on a Mars move with the copy and ~113
 * without. The same CPU (~22 µs a Mars state either way): the host's digest reads the
 * texts in turn where it read the one.
 */
export function hashValue(value: unknown): string {
  const out: string[] = [];
  if (!write(out, value, '')) return sha256Hex(canonicalJson(value));
  if (out.length === 1) return digest(out[0]!);
  if (digestOfPieces === null) return digest(out.join(''));
  return digestOfPieces(inRuns(out));
}

/** A piece this long or longer goes to a streaming digest on its own (hashValue). */
const LARGE_PIECE = 2048;

/** The pieces, each large one on its own and the small ones between joined. */
function inRuns(pieces: readonly string[]): string[] {
  const runs: string[] = [];
  let from = 0;
  for (let i = 0; i < pieces.length; i++) {
    if (pieces[i]!.length < LARGE_PIECE) continue;
    if (i > from) runs.push(i - from === 1 ? pieces[from]! : pieces.slice(from, i).join(''));
    runs.push(pieces[i]!);
    from = i + 1;
  }
  if (from < pieces.length)
    runs.push(pieces.length - from === 1 ? pieces[from]! : pieces.slice(from).join(''));
  return runs;
}
