/**
 * The Barbarossa 1941 game state: plain JSON, every field commented. Hexes are map
 * indexes; the log prints hex numbers.
 *
 * Pieces, not units: a piece is a counter on the table. A face-up piece names its unit
 * (`unit`); a face-down Russian piece (barbarossa-1941 "Hidden and/vs. Revealed Russian
 * units") shows only its face (`face`: a rifle army, a tank korps) and its id says
 * nothing of what it is. What it is lives apart, in `secret`, which only the server
 * holds: `view` (hidden.ts) drops it, and shows a side only the identities it may know.
 */
import type { UnitData } from '@stavka/engine';
import type { RulesScenario, Side, TurnInfo, Weather } from './rules-scenario.ts';

export type Supply = 'full' | 'limited' | 'isolated';

/** What a face-down piece shows. */
export const FACES = ['rifle-army', 'tank-korps'] as const;
export type Face = (typeof FACES)[number];

export interface PieceState {
  /** Owner. */
  side: Side;
  /** The unit it is, when face up; null while face down. */
  unit: string | null;
  /** The face a face-down piece shows; null when face up. */
  face: Face | null;
  /** Hex index on the map, or -1 off the map. */
  at: number;
  /** map: in play; pool: not (yet) in play (replacements, reinforcements); eliminated. */
  status: 'map' | 'pool' | 'eliminated';
  /** Faced toward the enemy: may not move or attack in its own player-turn ("Disrupted Units"). */
  disrupted: boolean;
  /** Entrenched in A.1/B.1 (lost on moving, attacking or retreating). */
  entrenched: boolean;
  /** Operational movement used in this player-turn: not, within its OMF (may attack), or with the OMB (may not). */
  moved: 'no' | 'attack' | 'bonus';
  /**
   * Half movement factors left within its OMF after its move this player-turn (absent: not
   * moved, its whole OMF): the river's +1 MF for an attack (RULINGS B-69) and an overrun's
   * hex cost + 1 (B-65) are paid from it.
   */
  mfLeft?: number;
  /** Crossed an unfrozen river hexside in its move this player-turn (B-69: "crossing a river to attack"). */
  riverCrossed?: boolean;
  /** Has attacked (or is allocated to an attack) in this player-turn. */
  attacked: boolean;
  /** Supply from the last Supply Status Determination Phase (or the moment of combat). */
  supply: Supply;
  /** German armies: on their weak side ("Flipping of German Armies to Strong Side"). */
  weak: boolean;
}

/** A face-down piece's identity, kept by the server only. */
export interface HiddenIdentity {
  /**
   * The unit it is; null for a rifle army never yet revealed: drawn from the pile at its
   * first combat (RULINGS B-18).
   */
  unit: string | null;
  /** Who may look at it: the Russian player for tank units; nobody for (re-)hidden rifle armies. */
  knownTo: Side | null;
}

/** What only the server knows. */
export interface Secret {
  identities: Record<string, HiddenIdentity>;
  /**
   * B-53: the two face-down tank groups under the labels the German chooses between, as
   * the server's hidden roll shuffled them (the units of each label).
   */
  tankGroups?: { A: string[]; B: string[] };
}

/** The steps of the sequence of play ("GAME-TURN SEQUENCE"), plus set-up and the end. */
export type Step =
  | 'reinforce' // A.1 / B.1
  | 'attacks-first' // A.2 / B.2: attacks before operational movement
  | 'movement' // A.3 / B.3 (and A.6 / Proriv: breakthrough movement, B-9)
  | 'combat' // A.5 / B.5 (and the breakthrough combat)
  | 'over';

/** An attack declared ("Attack Allocations") and not yet resolved. */
export interface DeclaredAttack {
  /** The defending hex. */
  target: number;
  /** Attacking pieces, in the order allocated. */
  attackers: string[];
  /** Air units supporting it (B-13, B-46). */
  air?: string[];
}

/** An air mission flown and waiting for the enemy's interception answer (RULINGS B-58). */
export interface AirMission {
  /** An airstrike on the units of a hex (B-57), close air support of an attack (B-46), air supply (B-59). */
  kind: 'strike' | 'support' | 'supply';
  /** The air unit flying it. */
  piece: string;
  /** The hex it flies to. */
  target: number;
}

