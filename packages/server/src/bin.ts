/**
 * Runs a server from the environment: PORT (default 8080; 0 = any free port),
 * DATABASE_URL or STAVKA_DB (default ./data/stavka.sqlite), STAVKA_RATE_LIMIT
 * (requests a minute per client; "off"). Prints "listening URL" once it serves.
 * `stavka serve` is the same with flags; tests run this file as a child process.
 */
import { describeStore, startServer } from './main.ts';

const limit = process.env.STAVKA_RATE_LIMIT;
const server = await startServer({
  port: process.env.PORT === undefined ? 8080 : Number(process.env.PORT),
  ...(process.env.STAVKA_DB ? { db: process.env.STAVKA_DB } : {}),
  ...(limit === 'off'
    ? { rateLimit: false }
    : limit
      ? { rateLimit: { max: Number(limit), timeWindow: 60_000 } }
      : {}),
});
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
