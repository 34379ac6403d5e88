/**
 * The small typed arrays of boards (owners, zones of control, blocked hexes, supply
 * distances: one entry a hex), carved out of shared buffers. A typed array made with
 * `new` has a buffer of its own outside the heap: a microsecond or two to make, and
 * work for the garbage collector once dropped; the AI makes thousands of boards a
 * second and most live for one question. Carved arrays come zeroed (a buffer is handed
 * out once), and a buffer lives while any array carved from it does.
 */

/** Bytes of one shared buffer. */
const SLAB = 1 << 16;

let slab = new ArrayBuffer(SLAB);
let used = 0;

/** The buffer and offset of `bytes` fresh, zeroed bytes (8-aligned). */
function carve(bytes: number): { buffer: ArrayBuffer; at: number } {
  const size = (bytes + 7) & ~7;
  if (size > SLAB / 4) return { buffer: new ArrayBuffer(size), at: 0 };
  if (used + size > SLAB) {
    slab = new ArrayBuffer(SLAB);
    used = 0;
  }
  const at = used;
  used += size;
  return { buffer: slab, at };
}

/** `n` zeros. */
export function zeros8(n: number): Uint8Array {
  const { buffer, at } = carve(n);
  return new Uint8Array(buffer, at, n);
}

/** A copy of `a`. */
export function copy8(a: Uint8Array): Uint8Array {
  const c = zeros8(a.length);
  c.set(a);
  return c;
}

/** `n` entries, each `value`. */
export function filled32(n: number, value: number): Int32Array {
  const { buffer, at } = carve(4 * n);
  const a = new Int32Array(buffer, at, n);
  if (value !== 0) a.fill(value);
  return a;
}

/** `n` zeros. */
export function zeros64(n: number): Float64Array {
  const { buffer, at } = carve(8 * n);
  return new Float64Array(buffer, at, n);
}
