/**
 * Barbarossa 1941 for the browser: the sudden endings that threaten a side, as a pure
 * function of the view ("Victory Conditions", B-12, B-70), so a player is told before his
 * turn ends that the game is about to be lost:
 * - the Russian sudden victory, judged at the Russian VDP (A.7) at the end of the German
 *   player-turn: "in any turn he takes and holds in supply in the German VDP Warsaw or
 *   Bucharest and Ploesti";
 * - the Axis sudden death, judged at the German VDP (B.7) at the end of the Russian
 *   player-turn, in 1941 only and until the Axis player has chosen to play on (B-70): 7
 *   victory points in supply including Leningrad, Moscow or Stalingrad;
 * - in the last game-turn, how the game ends if nothing changes.
 */
import type { BarbarossaView } from './hidden.ts';
import { boardOf, publicState, scenarioOf } from './presentation-board.ts';
import type { Side } from './rules-scenario.ts';
import {
  axisSuddenDeath,
  finalResult,
  holder,
  sovietSuddenHeld,
  suddenDeathOpen,
  suppliedAsIfHeld,
  victoryTally,
} from './victory.ts';

export interface Threat {
  /** The side that would win. */
  readonly winner: Side | 'draw';
  readonly kind: 'soviet-sudden' | 'soviet-sudden-near' | 'axis-sudden-death' | 'game-end';
  /** Addressed to the threatened side's player. */
  readonly words: string;
  /** The victory cities it is about (hex indexes), to light on the map. */
  readonly hexes: readonly number[];
  readonly cite: readonly string[];
}

const CITE = 'barbarossa-1941 "Victory Conditions"';

/** The sudden endings threatening `side` now, most pressing first; none once the game is over. */
export function threats(v: BarbarossaView, side: Side): Threat[] {
  if (v.winner !== null || v.step === 'over') return [];
  const board = boardOf(v);
  const s = scenarioOf(v);
  const out: Threat[] = [];
  // A.7 ends the German player-turn, B.7 the Russian one.
  const when = (vdpOf: Side) =>
    v.player === vdpOf ? 'at the end of your player-turn' : 'at the end of your next player-turn';
  const hexOf = (name: string) => s.placeHex[name];
  const hexes = (...names: string[]) => names.map(hexOf).filter((h): h is number => h !== undefined);
  if (side === 'axis') {
    const held = sovietSuddenHeld(board);
    if (held)
      out.push({
        winner: 'soviet',
        kind: 'soviet-sudden',
        words: `The Russians win if they still hold ${held} in supply ${when('axis')} (A.7, B-12): a Strategic, Smashing Victory worth 2 games.`,
        hexes: hexes(...held.split(' and ')),
        cite: [CITE, 'A.7', 'B-12'],
      });
    else {
      // One of Bucharest and Ploesti already Russian, in supply: the other one would do.
      const russian = (name: string) => {
        const h = hexOf(name);
        return h !== undefined && holder(v, s, h) === 'soviet' && suppliedAsIfHeld(board, 'soviet', h);
      };
      const pair = ['Bucharest', 'Ploesti'];
      const one = pair.filter(russian);
      if (one.length === 1) {
        const other = pair.find((n) => n !== one[0])!;
        out.push({
          winner: 'soviet',
          kind: 'soviet-sudden-near',
          words: `The Russians hold ${one[0]} in supply: if they also take ${other} and hold both ${when('axis')}, they win (A.7, B-12).`,
          hexes: hexes(...pair),
          cite: [CITE, 'A.7', 'B-12'],
        });
      }
    }
  } else if (suddenDeathOpen(s, publicState(v)) && axisSuddenDeath(board)) {
    const t = victoryTally(board, 'axis');
    out.push({
      winner: 'axis',
      kind: 'axis-sudden-death',
      words: `The Axis may claim victory if it still holds ${t.points} victory points in supply (${t.cities.join(', ')}) ${when('soviet')} (B.7, B-12, B-70).`,
      hexes: hexes(...t.cities),
      cite: [CITE, 'B.7', 'B-12', 'B-70'],
    });
  }
  if (v.turn >= s.turns.length) {
    const end = finalResult(victoryTally(board, 'axis'));
    if (end.winner !== side)
      out.push({
        winner: end.winner,
        kind: 'game-end',
        words: `This is the last game-turn: if nothing changes, ${end.words}.`,
        hexes: [],
        cite: [CITE, 'B-12', 'B-70'],
      });
  }
  return out;
}
