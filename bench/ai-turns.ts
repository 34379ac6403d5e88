/**
 * Every game's default AI (`players.ai`, the level a served AI seat plays) against itself:
 * its thinking time a player-turn, p95, beside the game's `random` player over the same
 * opening game-turns in the same run (issue #44: every served AI seat inside its 5 s cap
 * at p95, on the full front), by the clock (the cap is the clock's: run it on a quiet
 * machine), its CPU time beside it. A player-turn is a side's choices in a game-turn (the
 * module's progress): for a game whose defender chooses in the attacker's player-turn
 * (retreats), those choices count with its own, so the figure is an upper bound.
 *
 *     node --import tsx bench/ai-turns.ts [GAME...]
 *
 * `STAVKA_BENCH_AI_TURNS` (default 4) sets the game-turns played from each seed.
 */
import {
  type Action,
  type AnyGameModule,
  applyUnchecked,
  type GameRules,
  type GameState,
  type Player,
  setup,
  view,
} from '@stavka/engine';
import { GAMES } from '@stavka/games';
import type { Figure } from './harness.ts';

type Rules = GameRules<unknown, Action, Record<string, unknown>>;

/** The seeds each game is played from. */
const SEEDS = [1, 2];

/** Thinking time of each player-turn: CPU and clock, ms. */
interface Turns {
  cpu: number[];
  clock: number[];
}

/**
 * Plays game `m` from `seed` with `kind` on every side up to the end of game-turn `turns`
 * (or the game's end); the time each side thought, by player-turn.
 */
export function playTurns(m: AnyGameModule, kind: string, seed: number, turns: number): Turns {
  const rules = m.rules as Rules;
  const made = setup(rules, null, seed, {});
  if (!made.ok) throw new Error(`${m.id}: set-up failed: ${JSON.stringify(made.error)}`);
  const players: Record<string, Player> = {};
  for (const side of rules.sides) {
    const p = m.players?.[kind];
    if (!p) throw new Error(`${m.id} has no player ${kind}`);
    players[side] = p.make(`bench:${side}:${seed}`);
  }
  const turnOf = (s: GameState<unknown>) => (m.progress ? m.progress(view(rules, s, null).state).turn : 0);
  const cpu = new Map<string, number>();
  const clock = new Map<string, number>();
  let s: GameState<unknown> = made.value;
  for (let n = 0; n < 1_000_000; n++) {
    const side = rules.activeSides(s.state)[0];
    const turn = turnOf(s);
    if (side === undefined || turn > turns) break;
    const key = `${turn}:${side}`;
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    const a = players[side]!.choose(rules, s, side);
    const c = process.cpuUsage(c0);
    clock.set(key, (clock.get(key) ?? 0) + Number(process.hrtime.bigint() - t0) / 1e6);
    cpu.set(key, (cpu.get(key) ?? 0) + (c.user + c.system) / 1000);
    s = applyUnchecked(rules, s, side, a);
  }
  return { cpu: [...cpu.values()], clock: [...clock.values()] };
}

/** The nearest-rank p95 of `xs`. */
export function p95(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(0.95 * s.length) - 1))] ?? Number.NaN;
}

export function aiTurnBenchmarks(ids: readonly string[] = Object.keys(GAMES)): Figure[] {
  const turns = Number(process.env.STAVKA_BENCH_AI_TURNS ?? 4);
  if (!Number.isInteger(turns) || turns < 1)
    throw new Error(`STAVKA_BENCH_AI_TURNS must be a whole number of game-turns, not "${turns}"`);
  const figures: Figure[] = [];
  for (const id of ids) {
    const m = GAMES[id];
    if (!m) throw new Error(`no game ${id} (one of ${Object.keys(GAMES).join(', ')})`);
    if (!m.players?.ai || !m.players.random) continue;
    const ai: Turns = { cpu: [], clock: [] };
    const random: Turns = { cpu: [], clock: [] };
    for (const seed of SEEDS) {
      const a = playTurns(m, 'ai', seed, turns);
      const r = playTurns(m, 'random', seed, turns);
      ai.cpu.push(...a.cpu);
      ai.clock.push(...a.clock);
      random.cpu.push(...r.cpu);
      random.clock.push(...r.clock);
    }
    // The figure is the clock's (the served seat's cap is on the clock); the CPU time beside
    // it counts V8's helper threads too (garbage collection), so it reads higher.
    const clock = p95(ai.clock);
    const ref = p95(random.clock);
    const mean = ai.clock.reduce((x, y) => x + y, 0) / Math.max(1, ai.clock.length);
    figures.push({
      name: `${id} AI (ai) player-turn p95, clock (${ai.clock.length} player-turns, turns 1-${turns}, seeds ${SEEDS.join(',')}; mean ${mean.toFixed(0)} ms, max ${Math.max(...ai.clock).toFixed(0)} ms; CPU p95 ${p95(ai.cpu).toFixed(0)} ms)`,
      unit: 'ms',
      median: clock,
      reference: ref,
      ratio: clock / ref,
      goal: "ratio = the random player's p95 a player-turn; p95 < 5,000 ms (a served AI seat's cap)",
    });
  }
  return figures;
}

if (process.argv[1]?.endsWith('ai-turns.ts')) {
  const { printFigures } = await import('./harness.ts');
  const ids = process.argv.slice(2);
  printFigures(aiTurnBenchmarks(ids.length > 0 ? ids : undefined));
}
