/**
 * barbarossa-1941 "Victory Conditions" (B-12): who holds each victory city, in supply,
 * and the points. "The Axis Player immediately wins if during any of his Victory
 * Determination Phases in 1941 he has, in supply, 7 victory cities (including Warsaw,
 * and Bucharest) - note that Moscow counts as 3 and Leningrad 2 – which must include one
 * or more of the following cities:  Leningrad, Moscow, or Stalingrad." "The 1941 game is
 * a draw ... if he has only 6 victory city points ... The Russian player wins if the Axis
 * has 5 or less victory points at the end of the game.  He also can instantly win ... in
 * any turn he takes and holds in supply in the German VDP Warsaw or Bucharest and
 * Ploesti during his VDP." "He can also instead choose to wait until game's end - January II
 * - to claim victory, to win a Strategic, Smashing Victory worth 2 games, if he takes 10
 * victory cities by game's end" (RULINGS B-70: the sudden death is the Axis player's choice).
 */
import type { Board } from './board.ts';
import type { RulesScenario, Side } from './rules-scenario.ts';
import type { BarbarossaState, GameResult } from './state.ts';
import { supplyDistances } from './supply.ts';

export const CITE_VICTORY = 'barbarossa-1941 "Victory Conditions"';

/** Who holds a place now: the last side to enter it, else its side at the start (an Axis country: Axis). */
export function holder(g: Pick<BarbarossaState, 'control'>, s: RulesScenario, hex: number): Side {
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

/**
 * B-33: a place counts for `side` when it could trace Full or Limited supply to its hex
 * "as if a unit stood there": an empty city in an enemy ZOC is traced with a unit in it
 * (a friendly unit cancels the ZOC's block), so it is not cut off by that ZOC alone.
 * `dist`: the side's supplyDistances, when already made.
 */
export function suppliedAsIfHeld(board: Board, side: Side, hex: number, dist?: Int32Array): boolean {
  if (board.hasEnemyGround(side, hex)) return false;
  if ((dist ?? supplyDistances(board, side))[hex]! >= 0) return true;
  if (!board.inEnemyZoc(side, hex) || board.hasFriend(side, hex)) return false;
  return supplyDistances(board, side, hex)[hex]! >= 0;
}

/** B-33: a city is held in supply when its holder could trace Full or Limited supply to its hex. */
export function victoryTally(board: Board, side: Side): VictoryTally {
  const { s, g } = board;
  const dist = supplyDistances(board, side);
  let points = 0;
  const cities: string[] = [];
  for (let h = 0; h < s.victoryPoints.length; h++) {
    const vp = s.victoryPoints[h]!;
    if (vp <= 0 || holder(g, s, h) !== side || !suppliedAsIfHeld(board, side, h, dist)) continue;
    points += vp;
    cities.push(s.placeName[h] ?? s.hexNumbers[h]!);
  }
  return { points, cities };
}

/** The cities of which one must be held for the Axis sudden death. */
export const SUDDEN_DEATH_KEYS = ['Leningrad', 'Moscow', 'Stalingrad'] as const;
/** Axis points for the sudden death in 1941; for the Smashing Victory at January II (B-70). */
export const SUDDEN_DEATH_POINTS = 7;
export const SMASHING_POINTS = 10;

/**
 * The year of the game-turn now, read from the turn record track's label ("June II 1941",
 * "Jan I 42"); a label naming no year is a 1941 turn (the 1941 game).
 */
export function turnYear(s: RulesScenario, g: BarbarossaState): number {
  const label = s.turns[Math.min(g.turn, s.turns.length) - 1]?.label ?? '';
  const m = /(?:^|\D)(?:19)?(4\d)\s*$/.exec(label);
  return m ? 1900 + Number(m[1]) : 1941;
}

/**
 * The Axis sudden death condition: 7 points in supply including Leningrad, Moscow or
 * Stalingrad ("during any of his Victory Determination Phases in 1941": the caller asks
 * only in 1941, see suddenDeathOpen).
 */
export function axisSuddenDeath(board: Board): boolean {
  const t = victoryTally(board, 'axis');
  return (
    t.points >= SUDDEN_DEATH_POINTS &&
    t.cities.some((c) => (SUDDEN_DEATH_KEYS as readonly string[]).includes(c))
  );
}

/**
 * Whether the sudden death may still be had at this German VDP: a 1941 turn ("during any
 * of his Victory Determination Phases in 1941"), and the Axis player has not chosen to wait
 * for game's end (B-70).
 */
export function suddenDeathOpen(s: RulesScenario, g: BarbarossaState): boolean {
  return turnYear(s, g) === 1941 && g.suddenDeath !== 'declined';
}

/** What the Russians hold for their sudden victory (B-12): Warsaw, or Bucharest and Ploesti, in supply. */
export function sovietSuddenHeld(board: Board): 'Warsaw' | 'Bucharest and Ploesti' | null {
  const { s, g } = board;
  // The Russians' supply is traced only if they hold one of the cities: most of the game
  // they hold none, and the trace over the whole front is the dearest part (issue #49: the
  // threats a Barbarossa game's first load shows).
  let dist: ReturnType<typeof supplyDistances> | undefined;
  const held = (name: string) => {
    const h = s.placeHex[name];
    if (h === undefined || holder(g, s, h) !== 'soviet') return false;
    dist ??= supplyDistances(board, 'soviet');
    return suppliedAsIfHeld(board, 'soviet', h, dist);
  };
  if (held('Warsaw')) return 'Warsaw';
  if (held('Bucharest') && held('Ploesti')) return 'Bucharest and Ploesti';
  return null;
}

/** The Russian Strategic Smashing Victory: Warsaw, or Bucharest and Ploesti, held in supply (B-12). */
export function sovietSuddenVictory(board: Board): boolean {
  return sovietSuddenHeld(board) !== null;
}

const pointsWord = (n: number) => `${n} victory point${n === 1 ? '' : 's'}`;

/** B-70: the Axis claims the sudden death: 7 points including Leningrad, Moscow or Stalingrad. */
export function suddenDeathResult(t: VictoryTally): GameResult {
  return {
    winner: 'axis',
    kind: 'axis-sudden-death',
    games: 1,
    words: `Axis sudden victory: the Axis holds ${pointsWord(t.points)} in supply (${t.cities.join(', ')}), including ${t.cities.filter((c) => (SUDDEN_DEATH_KEYS as readonly string[]).includes(c)).join(' and ')} (B-12, B-70)`,
  };
}

/** The Russian sudden victory: "a Strategic, Smashing Victory worth 2 games" (B-12). */
export function sovietSuddenResult(held: 'Warsaw' | 'Bucharest and Ploesti'): GameResult {
  return {
    winner: 'soviet',
    kind: 'soviet-sudden',
    games: 2,
    words: `Russian sudden victory: the Russians hold ${held} (B-12), a Strategic, Smashing Victory: counts as 2 games`,
  };
}

/**
 * At the game's end (January II): 10 or more Axis points in supply a Smashing Victory that
 * counts as 2 games (B-70), 7-9 an Axis win, 6 a draw, 5 or less a Russian win.
 */
export function finalResult(t: VictoryTally): GameResult {
  const held = `the Axis holds ${pointsWord(t.points)} in supply${t.cities.length > 0 ? ` (${t.cities.join(', ')})` : ''}`;
  if (t.points >= SMASHING_POINTS)
    return {
      winner: 'axis',
      kind: 'axis-smashing',
      games: 2,
      words: `Axis Strategic, Smashing Victory at game's end: ${held}, ${SMASHING_POINTS} or more (B-70): counts as 2 games`,
    };
  if (t.points >= SUDDEN_DEATH_POINTS)
    return { winner: 'axis', kind: 'axis-win', games: 1, words: `Axis victory at game's end: ${held}` };
  if (t.points === 6)
    return {
      winner: 'draw',
      kind: 'draw',
      games: 1,
      words: `at game's end ${held.replace('holds', 'holds only')} (B-12)`,
    };
  return {
    winner: 'soviet',
    kind: 'soviet-win',
    games: 1,
    words: `Russian victory at game's end: ${held}, 5 or less`,
  };
}
