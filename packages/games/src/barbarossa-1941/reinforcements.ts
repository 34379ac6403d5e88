/**
 * barbarossa-1941 "Reinforcements and Replacements" (A.1 / B.1): scheduled units enter
 * on their turn where the scenario says ("German reinforcement units have their month of
 * entry on them"); "Leftover Russian armies enter the game as reinforcements from the
 * eastern mapboard edge by rail or afoot 3 per turn, including on the first turn", face
 * down (B-18). Each arrival is placed by its owner, one action a unit (RULINGS B-37).
 */
import type { RulesContext } from '@stavka/engine';
import { Board } from './board.ts';
import { nextArmyId } from './hidden.ts';
import { impassable, type RulesScenario, type Side } from './rules-scenario.ts';
import { siberianEntryHexes } from './siberians.ts';
import { type BarbarossaState, freshPiece } from './state.ts';

export const CITE_REINFORCEMENTS = 'barbarossa-1941 "Reinforcements and Replacements"';

/** Puts this turn's arrivals of `side` in the waiting list (A.1 / B.1). */
export function announceArrivals(g: BarbarossaState, s: RulesScenario, side: Side, ctx: RulesContext): void {
  for (const r of s.reinforcements) {
    if (r.turn !== g.turn || r.side !== side) continue;
    for (const unit of r.units) {
      if (g.pieces[unit]) continue;
      g.pieces[unit] = freshPiece(side, unit, null, -1);
      g.order.push(unit);
      g.arrivals.push(unit);
    }
  }
  if (side === 'soviet' && g.armiesToEnter > 0 && s.siberia.length > 0) {
    const n = Math.min(s.sovietArmiesPerTurn, g.armiesToEnter);
    for (let i = 1; i <= n; i++) {
      const id = nextArmyId(g); // never an id used before, a re-hidden army's included (hidden.ts)
      g.pieces[id] = freshPiece('soviet', null, 'rifle-army', -1);
      g.secret.identities[id] = { unit: null, knownTo: null };
      g.order.push(id);
      g.arrivals.push(id);
    }
    g.armiesToEnter -= n;
  }
  const mine = g.arrivals.filter((id) => g.pieces[id]!.side === side);
  if (mine.length > 0)
    ctx.log({
      kind: 'reinforcements',
      text: `${mine.length} unit(s) to enter`,
      cite: [CITE_REINFORCEMENTS, side === 'axis' ? 'A.1' : 'B.1'],
    });
}

/**
 * Where an arrival may be placed now: its scheduled hexes (or any railhead; Russian armies:
 * the eastern edge), free of enemies, within stacking. `board`: the state's, if made.
 */
export function entryHexes(
  g: BarbarossaState,
  s: RulesScenario,
  id: string,
  board: Board = new Board(g, s),
): number[] {
  const p = g.pieces[id]!;
  let hexes: readonly number[];
  if (
    (p.face === 'rifle-army' && p.unit === null) ||
    (p.side === 'soviet' && s.units[p.unit ?? '']?.type === 'tank')
  )
    hexes = s.siberia; // leftover and replacement armies, rebuilt tank units: the eastern edge (B-48)
  else if (s.siberianReserve.units.includes(p.unit ?? '')) return siberianEntryHexes(g, s, id, board);
  else {
    // A scheduled unit at its listed hexes; anything else (a rebuilt panzer division) at any railhead.
    const r = s.reinforcements.find((x) => x.units.includes(p.unit ?? ''));
    hexes = r && r.hexes.length > 0 ? r.hexes : g.railheads;
  }
  return [...new Set(hexes)]
    .filter((h) => !impassable(s, h, board.weather) && !board.hasEnemy(p.side, h) && board.fits(h, [id]))
    .sort((a, b) => a - b);
}

export function placeArrival(
  g: BarbarossaState,
  s: RulesScenario,
  id: string,
  hex: number,
  ctx: RulesContext,
): void {
  const p = g.pieces[id]!;
  p.at = hex;
  p.status = 'map';
  g.arrivals = g.arrivals.filter((x) => x !== id);
  const name = p.unit ? (s.units[p.unit]?.designation ?? id) : `${id} (face down)`;
  ctx.log({
    kind: 'reinforcements',
    text: `${name} enters at ${s.hexNumbers[hex]}`,
    cite: [CITE_REINFORCEMENTS],
    data: { piece: id, hex },
  });
}
