/**
 * The CPU time of each AI player-turn (issue #44: the served seat's 5 s cap), measured
 * with `process.cpuUsage` in one thread: the standard game from seed `seed`, the players
 * named (`ai`, `ai1`, `ai2`), up to `turns` game-turns. Prints each player-turn's CPU
 * time for its own side, then the mean, median, p95 and max per player and side.
 *
 *     node --import tsx packages/games/src/barbarossa-1941/ai/turn-cpu.ts ai2,ai1 SEED TURNS [SEED...]
 */
import { apply, type GameState, setup } from '@stavka/engine';
import { barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { barbarossaAiPlayers } from './ai.ts';

type G = GameState<BarbarossaState>;

/** Plays one game to `turns` game-turns; the CPU ms of each player-turn, by the player who thought. */
export function turnCpu(
  players: readonly [string, string],
  seed: number,
  turns: number,
): Map<string, number[]> {
  const made = setup(barbarossaRules, null, seed, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  const bySide: Record<
    string,
    { name: string; p: ReturnType<NonNullable<(typeof barbarossaAiPlayers)['ai']>['make']> }
  > = {};
  ['axis', 'soviet'].forEach((side, i) => {
    const name = players[i]!;
    const kind = barbarossaAiPlayers[name];
    if (!kind) throw new Error(`no player ${name}`);
    bySide[side] = { name, p: kind.make(`${seed}:${side}`) };
  });
  const out = new Map<string, number[]>();
  const turn = new Map<string, number>();
  let t: G = made.value;
  for (let n = 0; n < 100000; n++) {
    const g = t.state;
    if (g.turn > turns || g.step === 'over') break;
    const side = barbarossaRules.activeSides(g)[0];
    if (side === undefined) break;
    const who = bySide[side]!;
    // The player-turn's own side only (the other side's answers in it, B-58 interceptions, a
    // retreat's choice, are a few ms).
    const key = `${who.name}|${side}|${g.turn}:${g.player}`;
    const c0 = process.cpuUsage();
    const a = who.p.choose(barbarossaRules, t, side);
    const c = process.cpuUsage(c0);
    turn.set(key, (turn.get(key) ?? 0) + (c.user + c.system) / 1000);
    const r = apply(barbarossaRules, t, side, a, t.stateId);
    if (!r.ok) throw new Error(r.error.message);
    t = r.value as G;
  }
  for (const { name, p } of Object.values(bySide))
    if ('chosen' in p && Array.isArray(p.chosen))
      console.log(`seed ${seed} ${name} plans: ${p.chosen.join(' ')}`);
  for (const [key, ms] of turn) {
    const [name, side, at] = key.split('|') as [string, string, string];
    if (!at.endsWith(`:${side}`)) continue;
    const l = out.get(`${name} ${side}`) ?? [];
    l.push(ms);
    out.set(`${name} ${side}`, l);
    console.log(`seed ${seed} ${key}: ${Math.round(ms)} ms`);
  }
  return out;
}

function summary(ms: readonly number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const mean = s.reduce((x, y) => x + y, 0) / Math.max(1, s.length);
  return `mean ${Math.round(mean)}, median ${Math.round(at(0.5))}, p95 ${Math.round(at(0.95))}, max ${Math.round(at(1))} ms over ${s.length}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [names, turnsArg, ...seeds] = process.argv.slice(2);
  const players = (names ?? 'ai2,ai1').split(',') as [string, string];
  const all = new Map<string, number[]>();
  for (const seed of seeds.length ? seeds : ['1'])
    for (const [name, ms] of turnCpu(players, Number(seed), Number(turnsArg ?? 4)))
      all.set(name, [...(all.get(name) ?? []), ...ms]);
  for (const [name, ms] of all) console.log(`${name}: ${summary(ms)}`);
}
