/**
 * Stable state hashes: SHA-256 over canonical JSON, keys sorted, so the same state
 * always hashes the same whatever order its fields were built in. Every action hashes
 * a state and its log entries, so both halves are written for speed: the JSON without
 * intermediate copies, the digest over one reused buffer.
 */

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
export function canonicalJson(value: unknown): string {
  return writeValue(value, '') as string;
}

/** The JSON of one value, or undefined where JSON.stringify leaves it out. */
function writeValue(value: unknown, key: string | number): string | undefined {
  let v = value;
  if ((typeof v === 'object' && v !== null) || typeof v === 'bigint') {
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') v = toJSON.call(v, String(key));
  }
  switch (typeof v) {
    case 'string':
      return quote(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      if (v === null) return 'null';
      return Array.isArray(v) ? writeArray(v) : writeObject(v);
    case 'bigint':
      return JSON.stringify(v); // throws, as JSON.stringify does
    default:
      return undefined; // undefined, functions, symbols
  }
}

function writeArray(a: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < a.length; i++) {
    if (i > 0) out += ',';
    out += writeValue(a[i], i) ?? 'null';
  }
  return `${out}]`;
}

function writeObject(o: object): string {
  const { keys, fields } = fieldsOf(o);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const v = writeValue((o as Record<string, unknown>)[keys[i]!], keys[i]!);
    if (v === undefined) continue;
    out += out.length > 1 ? `,${fields[i]!}${v}` : fields[i]! + v;
  }
  return `${out}}`;
}

/** An object's keys in their canonical order, each also as its JSON field prefix `"key":`. */
interface Fields {
  readonly unsorted: readonly string[];
  readonly keys: readonly string[];
  readonly fields: readonly string[];
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
  const made: Fields = { unsorted, keys, fields: keys.map((k) => `${quote(k)}:`) };
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

/** SHA-256 round constants (FIPS 180-4, 4.2.2). */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
/** Initial hash value (FIPS 180-4, 5.3.3). */
const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const encoder = new TextEncoder();
/** The message schedule, and the padded message (grown as needed, reused). */
const W = new Int32Array(64);
let message = new Uint8Array(1 << 14);
let view = new DataView(message.buffer);

/** SHA-256 of the UTF-8 of `text`, in hex (checked against node:crypto in hash.test.ts). */
export function sha256Hex(text: string): string {
  const room = text.length * 3 + 72; // UTF-8 takes at most 3 bytes per UTF-16 unit
  if (message.length < room) {
    message = new Uint8Array(room);
    view = new DataView(message.buffer);
  }
  const n = encoder.encodeInto(text, message).written;
  // Padding (5.1.1): a 1 bit, zeros, then the length in bits as 64 bits big-endian.
  const end = (((n + 8) >>> 6) + 1) << 6;
  message[n] = 0x80;
  message.fill(0, n + 1, end - 8);
  view.setUint32(end - 8, Math.floor(n / 0x20000000));
  view.setUint32(end - 4, (n * 8) >>> 0);
  const h = IV.slice();
  for (let block = 0; block < end; block += 64) compress(h, block);
  let hex = '';
  for (const x of h) hex += HEX[x >>> 24]! + HEX[(x >>> 16) & 255]! + HEX[(x >>> 8) & 255]! + HEX[x & 255]!;
  return hex;
}

/** One 64-byte block of the message into the hash value `h` (FIPS 180-4, 6.2.2). */
function compress(h: Int32Array, block: number): void {
  for (let i = 0; i < 16; i++) W[i] = view.getInt32(block + 4 * i);
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0]! += a;
  h[1]! += b;
  h[2]! += c;
  h[3]! += d;
  h[4]! += e;
  h[5]! += f;
  h[6]! += g;
  h[7]! += hh;
}

export function hashValue(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
