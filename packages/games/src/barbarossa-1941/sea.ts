/**
 * barbarossa-1941 "Strategic Movment - By Sea": "1 unit may move by sea from any coastal
 * hex to a friendly-controlled port within the same sea - Baltic or Black (including the
 * Sea of Azov) per turn at a risk.  If the sea is under friendly control, there is only a
 * 1/6 chance of a unit being sunk - if under enemy control, a 3/6s chance.  (The player
 * controlling Koenigsberg controls the Baltic Sea, the player controlling Sevastopol
 * controls the Black Sea, and the player controlling both sides of the Kerch Straits
 * controls the Sea of Azov.)  No combat landings." Units moved strategically "arrive
 * Disrupted" (RULINGS B-47). A Russian unit sunk is lost (hidden.ts `settleLostPiece`).
 * A coastal hex is a land hex next to a sea hex or on a water hexside (the Neva Bay round
 * Kronstadt: RULINGS B-82 proposed, issue #42 item 5), of the sea that water belongs to.
 */
import { hexsideEndDirections, hexsideEnds, type RulesContext } from '@stavka/engine';
import { Board } from './board.ts';
import { settleLostPiece } from './hidden.ts';
import { otherSide, type RulesScenario, type Sea, type Side } from './rules-scenario.ts';
import { type BarbarossaState, publicUnit } from './state.ts';
import { holder } from './victory.ts';

export const CITE_SEA = 'barbarossa-1941 "Strategic Movment - By Sea"';

/**
 * The seas' basins: a number per connected body of sea, for each sea hex and each water
 * hexside (the Neva Bay: `seaSideBit`, issue #42 item 5), -1 elsewhere. Sea hexes join
 * their sea neighbours; a water hexside joins the sea hexes at its two corners (map.ts
 * `hexsideEnds`) and the water hexsides it shares a corner with.
 */
interface Basins {
  /** Per hex. */
  readonly hex: Int32Array;
  /** Per (hex * 6 + direction) slot: the basin of the water on that hexside. */
  readonly side: Int32Array;
}
const basins = new WeakMap<RulesScenario, Basins>();

function basinOf(s: RulesScenario): Basins {
  const known = basins.get(s);
  if (known) return known;
  const { map } = s;
  const n = map.graph.nodeCount;
  // Union-find over hexes (0..n-1) and hexside slots (n + slot).
  const parent = Int32Array.from({ length: n * 7 }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const join = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const isSea = (h: number) => h >= 0 && s.terrain[h] === 'sea';
  const water = (slot: number) => s.seaSideBit !== 0 && (map.sideFeatures[slot]! & s.seaSideBit) !== 0;
  const { offsets, targets } = map.graph;
  for (let h = 0; h < n; h++) {
    if (isSea(h))
      for (let k = offsets[h]!; k < offsets[h + 1]!; k++) if (isSea(targets[k]!)) join(h, targets[k]!);
    for (let d = 0; d < 6; d++) {
      const slot = h * 6 + d;
      if (!water(slot)) continue;
      // Both sides of a hexside are one water: the other side's slot has the same hexside id.
      join(n + slot, n + map.graph.edges[slot]!);
      for (const e of hexsideEnds(map, h, d)) if (isSea(e)) join(n + slot, e);
      for (const nd of hexsideEndDirections(d)) if (water(h * 6 + nd)) join(n + slot, n + h * 6 + nd);
    }
  }
  const hex = new Int32Array(n).fill(-1);
  const side = new Int32Array(n * 6).fill(-1);
  for (let h = 0; h < n; h++) if (isSea(h)) hex[h] = find(h);
  for (let slot = 0; slot < n * 6; slot++) if (water(slot)) side[slot] = find(n + slot);
  const made = { hex, side };
  basins.set(s, made);
  return made;
}

/** The basins a land hex touches: of the sea hexes and the water hexsides next to it ("coastal"). */
function basinsAt(s: RulesScenario, hex: number): Set<number> {
  const b = basinOf(s);
  const out = new Set<number>();
  const { offsets, targets } = s.map.graph;
  for (let k = offsets[hex]!; k < offsets[hex + 1]!; k++) {
    const y = targets[k]!;
    if (y >= 0 && b.hex[y]! >= 0) out.add(b.hex[y]!);
  }
  for (let d = 0; d < 6; d++) if (b.side[hex * 6 + d]! >= 0) out.add(b.side[hex * 6 + d]!);
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
