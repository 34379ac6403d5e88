/**
 * What the enemy can do to a hex in his next player-turn, for the AI's defence of the
 * hexes that lose it the game (barbarossa-1941 "Victory Conditions", B-12): which enemy
 * units could stand next to the hex at the end of their next Operational Movement, and the
 * best odds they could attack it at, read by the rules' own `evaluateAttack` (the
 * factor-modified defense of "Fortresses, Entrenchment, Defense Lines, and Terrain Effects",
 * "Cross-River", "Weather", "Supply", close air support). Nothing here is a copy of a rule:
 * the enemy's moves are the movement rules' `moveOptions` (zones of control, terrain, roads,
 * stacking) in a state made as the enemy will find it, and the odds are `evaluateAttack`'s.
 * `planGarrison` then holds a hex against that attack.
 *
 * It reads only what both sides see (the Board's `publicUnit`: a face-down Russian army is
 * its face, "assumed all are worth 2 factors"; the mean of the 62 hidden rifle armies is 2.15).
 */
import { slotBetween } from '@stavka/engine';
import { evaluateAttack, isRefusal } from '../attack.ts';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { moveOptions, omfOf } from '../movement.ts';
import { railAllowance, railNet } from '../rail.ts';
import { otherSide, riverAt, type Side } from '../rules-scenario.ts';
import { attackFactor, type BarbarossaState, type PieceState, type Supply } from '../state.ts';
import { isGerman, isGroundUnit, isGuards, isMobile, omb } from '../unit-kinds.ts';

/** The enemy's best attack on a hex next player-turn. */
export interface Threat {
  /**
   * The final column on the CRT (B-1), one higher where a defender is Disrupted ("attacking
   * results are read 1 odds column higher against any Disrupted units in a stack", B-6);
   * -1 when no attack can be made; TAKEN when the hex is left empty and an enemy unit can
   * reach it.
   */
  readonly column: number;
  /** The enemy pieces taking part (none when no attack can be made). */
  readonly attackers: readonly string[];
  /** The defenders' factor-modified defense (0 for an empty hex). */
  readonly defense: number;
}

/** Hexes the German airfields are counted nearer a hex than they stand (they move up first: B-56). */
const AIR_REACH = 3;

/** The column of a hex an enemy unit may simply walk into. */
export const TAKEN = 99;
const NONE: Threat = { column: -1, attackers: [], defense: 0 };

/** A hex's passable neighbours (on the map). */
function neighboursOf(board: Board, h: number): number[] {
  const { offsets, targets } = board.s.map.graph;
  const out: number[] = [];
  for (let k = offsets[h]!; k < offsets[h + 1]!; k++) {
    const t = targets[k]!;
    if (t >= 0 && board.s.map.onMap[t] === 1) out.push(t);
  }
  return out;
}

/**
 * The enemy's next player-turn as seen by `side` now: the enemy to move (his Operational
 * Movement, A.3 / B.3), recovered from Disruption as he will be by then ("Recovery from
 * Disruption"): Russian units other than the Guards at the start of the German OM&CP (A.4),
 * the Guards only at the end of their own player-turn (B.8); `side`'s German units at the end
 * of the Axis player-turn (A.9) unless Isolated ("they cannot be recovered from Disruption"),
 * the Axis allies only before the Russian combats they are not attacked in (B.4: a defender
 * keeps it).
 */
export function enemyTurn(g: BarbarossaState, side: Side): BarbarossaState {
  const board = new Board(g);
  const pieces: Record<string, PieceState> = {};
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.status !== 'map') {
      pieces[id] = p;
      continue;
    }
    const u = board.unit(id);
    if (p.side === side) {
      pieces[id] = { ...p, disrupted: p.disrupted && (!isGerman(u) || p.supply === 'isolated') };
    } else {
      // (Supply is judged again before then: an enemy unit Isolated now is counted as recovered.)
      pieces[id] = { ...p, disrupted: p.disrupted && isGuards(u), moved: 'no', attacked: false };
    }
  }
  return {
    ...g,
    player: otherSide(side),
    step: 'movement',
    railMoves: 0,
    breakthrough: false,
    combat: null,
    attacks: [],
    blitz: [],
    attackedThisPhase: [],
    pieces,
  };
}

