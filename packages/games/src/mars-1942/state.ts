/**
 * The Operation Mars game state: plain JSON, every field commented. Hexes are held
 * as map indexes (numbers); the log and the UI print them as hex numbers.
 */
import { changeEntry, cloneRecord, Memo } from '@stavka/engine';
import { type Scenario, type Side, scenarioByKey } from './scenario.ts';

export type Supply = 'full' | 'rationed' | 'isolated';

export interface UnitState {
  /** Hex index on the map, or -1 off the map. */
  at: number;
  /** map: in play; reserve: off-board reinforcement; eliminated; withdrawn (M-14). */
  status: 'map' | 'reserve' | 'eliminated' | 'withdrawn';
  disrupted: boolean;
  fortified: boolean;
  /** Fortified at the start of this player-turn: may not move or attack now ("Fortification"). */
  fortifiedNow: boolean;
  /** Operational movement used this game-turn: none, within attack range, or with the bonus (may not attack). */
  moved: 'no' | 'attack' | 'bonus';
  /** Has attacked in this combat phase. */
  attacked: boolean;
  /** Supply status from the last trace (recomputed after every action). */
  supply: Supply;
}

/** The steps of the sequence of play (mars-1942 GAMETURN SEQUENCE), plus set-up. */
export type Step =
  | 'setup' // deployment, German then Soviet ("Setup and 1st Turn")
  | 'fortify' // A.1 / B.1
  | 'reinforce' // B.2: one panzer division may arrive; reserves may be withdrawn (M-14)
  | 'movement' // A.2 / B.3
  | 'allocation' // A.3 / B.5: attacks declared
  | 'combat' // attacks resolved one at a time, each with its choices
  | 'supply' // A.4 / B.6: the owner picks the isolated unit spared in Rzhev or Gzhatsk (M-20)
  | 'over';

/** One declared attack: the hex attacked and the units attacking it. */
export interface Attack {
  target: number;
  units: string[];
  /** German 2:1 probe declared (M-7). */
  probe: boolean;
}

/** What the combat being resolved waits for. */
export type CombatPhase =
  | 'orders' // defender: No Retreat! orders (M-8)
  | 'losses' // attacker: choose units to eliminate
  | 'rout-distance' // attacker: DR distance 0-2
  | 'retreat' // defender: retreat routes
  | 'advance' // attacker: advances after combat
  | 'done';

export interface DefenderResult {
  unit: string;
  /** The CRT result this unit suffers (M-6: a Disrupted unit reads the next column). */
  result: string;
  /** No Retreat! ordered (M-8). */
  noRetreat: boolean;
  /** Retreat still owed: how many hexes (0 none), whether the defender picks 1..max. */
  retreatMin: number;
  retreatMax: number;
  /** The path retreated (hex indexes, start first), once done. */
  path: number[];
  /** Disrupted when the retreat ends at this length or more (DW: Germans and Guards only at 2). */
  disruptAt: number;
}

export interface Combat {
  target: number;
  attackers: string[];
  /** Hexes the attack came from. */
  from: number[];
  column: string;
  roll: number;
  base: string;
  phase: CombatPhase;
  defenders: DefenderResult[];
  /** Attack factors the attacker still has to lose. */
  lossesOwed: number;
  /** Soviet attack on an empty defense-zone hex across its frontline (M-11). */
  hexsideOnly: boolean;
  /** Attack strength that must advance into the vacated hex. */
  advanceOwed: number;
  /** Hexes a tank/panzer unit may advance on to after the vacated hex. */
  advanceBeyond: number[];
  advanced: string[];
  /** A DR result waits for the attacker to pick the distance, 0-2 hexes. */
  routPending: boolean;
}

export interface WithdrawalRecord {
  unit: string;
  /** The turn the removal counts for (a deployed reinforcement: 3 turns after it left, M-14). */
  countsOnTurn: number;
  points: number;
}

