/**
 * Monte Carlo of the real battle engine: `battleRules` played through the engine's
 * setup / legalActions / applyUnchecked by two policy players (policy.ts), seeded. What
 * the exact analysis (analysis.ts) is checked against.
 */
import { applyUnchecked, type FireTable, legalActions, setup } from '@stavka/engine';
import { type BattleInput, battleScenarioOf } from './analysis.ts';
import { type BattleAction, battleRules, battleRulesWith, sideOf } from './battle.ts';
import { type BattleState, ENDINGS, type Ending } from './battle-scenario.ts';
import { lossLimit, type Role } from './forces.ts';
import { policyPlayer } from './policy.ts';

/** A sample mean and its standard error. */
export interface Estimate {
  readonly mean: number;
  readonly se: number;
}

export interface BattleSample {
  readonly battles: number;
  readonly endings: Readonly<Record<Ending, Estimate>>;
  readonly expectedHits: Readonly<Record<Role, Estimate>>;
  readonly expectedDestroyed: Readonly<Record<Role, Estimate>>;
  readonly expectedAirLost: Estimate;
}

class Tally {
  sum = 0;
  sq = 0;
  add(x: number): void {
    this.sum += x;
    this.sq += x * x;
  }
  estimate(n: number): Estimate {
    const mean = this.sum / n;
    const variance = Math.max(0, this.sq / n - mean * mean) * (n / Math.max(1, n - 1));
    return { mean, se: Math.sqrt(variance / n) };
  }
}

/** Fights `count` battles on one dice stream seeded from `first` and tallies what the analysis predicts. */
export function simulateBattles(
  input: BattleInput,
  count: number,
  first = 1,
  table?: FireTable,
): BattleSample {
  const rules = table ? battleRulesWith(table) : battleRules;
  const scenario = battleScenarioOf(input);
  const endings = Object.fromEntries(ENDINGS.map((e) => [e, new Tally()])) as Record<Ending, Tally>;
  const hits = { attacker: new Tally(), defender: new Tally() };
  const destroyed = { attacker: new Tally(), defender: new Tally() };
  const airLost = new Tally();
  // One setup, then every battle from it with the dice carried on from the last: one
  // seeded stream (consecutive numeric seeds would give correlated first rolls).
  const made = setup(rules, scenario, `battles-${first}`, {});
  if (!made.ok) throw new Error(`simulateBattles: ${JSON.stringify(made.error)}`);
  const start = made.value;
  let rng = start.rng;
  for (let i = 0; i < count; i++) {
    let s = { ...start, rng };
    let air = -1;
    while (s.state.stage !== 'over') {
      const g: BattleState = s.state;
      const role: Role =
        g.stage.endsWith('attacker') || g.stage === 'declare' || g.stage === 'advance'
          ? 'attacker'
          : 'defender';
      const side = sideOf(g, role);
      const legal = legalActions(rules, s, side) as readonly BattleAction[];
      const action = policyPlayer(g, role, input.policies[role], legal);
      s = applyUnchecked(rules, s, side, action);
      if (air < 0)
        air = s.state.units.filter(
          (u) => u.unitClass === 'air' && u.side === 'soviet' && u.status === 'destroyed',
        ).length;
    }
    rng = s.rng;
    const g = s.state;
    for (const e of ENDINGS) endings[e].add(g.ending === e ? 1 : 0);
    for (const r of ['attacker', 'defender'] as const) {
      hits[r].add(g.hits[r]);
      destroyed[r].add(
        g.units.filter((u) => u.role === r && u.unitClass !== 'air' && u.losses > lossLimit(u)).length,
      );
    }
    airLost.add(air);
  }
  return {
    battles: count,
    endings: Object.fromEntries(ENDINGS.map((e) => [e, endings[e].estimate(count)])) as Record<
      Ending,
      Estimate
    >,
    expectedHits: { attacker: hits.attacker.estimate(count), defender: hits.defender.estimate(count) },
    expectedDestroyed: {
      attacker: destroyed.attacker.estimate(count),
      defender: destroyed.defender.estimate(count),
    },
    expectedAirLost: airLost.estimate(count),
  };
}
