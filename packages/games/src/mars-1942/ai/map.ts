/**
 * What the Mars AI derives once per scenario from the map: hex distances (the engine's
 * search at one a step) to the deep objectives, Rzhev and Gzhatsk and the towns and
 * cities of the salient, and to the defense zones.
 */
import { stepDistances } from '@stavka/engine';
import type { Scenario } from '../scenario.ts';

const cache = new WeakMap<Scenario, { deep: Int32Array; zones: Int32Array }>();

/** Hex distances from `sources` over the map graph (-1: unreachable). */
export function hexDistances(s: Scenario, sources: readonly number[]): Int32Array {
  return stepDistances(s.map.graph, sources);
}

function derived(s: Scenario) {
  let d = cache.get(s);
  if (!d) {
    const places = s.map.places.filter((p) => s.germanTerritory[p.hex] === 1).map((p) => p.hex);
    d = {
      deep: hexDistances(s, [s.rzhev, s.gzhatsk, ...places]),
      zones: hexDistances(
        s,
        s.defenseZones.flatMap((z) => z.hexes),
      ),
    };
    cache.set(s, d);
  }
  return d;
}

/** Distance to Rzhev, Gzhatsk or a town or city of the salient. */
export function objectiveDistance(s: Scenario): Int32Array {
  return derived(s).deep;
}

/** Distance to the nearest defense-zone hex. */
export function zoneDistance(s: Scenario): Int32Array {
  return derived(s).zones;
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