export interface MarsState {
  /** Key of the compiled scenario (scenario.ts registry). */
  scenario: string;
  turn: number;
  /** Whose player-turn it is (Soviet first each game-turn). */
  player: Side;
  step: Step;
  /** Set-up: the side deploying now. */
  deploying: Side | null;
  units: Record<string, UnitState>;
  attacks: Attack[];
  combat: Combat | null;
  /** B.2: a reinforcement already arrived this turn. */
  reinforced: boolean;
  /** Reinforcement divisions brought into play (Soviet +4 each). */
  deployed: string[];
  withdrawals: WithdrawalRecord[];
  /** First-turn doubling of Russian attack (M-16). */
  firstTurnDoubling: boolean;
  /**
   * Sustained supply status determination (A.4 / B.6): the isolated units their owner
   * has chosen to spare in Rzhev or Gzhatsk this phase, one a city (M-20); empty
   * outside the phase.
   */
  spared: string[];
  /**
   * Hexes of the cities and towns in German territory "taken": a Russian unit has
   * entered them since a German unit last did (M-19). Sorted.
   */
  taken: number[];
}

export function other(side: Side): Side {
  return side === 'german' ? 'soviet' : 'german';
}

/**
 * A unit's state, field by field: a literal of one shape is quicker to build than a
 * spread. Keys in sorted order, here and in cloneMarsState: the state hash's canonical
 * JSON is then what JSON.stringify writes, and the engine lets it (see canonicalJson).
 */
function cloneUnit(u: UnitState): UnitState {
  return {
    at: u.at,
    attacked: u.attacked,
    disrupted: u.disrupted,
    fortified: u.fortified,
    fortifiedNow: u.fortifiedNow,
    moved: u.moved,
    status: u.status,
    supply: u.supply,
  };
}

/**
 * Unit state `u` at `at` (and with `status`, if given): a hypothetical unit the AI weighs
 * (Board.withUnits), made and frozen as a settled state's units are, so that the code
 * reading units meets one shape of object (V8 optimizes it once, not again for another).
 */
export function unitAt(u: UnitState, at: number, status: UnitState['status'] = u.status): UnitState {
  const c = cloneUnit(u);
  c.at = at;
  c.status = status;
  return Object.freeze(c);
}

/**
 * `g` with the units `units` (a board's hypothetical units: Board.withUnits), every other
 * field shared: built as cloneMarsState builds a state, keys in its order (one shape of
 * state object for the code reading it, as unitAt for units).
 */
export function withUnitsRecord(g: MarsState, units: Record<string, UnitState>): MarsState {
  return {
    attacks: g.attacks,
    combat: g.combat,
    deployed: g.deployed,
    deploying: g.deploying,
    firstTurnDoubling: g.firstTurnDoubling,
    player: g.player,
    reinforced: g.reinforced,
    scenario: g.scenario,
    spared: g.spared,
    step: g.step,
    taken: g.taken,
    turn: g.turn,
    units,
    withdrawals: g.withdrawals,
  };
}

/**
 * The unit `id` of a state being changed, to change: a copy of its own in place of a
 * frozen unit it still shares with the state it was cloned from (the engine's
 * copy-and-freeze records, frozen.ts). Every change to a unit goes through here; a write
 * to a shared unit would throw.
 */
export function changeUnit(g: MarsState, id: string): UnitState {
  const own = changeEntry(g.units, id, cloneUnit);
  const listed = inOrder.get(g.units);
  if (listed) {
    const i = scenarioByKey(g.scenario).unitIndex.get(id)!;
    if (listed.units[i] !== own) {
      listed.units[i] = own;
      listed.changed.push(i);
    }
  }
  return own;
}

/**
 * Units records' entries in scenario order, once listed: a loop over every unit reads
 * `units[i]` instead of looking each id up in the record (a 71-key record's keyed
 * lookup costs as much as a dozen steps of a supply trace). Kept true to the record:
 * changeUnit, the only way an entry is replaced, replaces it here too (`changed`, for
 * settleUnits), and a draft starts from its parent's list (inheritUnitList).
 */
const inOrder = new Memo<object, { units: UnitState[]; changed: number[]; inherited: boolean }>(
  'units in order',
);

