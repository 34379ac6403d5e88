/**
 * The `stavka` command line. Each subcommand lives in its own module; this file only
 * wires them and turns bad input into a clear message and exit status 1.
 */
import { useNodeSha256 } from '@stavka/server/node-sha256';
import { Command, CommanderError } from 'commander';
import { addCalcCommand, UsageError } from './calc.ts';
import { addReplayCommands } from './replay.ts';
import { addReportCommand } from './report.ts';
import { addScenarioCommand } from './scenario.ts';
import { addServerCommands } from './serve.ts';
import { addSimulateCommand } from './simulate.ts';

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  exit: (code: number) => void;
}

export function buildProgram(io: Io): Command {
  const program = new Command('stavka')
    .description('Stavka: rules-enforcing digital editions of three Eastern Front wargames')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  addCalcCommand(program, io);
  addSimulateCommand(program, io);
  addReplayCommands(program, io);
  addReportCommand(program, io);
  addScenarioCommand(program, io);
  addServerCommands(program, io);
  for (const c of program.commands) c.exitOverride();
  return program;
}

/** Runs the CLI on argv (without node and script); returns the exit status. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  useNodeSha256(); // the same digests as the engine's noble-hashes, faster
  let code = 0;
  const program = buildProgram({ ...io, exit: (c) => (code = c) });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 1;
    if (e instanceof UsageError) {
      io.err(`stavka: ${e.message}`);
      return 1;
    }
    throw e;
  }
  return code;
}

/** The process entry (bin/stavka.js). */
export async function run(): Promise<void> {
  // Output piped into a reader that stops early (`| head`): stop quietly, as Unix tools do.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  process.exitCode = await main(process.argv.slice(2), {
    out: (s) => process.stdout.write(`${s}\n`),
    err: (s) => process.stderr.write(`${s}\n`),
    exit: () => {},
  });
}
