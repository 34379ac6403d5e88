export * from './barbarossa-1941/combat.ts';
export * from './mars-1942/index.ts';
export * from './point-to-point/combat.ts';
export * from './registry.ts';
export * from './report/index.ts';
