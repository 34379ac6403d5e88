/**
 * Whole-rules games on the small positions of `test-positions.ts` for the AI's tests: a
 * 20 x 10 map set up through `barbarossaRules.setup`, with hexes' control as a test wants it;
 * the front most of them stand on (`moscowFront`), and the AI playing them out (`playUntil`).
 */
import { apply, type GameState, legalActions, setup } from '@stavka/engine';
import { type BarbarossaAction, barbarossaRules, type PositionFile } from '../rules.ts';
import type { Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { hexOf } from '../test-games.ts';
import { type PositionInput, positionFile, withSovietUnit } from '../test-positions.ts';
import { BarbarossaAiPlayer } from './ai.ts';
import { DEFAULT_PARAMS, type PolicyParams } from './policy.ts';

type G = GameState<BarbarossaState>;

/** The rules as the AI players take them (`Player.choose`). */
export const aiRules = barbarossaRules;

/** The hex numbers of column `c`, rows 1 to `rows`. */
export const col = (c: number, rows = 10): string[] =>
  Array.from({ length: rows }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);

/** The hex numbers of row `r`, columns `from` to `to` (either way). */
export const row = (r: number, from: number, to: number): string[] =>
  Array.from(
    { length: Math.abs(to - from) + 1 },
    (_, k) => `${String(from + (to >= from ? k : -k)).padStart(2, '0')}${String(r).padStart(2, '0')}`,
  );

/** `n` game-turns of good weather (a position standing at a game-turn past the first needs them). */
export const goodTurns = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ label: `turn ${i + 1}`, weather: 'good' as const }));

