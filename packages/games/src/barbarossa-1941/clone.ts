/**
 * A deep copy of the Barbarossa state, field by field (issue #44 / #49): the engine copies
 * the state before every action (rules.ts `clone`), and the AI's search copies it for
 * every action it tries; structuredClone was the largest single entry of its CPU profile.
 *
 * Each object is copied by a spread, then every field that holds an object is replaced by
 * a copy of its own. A spread keeps the original's keys in the original's order (the rules
 * add optional fields, and delete some, as the game goes, so no fixed order would do), an
 * absent optional field stays absent and a field set to undefined stays so: the copy is
 * exactly what structuredClone gives, its JSON byte for byte. A spread copies only
 * references, so a field holding an object that is not replaced below would be shared
 * with the original: FIELDS names every field of every nested type and how it is copied
 * (a new field of the state does not compile until it is named there), and clone.test.ts
 * checks on many states that the copy shares no object with the original.
 */
import { cloneRecord } from '@stavka/engine';
import type {
  AirMission,
  BarbarossaState,
  Combat,
  DeclaredAttack,
  GameResult,
  HiddenIdentity,
  PieceState,
  Secret,
} from './state.ts';

const clonePiece = (p: PieceState): PieceState => ({ ...p }); // every field a primitive

/**
 * A copy of the pieces by id, each piece copied, in the record's order: built id by id. V8
 * keeps a record of some 180 pieces or more (from the middle of a game on) as a dictionary,
 * whichever way it is made (structuredClone's too), and the spread of a dictionary that
 * engine cloneRecord starts from is slow: the copy of a copy of a state (as the AI's search
 * makes them) of a random game's turns 9 to 15 took 79-82 µs with cloneRecord, 54-58 built
 * so; the same (39-48) on its turns 3 to 7.
 */
function clonePieces(pieces: Readonly<Record<string, PieceState>>): Record<string, PieceState> {
  const out: Record<string, PieceState> = {};
  for (const id in pieces) {
    const p = clonePiece(pieces[id]!);
    // An own "__proto__" (never a piece id) set as a field, not as the prototype.
    if (id === '__proto__')
      Object.defineProperty(out, id, { value: p, enumerable: true, writable: true, configurable: true });
    else out[id] = p;
  }
  return out;
}
const cloneIdentity = (i: HiddenIdentity): HiddenIdentity => ({ ...i }); // every field a primitive
const cloneEvacuation = (
  e: BarbarossaState['evacuation'][string],
): BarbarossaState['evacuation'][string] => ({
  ...e,
});

function cloneAttack(a: DeclaredAttack): DeclaredAttack {
  const c = { ...a };
  c.attackers = a.attackers.slice();
  if (a.air !== undefined) c.air = a.air.slice();
  return c;
}

function cloneCombat(x: Combat): Combat {
  const c = { ...x };
  c.attackers = x.attackers.slice();
  c.from = x.from.slice();
  c.defenders = x.defenders.slice();
  if (x.split) c.split = { ...x.split };
  c.defense = { ...x.defense };
  if (x.air !== undefined) c.air = x.air.slice();
  c.noRetreat = x.noRetreat.slice();
  c.results = { ...x.results };
  c.retreatLengths = { ...x.retreatLengths };
  c.toRetreat = x.toRetreat.slice();
  c.mayAdvance = x.mayAdvance.slice();
  if (x.survivors !== undefined) c.survivors = x.survivors.slice();
  return c;
}

function cloneSecret(s: Secret): Secret {
  const c = { ...s };
  c.identities = cloneRecord(s.identities, cloneIdentity, false);
  if (s.tankGroups !== undefined) {
    const t = { ...s.tankGroups };
    t.A = s.tankGroups.A.slice();
    t.B = s.tankGroups.B.slice();
    c.tankGroups = t;
  }
  return c;
}

function cloneBlitzAir(b: NonNullable<BarbarossaState['blitzAir']>[number]) {
  const c = { ...b };
  c.attackers = b.attackers.slice();
  return c;
}

/**
 * A deep copy of `g`: deep-equal to `structuredClone(g)`, with every object's keys in the
 * same order (the same JSON, the same hash), sharing no object with `g`.
 */
