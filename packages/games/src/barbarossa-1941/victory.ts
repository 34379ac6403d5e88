/**
 * barbarossa-1941 "Victory Conditions" (B-12): who holds each victory city, in supply,
 * and the points. "The Axis Player immediately wins if during any of his Victory
 * Determination Phases in 1941 he has, in supply, 7 victory cities (including Warsaw,
 * and Bucharest) - note that Moscow counts as 3 and Leningrad 2 – which must include one
 * or more of the following cities:  Leningrad, Moscow, or Stalingrad." "The 1941 game is
 * a draw ... if he has only 6 victory city points ... The Russian player wins if the Axis
 * has 5 or less victory points at the end of the game.  He also can instantly win ... in
 * any turn he takes and holds in supply in the German VDP Warsaw or Bucharest and
 * Ploesti during his VDP."
 */
import type { Board } from './board.ts';
import type { RulesScenario, Side } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { supplyDistances } from './supply.ts';

export const CITE_VICTORY = 'barbarossa-1941 "Victory Conditions"';

/** Who holds a place now: the last side to enter it, else its side at the start (an Axis country: Axis). */
export function holder(g: BarbarossaState, s: RulesScenario, hex: number): Side {
  const name = s.placeName[hex];
  const taken = name ? g.control[name] : undefined;
  return taken ?? (s.axisCountry[hex] === 1 ? 'axis' : 'soviet');
}

/** Records who entered a named place ("takes"). */
export function enter(g: BarbarossaState, s: RulesScenario, hex: number, side: Side): void {
  const name = s.placeName[hex];
  if (!name) return;
  const original: Side = s.axisCountry[hex] === 1 ? 'axis' : 'soviet';
  if (side === original) delete g.control[name];
  else g.control[name] = side;
}

export interface VictoryTally {
  /** Points of the victory cities the side holds in supply (RULINGS B-33). */
  readonly points: number;
  readonly cities: readonly string[];
}

/** B-33: a city is held in supply when its holder could trace Full or Limited supply to its hex. */
export function victoryTally(board: Board, side: Side): VictoryTally {
  const { s, g } = board;
  const dist = supplyDistances(board, side);
  let points = 0;
  const cities: string[] = [];
  for (let h = 0; h < s.victoryPoints.length; h++) {
    const vp = s.victoryPoints[h]!;
    if (vp <= 0 || holder(g, s, h) !== side || dist[h]! < 0) continue;
    points += vp;
    cities.push(s.placeName[h] ?? s.hexNumbers[h]!);
  }
  return { points, cities };
}

/** The Axis sudden death in 1941: 7 points in supply including Leningrad, Moscow or Stalingrad. */
export function axisSuddenDeath(board: Board): boolean {
  const t = victoryTally(board, 'axis');
  return t.points >= 7 && t.cities.some((c) => c === 'Leningrad' || c === 'Moscow' || c === 'Stalingrad');
}

/** The Russian Strategic Smashing Victory: Warsaw, or Bucharest and Ploesti, held in supply (B-12). */
export function sovietSuddenVictory(board: Board): boolean {
  const { s, g } = board;
  const dist = supplyDistances(board, 'soviet');
  const held = (name: string) => {
    const h = s.placeHex[name];
    return h !== undefined && holder(g, s, h) === 'soviet' && dist[h]! >= 0;
  };
  return held('Warsaw') || (held('Bucharest') && held('Ploesti'));
}

/** At the game's end: 7 or more Axis points an Axis win, 6 a draw, 5 or less a Russian win. */
export function finalResult(axisPoints: number): Side | 'draw' {
  if (axisPoints >= 7) return 'axis';
  if (axisPoints === 6) return 'draw';
  return 'soviet';
}