/** A new game of the position on a 20 x 10 map, `control` giving hexes' owners; `edit` changes its file first. */
export function game(
  input: Omit<PositionInput, 'columns' | 'rows'>,
  control: Record<string, 'axis' | 'soviet'> = {},
  edit: (file: PositionFile) => PositionFile = (file) => file,
): G {
  const made = setup(barbarossaRules, edit(positionFile({ columns: 20, rows: 10, ...input })), 1, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  Object.assign(made.value.state.control, control);
  return made.value;
}

/** A Russian tank factory marker (B-48, the standard data's kind: no combat factors) `id` placed in `at`. */
export const withFactory =
  (id: string, at: string) =>
  (file: PositionFile): PositionFile =>
    withSovietUnit(
      file,
      {
        id,
        type: 'factory',
        size: 'regiment',
        name: id,
        designation: 'Tank factory',
        factors: { attack: 0, defense: 0, movement: 0, production: 1 },
      },
      at,
    );

/** What a test puts on `moscowFront` besides the pieces. */
export interface FrontInput {
  /** Moscow's hex (1905 unless said). */
  readonly moscow?: string;
  /** Terrain of the map's hexes. */
  readonly terrain?: NonNullable<PositionInput['map']>['terrain'];
  /** Roads and railways besides the Russian railroad along column 20. */
  readonly connections?: NonNullable<PositionInput['map']>['connections'];
  readonly railheads?: readonly string[];
  /** The game-turn the position stands at (1 unless said), of as many good-weather turns and one more. */
  readonly turn?: number;
}

/**
 * The front most AI tests stand on: Germany column 1, the Russian supply edge and a railroad
 * along column 20, Moscow (3 points, held by the Russians) at 1905 or `moscow`: the Axis
 * makes for Moscow, the Russian units east of the Germans are in Full Supply.
 */
export function moscowFront(pieces: PositionInput['pieces'], front: FrontInput = {}): G {
  const turn = front.turn ?? 1;
  const s = game(
    {
      map: {
        ...(front.terrain ? { terrain: front.terrain } : {}),
        zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
        edges: [{ id: 'soviet-supply', hexes: col(20) }],
        connections: [{ kind: 'rail', path: col(20) }, ...(front.connections ?? [])],
        places: [{ name: 'Moscow', kind: 'victory-city', hex: front.moscow ?? '1905' }],
      },
      victoryPoints: { Moscow: 3 },
      ...(front.railheads ? { railheads: front.railheads } : {}),
      ...(turn > 1 ? { turns: goodTurns(turn + 1) } : {}),
      pieces,
    },
    { Moscow: 'soviet' },
  );
  s.state.turn = turn;
  return s;
}

/**
 * Minsk (an objective of Army Group Centre, no points), or another city `name`, at 0505, held
 * by `holder`; Moscow far east, Russian (`walk-ins.test.ts`, `hold-objectives.test.ts`).
 */
export function minskFront(pieces: PositionInput['pieces'], name = 'Minsk', holder: Side = 'soviet'): G {
  return game(
    {
      map: {
        zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
        edges: [{ id: 'soviet-supply', hexes: col(20) }],
        connections: [{ kind: 'rail', path: col(20) }],
        places: [
          { name: 'Moscow', kind: 'victory-city', hex: '1905' },
          { name, kind: 'major-city', hex: '0505' },
        ],
      },
      victoryPoints: { Moscow: 3 },
      pieces,
    },
    { Moscow: 'soviet', [name]: holder },
  );
}

/** The Axis player-turn played by the rules of thumb with `params` (the Russians by level 1's), players seeded `seed`. */
export const axisTurn = (s: G, params: PolicyParams, seed: string) =>
  playUntil(s, (g) => g.player !== 'axis' || g.winner !== null, seed, params);

/** The Axis pieces in hex `hex`. */
export const axisIn = (s: G, hex: string): string[] =>
  s.state.order.filter(
    (id) => s.state.pieces[id]!.side === 'axis' && s.state.pieces[id]!.at === hexOf(s, hex),
  );

/**
 * The AI plays both sides (players seeded `seed:side`; the Axis's rules of thumb with
 * `axisParams`) until `stop` holds or the game has nothing left to ask.
 */
export function playUntil(
  s: G,
  stop: (g: BarbarossaState) => boolean,
  seed = 'ai-test',
  axisParams: PolicyParams = DEFAULT_PARAMS,
): { end: G; actions: BarbarossaAction[] } {
  const ai: Record<string, BarbarossaAiPlayer> = {
    axis: new BarbarossaAiPlayer(`${seed}:axis`, axisParams),
    soviet: new BarbarossaAiPlayer(`${seed}:soviet`),
  };
  const actions: BarbarossaAction[] = [];
  let t = s;
  for (let n = 0; n < 500 && !stop(t.state); n++) {
    const active = aiRules.activeSides(t.state)[0];
    if (active === undefined) break;
    const a = ai[active]!.choose(aiRules, t, active) as BarbarossaAction;
    actions.push(a);
    const r = apply(barbarossaRules, t, active, a, t.stateId);
    if (!r.ok) throw new Error(r.error.message);
    t = r.value;
  }
  return { end: t, actions };
}

/**
 * The attacks the Axis allocates (`allocate` actions), its rules of thumb with `params`
 * (seeded `seed`) playing from `s` while `during` holds, up to the step's `end` action.
 */
export function axisAllocations(
  s: G,
  params: PolicyParams,
  seed: string,
  during: (g: BarbarossaState) => boolean,
  end: BarbarossaAction['type'],
): BarbarossaAction[] {
  const p = new BarbarossaAiPlayer(seed, params);
  const out: BarbarossaAction[] = [];
  let t = s;
  for (let n = 0; n < 50 && during(t.state); n++) {
    const a = p.choose(aiRules, t, 'axis') as BarbarossaAction;
    if (a.type === 'allocate') out.push(a);
    if (a.type === end) break;
    const r = apply(barbarossaRules, t, 'axis', a, t.stateId);
    if (!r.ok) throw new Error(r.error.message);
    t = r.value;
  }
  return out;
}

/**
 * The Axis passes its player-turn (each step's "end"); the Soviet AI (level 1's rules of
 * thumb with `params`, seeded `seed`) plays its own, until the Axis is to act again.
 */
export function sovietPlays(s: G, params: PolicyParams = DEFAULT_PARAMS, seed = 'soviet-plays'): G {
  const ai = new BarbarossaAiPlayer(seed, params);
  let t = s;
  let sovietPlayed = false;
  for (let n = 0; n < 500; n++) {
    const side = barbarossaRules.activeSides(t.state)[0];
    if (side === undefined || (sovietPlayed && side === 'axis')) break;
    const legal = legalActions(barbarossaRules, t, side) as BarbarossaAction[];
    const a =
      side === 'axis'
        ? (legal.find((x) => x.type.startsWith('end')) ?? legal[0]!)
        : (ai.choose(barbarossaRules, t, side) as BarbarossaAction);
    if (side === 'soviet') sovietPlayed = true;
    const r = apply(barbarossaRules, t, side, a, t.stateId);
    if (!r.ok) throw new Error(r.error.message);
    t = r.value;
  }
  return t;
}