export function cloneBarbarossaState(g: BarbarossaState): BarbarossaState {
  const c = { ...g };
  c.pieces = clonePieces(g.pieces);
  c.order = g.order.slice();
  c.railheads = g.railheads.slice();
  c.riflePile = g.riflePile.slice();
  c.control = { ...g.control };
  c.attacks = g.attacks.length === 0 ? [] : g.attacks.map(cloneAttack);
  if (g.combat) c.combat = cloneCombat(g.combat);
  c.blitz = g.blitz.slice();
  if (g.blitzAir !== undefined) c.blitzAir = g.blitzAir.map(cloneBlitzAir);
  c.spent = g.spent.slice();
  c.attackedThisPhase = g.attackedThisPhase.slice();
  c.converted = g.converted.slice();
  c.evacuation = cloneRecord(g.evacuation, cloneEvacuation, false);
  c.railheadsMoved = g.railheadsMoved.slice();
  c.arrivals = g.arrivals.slice();
  c.airUsed = g.airUsed.slice();
  if (g.airDefUsed !== undefined) c.airDefUsed = g.airDefUsed.slice();
  if (g.airOut !== undefined) c.airOut = { ...g.airOut };
  if (g.airfieldsMoved !== undefined) c.airfieldsMoved = g.airfieldsMoved.slice();
  if (g.airSupplied !== undefined) c.airSupplied = g.airSupplied.slice();
  if (g.airStruck !== undefined) c.airStruck = g.airStruck.slice();
  if (g.airMission) c.airMission = { ...g.airMission };
  if (g.result) c.result = { ...g.result };
  c.options = { ...g.options };
  c.secret = cloneSecret(g.secret);
  return c;
}

/**
 * How the clone copies each field of a type: `value` a primitive (or null), copied by the
 * spread; `copy` an object or array, replaced by a copy of its own. Every field of every
 * type in the state is named (a field added to a type and not named here does not
 * compile), and one that holds an object cannot be called a value.
 */
type Fields<T> = {
  readonly [K in keyof Required<T>]: NonNullable<T[K]> extends object ? 'copy' : 'value';
};

type Evacuation = BarbarossaState['evacuation'][string];
type BlitzAir = NonNullable<BarbarossaState['blitzAir']>[number];
type TankGroups = NonNullable<Secret['tankGroups']>;
type Options = BarbarossaState['options'];
type Split = NonNullable<Combat['split']>;

const STATE: Fields<BarbarossaState> = {
  scenario: 'value',
  turn: 'value',
  player: 'value',
  step: 'value',
  breakthrough: 'value',
  pieces: 'copy',
  order: 'copy',
  railheads: 'copy',
  riflePile: 'copy',
  control: 'copy',
  attacks: 'copy',
  combat: 'copy',
  blitz: 'copy',
  blitzAir: 'copy',
  spent: 'copy',
  attackedThisPhase: 'copy',
  converted: 'copy',
  rifleFactors: 'value',
  evacuation: 'copy',
  panzerFactors: 'value',
  tankFactors: 'value',
  seaMoves: 'value',
  railMoves: 'value',
  railheadsMoved: 'copy',
  arrivals: 'copy',
  armiesToEnter: 'value',
  airUsed: 'copy',
  airDefUsed: 'copy',
  airOut: 'copy',
  airfieldsMoved: 'copy',
  airSupplied: 'copy',
  airStruck: 'copy',
  airMission: 'copy',
  riverIgnored: 'value',
  siberiansFrom: 'value',
  tankGroupChoice: 'value',
  moscowRolled: 'value',
  rumaniaOpen: 'value',
  winner: 'value',
  result: 'copy',
  suddenDeath: 'value',
  options: 'copy',
  weather: 'value',
  secret: 'copy',
};

const PIECE: Fields<PieceState> = {
  side: 'value',
  unit: 'value',
  face: 'value',
  at: 'value',
  status: 'value',
  disrupted: 'value',
  entrenched: 'value',
  moved: 'value',
  mfLeft: 'value',
  riverCrossed: 'value',
  attacked: 'value',
  supply: 'value',
  weak: 'value',
};

