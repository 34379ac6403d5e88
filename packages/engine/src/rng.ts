/**
 * Seeded dice kept in the game state. The generator is pure-rand's xoroshiro128plus;
 * its four-number state is plain JSON inside the state, so saving, hashing and
 * replaying a game carries the dice with it. No Math.random anywhere in the engine.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/** The generator's state: four signed 32-bit integers. */
export type RngState = readonly number[];

/** A seed is a 32-bit unsigned integer or any string (hashed to the 128-bit state). */
export type Seed = number | string;

export function rngFromSeed(seed: Seed): RngState {
  if (typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff) {
    return [...xoroshiro128plus(seed | 0).getState()];
  }
  const bytes = sha256(utf8ToBytes(String(seed)));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const state: number[] = [view.getInt32(0), view.getInt32(4), view.getInt32(8), view.getInt32(12)];
  if (!state.some((x) => x !== 0)) state[3] = 1; // xoroshiro must not start all-zero
  return state;
}

/** Rolls one die with `sides` faces: the value and the generator's next state. */
export function rollDie(state: RngState, sides = 6): { value: number; next: RngState } {
  const rng = xoroshiro128plusFromState(state);
  const value = uniformInt(rng, 1, sides);
  return { value, next: [...rng.getState()] };
}

export function sameRng(a: RngState, b: RngState): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
