/**
 * What the Mars AI derives once per scenario from the map: hex distances (the engine's
 * search at one a step) to the deep objectives, Rzhev and Gzhatsk and the towns and
 * cities of the salient, and to the front line, and which way each
 * hex faces from the salient's centre.
 */
import { axialToPixel, hexAxial, stepDistances } from '@stavka/engine';
import type { Scenario } from '../scenario.ts';

const cache = new WeakMap<
  Scenario,
  {
    deep: Int32Array;
    front: Record<'german' | 'soviet', Int32Array>;
    bearing: Float64Array;
  }
>();

/** Hex distances from `sources` over the map graph (-1: unreachable). */
export function hexDistances(s: Scenario, sources: readonly number[]): Int32Array {
  return stepDistances(s.map.graph, sources);
}

function derived(s: Scenario) {
  let d = cache.get(s);
  if (!d) {
    const places = s.map.places.filter((p) => s.germanTerritory[p.hex] === 1).map((p) => p.hex);
    const side = (own: number) => {
      const hexes: number[] = [];
      for (let h = 0; h < s.map.graph.nodeCount; h++) if (s.germanTerritory[h] === own) hexes.push(h);
      return hexes;
    };
    const at = Array.from({ length: s.map.graph.nodeCount }, (_, h) => axialToPixel(hexAxial(s.map, h), 1));
    const german = side(1);
    let x = 0;
    let y = 0;
    for (const h of german) {
      x += at[h]!.x / german.length;
      y += at[h]!.y / german.length;
    }
    const bearing = Float64Array.from(
      at,
      (p) => ((Math.atan2(p.x - x, y - p.y) * 180) / Math.PI + 360) % 360,
    );
    d = {
      deep: hexDistances(s, [s.rzhev, s.gzhatsk, ...places]),
      front: { german: hexDistances(s, side(0)), soviet: hexDistances(s, german) },
      bearing,
    };
    cache.set(s, d);
  }
  return d;
}

/** Distance to Rzhev, Gzhatsk or a town or city of the salient. */
export function objectiveDistance(s: Scenario): Int32Array {
  return derived(s).deep;
}

/** For `side`'s units: hexes from the other side's ground as it was at the start (1: the front line). */
export function frontDistance(s: Scenario, side: 'german' | 'soviet'): Int32Array {
  return derived(s).front[side];
}

/**
 * Which way a hex faces from the salient: its compass bearing in degrees (0 north, 90
 * east) from the centre of the ground that was German at the start.
 */
export function salientBearing(s: Scenario): Float64Array {
  return derived(s).bearing;
}

const balls = new WeakMap<Scenario, Map<number, Int32Array[]>>();

/** The hexes within `radius` of `hex` (itself included), found once per scenario and radius. */
export function hexesWithin(s: Scenario, hex: number, radius: number): Int32Array {
  let byRadius = balls.get(s);
  if (!byRadius) {
    byRadius = new Map();
    balls.set(s, byRadius);
  }
  let all = byRadius.get(radius);
  if (!all) {
    all = [];
    byRadius.set(radius, all);
  }
  let ball = all[hex];
  if (!ball) {
    const d = hexDistances(s, [hex]);
    const near: number[] = [];
    for (let h = 0; h < d.length; h++) if (d[h]! >= 0 && d[h]! <= radius) near.push(h);
    ball = Int32Array.from(near);
    all[hex] = ball;
  }
  return ball;
}
