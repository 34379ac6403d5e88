export * from './analysis.ts';
export * from './battle.ts';
export * from './battle-calc.ts';
export * from './battle-scenario.ts';
export * from './combat.ts';
export * from './forces.ts';
export * from './policy.ts';
export * from './simulate-battle.ts';
