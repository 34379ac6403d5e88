export * from './graph.ts';
export * from './hex.ts';
export * from './map.ts';
export * from './result.ts';
export * from './schema.ts';
export * from './units.ts';