/**
 * The enemy's reach in his next player-turn (`enemyTurn`): per enemy piece, the hexes its
 * whole Operational Movement reaches, the OMB included, worked out once a piece and kept;
 * and the best attack on a hex with any defenders put in it by the units that can stand next
 * to it by then. A unit that gets there only with the OMB ("A unit does not get the OMB if:
 * 1. It is going to attack") attacks a player-turn later: counted all the same, since a
 * garrison that is not in the city by then seldom gets there in time (the side's own units
 * march away from its rear cities, and the rail lines into a city the enemy stands next to are
 * blocked by his zones of control, B-38).
 */
export class EnemyReach {
  readonly board: Board;
  private readonly side: Side;
  private readonly reach = new Map<string, ReadonlySet<number>>();
  private readonly supply: Record<string, Supply> = {};
  /** The enemy's air units on the map (his close air support: B-13, B-46; `attack` picks those in range). */
  private readonly air: readonly string[];

  /** The enemy's next player-turn (`enemyTurn`). */
  readonly g: BarbarossaState;

  /**
   * The enemy's reach as `side` sees it in `g`; for the hexes in `railTargets`, with the
   * units his trains could bring within a march of them (`byRail`).
   */
  constructor(
    g: BarbarossaState,
    side: Side,
    private readonly railTargets: ReadonlySet<number> = new Set(),
  ) {
    g = enemyTurn(g, side);
    this.g = g;
    this.board = new Board(g);
    this.side = side;
    for (const id of g.order) this.supply[id] = g.pieces[id]!.supply;
    this.air = g.order.filter((id) => {
      const p = g.pieces[id]!;
      return p.side !== side && p.status === 'map' && p.at >= 0 && this.board.unit(id).type === 'air';
    });
  }

  /** The hexes enemy piece `id` can be in at the end of its next move (its own included). */
  private from(id: string): ReadonlySet<number> {
    let r = this.reach.get(id);
    if (!r) {
      r = new Set([this.g.pieces[id]!.at, ...moveOptions(this.board, id, { paths: false }).map((o) => o.to)]);
      this.reach.set(id, r);
    }
    return r;
  }

  /**
   * Enemy pieces that may attack and stand near enough `hex` to reach a hex next to it: its
   * OMF and OMB, doubled on roads for a mobile unit ("Road Movement"), two more hexes for
   * another.
   */
  private near(hex: number): string[] {
    const b = this.board;
    const out: string[] = [];
    for (const id of this.g.order) {
      const p = this.g.pieces[id]!;
      if (p.side === this.side || p.status !== 'map' || p.at < 0 || p.disrupted || !isGroundUnit(b.unit(id)))
        continue;
      if ((b.unit(id).factors.attack ?? 0) <= 0) continue;
      const mf = omfOf(b, id) + omb(p.side, false);
      const range = isMobile(b.unit(id)) ? 2 * mf : mf + 2;
      if (hexDistance(b, p.at, hex) <= range + 1) out.push(id);
    }
    return out;
  }

  /** Can an enemy unit end its move in `hex` (a hex left empty is taken by walking in)? */
  reaches(hex: number): boolean {
    return this.near(hex).some((id) => this.from(id).has(hex));
  }

