/**
 * barbarossa-1941 "Strategic Movment - By Sea": "1 unit may move by sea from any coastal
 * hex to a friendly-controlled port within the same sea - Baltic or Black (including the
 * Sea of Azov) per turn at a risk.  If the sea is under friendly control, there is only a
 * 1/6 chance of a unit being sunk - if under enemy control, a 3/6s chance.  (The player
 * controlling Koenigsberg controls the Baltic Sea, the player controlling Sevastopol
 * controls the Black Sea, and the player controlling both sides of the Kerch Straits
 * controls the Sea of Azov.)  No combat landings." Units moved strategically "arrive
 * Disrupted" (RULINGS B-47). A Russian unit sunk is lost (hidden.ts `settleLostPiece`).
 */
import type { RulesContext } from '@stavka/engine';
import { Board } from './board.ts';
import { settleLostPiece } from './hidden.ts';
import { otherSide, type RulesScenario, type Sea, type Side } from './rules-scenario.ts';
import { type BarbarossaState, publicUnit } from './state.ts';
import { holder } from './victory.ts';

export const CITE_SEA = 'barbarossa-1941 "Strategic Movment - By Sea"';

/** The sea hexes' basins: a number per sea hex (its connected body of water), -1 elsewhere. */
const basins = new WeakMap<RulesScenario, Int32Array>();

function basinOf(s: RulesScenario): Int32Array {
  let b = basins.get(s);
  if (b) return b;
  const n = s.map.graph.nodeCount;
  b = new Int32Array(n).fill(-1);
  const { offsets, targets } = s.map.graph;
  let next = 0;
  for (let h = 0; h < n; h++) {
    if (s.terrain[h] !== 'sea' || b[h] !== -1) continue;
    const stack = [h];
    b[h] = next;
    while (stack.length > 0) {
      const x = stack.pop()!;
      for (let k = offsets[x]!; k < offsets[x + 1]!; k++) {
        const y = targets[k]!;
        if (y >= 0 && s.terrain[y] === 'sea' && b[y] === -1) {
          b[y] = next;
          stack.push(y);
        }
      }
    }
    next++;
  }
  basins.set(s, b);
  return b;
}

/** The basins a land hex touches. */
function basinsAt(s: RulesScenario, hex: number): Set<number> {
  const b = basinOf(s);
  const out = new Set<number>();
  const { offsets, targets } = s.map.graph;
  for (let k = offsets[hex]!; k < offsets[hex + 1]!; k++) {
    const y = targets[k]!;
    if (y >= 0 && b[y]! >= 0) out.add(b[y]!);
  }
  return out;
}

/** Who controls a sea: the holder of its control hex, of both for the Sea of Azov; else nobody. */
export function seaController(g: BarbarossaState, s: RulesScenario, sea: Sea): Side | null {
  const hexes = s.seaControl[sea];
  if (hexes.length === 0) return null;
  const first = holder(g, s, hexes[0]!);
  return hexes.every((h) => holder(g, s, h) === first) ? first : null;
}

/** Ports a unit may sail to now: same sea as a coast it stands on, held by its side, free of enemies, within stacking. */
export function seaDestinations(
  g: BarbarossaState,
  s: RulesScenario,
  id: string,
  given?: Board,
): { to: number; sea: Sea }[] {
  const p = g.pieces[id]!;
  if (g.seaMoves >= 1 || p.status !== 'map' || p.disrupted || p.moved !== 'no' || p.attacked) return [];
  const u = publicUnit(s, p);
  if (u.type === 'air' || u.type === 'factory' || u.type === 'rail-conversion') return [];
  const here = basinsAt(s, p.at);
  if (here.size === 0) return [];
  const board = given ?? new Board(g, s); // after the coast test: most units stand on none
  const out: { to: number; sea: Sea }[] = [];
  for (const port of s.ports) {
    if (port.hex === p.at || holder(g, s, port.hex) !== p.side || board.hasEnemy(p.side, port.hex)) continue;
    if (![...basinsAt(s, port.hex)].some((x) => here.has(x))) continue;
    if (!board.fits(port.hex, [id], [id])) continue;
    if (!out.some((o) => o.to === port.hex)) out.push({ to: port.hex, sea: port.sea });
  }
  return out.sort((a, b) => a.to - b.to);
}

/** Sails: one die, sunk on 1 under friendly control, 1-3 otherwise (B-47: the destination port's sea); arrives Disrupted. */
export function sail(g: BarbarossaState, s: RulesScenario, id: string, to: number, ctx: RulesContext): void {
  const p = g.pieces[id]!;
  const dest = s.ports.find((x) => x.hex === to)!;
  const control = seaController(g, s, dest.sea);
  const risk = control === p.side ? 1 : 3;
  g.seaMoves += 1;
  const roll = ctx.roll(`${id} at sea: sunk on 1-${risk}`, [CITE_SEA, 'B-47']);
  if (roll <= risk) {
    p.status = 'eliminated';
    p.at = -1;
    ctx.log({
      kind: 'eliminated',
      text: `${id} sunk at sea (${control === otherSide(p.side) ? 'enemy' : control === null ? 'contested' : 'friendly'} control)`,
      cite: [CITE_SEA],
    });
    // A face-down army goes back to the pile unseen, a face-down tank korps to its replacement pile.
    settleLostPiece(g, s, id, ctx);
    return;
  }
  p.at = to;
  p.disrupted = true;
  p.moved = 'bonus';
  p.entrenched = false;
  ctx.log({ kind: 'sea', text: `${id} lands at ${s.hexNumbers[to]}, Disrupted`, cite: [CITE_SEA] });
}
