/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** A replay's controls (step, play, a turn chosen) and a game's replay file downloaded. */
import type { AnyGameModule, ReplayFile } from '@stavka/engine';
import { useEffect, useState } from 'preact/hooks';
import { ReportLink } from './report-page.tsx';
import type { ReplayCheck, ReplaySession, SessionView } from './session.ts';

export function ReplayControls(p: {
  session: ReplaySession;
  game: AnyGameModule;
  /** The step shown, in words (its last log line), issue #45 item 16. */
  words: string;
}) {
  const { session, game } = p;
  const [, force] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [check, setCheck] = useState<ReplayCheck>(() => session.check());
  useEffect(() => session.subscribe(() => force((x) => x + 1)), [session]);
  useEffect(() => session.onCheck(setCheck), [session]);
  useEffect(() => {
    if (!playing) return;
    const every = setInterval(() => {
      if (session.position >= session.length - 1) setPlaying(false);
      else session.seek(session.position + 1);
    }, 700);
    return () => clearInterval(every);
  }, [playing, session]);
  const go = (i: number) => session.seek(i);
  const progress = game.progress;
  const at = session.current(); // the turn shown follows the position
  const now = progress ? progress(at.state) : null;
  const turnOf = (state: unknown) => {
    const t = progress ? progress(state) : null;
    return { turn: t?.turn ?? 0, setup: t?.setup ?? false };
  };
  return (
    <section class="panel vcr" aria-label="replay controls">
      <button type="button" onClick={() => go(0)} aria-label="first">
        |◀
      </button>
      <button type="button" onClick={() => go(session.position - 1)} aria-label="back">
        ◀
      </button>
      <span>
        {session.position} / {session.total}
      </span>
      <button type="button" onClick={() => go(session.position + 1)} aria-label="forward">
        ▶
      </button>
      <button type="button" onClick={() => go(session.length - 1)} aria-label="last">
        ▶|
      </button>
      <button type="button" aria-pressed={playing} onClick={() => setPlaying(!playing)}>
        {playing ? 'Pause' : 'Play'}
      </button>
      {now && (
        <label>
          Turn{' '}
          <select
            value={String(now.turn)}
            onChange={(e) => go(session.turnStart(Number((e.target as HTMLSelectElement).value), turnOf))}
          >
            {Array.from({ length: Math.max(1, Math.min(now.turns, session.lastTurn(turnOf))) }, (_, i) => (
              <option key={i} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
      )}
      <p class="replay-step" aria-live="polite">
        {p.words}
      </p>
      {/* The file's actions checked legal while it is already shown (issue #45 item 16). */}
      <p class={`replay-check${check.problem ? ' error' : ''}`} role="status">
        {check.problem
          ? `Not a legal game from ${check.problem}: the replay stops before it.`
          : check.read < check.of
            ? `Reading the replay: ${check.read} of ${check.of} actions…`
            : check.checked < check.of
              ? `Checking the replay's actions: ${check.checked} of ${check.of}…`
              : `Every action checked legal (${check.of}).`}
      </p>
      {/* The after-action report of the whole file, once every action is checked (issue #48). */}
      {!check.problem && check.checked >= check.of && <ReportLink game={game} file={session.file} />}
    </section>
  );
}

export function download(file: ReplayFile, v: SessionView): void {
  const blob = new Blob([JSON.stringify({ ...file, finalHash: v.hash })], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `stavka-${file.game}-${v.id}.json`;
  a.click();
}
