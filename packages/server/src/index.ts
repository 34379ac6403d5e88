/** @stavka/server: the game server (HTTP + WebSocket, storage, verifiable dice). */
export * from './app.ts';
export * from './dice.ts';
export * from './errors.ts';
export * from './games.ts';
export * from './main.ts';
export * from './node-sha256.ts';
export * from './store.ts';
export * from './webhooks.ts';
