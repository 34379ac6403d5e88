/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The foot of the side panel: a replay's controls, the export (and an online game's
 * verification), a finished game's after-action report.
 */
import { ExportLine } from '../board-side.tsx';
import { download, ReplayControls } from '../replay.tsx';
import { ReportLink } from '../report-page.tsx';
import { ServerSession } from '../server.ts';
import { ReplaySession } from '../session.ts';
import type { Basics } from './basics.ts';

export function BoardFooter(p: {
  b: Basics;
  setError: (m: string | null) => void;
  setNotice: (m: string | null) => void;
}) {
  const { session, v, game, pres, view } = p.b;
  const canExport = !(session instanceof ServerSession) || v.outcome !== null;
  return (
    <>
      {session instanceof ReplaySession && (
        <ReplayControls
          session={session}
          game={game}
          words={(() => {
            const e = v.log.at(-1);
            return e ? pres.words.logText(view, e) : 'The start of the game.';
          })()}
        />
      )}
      <ExportLine
        game={game.id}
        canExport={canExport}
        onExport={async () => {
          try {
            download(
              session instanceof ServerSession ? await session.exportFile() : session.exportReplay(),
              v,
            );
          } catch (e) {
            p.setError(`Export failed: ${(e as Error).message}`);
          }
        }}
        onVerify={
          session instanceof ServerSession && v.outcome
            ? () =>
                session.verify().then(
                  (m) => (m.startsWith('FAILED') ? p.setError(m) : p.setNotice(m)),
                  (e: Error) => p.setError(e.message),
                )
            : null
        }
      />
      {/* A finished game's after-action report (issue #48); a replay offers it in its controls. */}
      {v.outcome && !(session instanceof ReplaySession) && (
        <ReportLink
          game={game}
          file={session instanceof ServerSession ? () => session.exportFile() : session.exportReplay()}
        />
      )}
    </>
  );
}