const ATTACK: Fields<DeclaredAttack> = { target: 'value', attackers: 'copy', air: 'copy' };

const COMBAT: Fields<Combat> = {
  target: 'value',
  attackers: 'copy',
  from: 'copy',
  defenders: 'copy',
  column: 'value',
  split: 'copy',
  defense: 'copy',
  air: 'copy',
  phase: 'value',
  noRetreat: 'copy',
  forcedExchange: 'value',
  tookD3: 'value',
  roll: 'value',
  results: 'copy',
  attackerResult: 'value',
  lossesOwed: 'value',
  retreatLengths: 'copy',
  toRetreat: 'copy',
  retreated: 'value',
  mayAdvance: 'copy',
  advanceResult: 'value',
  advancedIn: 'value',
  survivors: 'copy',
  survivorPiece: 'value',
};

const SPLIT: Fields<Split> = { high: 'value', low: 'value' };
const AIR_MISSION: Fields<AirMission> = { kind: 'value', piece: 'value', target: 'value' };
const BLITZ_AIR: Fields<BlitzAir> = { air: 'value', attackers: 'copy' };
const EVACUATION: Fields<Evacuation> = { phase: 'value', since: 'value' };
const RESULT: Fields<GameResult> = { winner: 'value', kind: 'value', games: 'value', words: 'value' };
const OPTIONS: Fields<Options> = { asymmetricOdds: 'value', weatherRoll: 'value', classicOdds: 'value' };
const SECRET: Fields<Secret> = { identities: 'copy', tankGroups: 'copy' };
const IDENTITY: Fields<HiddenIdentity> = { unit: 'value', knownTo: 'value' };
const TANK_GROUPS: Fields<TankGroups> = { A: 'copy', B: 'copy' };

/**
 * A type's fields, for the tests (clone.test.ts walks every state it plays against them):
 * `fields` the object's own (FIELDS above), or `entries` for a record by id or an array
 * whose every entry is of one shape (`of`, or null for primitives).
 */
export type Shape =
  | {
      readonly fields: Readonly<Record<string, 'value' | 'copy'>>;
      readonly of: Readonly<Record<string, Shape>>;
    }
  | { readonly entries: 'record' | 'array'; readonly of: Shape | null };

const record = (of: Shape | null): Shape => ({ entries: 'record', of });
const array = (of: Shape | null): Shape => ({ entries: 'array', of });
const object = (
  fields: Readonly<Record<string, 'value' | 'copy'>>,
  of: Readonly<Record<string, Shape>> = {},
): Shape => ({ fields, of });

/** The state's shape: every type and field the clone copies. */
export const STATE_SHAPE: Shape = object(STATE, {
  pieces: record(object(PIECE)),
  order: array(null),
  railheads: array(null),
  riflePile: array(null),
  control: record(null),
  attacks: array(object(ATTACK, { attackers: array(null), air: array(null) })),
  combat: object(COMBAT, {
    attackers: array(null),
    from: array(null),
    defenders: array(null),
    split: object(SPLIT),
    defense: record(null),
    air: array(null),
    noRetreat: array(null),
    results: record(null),
    retreatLengths: record(null),
    toRetreat: array(null),
    mayAdvance: array(null),
    survivors: array(null),
  }),
  blitz: array(null),
  blitzAir: array(object(BLITZ_AIR, { attackers: array(null) })),
  spent: array(null),
  attackedThisPhase: array(null),
  converted: array(null),
  evacuation: record(object(EVACUATION)),
  railheadsMoved: array(null),
  arrivals: array(null),
  airUsed: array(null),
  airDefUsed: array(null),
  airOut: record(null),
  airfieldsMoved: array(null),
  airSupplied: array(null),
  airStruck: array(null),
  airMission: object(AIR_MISSION),
  result: object(RESULT),
  options: object(OPTIONS),
  secret: object(SECRET, {
    identities: record(object(IDENTITY)),
    tankGroups: object(TANK_GROUPS, { A: array(null), B: array(null) }),
  }),
});