  /**
   * The enemy's best attack on `hex` held by `defenders` (the side's pieces, wherever they
   * are now): every enemy unit that can reach a hex next to it, each placed in the hex it
   * can reach that keeps it on the defenders' side of a river where it can, within the
   * stacking limits ("Stacking" Limits); all of them, or those not across a river when that
   * reads a better column ("Cross-River"); with close air support where an enemy air unit has
   * the range (B-13, B-60): one Russian, the two strongest German (theirs combine, and their
   * airfields move up first); for a hex in `railTargets`, also the units his trains could bring
   * within a march of it (`byRail`), next to it wherever the stacking allows. Defenders in
   * `railed` arrive by rail ("Units moved strategically arrive Disrupted": an Axis ally is
   * still so when attacked, B.4).
   */
  best(hex: number, defenders: readonly string[], railed: ReadonlySet<string> = new Set()): Threat {
    const b = this.board;
    const around = neighboursOf(b, hex);
    const marching = this.near(hex)
      .map((id) => ({ id, from: around.filter((h) => this.from(id).has(h)) }))
      .filter((a) => a.from.length > 0);
    const attackers = [
      ...marching,
      ...(this.railTargets.has(hex) ? this.byRail(hex, new Set(marching.map((a) => a.id))) : []).map(
        (id) => ({
          id,
          from: around,
        }),
      ),
    ].sort(
      (x, y) =>
        attackFactor(b.unit(y.id), b.piece(y.id)) - attackFactor(b.unit(x.id), b.piece(x.id)) ||
        (x.id < y.id ? -1 : 1),
    );
    if (defenders.length === 0)
      return attackers.length > 0 || this.reaches(hex) ? { ...NONE, column: TAKEN } : NONE;
    if (attackers.length === 0) return NONE;
    // Where each attacker stands: its own hex if next to the target, else a hex it reaches.
    const placed = new Map<number, string[]>();
    const at = new Map<string, number>();
    const across = new Set<string>();
    for (const a of attackers) {
      const own = b.piece(a.id).at;
      const choices = a.from.includes(own)
        ? [own]
        : a.from.filter((h) => b.fits(h, [...(placed.get(h) ?? []), a.id]));
      if (choices.length === 0) continue;
      const dry = choices.find((h) => !this.riverBetween(h, hex));
      const h = dry ?? choices[0]!;
      if (dry === undefined) across.add(a.id);
      placed.set(h, [...(placed.get(h) ?? []), a.id]);
      at.set(a.id, h);
    }
    const all = [...at.keys()];
    let best: Threat = NONE;
    for (const ids of [all, all.filter((id) => !across.has(id))]) {
      if (ids.length === 0) continue;
      const t = this.attack(hex, defenders, ids, at, railed);
      if (t.column > best.column) best = t;
    }
    return best;
  }

  /**
   * The enemy units, but `marching`, that could go by rail in his next player-turn (B-38: as
   * many as his allowance, the strongest; along his open track, "not blocked by an EZOC not
   * occupied by a friendly unit") to a hex within their OMF and a hex of `hex`: Disrupted on
   * arrival, they attack the player-turn after, like those that get next to it with the OMB.
   */
  private byRail(hex: number, marching: ReadonlySet<string>): string[] {
    const b = this.board;
    const enemy = otherSide(this.side);
    const out: string[] = [];
    for (const id of this.g.order) {
      const p = this.g.pieces[id]!;
      if (marching.has(id) || p.side !== enemy || p.status !== 'map' || p.at < 0 || p.disrupted) continue;
      const u = b.unit(id);
      if (!isGroundUnit(u) || (u.factors.attack ?? 0) <= 0) continue;
      const within = omfOf(b, id) + 1;
      if (
        railNet(b, enemy, p.at).some(
          (d) => d !== p.at && hexDistance(b, d, hex) <= within && b.fits(d, [id], [id]),
        )
      )
        out.push(id);
    }
    const attack = (id: string) => attackFactor(b.unit(id), b.piece(id));
    return out.sort((x, y) => attack(y) - attack(x) || (x < y ? -1 : 1)).slice(0, railAllowance(b, enemy));
  }

  /** Is the hexside between two adjacent hexes an unfrozen river ("Cross-River")? */
  private riverBetween(from: number, to: number): boolean {
    const slot = slotBetween(this.board.s.map.graph, from, to);
    return slot >= 0 && riverAt(this.board.s, slot, this.board.weather);
  }

  /** `evaluateAttack` in the position the attack would be made from. */
  private attack(
    hex: number,
    defenders: readonly string[],
    ids: readonly string[],
    at: ReadonlyMap<string, number>,
    railed: ReadonlySet<string>,
  ): Threat {
    const g = this.g;
    const pieces: Record<string, PieceState> = { ...g.pieces };
    const inside = new Set(defenders);
    for (const id of g.order) {
      const p = g.pieces[id]!;
      if (p.side !== this.side || p.status !== 'map') continue;
      if (inside.has(id))
        pieces[id] = {
          ...p,
          at: hex,
          // Moved by rail: Disrupted, an Axis ally until B.4 (not recovered when attacked).
          disrupted: p.disrupted || (railed.has(id) && !isGerman(this.board.unit(id))),
        };
      else if (p.at === hex) pieces[id] = { ...p, at: -1 };
    }
    for (const id of ids) pieces[id] = { ...pieces[id]!, at: at.get(id)! };
    const board = new Board({ ...g, pieces }, this.board.s);
    // The Luftwaffe's units combine ("Luftwaffe units may be freely combined against any target
    // hex"), the Russians' do not; the German airfields move up before their attacks (B-56:
    // an airfield moves up to 6 hexes), counted as AIR_REACH hexes nearer.
    const axisAir = this.side === 'soviet';
    const air = this.air
      .filter(
        (id) =>
          hexDistance(board, board.piece(id).at, hex) <=
          (board.unit(id).factors.range ?? 0) + (axisAir ? AIR_REACH : 0),
      )
      .sort(
        (a, b) =>
          (board.unit(b).factors.shifts ?? 0) - (board.unit(a).factors.shifts ?? 0) || (a < b ? -1 : 1),
      )
      .slice(0, axisAir ? 2 : 1);
    const ev = evaluateAttack(board, ids, hex, { supply: this.supply, air });
    if (isRefusal(ev)) return NONE;
    const disrupted = defenders.some((d) => pieces[d]!.disrupted);
    return { column: ev.column + (disrupted ? 1 : 0), attackers: ids, defense: ev.defense };
  }
}