/** What the combat being resolved waits for. */
export type CombatPhase =
  | 'orders' // defender: No Retreat! orders (B-4), asked before the roll
  | 'forced-exchange' // attacker: Forced Exchange? (Russian attacker before the roll, German after it)
  | 'avoid-exchange' // German defender: accept a D3 instead of the Forced Exchange
  | 'exchange-choice' // German attacker in Good weather: pay the X/2 or X, or both Disrupted (B-5)
  | 'losses' // attacker: units (or a German army's strong side) lost to cover the exchange or AE
  | 'retreat-length' // attacker: Dn retreat 0-n (B-3)
  | 'retreat' // defender: each unit's retreat route and extra hexes (B-3), D withdrawals
  | 'survivor' // defender: where the weak division surviving a DE retreats, or none (B-52)
  | 'advance'; // attacker: tactical advances

export interface Combat {
  target: number;
  attackers: string[];
  /** Hexes the attack came from. */
  from: number[];
  defenders: string[];
  /** Final column index before the per-unit reading of Disrupted defenders (B-6). */
  column: number;
  /** B-8 split die: the combat roll reads `high` on 4-6 and `low` on 1-3. */
  split: { high: number; low: number } | null;
  /** Factor-modified defense per defender at the moment of combat. */
  defense: Record<string, number>;
  /** Air units supporting the attack (B-46); absent when none. */
  air?: string[];
  phase: CombatPhase;
  noRetreat: string[];
  /** Forced Exchange declared (B-4); null while not asked. */
  forcedExchange: boolean | null;
  /** The German defender took the D3 instead of the Forced Exchange. */
  tookD3: boolean;
  roll: number | null;
  /** The result each defender suffers (B-6 reading, B-4 conversions). */
  results: Record<string, string>;
  /** The attackers' result (the base column). */
  attackerResult: string;
  /** Attack factors the attacker still has to lose. */
  lossesOwed: number;
  /** Each Dn defender's retreat, chosen by the attacker 0-n by its own result (B-3); the defender may add 3-n. */
  retreatLengths: Record<string, number>;
  /** Defenders still to retreat or withdraw, with their result. */
  toRetreat: string[];
  /** Furthest any defender retreated (advances on D1 "unless the defender retreats farther"). */
  retreated: number;
  /** Attackers that may still advance. */
  mayAdvance: string[];
  /** The result the advance follows (BK, DE, D3, ...), or null when no advance. */
  advanceResult: string | null;
  /** Attack factors advanced into the vacated hex (the 1-hex side advance needs the defenders' strength). */
  advancedIn: number;
  /** B-52: defenders eliminated by a DE still owed the choice of a surviving weak division, first is asked. */
  survivors?: string[];
  /** B-52: the weak division standing on the defended hex while its owner chooses its retreat. */
  survivorPiece?: string;
}

