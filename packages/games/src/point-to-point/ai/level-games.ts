/**
 * Whole Typhoon campaigns between two AI levels (campaign-ai.ts), for the figures of
 * docs/typhoon-balance.md until the module lists each level (`stavka simulate` plays its
 * registered players only): game i is seed `start + i`, the Axis player seeded `axis-<seed>`
 * and the Soviet `soviet-<seed>`; each game's replay is written into DIR (readable by
 * typhoon-timeline.ts), then the wins, each side's time a player-turn (median, p95, max:
 * the time its player took over the actions of that player-turn, its battle choices in the
 * enemy's included; by the clock and in CPU time, the machine being shared) and the plans
 * the searches chose other than the rules of thumb's own.
 *
 *   node --import tsx packages/games/src/point-to-point/ai/level-games.ts AXIS_LEVEL SOVIET_LEVEL GAMES START [DIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Action, type GameRules, type GameState, type Player, playout } from '@stavka/engine';
import { campaignRules } from '../campaign.ts';
import { CampaignAiPlayer, campaignGame } from './campaign-ai.ts';

/** A player whose time is summed by player-turn: the clock's, and the CPU's (the machine is shared). */
class Timed implements Player {
  readonly name: string;
  readonly byTurn = new Map<string, number>();
  readonly cpuByTurn = new Map<string, number>();
  constructor(readonly player: CampaignAiPlayer) {
    this.name = player.name;
  }
  choose<G>(r: GameRules<G, Action, unknown>, s: GameState<G>, side: string): Action {
    const g = campaignGame(s).state;
    const key = `${g.turn}:${g.player}`;
    const t = performance.now();
    const cpu = process.cpuUsage();
    const a = this.player.choose(r, s, side);
    const used = process.cpuUsage(cpu);
    this.byTurn.set(key, (this.byTurn.get(key) ?? 0) + performance.now() - t);
    this.cpuByTurn.set(key, (this.cpuByTurn.get(key) ?? 0) + (used.user + used.system) / 1000);
    return a;
  }
}

const quantile = (v: readonly number[], q: number) =>
  v[Math.min(v.length - 1, Math.floor(v.length * q))] ?? 0;

function main(): void {
  const [axisLevel, sovietLevel, games, start, dir] = process.argv.slice(2);
  if (!axisLevel || !sovietLevel || !games || !start) {
    console.error('usage: level-games.ts AXIS_LEVEL SOVIET_LEVEL GAMES START [DIR]');
    process.exit(2);
  }
  if (dir) mkdirSync(dir, { recursive: true });
  const wins = { axis: 0, soviet: 0, draw: 0 };
  const times = { axis: [] as number[], soviet: [] as number[] };
  const cpuTimes = { axis: [] as number[], soviet: [] as number[] };
  const plans = { axis: new Map<string, number>(), soviet: new Map<string, number>() };
  for (let i = 0; i < Number(games); i++) {
    const seed = Number(start) + i;
    const players = {
      axis: new Timed(new CampaignAiPlayer(`axis-${seed}`, { level: Number(axisLevel) })),
      soviet: new Timed(new CampaignAiPlayer(`soviet-${seed}`, { level: Number(sovietLevel) })),
    };
    const r = playout(campaignRules, seed, players);
    const winner = r.outcome?.winner ?? 'draw';
    wins[winner as keyof typeof wins]++;
    for (const side of ['axis', 'soviet'] as const) {
      times[side].push(...players[side].byTurn.values());
      cpuTimes[side].push(...players[side].cpuByTurn.values());
      for (const k of players[side].player.chosen)
        if (k !== 'planned') plans[side].set(k, (plans[side].get(k) ?? 0) + 1);
    }
    if (dir) writeFileSync(`${dir}/game-${seed}.json`, JSON.stringify(r.replay));
    console.log(
      `game ${seed}: ${winner} (axis ${r.outcome?.score?.axis}, soviet ${r.outcome?.score?.soviet})`,
    );
  }
  console.log(`axis level ${axisLevel}, soviet level ${sovietLevel}: ${JSON.stringify(wins)}`);
  for (const side of ['axis', 'soviet'] as const) {
    const v = times[side].sort((a, b) => a - b);
    const c = cpuTimes[side].sort((a, b) => a - b);
    console.log(
      `${side}: player-turn median ${quantile(v, 0.5).toFixed(0)} ms, p95 ${quantile(v, 0.95).toFixed(0)} ms, max ${(v.at(-1) ?? 0).toFixed(0)} ms (CPU: median ${quantile(c, 0.5).toFixed(0)} ms, p95 ${quantile(c, 0.95).toFixed(0)} ms, max ${(c.at(-1) ?? 0).toFixed(0)} ms); plans other than the rules of thumb's ${JSON.stringify(Object.fromEntries(plans[side]))}`,
    );
  }
}

main();
