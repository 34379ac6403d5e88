/**
 * The attacks of a player-turn as the Mars policy plans them (`chooseAttacks`), in named
 * parts (issue #47): the targets ranked by their best possible outlook, each attack put
 * together strongest unit first until the goal column, kept only at the minimum column
 * or better, then the must-attack rule repaired or the attack that owes it dropped
 * (mars-1942 "Combat": every enemy unit in an attacking unit's ZOC must be attacked).
 */
import { type Attack, type Board, MARS_CRT, mustAttack, type Side, stackingOkWith } from './mars-games.ts';
import { type AttackOutlook, attackOutlook, hexWorth, supplyGain } from './odds.ts';
import type { PolicyParams } from './policy.ts';

/** One attack being put together: the target and who attacks it from where. */
export interface PlannedAttack {
  target: number;
  units: string[];
}

export function toAttack(a: PlannedAttack): Attack {
  return { probe: false, target: a.target, units: a.units }; // a state's attack's key order (cloneMarsState)
}

/** The column an owed attack is made at, at the least (the must-attack rule's repair). */
const ONE_TO_ONE = MARS_CRT.columnLabels.indexOf('1:1');

/**
 * Chooses attacks from the hexes each unit could attack from (`from`: its own hex, or
 * where it may move within its attack range): targets by their best possible outlook,
 * units added strongest first until the goal column, an attack kept only at the minimum
 * column or better, then the must-attack rule repaired or the offending attack dropped.
 * `positions`: where the attackers that move stand to attack.
 */
export function chooseAttacks(
  board: Board,
  side: Side,
  params: PolicyParams,
  from: ReadonlyMap<string, readonly number[]>,
): { attacks: PlannedAttack[]; positions: Map<string, number> } {
  const plan = new AttackPlan(board, side, params, from);
  for (const t of plan.rankedTargets()) {
    if (plan.attacks.length >= params.maxTargets) break;
    plan.tryAttack(t, params.minColumn);
  }
  plan.repairMustAttack();
  plan.dropOwing();
  plan.standIdle();
  return { attacks: plan.attacks, positions: plan.positions };
}

/** A hex a unit could attack a target from, and how good a hex it is for that (higher first). */
interface AttackHex {
  readonly unit: string;
  readonly hex: number;
  readonly rank: number;
}

/** A unit's hex to attack from: the unit's place in `from` and the hex's in its list. */
interface FromHex {
  readonly order: number;
  readonly index: number;
  readonly unit: string;
  readonly hex: number;
}

/** The attacks being put together, and the board as the plan has it. */
class AttackPlan {
  readonly attacks: PlannedAttack[] = [];
  /** Where a unit the plan moves stands to attack (only this side's units move: nothing else changes). */
  readonly positions = new Map<string, number>();
  /** Units in no attack yet, in `from`'s order (one given back goes last). */
  private readonly free: Set<string>;
  /** The units on a hex as the plan has it, copied from the board once a unit comes or goes. */
  private readonly occupants = new Map<number, string[]>();
  /** Per target, what emptying it does for von Kluge's supply (`supplyGain`), once. */
  private readonly gains = new Map<number, number>();
  /** Per hex, the enemy hexes next to it, once counted (-1: not yet). */
  private readonly enemyNext: Int8Array;
  /** Per target, its attack hexes unit by unit (in `from`'s order), ranked once. */
  private readonly byTarget = new Map<number, Map<string, AttackHex[]>>();
  /** Per hex, the units that could attack from it (`from` turned round), made once. */
  private byHex: Map<number, FromHex[]> | null = null;

  constructor(
    private readonly board: Board,
    private readonly side: Side,
    private readonly params: PolicyParams,
    private readonly from: ReadonlyMap<string, readonly number[]>,
  ) {
    this.free = new Set(from.keys());
    this.enemyNext = new Int8Array(board.owner.length).fill(-1);
  }

