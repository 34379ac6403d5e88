export * from './ai.ts';
export * from './greedy.ts';
export * from './known.ts';
export * from './playout.ts';
export * from './random.ts';
