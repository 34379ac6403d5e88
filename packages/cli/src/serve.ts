/**
 * `stavka serve [--port N] [--db FILE|URL] [--threads N]`: runs the game server (packages/server).
 * Games are stored in SQLite at ./data/stavka.sqlite unless --db or DATABASE_URL
 * names another file or a postgres:// database.
 */
import type { Command } from 'commander';
import { UsageError } from './calc.ts';
import { addVerifyCommand } from './verify.ts';

export function addServeCommand(
  program: Command,
  io: { out: (s: string) => void; err: (s: string) => void },
): void {
  program
    .command('serve')
    .description(
      'run the game server: HTTP + WebSocket API, SQLite by default, PostgreSQL with a postgres:// URL',
    )
    .option('--port <n>', 'port to listen on (default PORT or 8080)')
    .option('--host <addr>', 'address to listen on (default 0.0.0.0)')
    .option(
      '--db <file|url>',
      'SQLite file or postgres:// URL (default DATABASE_URL or ./data/stavka.sqlite)',
    )
    .option(
      '--threads <n>',
      'worker threads sharing the games, 0-64 (default STAVKA_THREADS, else 0: all in one thread)',
    )
    .action(async (opts: { port?: string; host?: string; db?: string; threads?: string }) => {
      let port: number | undefined;
      if (opts.port !== undefined) {
        port = Number(opts.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new UsageError(`--port: not a port: ${opts.port}`);
      }
      let threads: number | undefined;
      if (opts.threads !== undefined) {
        threads = Number(opts.threads);
        if (!/^\d+$/.test(opts.threads) || threads > 64)
          throw new UsageError(`--threads: a number of threads from 0 to 64, not ${opts.threads}`);
      }
      // Loaded here so the other commands do not load the server and its database drivers.
      const { describeStore, startServer, stopOnSignals } = await import('@stavka/server');
      let server: Awaited<ReturnType<typeof startServer>>;
      try {
        server = await startServer({
          ...(port !== undefined ? { port } : {}),
          ...(opts.host ? { host: opts.host } : {}),
          ...(opts.db ? { db: opts.db } : {}),
          ...(threads !== undefined ? { threads } : {}),
          log: (m) => io.err(m),
        });
      } catch (e) {
        // A port in use, a database that will not open, a bad setting: say which, no trace.
        throw new UsageError(`serve: ${(e as Error).message}`);
      }
      io.out(
        `Stavka server on ${server.url} (games stored in ${describeStore(server.store, server.threads)})`,
      );
      if (server.networkUrls.length > 0)
        io.out(`  from other machines on your network: ${server.networkUrls.join(', ')}`);
      stopOnSignals(server);
    });
}

/** `serve` and `verify`: the server's two commands, registered together. */
export function addServerCommands(
  program: Command,
  io: { out: (s: string) => void; err: (s: string) => void; exit: (c: number) => void },
): void {
  addServeCommand(program, io);
  addVerifyCommand(program, io);
}
