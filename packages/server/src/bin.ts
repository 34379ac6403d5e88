/**
 * Runs a server from the environment (PORT, HOST, DATABASE_URL or STAVKA_DB,
 * STAVKA_RATE_LIMIT, ...: see main.ts). Prints "listening URL" once it serves.
 * `stavka serve` is the same with flags; tests run this file as a child process.
 */
import { describeStore, startServer } from './main.ts';

const server = await startServer();
process.stdout.write(`listening ${server.url} (${describeStore(server.store)})\n`);
const stop = () => {
  // A clean close finishes in-flight requests; past 3 s, stop anyway (every action is committed).
  setTimeout(() => process.exit(0), 3000).unref();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
