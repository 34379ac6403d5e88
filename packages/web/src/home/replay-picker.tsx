/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** A replay file picked on the home page and opened to watch. */
import type { ReplayFile } from '@stavka/engine';
import { cardOf, openGame } from '../games.ts';
import type { Session } from '../session.ts';

/** `onReplay` gets the replay's session; a file that is not a replay is told to `onError`. */
export function ReplayPicker(p: { onReplay: (s: Session) => void; onError: (msg: string) => void }) {
  return (
    <section>
      <h2>Watch a replay</h2>
      <label>
        Replay file:{' '}
        <input
          type="file"
          accept=".json,application/json"
          onChange={async (e) => {
            const f = (e.target as HTMLInputElement).files?.[0];
            if (!f) return;
            try {
              const file = JSON.parse(await f.text()) as ReplayFile;
              // The game page and the game's presentation on their way while the replay opens.
              import('../game-page.tsx').catch(() => {});
              if (cardOf(file?.game)) openGame(file.game).catch(() => {});
              const { ReplaySession } = await import('../session.ts');
              const s = await ReplaySession.open(file);
              p.onReplay(s);
              location.hash = '#/replay';
            } catch (err) {
              p.onError(`Not a replay file: ${(err as Error).message}`);
            }
          }}
        />
      </label>
    </section>
  );
}