  /** The enemy hexes next to the units' hexes, best outlook first (ties: the lower hex). */
  rankedTargets(): number[] {
    const { board, side } = this;
    const targets = new Set<number>();
    for (const h of this.fromHexes().keys())
      for (const t of board.neighbors(h)) if (board.isEnemyHex(side, t)) targets.add(t);
    // Each target's outlook with everything that could join in.
    const ranked: { t: number; v: number }[] = [];
    for (const t of targets) {
      const units = [...new Set(this.optionsFor(t).map((o) => o.unit))];
      if (units.length === 0) continue;
      const o = attackOutlook(board, side, { target: t, units, probe: false }, this.bonus(t));
      if (o.column < 0) continue;
      ranked.push({ t, v: o.value + hexWorth(board, t) * 0.5 });
    }
    ranked.sort((a, b) => b.v - a.v || a.t - b.t);
    return ranked.map((r) => r.t);
  }

  /**
   * Puts an attack on `t` together from the free units, best attack hex first, until the
   * goal column; kept if it reaches `minColumn` (and, for the planner, gains something),
   * else its units stay where they were.
   */
  tryAttack(t: number, minColumn: number): boolean {
    const { board, side, params, positions } = this;
    const units: string[] = [];
    let outlook: AttackOutlook | null = null;
    for (const o of this.optionsFor(t)) {
      if (units.includes(o.unit) || !this.free.has(o.unit)) continue;
      const cur = positions.get(o.unit) ?? board.unitState(o.unit).at;
      if (cur !== o.hex && !stackingOkWith(board.s, this.occ(o.hex), o.unit)) continue;
      if (cur !== o.hex) this.move(o.unit, o.hex);
      units.push(o.unit);
      outlook = attackOutlook(board, side, { target: t, units, probe: false }, this.bonus(t), positions);
      if (outlook.column >= params.goalColumn) break;
    }
    if (!outlook || outlook.column < minColumn || (params.style === 'planner' && outlook.value <= 0)) {
      for (const id of units) this.unmove(id);
      return false;
    }
    for (const id of units) this.free.delete(id);
    this.attacks.push({ target: t, units });
    return true;
  }

  /** The must-attack rule: attack what is owed, or give up the attack that owes it. */
  repairMustAttack(): void {
    const { board, attacks } = this;
    const at = (id: string) => this.at(id);
    for (let round = 0; round < 8; round++) {
      const owed = mustAttack(board, this.side, attacks.map(toAttack), at);
      if (owed.length === 0) break;
      for (const h of owed) {
        if (this.tryAttack(h, ONE_TO_ONE)) continue;
        const culprit = attacks.findIndex((a) => a.units.some((id) => board.neighbors(h).includes(at(id))));
        if (culprit < 0) continue;
        const [gone] = attacks.splice(culprit, 1);
        this.giveBack(gone!);
        break;
      }
    }
  }

  /** Attacks given up, last first, while the plan as it stands still owes one. */
  dropOwing(): void {
    const { board, attacks } = this;
    // Judged on the plan as it stands now, whatever the attacks given up take back.
    const planned = new Map(this.positions);
    const plannedAt = (id: string) => planned.get(id) ?? board.unitState(id).at;
    while (attacks.length > 0 && mustAttack(board, this.side, attacks.map(toAttack), plannedAt).length > 0)
      this.giveBack(attacks.pop()!);
  }

  /** Units that attack nothing stay where they are. */
  standIdle(): void {
    for (const id of [...this.positions.keys()])
      if (!this.attacks.some((a) => a.units.includes(id))) this.unmove(id);
  }

  /** The units of an attack given up: back where they stood, free again. */
  private giveBack(gone: PlannedAttack): void {
    for (const id of gone.units) {
      this.unmove(id);
      this.free.add(id);
    }
  }

  /** Where unit `id` stands as the plan has it. */
  private at(id: string): number {
    return this.positions.get(id) ?? this.board.unitState(id).at;
  }

