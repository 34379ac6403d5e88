/**
 * Where a game's last points were lost (issue #44, docs/barbarossa-balance.md "Leningrad
 * never approached"): from replays of whole games (`screen.ts ... DIR` or `stavka simulate
 * --save DIR`), each game's result with the victory cities the Axis held in supply at the
 * end (B-33), and, for a city (Leningrad unless named), the game-turn the Axis first held
 * it at its attacks before movement (A.2), and at how many of those an Axis ground unit
 * stood next to it while the Russians held it, with the attack those next to it could make
 * then (every one of them that may attack,
 * no air: `attack.ts` `evaluateAttack`, its shifts as the rules give them).
 *
 *   node --import tsx packages/games/src/barbarossa-1941/ai/city-approach.ts DIR [SEEDS] [CITY] [--turns]
 *
 * SEEDS: a comma-separated list (absent: every game in DIR). `--turns`: a line a game-turn.
 *
 * Each game's line also gives the game-turn the nearest Axis railhead (an Axis Full Supply
 * source, "Supply": "rail heads, which advance 2 rail hexes per turn") first stood within
 * LIMITED_RANGE (12) hexes of the city, the first from which an Axis unit next to it may be in
 * supply at all, and the Russian ground units within 5 hexes of it then.
 */
import { type GameState, neighborsOf, type ReplayFile, replay } from '@stavka/engine';
import { canAttack, evaluateAttack, isRefusal } from '../attack.ts';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { barbarossaRules } from '../rules.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { LIMITED_RANGE, supplyStatuses } from '../supply.ts';
import { isGroundUnit } from '../unit-kinds.ts';
import { victoryTally } from '../victory.ts';
import { savedGames } from './saved-games.ts';

/** One game-turn's approach to the city, at the Axis's attacks before movement (A.2). */
export interface Approach {
  readonly turn: number;
  /** Who held the city then. */
  readonly heldBy: 'axis' | 'soviet';
  /** Axis ground units next to it, and how many of them may attack. */
  readonly next: number;
  readonly mayAttack: number;
  /** Their attack on it (the odds with every shift, or why none may be made); '' if none stood next to it. */
  readonly attack: string;
  /** Hexes from the city to the nearest Axis railhead. */
  readonly railhead: number;
  /** Russian ground units within RUSSIANS_NEAR hexes of the city. */
  readonly russiansNear: number;
}

/** The radius the Russians around the city are counted in. */
const RUSSIANS_NEAR = 5;

export interface CityApproach {
  readonly seed: string | number;
  readonly winner: string | null;
  readonly points: number;
  readonly cities: readonly string[];
  readonly turns: readonly Approach[];
}

/** One game's end and its approach to `city`. */
export function cityApproach(file: ReplayFile, city: string): CityApproach {
  const turns: Approach[] = [];
  let last = 0;
  const r = replay(barbarossaRules, file, (st: GameState<BarbarossaState>) => {
    const g = st.state;
    if (g.turn === last || g.player !== 'axis' || g.step !== 'attacks-first') return;
    last = g.turn;
    const s = rulesScenarioByKey(g.scenario);
    const hex = s.placeHex[city];
    if (hex === undefined) throw new Error(`no place ${city} on this map`);
    const board = new Board(g, s);
    const railhead = Math.min(...g.railheads.map((h) => hexDistance(board, h, hex)));
    const russiansNear = g.order.filter((id) => {
      const p = g.pieces[id]!;
      return (
        p.side === 'soviet' &&
        p.status === 'map' &&
        isGroundUnit(board.unit(id)) &&
        hexDistance(board, p.at, hex) <= RUSSIANS_NEAR
      );
    }).length;
    if (!board.hasEnemyGround('axis', hex)) {
      turns.push({ turn: g.turn, heldBy: 'axis', next: 0, mayAttack: 0, attack: '', railhead, russiansNear });
      return;
    }
    const around = new Set(neighborsOf(s.map.graph, hex));
    const next = g.order.filter((id) => {
      const p = g.pieces[id]!;
      return p.side === 'axis' && p.status === 'map' && around.has(p.at) && isGroundUnit(board.unit(id));
    });
    const may = next.filter((id) => canAttack(board, id));
    let attack = '';
    if (next.length > 0) {
      const ev = evaluateAttack(board, may, hex, { supply: supplyStatuses(board, 'axis') });
      attack = isRefusal(ev)
        ? ev.message
        : `${ev.attack}:${ev.defense}${ev.shifts.map((x) => ` ${x.by > 0 ? '+' : ''}${x.by} ${x.reason}`).join(',')} -> ${ev.label}`;
    }
    turns.push({
      turn: g.turn,
      heldBy: 'soviet',
      next: next.length,
      mayAttack: may.length,
      attack,
      railhead,
      russiansNear,
    });
  });
  if (!r.ok) throw new Error(`replay ${String(file.seed)}: ${JSON.stringify(r.error.slice(0, 2))}`);
  const end = r.value.state;
  const tally = victoryTally(new Board(end), 'axis');
  return {
    seed: file.seed as string | number,
    winner: end.winner,
    points: tally.points,
    cities: tally.cities,
    turns,
  };
}

function main(): void {
  const args = process.argv.slice(2);
  const perTurn = args.includes('--turns');
  const [dir, seeds, city = 'Leningrad'] = args.filter((a) => !a.startsWith('--'));
  if (dir === undefined) {
    console.error('usage: city-approach.ts DIR [SEEDS] [CITY] [--turns]');
    process.exit(2);
  }
  const only = seeds ? new Set(seeds.split(',')) : null;
  const games = savedGames(dir)
    .filter(({ file }) => only === null || only.has(String(file.seed)))
    .sort((a, b) => Number(a.file.seed) - Number(b.file.seed));
  for (const { file } of games) {
    const a = cityApproach(file, city);
    const russian = a.turns.filter((t) => t.heldBy === 'soviet');
    const near = russian.filter((t) => t.next > 0);
    const fell = a.turns.find((t) => t.heldBy === 'axis');
    const reach = a.turns.find((t) => t.railhead <= LIMITED_RANGE);
    console.log(
      `${a.seed} ${a.winner ?? 'draw'} ${a.points} points (${a.cities.join(', ')}); ${city}: ${fell ? `Axis from game-turn ${fell.turn}` : 'never Axis'}; while Russian, an Axis ground unit next to it at ${near.length} game-turns${near.length > 0 ? ` (first ${near[0]!.turn})` : ''}; a railhead within ${LIMITED_RANGE} hexes ${reach ? `from game-turn ${reach.turn} (${reach.russiansNear} Russian ground units within ${RUSSIANS_NEAR} hexes then)` : 'never'}`,
    );
    if (perTurn)
      for (const t of a.turns)
        console.log(
          `  t${t.turn}: railhead ${t.railhead} hexes, ${t.russiansNear} Russians within ${RUSSIANS_NEAR}; ${t.heldBy === 'axis' ? 'Axis' : t.next === 0 ? 'no Axis unit next to it' : `${t.mayAttack} of ${t.next} next to it may attack: ${t.attack}`}`,
        );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
