/**
 * mars-1942 "Retreats and Advances after Combat": where a defender may retreat, what
 * happens to one that cannot, and where the attackers may (and must) advance. The
 * actions that choose among them are steps/combat.ts's.
 */
import { type RulesContext, searchSpaceFor } from '@stavka/engine';
import { zeros8 } from './arrays.ts';
import { Board, fitsStack, isPureArmour, stackingOk } from './board.ts';
import { resultVacates } from './results.ts';
import { hexName, type Scenario, type Side } from './scenario.ts';
import { type Combat, changeUnit, type DefenderResult, type MarsState } from './state.ts';
import { CITE, eliminate, log } from './steps/step.ts';

/**
 * Retreat destinations (mars-1942 "Retreats and Advances after Combat"): never into a
 * hex adjacent to a hex the unit was attacked from unless a friendly unit is there
 * that is not itself under an unresolved attack; never into an enemy unit; Russians
 * never across a garrisoned defense-zone frontline; within stacking; retreatMin to
 * retreatMax hexes away.
 */
export function retreatDestinations(board: Board, c: Combat, d: DefenderResult, stacking = true): number[] {
  const { s, state: g } = board;
  const u = board.unit(d.unit);
  const side = u.side as Side;
  const start = g.units[d.unit]!.at;
  const nearAttack = zeros8(s.map.graph.nodeCount); // carved: no buffer of its own (arrays.ts)
  for (const f of c.from) for (const h of board.neighbors(f)) nearAttack[h] = 1;
  for (const f of c.from) nearAttack[f] = 1;
  const underAttack = new Set(g.attacks.map((a) => a.target));
  const space = searchSpaceFor(s.map.graph).run(
    {
      stepCost: (_from, slot, to) => {
        if (!board.mayEnter(side, slot, to)) return -1;
        if (nearAttack[to] === 1) {
          const friend = board.at[to]!.some((x) => x !== d.unit && s.units[x]!.side === side);
          if (!friend || underAttack.has(to) || c.from.includes(to)) return -1;
        }
        return 1;
      },
    },
    { sources: [start], maxCost: d.retreatMax },
  );
  const out: number[] = [];
  for (let i = 0; i < space.reachedCount; i++) {
    const h = space.reached[i]!;
    const cost = space.cost[h]!;
    if (h === start || cost < Math.max(1, d.retreatMin)) continue;
    if (stacking && !stackingOk(s, [...board.at[h]!.filter((x) => x !== d.unit), d.unit])) continue;
    out.push(h);
  }
  return out.sort((a, b) => a - b);
}

export function retreatPath(board: Board, c: Combat, d: DefenderResult, to: number): number[] {
  // The same search, re-run to read the path to the chosen hex.
  retreatDestinations(board, c, d);
  return searchSpaceFor(board.s.map.graph).pathTo(to);
}

/**
 * The retreats the defender still has to choose, once those that leave no choice are
 * carried out: a unit with nowhere to go is eliminated (a DR, or a retreat over the
 * stacking limit) or Disrupted in place (a DW, a German D). False when none is left.
 */
export function retreatsOwed(g: MarsState, s: Scenario, ctx: RulesContext): boolean {
  const c = g.combat!;
  const board = new Board(s, g);
  let waiting = false;
  for (const d of c.defenders) {
    const st = g.units[d.unit]!;
    if (st.status !== 'map' || d.retreatMax === 0 || d.path.length > 0) continue;
    const dest = retreatDestinations(board, c, d);
    if (dest.length === 0 && d.retreatMin > 0) {
      // "if they would [exceed stacking limits] when tactically retreating, they are eliminated"
      if (retreatDestinations(board, c, d, false).length > 0)
        eliminate(g, s, d.unit, ctx, 'its retreat would exceed the stacking limit', [
          CITE.stacking,
          CITE.retreat,
        ]);
      // Cannot retreat: eliminated by a DR, only Disrupted by a DW.
      else if (d.result === 'DR') eliminate(g, s, d.unit, ctx, 'cannot retreat', [CITE.retreat]);
      else {
        changeUnit(g, d.unit).disrupted = true;
        log(ctx, 'result', `${s.units[d.unit]!.name} cannot withdraw: Disrupted in place`, [CITE.retreat]);
      }
      d.retreatMax = 0;
      continue;
    }
    if (dest.length === 0) {
      d.retreatMax = 0;
      // A German D with nowhere to retreat to is the D itself: Disrupted in place.
      if (d.result === 'D' && !st.disrupted) {
        changeUnit(g, d.unit).disrupted = true;
        log(ctx, 'result', `${s.units[d.unit]!.name} cannot retreat: Disrupted in place`, [CITE.defs]);
      }
      continue;
    }
    waiting = true;
  }
  return waiting;
}

