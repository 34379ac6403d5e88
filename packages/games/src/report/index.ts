export * from './build.ts';
export * from './chances.ts';
export * from './charts.ts';
export * from './html.ts';
