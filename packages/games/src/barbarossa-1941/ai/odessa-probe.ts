/**
 * The Rumanian front in saved games (issue #44, docs/barbarossa-balance.md "Odessa"): for
 * each game of DIR (`screen.ts ... DIR`, `stavka simulate --save DIR`), each Axis ground
 * counter that ever stood nearer the Rumanian front's route than any other of its army
 * group's (`plan.ts` `PLAN_1941`, the nearest route: level 1's and level 2's assignment), a
 * cell per game-turn at the start of the Axis player-turn: `R` (its front then the
 * Rumanian) or `s` (Army Group South), its distance from the city in hexes and its supply
 * (f, l, i; `*` Disrupted), `X` eliminated; then every attack on the city, as the log gives
 * it (the odds and shifts) with the die.
 *
 *     node --import tsx packages/games/src/barbarossa-1941/ai/odessa-probe.ts DIR [SEEDS] [CITY]
 *
 * SEEDS: comma-separated (absent: every game); CITY: a place name (absent: Odessa).
 */
import { type GameState, replay } from '@stavka/engine';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { barbarossaRules } from '../rules.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import { attackFactor, type BarbarossaState } from '../state.ts';
import { isGroundUnit, isMobile } from '../unit-kinds.ts';
import { AxisPlan } from './plan.ts';
import { savedGames } from './saved-games.ts';

/** One game: the counters' cells by game-turn and the attacks on `city`. */
export function rumanianFront(
  file: Parameters<typeof replay>[1],
  city: string,
): { rows: { name: string; type: string; attack: number; cells: string[] }[]; attacks: string[] } {
  const track = new Map<string, { name: string; type: string; attack: number; cells: string[] }>();
  const attacks: string[] = [];
  let last = '';
  let logAt = 0;
  const r = replay(barbarossaRules, file, (st: GameState<BarbarossaState>) => {
    const g = st.state;
    const s = rulesScenarioByKey(g.scenario);
    const hex = s.placeHex[city] ?? -1;
    for (; logAt < st.log.length; logAt++) {
      const e = st.log[logAt]!;
      if (e.text.startsWith(`attack on ${s.hexNumbers[hex]}`)) attacks.push(`t${g.turn}: ${e.text}`);
      else if (e.text.startsWith(`combat at ${s.hexNumbers[hex]}: rolled`) && attacks.length > 0)
        attacks[attacks.length - 1] += ` (${e.text.slice(e.text.indexOf('rolled'))})`;
    }
    const key = `${g.turn}:${g.player}`;
    if (hex < 0 || key === last || g.player !== 'axis' || g.step !== 'attacks-first') return;
    last = key;
    const board = new Board(g, s);
    const plan = new AxisPlan(board, g);
    const bucharest = s.placeHex.Bucharest ?? -1;
    const rumanian = bucharest < 0 ? null : plan.fieldAt(bucharest, 'south');
    for (const id of g.order) {
      const p = g.pieces[id]!;
      if (p.side !== 'axis' || p.unit === null) continue;
      const u = board.unit(id);
      const group = (u as { armyGroup?: string }).armyGroup;
      if (!isGroundUnit(u) || group !== 'south') continue;
      let cell = '  .  ';
      if (p.status === 'map' && p.at >= 0) {
        const front = plan.fieldAt(p.at, group, isMobile(u)) === rumanian ? 'R' : 's';
        const d = String(hexDistance(board, p.at, hex)).padStart(2);
        cell = `${front}${d}${p.supply[0]}${p.disrupted ? '*' : ' '}`;
      } else if (p.status === 'eliminated') cell = '  X  ';
      let row = track.get(id);
      if (!row) {
        row = { name: u.name ?? id, type: u.type, attack: attackFactor(u, p), cells: [] };
        track.set(id, row);
      }
      while (row.cells.length < g.turn - 1) row.cells.push('     ');
      row.cells.push(cell);
    }
  });
  if (!r.ok) throw new Error(`replay of ${String(file.seed)}: ${JSON.stringify(r.error)}`);
  return { rows: [...track.values()].filter((x) => x.cells.some((c) => c.startsWith('R'))), attacks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, seeds, city = 'Odessa'] = process.argv.slice(2);
  if (!dir) throw new Error('usage: odessa-probe.ts DIR [SEEDS] [CITY]');
  const only = seeds ? new Set(seeds.split(',')) : null;
  const games = savedGames(dir)
    .filter(({ file }) => only === null || only.has(String(file.seed)))
    .sort((a, b) => Number(a.file.seed) - Number(b.file.seed));
  for (const { file } of games) {
    const { rows, attacks } = rumanianFront(file, city);
    console.log(
      `seed ${String(file.seed)} (R: the Rumanian front's; s: Army Group South's; hexes from ${city}; supply)`,
    );
    for (const x of rows)
      console.log(
        `${x.name.slice(0, 24).padEnd(24)} ${x.type.slice(0, 4)} ${String(x.attack).padStart(2)} ${x.cells.join('|')}`,
      );
    for (const a of attacks) console.log(`  ${a}`);
  }
}