/** The hex the defenders left, once every defender is out of it. */
function vacated(board: Board, c: Combat): boolean {
  if (c.hexsideOnly) return c.defenders.length === 0 && resultVacates(c.base);
  return board.at[c.target]!.length === 0;
}

/** The advances open to the attackers: into the vacated hex, and a tank or panzer unit beyond it. */
export function advanceOptions(board: Board, c: Combat): [string, number][] {
  const { s, state: g } = board;
  const out: [string, number][] = [];
  if (!vacated(board, c) && c.advanced.length === 0) return out;
  for (const id of c.attackers) {
    const st = g.units[id]!;
    if (st.status !== 'map') continue;
    if (!c.advanced.includes(id)) {
      if (board.isFriendlyHex(s.units[id]!.side as Side, c.target) || board.at[c.target]!.length === 0) {
        if (fitsStack(board, c.target, id)) out.push([id, c.target]);
      }
    } else if (st.at === c.target && isPureArmour(s.units[id]!)) {
      for (const h of c.advanceBeyond) {
        if (!board.isEnemyHex(s.units[id]!.side as Side, h) && fitsStack(board, h, id)) out.push([id, h]);
      }
    }
  }
  return out;
}

/** "The attacker must advance (if legally possible) attacking units at least equal in strength to the defenders." */
export function advanceSatisfied(board: Board, c: Combat): boolean {
  if (c.advanceOwed <= 0) return true;
  const strength = c.advanced.reduce((a, id) => a + (board.unit(id).factors.attack ?? 0), 0);
  if (strength >= c.advanceOwed) return true;
  return !advanceOptions(board, c).some(([, to]) => to === c.target);
}

/**
 * The retreats done, the advance: what the attackers owe into the vacated hex, and
 * where "Tank and (pure) panzer units may advance 2 hexes through it".
 */
export function startAdvance(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const c = g.combat!;
  const board = new Board(s, g);
  c.phase = 'advance';
  if (!vacated(board, c)) return;
  const retreated = c.defenders.filter((d) => d.path.length > 1);
  c.advanceOwed = retreated.reduce((a, d) => a + (s.units[d.unit]!.factors.defense ?? 0), 0);
  if (retreated.some((d) => d.result === 'D')) c.advanceOwed = Math.max(c.advanceOwed, 1);
  const eliminatedAll =
    c.defenders.length > 0 && c.defenders.every((d) => g.units[d.unit]!.status === 'eliminated');
  const beyond = new Set<number>();
  if (eliminatedAll) for (const h of board.neighbors(c.target)) beyond.add(h);
  // "... or following the path of a defender retreating more than 1 hex": the path starts
  // in the vacated hex, so the second hex of the advance is the first of the retreat.
  for (const d of c.defenders) if (d.path.length > 2) beyond.add(d.path[1]!);
  beyond.delete(c.target);
  c.advanceBeyond = [...beyond].sort((a, b) => a - b);
  if (c.advanceOwed > 0)
    log(
      ctx,
      'advance',
      `The attacker must advance at least ${c.advanceOwed} factors into ${hexName(s, c.target)}`,
      [CITE.retreat],
    );
}
