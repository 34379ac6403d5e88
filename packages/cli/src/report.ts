/**
 * `stavka report FILE [--out report.html]`: the after-action report of a saved game (issue
 * #48) as one self-contained HTML file: a map of the front per turn, the victory points and
 * the losses over the turns (vega-lite rendered to SVG here, offline), the key battles with
 * their luck, the places taken and lost, and the history the game's data cites. A file that
 * does not replay is refused with its field, and nothing is written.
 */
import { writeFileSync } from 'node:fs';
import { checkGameOptions, formatSetupErrors } from '@stavka/engine';
import { buildReport, findGame, playableGame, renderedCharts, reportHtml } from '@stavka/games';
import type { Command } from 'commander';
import { UsageError } from './calc.ts';
import { readJsonAs } from './files.ts';
import { replaySchema } from './replay.ts';

export function addReportCommand(
  program: Command,
  io: { out: (s: string) => void; err: (s: string) => void; exit: (c: number) => void },
): void {
  program
    .command('report <file>')
    .description(
      'the after-action report of a saved game: the front per turn, victory points, losses, key battles, as one HTML file',
    )
    .option('--out <file>', 'the HTML file to write', 'report.html')
    .action(async (file: string, opts: { out: string }) => {
      const data = readJsonAs(file, 'replay', replaySchema);
      const module = playableGame(data.game);
      if (!module) throw new UsageError(`${file}: reports of "${data.game}" are not supported`);
      const options = checkGameOptions(data.game, findGame(data.game)?.options ?? [], data.options);
      const built = options.ok ? await buildReport(module, data) : options;
      if (!built.ok) {
        io.err(`${file} does not replay, no report written:\n${formatSetupErrors(built.error)}`);
        io.exit(1);
        return;
      }
      const report = built.value;
      const html = reportHtml(report, await renderedCharts(report));
      writeFileSync(opts.out, html);
      io.out(
        `${opts.out}: ${report.title}, ${report.turns.length} turns, ${report.battles.length} battles, ${report.captures.length} places changed hands${report.result ? `; ${report.result}` : ''}`,
      );
    });
}