  private occ(h: number): string[] {
    let o = this.occupants.get(h);
    if (!o) {
      o = [...this.board.at[h]!];
      this.occupants.set(h, o);
    }
    return o;
  }

  private move(id: string, h: number): void {
    const cur = this.positions.get(id) ?? this.board.unitState(id).at;
    const o = this.occ(cur);
    o.splice(o.indexOf(id), 1);
    this.occ(h).push(id);
    this.positions.set(id, h);
  }

  private unmove(id: string): void {
    const h = this.positions.get(id);
    if (h === undefined) return;
    const o = this.occ(h);
    o.splice(o.indexOf(id), 1);
    this.occ(this.board.unitState(id).at).push(id);
    this.positions.delete(id);
  }

  /** Counter-attacks that reopen supply (von Kluge keeping Rzhev and Gzhatsk supplied). */
  private bonus(t: number): number {
    if (this.params.style === 'greedy' || this.side !== 'german') return 0;
    let g = this.gains.get(t);
    if (g === undefined) {
      g = supplyGain(this.board, this.side, t);
      this.gains.set(t, g);
    }
    return g;
  }

  private enemyNeighbours(h: number): number {
    let n = this.enemyNext[h]!;
    if (n < 0) {
      n = 0;
      for (const x of this.board.neighbors(h)) if (this.board.isEnemyHex(this.side, x)) n++;
      this.enemyNext[h] = n;
    }
    return n;
  }

  /** `from` turned round: per hex, the units that could attack from it. */
  private fromHexes(): Map<number, FromHex[]> {
    if (this.byHex) return this.byHex;
    const byHex = new Map<number, FromHex[]>();
    let order = 0;
    for (const [unit, hexes] of this.from) {
      hexes.forEach((hex, index) => {
        let list = byHex.get(hex);
        if (!list) {
          list = [];
          byHex.set(hex, list);
        }
        list.push({ order, index, unit, hex });
      });
      order++;
    }
    this.byHex = byHex;
    return byHex;
  }

  /**
   * Each attack hex of target `t`, unit by unit (in `from`'s order, each unit's hexes in
   * its own), ranked once: how good a hex is to attack `t` from depends on the map and the
   * board as it is, not on the plan.
   */
  private attackHexes(t: number): Map<string, AttackHex[]> {
    let byUnit = this.byTarget.get(t);
    if (byUnit) return byUnit;
    const { board, side } = this;
    byUnit = new Map();
    this.byTarget.set(t, byUnit);
    const found: FromHex[] = [];
    const byHex = this.fromHexes();
    for (const h of board.neighbors(t)) {
      const list = byHex.get(h);
      if (list) for (const f of list) found.push(f);
    }
    found.sort((a, b) => a.order - b.order || a.index - b.index);
    const tEnemy = board.isEnemyHex(side, t) ? 1 : 0;
    for (const { unit, hex } of found) {
      let rank = (board.unit(unit).factors.attack ?? 0) * 10;
      if (hex === board.unitState(unit).at) rank += 3;
      if (board.crossesRiver(hex, t)) rank -= 4;
      // Other enemy hexes next to the attack hex bring the must-attack rule in.
      rank -= (this.enemyNeighbours(hex) - tEnemy) * 2;
      let list = byUnit.get(unit);
      if (!list) {
        list = [];
        byUnit.set(unit, list);
      }
      list.push({ unit, hex, rank });
    }
    return byUnit;
  }

  /** The free units' attack hexes for `t`, best first (ties: the unit, then the hex). */
  private optionsFor(t: number): AttackHex[] {
    const byUnit = this.attackHexes(t);
    const opts: AttackHex[] = [];
    for (const id of this.free) {
      const list = byUnit.get(id);
      if (list) for (const o of list) opts.push(o);
    }
    return opts.sort((a, b) => b.rank - a.rank || (a.unit < b.unit ? -1 : 1) || a.hex - b.hex);
  }
}