export interface BarbarossaState {
  /** Key of the compiled scenario (rules-scenario.ts registry). */
  scenario: string;
  /** Game-turn, from 1 (June II 1941). */
  turn: number;
  /** Whose player-turn: the Axis first each game-turn. */
  player: Side;
  step: Step;
  /** In the breakthrough (A.6) / Proriv phase (B-9). */
  breakthrough: boolean;
  /** Every piece, by piece id. */
  pieces: Record<string, PieceState>;
  /** Piece ids in canonical order (actions are listed in this order). */
  order: string[];
  /** The Axis railheads (Axis full supply sources). */
  railheads: number[];
  /** Rifle army units not yet drawn: the face-down pile (public: 62 minus those seen on the map). */
  riflePile: string[];
  /**
   * Named places whose control is not their owner's at the start (Ploesti, Grozny,
   * victory cities): place name -> the side holding it now.
   */
  control: Record<string, Side>;
  /** Attacks declared and not yet resolved in this phase. */
  attacks: DeclaredAttack[];
  /** The combat being resolved, if any. */
  combat: Combat | null;
  /** German pieces granted the Blitzkrieg! extra attack this player-turn (BK). */
  blitz: string[];
  /**
   * German air units that supported an attack ending in Blitzkrieg!, with the attackers
   * given the extra attack: "they can further accompany the attacking units with Close Air
   * Support (not bombing) in one (of the) Blitzkrieg! attack(s)". Absent: none.
   */
  blitzAir?: { air: string; attackers: string[] }[];
  /** Pieces that moved or attacked before the breakthrough / Proriv phase (B-9): not used again in it. */
  spent: string[];
  /** Pieces whose attack this phase re-Disrupted nothing (A.5/B.5 recovery bookkeeping): attacked defenders. */
  attackedThisPhase: string[];
  /** Russian rail hexes converted to the German gauge (Axis rail lines), ascending. */
  converted: number[];
  /** Russian rifle replacement factors not yet spent (B-48). */
  rifleFactors: number;
  /** Factories being evacuated (B-51): loading since a turn, on the track since a turn, producing in Siberia. */
  evacuation: Record<string, { phase: 'loading' | 'track' | 'siberia'; since: number }>;
  /** German panzer replacement factors not yet spent (B-49). */
  panzerFactors: number;
  /** Russian tank replacement factors not yet spent, "cumulated between turns". */
  tankFactors: number;
  /** Units moved by sea in this player-turn ("1 unit ... per turn"). */
  seaMoves: number;
  /** Units moved by rail in this player-turn. */
  railMoves: number;
  /** Railheads already advanced this turn (indexes into railheads). */
  railheadsMoved: number[];
  /** Reinforcements waiting to be placed (A.1 / B.1), in arrival order. */
  arrivals: string[];
  /** Face-down Russian armies still to enter from the eastern edge (the set-up's leftovers). */
  armiesToEnter: number;
  /** Air units used offensively this game-turn ("only once offensively ... per game-turn"). */
  airUsed: string[];
  /** Air units used defensively (intercepting) this game-turn (B-58). Absent: none. */
  airDefUsed?: string[];
  /** Air units out of the game (Shot Down, Intercepted): the player-turn index they are back at (B-57). */
  airOut?: Record<string, number>;
  /** Air units whose airfield was repositioned in this player-turn (B-56). */
  airfieldsMoved?: string[];
  /** Pieces air-supplied: in Full supply until their side's next player-turn (B-59). */
  airSupplied?: string[];
  /** Hexes a Russian air unit struck in this player-turn ("may not be combined", B-57). */
  airStruck?: number[];
  /** An air mission waiting for the enemy's interception answer (B-58), or none. */
  airMission?: AirMission | null;
  /** The river hexside whose Russian defense shift the Axis ignores on turn 1 (B-44), or null. */
  riverIgnored: number | null;
  /** The turn the Russian player called the Siberian Reserve, or null (B-43). */
  siberiansFrom: number | null;
  /** B-53: the German blind choice of the extra tank group: to be made, or the label chosen. */
  tankGroupChoice?: 'pending' | 'A' | 'B';
  /** The Moscow morale roll has been made (B-40). */
  moscowRolled: boolean;
  /**
   * RULINGS B-66: an Axis unit has attacked from a hex in Rumania ("The Russians may not
   * attack Rumania unless the Axis do attack out of it"); until then no Russian unit attacks
   * or enters a hex in Rumania. Absent: not yet.
   */
  rumaniaOpen?: boolean;
  /** Set once the game is over. */
  winner: Side | 'draw' | null;
  /** How the game ended, in words, once it is over (victory.ts; absent in games saved before). */
  result?: GameResult | null;
  /**
   * RULINGS B-70: the Axis sudden death at a 1941 German Victory Determination Phase (B.7):
   * 'offered' while the Axis player chooses to claim it or play on, 'declined' once he has
   * chosen to wait for January II (no further offer). Absent: never offered.
   */
  suddenDeath?: 'offered' | 'declined';
  /** Optional rules both players agreed to at creation (B-7, B-8; the weather roll of B-11). */
  /**
   * The optional rules: `asymmetricOdds` the expanded odds (B-63, B-64: agreed, exchanges
   * mandatory); `classicOdds` no round-up roll and no pressing (B-63); `weatherRoll` (B-11).
   */
  options: { asymmetricOdds: boolean; weatherRoll?: boolean; classicOdds?: boolean };
  /** This turn's weather when rolled (B-11's optional roll); null: the scenario's schedule. */
  weather?: Weather | null;
  secret: Secret;
}

/**
 * The end of a game ("Victory Conditions", B-12, B-40, B-43, B-70): who won, how, and what
 * it counts for ("a Strategic, Smashing Victory worth 2 games").
 */
