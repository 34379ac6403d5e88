/**
 * Small games played through the game contract for the rules tests (`setup`, `apply`,
 * `applyWithRolls` with the dice given, `legalActions`): a position of
 * `test-positions.ts` set up as a whole game, an action taken or refused loudly, what is
 * offered, and the ends of steps that carry a game to the step a test is about.
 */
import {
  apply,
  applyWithRolls,
  type GameState,
  hexIndex,
  legalActions,
  rngFromSeed,
  rollDie,
  type Seed,
  setup,
} from '@stavka/engine';
import { Board } from './board.ts';
import { hexDistance } from './combat-results.ts';
import { type BarbarossaOptions, barbarossaRules, type PositionFile } from './rules.ts';
import { rulesScenarioByKey, type Side } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import type { ActionOf, BarbarossaAction } from './steps/actions.ts';
import { type PositionInput, positionFile } from './test-positions.ts';

export type G = GameState<BarbarossaState>;

/** The hex numbers of column `c`, rows 1 to `rows`. */
export const col = (c: number, rows = 10): string[] =>
  Array.from({ length: rows }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);

/**
 * The front most rules tests stand on: column 01 an Axis country, the map's last column
 * (10 unless `columns` says) a Russian supply edge with a railroad along it, so units on
 * columns 02-05 (Axis) and 04-09 (Russian) of a 10-column map are in Full supply. The
 * input's own map parts replace these.
 */
export function onFront(input: PositionInput): PositionInput {
  const last = input.columns ?? 10;
  return {
    ...input,
    map: {
      zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
      edges: [{ id: 'soviet-supply', hexes: col(last) }],
      connections: [{ kind: 'rail', path: col(last) }],
      ...input.map,
    },
  };
}

/** How a test game starts besides its position. */
export interface Start {
  /** The game's seed, its dice where a test gives none (1 unless said). */
  readonly seed?: Seed;
  readonly options?: BarbarossaOptions;
  /** A change to the state as set up (a hex's control, a piece's supply). */
  readonly tweak?: (g: BarbarossaState) => void;
}

/** A new game of a position file, or of the standard game (`null`). */
export function started(file: PositionFile | null, start: Start = {}): G {
  const made = setup(barbarossaRules, file, start.seed ?? 1, start.options ?? {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  start.tweak?.(made.value.state);
  return made.value;
}

/** A new game of the position on the usual front (`onFront`). */
export const game = (input: PositionInput, start: Start = {}): G =>
  started(positionFile(onFront(input)), start);

/** `side` takes `action`, rolling `rolls` for the dice it throws if given; an action refused throws its code and reason. */
export function act(s: G, side: string, action: BarbarossaAction, rolls?: readonly number[]): G {
  const r = rolls
    ? applyWithRolls(barbarossaRules, s, side, action, rolls)
    : apply(barbarossaRules, s, side, action);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** What `side` may do now, in the rules' order (undo left out). */
export const legal = (s: G, side: string): BarbarossaAction[] =>
  legalActions(barbarossaRules, s, side).filter((a): a is BarbarossaAction => a.type !== 'undo');

/** Is exactly `action` offered to `side`? */
export const has = (s: G, side: string, action: BarbarossaAction): boolean =>
  legal(s, side).some((a) => JSON.stringify(a) === JSON.stringify(action));

/** The actions of one type offered to `side`. */
export const offered = <T extends BarbarossaAction['type']>(s: G, side: string, type: T): ActionOf<T>[] =>
  legal(s, side).filter((a): a is ActionOf<T> => a.type === type);

/** The types of the actions offered to `side`, in order. */
export const kinds = (s: G, side: string): BarbarossaAction['type'][] => legal(s, side).map((a) => a.type);

/** The index of hex number `n` on the game's map. */
export const hexOf = (s: G, n: string): number => hexIndex(rulesScenarioByKey(s.state.scenario).map, n);

/** How many hexes apart the hexes numbered `a` and `b` are. */
export const distance = (s: G, a: string, b: string): number =>
  hexDistance(new Board(s.state), hexOf(s, a), hexOf(s, b));

/** The ends of a player-turn's steps, from the reinforcements to the breakthrough's combat. */
export const TURN_ENDS = [
  'end-step', // A.1 / B.1 reinforcements
  'end-step', // A.2 / B.2 attacks before operational movement
  'end-movement', // A.3 / B.3
  'end-combat', // A.5 / B.5
  'end-movement', // A.6 / Proriv! breakthrough movement
  'end-combat', // the breakthrough's combat
] as const;

/** `side` ends its steps `from` to `to` (indices in TURN_ENDS) doing nothing else. */
export function pass(s: G, side: Side, from = 0, to: number = TURN_ENDS.length): G {
  let t = s;
  for (const type of TURN_ENDS.slice(from, to)) t = act(t, side, { type });
  return t;
}

/** `side` from its reinforcements to its operational movement (A.3 / B.3). */
export const toMovement = (s: G, side: Side = 'axis'): G => pass(s, side, 0, 2);

/** `side` allocates `pieces` to the attack on the hex numbered `target`. */
export function allocate(s: G, side: string, pieces: readonly string[], target: string): G {
  let t = s;
  for (const piece of pieces) t = act(t, side, { type: 'allocate', piece, target: hexOf(t, target) });
  return t;
}

/** In its movement step, `side` declares one attack, ends movement and resolves it (its rolls if given). */
export function attack(
  s: G,
  side: string,
  pieces: readonly string[],
  target: string,
  rolls?: readonly number[],
): G {
  const t = act(allocate(s, side, pieces, target), side, { type: 'end-movement' });
  return act(t, side, { type: 'resolve', target: hexOf(t, target) }, rolls);
}

/**
 * A seeded random game of the standard front, `actions` at most (fewer if it ends): at each
 * state `visit` sees it and the side to act, then an action of the side's legal list (the
 * list `visit` returns, if it made one) is drawn with dice of the seed, from the moves alone
 * half the time with `movesFirst` (so that pieces cross the whole front). The last state
 * and the actions played.
 */
export function randomGame(
  seed: string,
  actions: number,
  visit: (s: G, side: string, i: number) => readonly BarbarossaAction[] | undefined,
  how: { readonly movesFirst?: boolean } = {},
): { s: G; played: { side: string; action: BarbarossaAction }[] } {
  let s = started(null, { seed });
  let rng = rngFromSeed(seed);
  const played: { side: string; action: BarbarossaAction }[] = [];
  for (let i = 0; i < actions; i++) {
    const side = barbarossaRules.activeSides(s.state)[0];
    if (!side) break;
    const legal = visit(s, side, i) ?? barbarossaRules.legalActions(s.state, side);
    let pool = legal;
    if (how.movesFirst) {
      const moves = legal.filter((a) => a.type === 'move');
      const d = rollDie(rng, 2);
      rng = d.next;
      if (d.value === 1 && moves.length > 0) pool = moves;
    }
    const d = rollDie(rng, pool.length);
    rng = d.next;
    const action = pool[d.value - 1]!;
    played.push({ side, action });
    s = act(s, side, action);
  }
  return { s, played };
}

/** Mulberry32: a seeded draw in [0, 1) for the random whole games' choices (fuzz, air), apart from the game's dice. */
export function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
