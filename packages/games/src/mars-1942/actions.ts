/**
 * Operation Mars's vocabulary: every action a player may take, by the step that offers
 * it (steps/<step>.ts), and the game's options.
 */

export interface MarsOptions {
  /** First-turn doubling of Russian attack (M-16); default on. */
  readonly firstTurnDoubling?: boolean;
}

export type MarsAction =
  // steps/setup.ts: "Setup and 1st Turn"
  | { type: 'historical-setup' }
  | { type: 'deploy'; unit: string; hex: string }
  | { type: 'end-setup' }
  // steps/fortify.ts: "Fortification" (A.1, B.1)
  | { type: 'fortify'; unit: string }
  | { type: 'end-fortify' }
  // steps/reinforce.ts: panzer reinforcements and withdrawals (B.2, M-14)
  | { type: 'reinforce'; hex: string }
  | { type: 'withdraw-reserve' }
  | { type: 'end-reinforcement' }
  // steps/movement.ts: "Operational Movement" (A.2, B.3)
  | { type: 'move'; unit: string; to: string }
  | { type: 'withdraw'; unit: string }
  | { type: 'end-movement' }
  // steps/allocation.ts: ground attack allocations (A.3, B.5)
  | { type: 'assign'; unit: string; target: string }
  | { type: 'unassign'; unit: string }
  | { type: 'probe'; target: string }
  | { type: 'end-allocation' }
  // steps/combat.ts: ground combat resolution, retreats and advances
  | { type: 'resolve'; target: string }
  | { type: 'no-retreat'; units: string[] }
  | { type: 'lose'; unit: string }
  | { type: 'rout'; hexes: number }
  | { type: 'retreat'; unit: string; to: string }
  | { type: 'stand'; unit: string }
  | { type: 'advance'; unit: string; to: string }
  | { type: 'end-advance' }
  // steps/supply.ts: sustained supply status (A.4, B.6; M-20)
  | { type: 'spare'; unit: string };
