/**
 * Runs a server from the environment (PORT, HOST, DATABASE_URL or STAVKA_DB,
 * STAVKA_RATE_LIMIT, ...: see main.ts). Prints "listening URL" once it serves.
 * `stavka serve` is the same with flags; tests run this file as a child process.
 */
import { describeStore, startServer, stopOnSignals } from './main.ts';

const server = await startServer();
process.stdout.write(`listening ${server.url} (${describeStore(server.store, server.threads)})\n`);
stopOnSignals(server);