export interface GameResult {
  readonly winner: Side | 'draw';
  readonly kind:
    | 'axis-sudden-death' // 7 points in a 1941 Axis VDP, claimed (B-70)
    | 'moscow-collapse' // the Moscow morale roll (B-40)
    | 'axis-smashing' // 10+ points at January II (B-70)
    | 'axis-win' // 7-9 points at the end
    | 'draw' // 6 points at the end
    | 'soviet-win' // 5 or less at the end
    | 'soviet-sudden' // Warsaw, or Bucharest and Ploesti, at the Russian VDP (B-12)
    | 'siberian-gamble'; // the Siberian Reserve gamble lost (B-43)
  /** Games it counts for: 2 for a Strategic, Smashing Victory. */
  readonly games: 1 | 2;
  /** The result in words, naming the condition. */
  readonly words: string;
}

/** A face-down piece's face as a unit the rules can read (barbarossa-1941: "assumed all are worth 2 factors"). */
const FACE_UNITS: Readonly<Record<Face, UnitData>> = {
  'rifle-army': {
    id: 'face-rifle-army',
    side: 'soviet',
    nationality: 'soviet',
    type: 'infantry',
    size: 'army',
    name: 'Rifle army (face down)',
    designation: '?',
    factors: { attack: 2, defense: 2 },
    tags: ['hidden'],
  },
  'tank-korps': {
    id: 'face-tank-korps',
    side: 'soviet',
    nationality: 'soviet',
    type: 'tank',
    size: 'korps',
    name: 'Tank korps (face down)',
    designation: '?',
    factors: { attack: 2, defense: 1 },
    tags: [],
  },
};

/**
 * A game's state before any piece is placed: turn 1, the Axis in its first step, nothing
 * spent, nothing hidden yet. Set-up (the standard game, a position file, a test position)
 * fills in the pieces; `at` overrides what differs.
 */
export function newGameState(
  scenario: string,
  at: Partial<
    Pick<
      BarbarossaState,
      'player' | 'step' | 'breakthrough' | 'railheads' | 'riflePile' | 'control' | 'options'
    >
  >,
): BarbarossaState {
  return {
    scenario,
    turn: 1,
    player: at.player ?? 'axis',
    step: at.step ?? 'reinforce',
    breakthrough: at.breakthrough ?? false,
    pieces: {},
    order: [],
    railheads: at.railheads ?? [],
    riflePile: at.riflePile ?? [],
    control: at.control ?? {},
    attacks: [],
    combat: null,
    blitz: [],
    spent: [],
    attackedThisPhase: [],
    arrivals: [],
    armiesToEnter: 0,
    converted: [],
    railMoves: 0,
    seaMoves: 0,
    rifleFactors: 0,
    tankFactors: 0,
    panzerFactors: 0,
    evacuation: {},
    railheadsMoved: [],
    moscowRolled: false,
    siberiansFrom: null,
    riverIgnored: null,
    airUsed: [],
    winner: null,
    options: at.options ?? { asymmetricOdds: false, weatherRoll: false },
    secret: { identities: {} },
  };
}

/**
 * The unit a piece is as far as every player may know: its unit when face up, else its
 * face. Movement, stacking and zones of control read this only, so that no legal
 * action depends on what a side may not see.
 */
export function publicUnit(s: RulesScenario, p: PieceState): UnitData {
  if (p.unit !== null) {
    const u = s.units[p.unit];
    if (!u) throw new Error(`piece names unknown unit ${p.unit}`);
    return u;
  }
  if (p.face === null) throw new Error('a piece with neither a unit nor a face');
  return FACE_UNITS[p.face];
}

/** German armies' factors on their current side ("difference between active stronger and weaker side"). */
export function attackFactor(u: UnitData, p: Pick<PieceState, 'weak'>): number {
  return p.weak && u.factors.weakAttack !== undefined ? u.factors.weakAttack : (u.factors.attack ?? 0);
}

export function defenseFactor(u: UnitData, p: Pick<PieceState, 'weak'>): number {
  return p.weak && u.factors.weakDefense !== undefined ? u.factors.weakDefense : (u.factors.defense ?? 0);
}

export function freshPiece(side: Side, unit: string | null, face: Face | null, at: number): PieceState {
  return {
    side,
    unit,
    face,
    at,
    status: at >= 0 ? 'map' : 'pool',
    disrupted: false,
    entrenched: false,
    moved: 'no',
    attacked: false,
    supply: 'full',
    weak: false,
  };
}

export function turnInfo(s: RulesScenario, g: BarbarossaState): TurnInfo {
  const t = s.turns[Math.min(g.turn, s.turns.length) - 1]!;
  return g.weather ? { ...t, weather: g.weather } : t;
}
