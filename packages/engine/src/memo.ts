/**
 * Work kept for an object (a state, its units record, its log), held by the object
 * itself: a hidden property under a symbol of the memo's own, not a WeakMap entry.
 *
 * Why not a WeakMap: V8's young-generation collector (the scavenger) keeps every value
 * of a WeakMap that has itself grown old alive, whether its key is still alive or not
 * (it visits an old table's values as strong references and clears dead keys only
 * after), so each state's legal list, board and caches outlived its state, was copied
 * to the old generation, and was freed only by a mark-compact: ~10 KB promoted a Mars
 * move in the server (bench/server-ws.ts --gc), the largest part of its GC time. Held
 * by its object, a value dies with it in the young generation: 3 KB promoted a move.
 *
 * The property is not enumerable: a spread, `Object.keys`, `for…in`, JSON (the state
 * hash, snapshots, the wire), `structuredClone` and `assert.deepStrictEqual` never see
 * it, so a copy of a state never shares its memo. A key that cannot take a property
 * (frozen, sealed) falls back to a WeakMap. An object frozen after a value was kept on
 * it keeps that value for good: setting or clearing it then throws, as any write to a
 * frozen object does (no memo's key is frozen once in use).
 */
export class Memo<K extends object, V> {
  private readonly key: symbol;
  private fallback: WeakMap<K, V> | undefined;

  /** `name` names the symbol, for a heap snapshot's reader. */
  constructor(name: string) {
    this.key = Symbol(name);
  }

  get(o: K): V | undefined {
    const v = (o as Record<symbol, V | undefined>)[this.key];
    return v !== undefined || !this.fallback ? v : this.fallback.get(o);
  }

  set(o: K, value: V): void {
    if (Object.hasOwn(o, this.key)) (o as Record<symbol, V | undefined>)[this.key] = value;
    else if (Object.isExtensible(o)) {
      Object.defineProperty(o, this.key, { value, writable: true, configurable: true, enumerable: false });
    } else {
      this.fallback ??= new WeakMap();
      this.fallback.set(o, value);
    }
  }

  /** Forgets `o`'s value (the property stays, undefined: a delete would slow the object down). */
  clear(o: K): void {
    if (Object.hasOwn(o, this.key)) (o as Record<symbol, V | undefined>)[this.key] = undefined;
    else this.fallback?.delete(o);
  }

  has(o: K): boolean {
    return this.get(o) !== undefined;
  }
}
