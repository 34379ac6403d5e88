/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The after-action report of a replay or a finished game (issue #48), made in the browser by the same builder
 * as `stavka report`: the game replayed turn by turn, the report written as one HTML file
 * with no script (its charts drawn plainly in SVG: the web has no vega), then opened in a
 * tab of its own or saved to post on a forum. It is made in a worker (report/build-worker.ts):
 * a Barbarossa campaign's thousands of actions take seconds, during which the page shows how
 * far the replay has got and answers as usual.
 */
import type { AnyGameModule, ReplayFile } from '@stavka/engine';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ReportReply, ReportRequest } from './report/protocol.ts';

type Made =
  | { readonly kind: 'none' }
  | { readonly kind: 'making'; readonly done: number; readonly of: number }
  | { readonly kind: 'made'; readonly url: string }
  | { readonly kind: 'refused'; readonly why: string };

/**
 * Makes the report of `file` in a worker of its own, telling `progress` how far it has got;
 * the HTML, or an error with the reason (a file that does not replay names its field).
 * `stop` ends the worker early (the page left).
 */
export function reportInWorker(
  game: string,
  file: ReplayFile,
  progress: (done: number, of: number) => void,
): { html: Promise<string>; stop: () => void } {
  const worker = new Worker(new URL('./report/build-worker.ts', import.meta.url), { type: 'module' });
  const html = new Promise<string>((resolve, reject) => {
    worker.addEventListener('message', (e: MessageEvent<ReportReply>) => {
      const r = e.data;
      if (r.kind === 'progress') return progress(r.done, r.of);
      worker.terminate();
      if (r.kind === 'made') resolve(r.html);
      else reject(new Error(r.why));
    });
    worker.addEventListener('error', (e) => {
      worker.terminate();
      reject(new Error(e.message || 'the report worker failed'));
    });
  });
  const request: ReportRequest = { game, file };
  worker.postMessage(request);
  return { html, stop: () => worker.terminate() };
}

/** "After-action report": made on demand, then a link to open it and one to save it. */
export function ReportLink(p: {
  game: AnyGameModule;
  /** The replay file, or how to fetch it (a server game's export). */
  file: ReplayFile | (() => Promise<ReplayFile>);
}) {
  const [made, setMade] = useState<Made>({ kind: 'none' });
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => (made.kind === 'made' ? URL.revokeObjectURL(made.url) : undefined), [made]);
  useEffect(() => () => stop.current?.(), []);
  if (made.kind === 'making')
    return (
      <p class="report-link" role="status">
        Making the after-action report: replaying the game…{' '}
        <progress value={made.done} max={Math.max(1, made.of)} /> {made.done} of {made.of || '…'} actions
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
          setMade({ kind: 'making', done: 0, of: 0 });
          (typeof p.file === 'function' ? p.file() : Promise.resolve(p.file))
            .then((file) => {
              const job = reportInWorker(p.game.id, file, (done, of) =>
                setMade({ kind: 'making', done, of }),
              );
              stop.current = job.stop;
              return job.html;
            })
            .then(
              (html) =>
                setMade({ kind: 'made', url: URL.createObjectURL(new Blob([html], { type: 'text/html' })) }),
              (e: Error) => setMade({ kind: 'refused', why: e.message }),
            )
            .finally(() => {
              stop.current = null;
            });
        }}
      >
        After-action report
      </button>
      {made.kind === 'refused' && <span role="alert"> No report: {made.why}</span>}
    </p>
  );
}
