/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The after-action report of a replay or a finished game (issue #48), made in the browser by the same builder
 * as `stavka report`: the game replayed turn by turn, the report written as one HTML file
 * with no script (its charts drawn plainly in SVG: the web has no vega), then opened in a
 * tab of its own or saved to post on a forum.
 */
import type { AnyGameModule, ReplayFile } from '@stavka/engine';
import { useEffect, useState } from 'preact/hooks';

/** The report of a replay file as one HTML document; a file that does not replay is refused with its field. */
export async function reportOf(game: AnyGameModule, file: ReplayFile): Promise<string> {
  // The game-agnostic builder: only the engine and the game's own module and presentation.
  const { buildReport, reportHtml } = await import('@stavka/games/report');
  const built = await buildReport(game, file);
  if (!built.ok) throw new Error(built.error.map((e) => `${e.path}: ${e.message}`).join('; '));
  return reportHtml(built.value);
}

type Made =
  | { readonly kind: 'none' }
  | { readonly kind: 'making' }
  | { readonly kind: 'made'; readonly url: string }
  | { readonly kind: 'refused'; readonly why: string };

/** "After-action report": made on demand, then a link to open it and one to save it. */
export function ReportLink(p: {
  game: AnyGameModule;
  /** The replay file, or how to fetch it (a server game's export). */
  file: ReplayFile | (() => Promise<ReplayFile>);
}) {
  const [made, setMade] = useState<Made>({ kind: 'none' });
  useEffect(() => () => (made.kind === 'made' ? URL.revokeObjectURL(made.url) : undefined), [made]);
  if (made.kind === 'making')
    return (
      <p class="report-link" role="status">
        Making the after-action report…
      </p>
    );
  if (made.kind === 'made')
    return (
      <p class="report-link">
        <a href={made.url} target="_blank" rel="noopener">
          Open the after-action report
        </a>{' '}
        ·{' '}
        <a href={made.url} download={`stavka-${p.game.id}-report.html`}>
          Save it (one HTML file)
        </a>
      </p>
    );
  return (
    <p class="report-link">
      <button
        type="button"
        onClick={() => {
          setMade({ kind: 'making' });
          (typeof p.file === 'function' ? p.file() : Promise.resolve(p.file))
            .then((file) => reportOf(p.game, file))
            .then(
              (html) =>
                setMade({ kind: 'made', url: URL.createObjectURL(new Blob([html], { type: 'text/html' })) }),
              (e: Error) => setMade({ kind: 'refused', why: e.message }),
            );
        }}
      >
        After-action report
      </button>
      {made.kind === 'refused' && <span role="alert"> No report: {made.why}</span>}
    </p>
  );
}
