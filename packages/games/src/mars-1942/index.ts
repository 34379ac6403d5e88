export * from './attack.ts';
export * from './board.ts';
export * from './combat.ts';
export * from './movement.ts';
export * from './rules.ts';
export * from './scenario.ts';
export * from './state.ts';
export * from './victory.ts';
