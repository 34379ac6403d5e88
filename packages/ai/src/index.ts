export * from './playout.ts';
export * from './random.ts';
