/**
 * Where the Axis's points go at the game's end (issue #44, docs/barbarossa-balance.md "Cities
 * held out of supply"): from replays of whole games (`screen.ts ... DIR` or `stavka simulate
 * --save DIR`), each victory city the Axis held at the end but could not trace supply to
 * (B-33), too far from every Axis supply source (more than LIMITED_RANGE hexes over passable
 * hexes, whatever the Russians do) or cut off by their units and ZOCs; and the turn each
 * gauge conversion unit was lost (B-38), with the log line that says how.
 *
 *   node --import tsx packages/games/src/barbarossa-1941/ai/end-supply.ts DIR... [--causes]
 */
import { type GameState, type ReplayFile, replay } from '@stavka/engine';
import { Board } from '../board.ts';
import { barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { LIMITED_RANGE, supplyBlocked, supplyDistances, supplySources } from '../supply.ts';
import { holder, suppliedAsIfHeld, victoryTally } from '../victory.ts';
import { field } from './plan.ts';
import { savedGames } from './saved-games.ts';

export interface UnsuppliedCity {
  readonly city: string;
  readonly points: number;
  /** Hexes from the nearest Axis supply source over passable hexes, the Russians ignored. */
  readonly hexes: number;
  readonly why: 'too far' | 'cut off';
}

export interface EndSupply {
  readonly seed: string | number;
  readonly winner: string | null;
  /** The Axis points in supply at the end (B-33). */
  readonly points: number;
  readonly unsupplied: readonly UnsuppliedCity[];
  /** Each gauge conversion unit lost: the game-turn, and the log entry that removed it. */
  readonly conversionLost: Readonly<Record<string, { turn: number; how: string }>>;
}

/** The victory cities `g`'s Axis holds and cannot trace supply to. */
export function unsuppliedCities(g: BarbarossaState): UnsuppliedCity[] {
  const board = new Board(g);
  const s = board.s;
  const dist = supplyDistances(board, 'axis');
  const sources = supplySources(board, 'axis', supplyBlocked(board, 'axis'));
  const free = field(s, g, new Map(sources.map((h) => [h, 0])));
  const out: UnsuppliedCity[] = [];
  for (let h = 0; h < s.victoryPoints.length; h++) {
    const points = s.victoryPoints[h]!;
    if (points <= 0 || holder(g, s, h) !== 'axis' || suppliedAsIfHeld(board, 'axis', h, dist)) continue;
    const hexes = free[h]!;
    out.push({
      city: s.placeName[h] ?? s.hexNumbers[h]!,
      points,
      hexes,
      why: hexes > LIMITED_RANGE ? 'too far' : 'cut off',
    });
  }
  return out;
}

/** One game's end from its replay file. */
export function endSupplyOf(file: ReplayFile): EndSupply {
  const lost: Record<string, { turn: number; how: string }> = {};
  let conversion: readonly string[] | null = null;
  const r = replay(barbarossaRules, file, (st: GameState<BarbarossaState>) => {
    const g = st.state;
    if (conversion === null) {
      const board = new Board(g);
      conversion = g.order.filter((id) => board.unit(id).type === 'rail-conversion');
    }
    for (const id of conversion)
      if (g.pieces[id]?.status === 'eliminated' && lost[id] === undefined) {
        const entry = st.log.findLast((e) => e.text.includes('eliminated'));
        lost[id] = { turn: g.turn, how: entry?.text ?? '' };
      }
  });
  if (!r.ok) throw new Error(`replay ${String(file.seed)}: ${JSON.stringify(r.error.slice(0, 2))}`);
  const g = r.value.state;
  return {
    seed: file.seed as string | number,
    winner: g.winner,
    points: victoryTally(new Board(g), 'axis').points,
    unsupplied: unsuppliedCities(g),
    conversionLost: lost,
  };
}

function main(): void {
  const args = process.argv.slice(2);
  const causes = args.includes('--causes');
  const dirs = args.filter((a) => !a.startsWith('--'));
  if (dirs.length === 0) {
    console.error('usage: end-supply.ts DIR... [--causes]');
    process.exit(2);
  }
  const games = dirs.flatMap((d) => savedGames(d)).map(({ file }) => endSupplyOf(file));
  const byCity = new Map<string, number>();
  const lostBy = new Map<string, number[]>();
  for (const e of games) {
    const lostPoints = e.unsupplied.reduce((a, c) => a + c.points, 0);
    if (e.unsupplied.length > 0)
      console.log(
        `${e.seed} ${e.winner ?? 'draw'} ${e.points} points (${e.points + lostPoints} with these): ${e.unsupplied
          .map((c) => `${c.city} ${c.points}: ${c.why} (${c.hexes} hexes)`)
          .join('; ')}`,
      );
    for (const c of e.unsupplied) {
      const key = `${c.city}: ${c.why}`;
      byCity.set(key, (byCity.get(key) ?? 0) + 1);
    }
    for (const [id, { turn, how }] of Object.entries(e.conversionLost)) {
      lostBy.set(id, [...(lostBy.get(id) ?? []), turn]);
      if (causes) console.log(`  ${e.seed} ${id} lost on turn ${turn}: ${how}`);
    }
  }
  console.log(
    `${games.length} games; a victory city held out of supply at the end in ${games.filter((e) => e.unsupplied.length > 0).length}`,
  );
  for (const [k, n] of [...byCity].sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${n}`);
  for (const [id, turns] of [...lostBy].sort()) {
    console.log(`${id} lost in ${turns.length} games; game-turns ${turns.sort((a, b) => a - b).join(',')}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
