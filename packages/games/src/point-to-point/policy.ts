/**
 * Battle policies: how a side distributes its losses and when it breaks off. The same
 * functions drive the exact analysis (analysis.ts) and a player of the battle rules
 * (`policyPlayer`), so the analysis can be checked against the real battle engine.
 */

import { absorbers, type BattleAction, firingValue } from './battle.ts';
import type { BattleState } from './battle-scenario.ts';
import { lossLimit, type Role } from './forces.ts';

export const LOSS_POLICIES = ['spread', 'concentrate'] as const;
export type LossPolicy = (typeof LOSS_POLICIES)[number];

export interface SidePolicy {
  /**
   * spread: each loss to the unit that has taken the fewest, never destroying a unit
   * while another can take the loss (ties: the lower firing value, then list order);
   * concentrate: losses piled on units already dispersed, the most-hit first, then on
   * the lowest firing value (ties: list order).
   */
  readonly losses: LossPolicy;
  /** Break off when the side's firing value is below this (0: never for this reason). */
  readonly retreatBelowFire: number;
  /** Break off when the side has absorbed more losses than this in the battle (null: never). */
  readonly retreatAfterLosses: number | null;
}

export const STAND_FAST: SidePolicy = { losses: 'spread', retreatBelowFire: 0, retreatAfterLosses: null };

/** What a loss policy looks at in a unit that may absorb a loss. */
export interface AbsorbingUnit {
  readonly losses: number;
  readonly limit: number;
  readonly dispersed: boolean;
  readonly fire: number;
}

/** Index (into `units`) of the unit the policy puts the next loss on. */
export function lossTarget(policy: LossPolicy, units: readonly AbsorbingUnit[]): number {
  let best = -1;
  let bestKey: number[] = [];
  units.forEach((u, i) => {
    const key =
      policy === 'spread'
        ? [u.losses + 1 > u.limit ? 1 : 0, u.losses, u.fire, i]
        : [u.dispersed ? 0 : 1, -u.losses, u.fire, i];
    if (best < 0 || less(key, bestKey)) {
      best = i;
      bestKey = key;
    }
  });
  return best;
}

function less(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** Whether a side with this firing value and these losses in the battle breaks off. */
export function wantsRetreat(policy: SidePolicy, fire: number, hits: number): boolean {
  return (
    fire < policy.retreatBelowFire || (policy.retreatAfterLosses !== null && hits > policy.retreatAfterLosses)
  );
}

/**
 * The action a side playing `policy` takes in a battle, chosen from `legal` (the
 * engine's list): absorbs by the loss policy, retreats by its thresholds, retreats to
 * the first route offered, and advances with every German air unit.
 */
export function policyPlayer(
  g: BattleState,
  role: Role,
  policy: SidePolicy,
  legal: readonly BattleAction[],
): BattleAction {
  const first = legal[0];
  if (!first) throw new Error('policyPlayer: nothing legal');
  if (first.type === 'absorb') {
    const units = absorbers(g, role);
    const i = lossTarget(
      policy.losses,
      units.map((u) => ({ losses: u.losses, limit: lossLimit(u), dispersed: u.dispersed, fire: u.fire })),
    );
    return { type: 'absorb', unit: units[i]!.id };
  }
  if (first.type === 'continue' || first.type === 'retreat')
    return wantsRetreat(policy, firingValue(g, role), g.hits[role])
      ? { type: 'retreat' }
      : { type: 'continue' };
  if (first.type === 'advance')
    return legal.reduce((a, b) =>
      (b as { air: string[] }).air.length > (a as { air: string[] }).air.length ? b : a,
    );
  return first;
}