/** A city's garrison: who stays, who comes, and the enemy's best attack on them. */
export interface Garrison {
  /** Units in the hex now that stay. */
  readonly keep: readonly string[];
  /** Units that come in (`candidates`), in the order chosen. */
  readonly add: readonly string[];
  readonly threat: Threat;
}

export interface GarrisonOptions {
  /** The enemy's best attack is to be kept below this column. */
  readonly hold: number;
  /** May the hex hold its stayers and these newcomers ("Stacking" Limits)? */
  readonly fits: (add: readonly string[]) => boolean;
  /** The one unit kept in a hex under no threat (the least worth). */
  readonly lightest: (ids: readonly string[]) => string;
  /** How far a candidate is from the hex: the nearest of equals comes. */
  readonly distance: (id: string) => number;
  /** Units in the hex that cannot leave it (moved already, Disrupted): defenders in every count. */
  readonly fixed?: readonly string[];
}

/**
 * The garrison of a hex held against the enemy's best attack next player-turn
 * (`EnemyReach.best`): one unit, the lightest, where that alone keeps the enemy's best attack
 * below `hold` (no enemy can walk in, none attacks it at that column); else units added one
 * at a time, each the one that leaves the enemy the lowest best column (then the most
 * factor-modified defense, then the nearest): first those in the hex (staying costs nothing),
 * then the candidates that can come, while one of them still lowers the column or adds
 * defense, until the best attack reads below `hold` or no other fits. A hex with nobody in it
 * and no threat still gets the lightest candidate (every city held keeps a unit).
 */
export function planGarrison(
  reach: EnemyReach,
  hex: number,
  present: readonly string[],
  candidates: readonly string[],
  opts: GarrisonOptions,
): Garrison {
  const fixed = opts.fixed ?? [];
  if (fixed.length > 0 || present.length > 0) {
    const one = fixed.length > 0 ? [] : [opts.lightest(present)];
    const alone = reach.best(hex, [...fixed, ...one]);
    if (alone.column < opts.hold) return { keep: one, add: [], threat: alone };
  }
  const keep: string[] = [];
  const add: string[] = [];
  let threat = reach.best(hex, fixed);
  /** Negative when `a` (a threat after adding unit `x`) is the better choice than `b` after `y`. */
  const order = (a: Threat, x: string, b: Threat, y: string) =>
    a.column - b.column ||
    b.defense - a.defense ||
    opts.distance(x) - opts.distance(y) ||
    (x < y ? -1 : x > y ? 1 : 0);
  const grow = (pool: readonly string[], into: string[], mustHelp: boolean) => {
    const left = [...pool];
    while (threat.column >= opts.hold && left.length > 0) {
      let pick: { id: string; t: Threat } | null = null;
      for (const id of left) {
        if (mustHelp && !opts.fits([...add, id])) continue;
        const t = reach.best(hex, [...fixed, ...keep, ...add, id]);
        if (pick === null || order(t, id, pick.t, pick.id) < 0) pick = { id, t };
      }
      if (pick === null) return;
      if (mustHelp && pick.t.column >= threat.column && pick.t.defense <= threat.defense) return;
      into.push(pick.id);
      left.splice(left.indexOf(pick.id), 1);
      threat = pick.t;
    }
  };
  grow(present, keep, false);
  grow(candidates, add, true);
  if (fixed.length === 0 && keep.length === 0 && add.length === 0) {
    const fit = candidates.filter((id) => opts.fits([id]));
    if (fit.length > 0) {
      const one = opts.lightest(fit);
      add.push(one);
      threat = reach.best(hex, [one]);
    }
  }
  return { keep, add, threat };
}