/** The units of `units` (a state's) in the scenario's order: `unitIds[i]`'s state is `[i]`. Read it, never change it. */
export function unitStates(s: Scenario, units: Readonly<Record<string, UnitState>>): readonly UnitState[] {
  let listed = inOrder.get(units);
  if (!listed) {
    const ids = s.unitIds;
    const list = new Array<UnitState>(ids.length);
    for (let i = 0; i < ids.length; i++) list[i] = units[ids[i]!]!;
    listed = { units: list, changed: [], inherited: false };
    inOrder.set(units, listed);
  }
  return listed.units;
}

/**
 * `copy`, a clone of `parent`'s units that shares every entry (cloneRecord of a settled
 * record), starts from the parent's list instead of looking every unit up again.
 */
export function inheritUnitList(parent: object, copy: object): void {
  const listed = inOrder.get(parent);
  if (listed) inOrder.set(copy, { units: listed.units.slice(), changed: [], inherited: true });
}

/**
 * The units of a draft's record (`units`) changed since it was cloned from its parent's,
 * by scenario index, ascending: every entry that can differ from the parent's (changeUnit
 * records them); null when the draft did not start from its parent's list (then any may).
 */
export function changedSinceClone(units: object): number[] | null {
  const listed = inOrder.get(units);
  if (!listed?.inherited) return null;
  return [...new Set(listed.changed)].sort((a, b) => a - b);
}

/** `units`, a record made with `list` as its entries in scenario order (a board's hypothetical units: Board.withUnits). */
export function listUnits(units: Readonly<Record<string, UnitState>>, list: UnitState[]): void {
  inOrder.set(units, { units: list, changed: [], inherited: false });
}

/**
 * Once a draft's entries are settled (engine settleRecord may give an entry copied but
 * left as it was back its parent's object): its list follows.
 */
export function settleUnitList(s: Scenario, units: Readonly<Record<string, UnitState>>): void {
  const listed = inOrder.get(units);
  if (!listed) return;
  for (const i of listed.changed) listed.units[i] = units[s.unitIds[i]!]!;
  listed.changed.length = 0;
}

/**
 * A deep copy of the state, field by field: the engine copies the state before every
 * action, and this is an order of magnitude faster than structuredClone. Every field of
 * MarsState is listed; a new nested field must be added here (the fuzzer's purity
 * check and the clone test catch a forgotten one). Units are copied in the order the
 * state lists them (the initial state lists them by id). With `shareFrozenUnits` (the
 * copy an action is applied to), a frozen unit is shared, not copied: it never changes,
 * and the action copies a unit it changes (changeUnit).
 */
export function cloneMarsState(g: MarsState, shareFrozenUnits = false): MarsState {
  // A spread, then each unit replaced (engine cloneRecord): V8 keeps a record made so in
  // its fast form, and the hash, the boards and the diffs that read all 71 units each
  // action read it ~3x faster.
  const units = cloneRecord(g.units, cloneUnit, shareFrozenUnits);
  const c = g.combat;
  return {
    attacks: g.attacks.map((a) => ({ probe: a.probe, target: a.target, units: [...a.units] })),
    combat: c
      ? {
          advanceBeyond: [...c.advanceBeyond],
          advanceOwed: c.advanceOwed,
          advanced: [...c.advanced],
          attackers: [...c.attackers],
          base: c.base,
          column: c.column,
          defenders: c.defenders.map((d) => ({
            disruptAt: d.disruptAt,
            noRetreat: d.noRetreat,
            path: [...d.path],
            result: d.result,
            retreatMax: d.retreatMax,
            retreatMin: d.retreatMin,
            unit: d.unit,
          })),
          from: [...c.from],
          hexsideOnly: c.hexsideOnly,
          lossesOwed: c.lossesOwed,
          phase: c.phase,
          roll: c.roll,
          routPending: c.routPending,
          target: c.target,
        }
      : null,
    deployed: [...g.deployed],
    deploying: g.deploying,
    firstTurnDoubling: g.firstTurnDoubling,
    player: g.player,
    reinforced: g.reinforced,
    scenario: g.scenario,
    spared: [...g.spared],
    step: g.step,
    taken: [...g.taken],
    turn: g.turn,
    units,
    withdrawals: g.withdrawals.map((w) => ({ countsOnTurn: w.countsOnTurn, points: w.points, unit: w.unit })),
  };
}
