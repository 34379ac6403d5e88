/** @stavka/server: the game server (HTTP + WebSocket, storage, verifiable dice). */
export {};
