/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The game page: a game opened (its module and presentation loaded, games.ts), the
 * hot-seat hand-over of a game with hidden information, the wait for an online game's
 * seats; the board itself is `game-board.tsx`.
 */
import { useEffect, useState } from 'preact/hooks';
import { GameBoard } from './game-board.tsx';
import { cardOf, type OpenedGame, openedGame, openGame } from './games.ts';
import type { ServerSession } from './server.ts';
import { importedWords } from './server-games.ts';
import type { Session, SessionView } from './session.ts';
import { anySideName, sideList, sideNameIn } from './sides.ts';

export function Waiting(p: { session: ServerSession }) {
  const [, force] = useState(0);
  useEffect(() => {
    const off = p.session.onChange(() => force((x) => x + 1));
    // Drawn again once listening: a change between the first drawing and this effect (the
    // game's summary saying where an imported game came from, say) had no one to tell.
    force((x) => x + 1);
    return off;
  }, [p.session]);
  const w = p.session.waiting();
  if (!w) return <GamePage session={p.session} />;
  return (
    <main class="home" aria-live="polite">
      <h1>Waiting for the opponent</h1>
      <ul>
        {Object.entries(w.seats).map(([side, seat]) => (
          <li key={side}>
            {anySideName(side)}: {seat.player === 'ai' ? 'the AI' : seat.joined ? 'joined' : 'not joined yet'}
          </li>
        ))}
      </ul>
      <p>The game starts when every seat has joined (each adds its own share of the dice seed).</p>
      {p.session.imported() && <p class="imported-from">{importedWords(p.session.imported()!)}</p>}
      <a href="/">Home</a>
    </main>
  );
}

/** The turn a view shows, as its game's progress tells it (0: the game has no turns). */
function turnOf(v: SessionView): number {
  const progress = openedGame(v.game)?.module.progress;
  return progress ? progress(v.state).turn : 0;
}

/** The browser tab's title for a game: whose move (yours, online), the turn, or the end. */
export function pageTitle(v: SessionView): string {
  const turn = `turn ${turnOf(v)}`;
  if (v.mode === 'replay') return `Replay, ${turn} — Stavka`;
  if (v.outcome) return `Game over: ${v.outcome.summary} — Stavka`;
  if (v.mode === 'online' && v.activeSides.some((side) => v.seats.includes(side)))
    return `● Your move, ${turn} — Stavka`;
  return `${sideList(v.activeSides, v.game)} to move, ${turn} — Stavka`;
}

/** A game opened (its module, presentation and styles loaded, once per page). */
function useOpenedGame(id: string): OpenedGame | Error | null {
  const [, loaded] = useState(0);
  const [failed, setFailed] = useState<Error | null>(null);
  const known = openedGame(id);
  // Opened since this render or not: the effect asks, and renders again once it is (a
  // game opened between the render and the effect would otherwise stay "Loading").
  useEffect(() => {
    if (known) return;
    let live = true;
    openGame(id).then(
      () => live && loaded((x) => x + 1),
      (e: Error) => live && setFailed(e),
    );
    return () => {
      live = false;
    };
  }, [id, known]);
  return known ?? failed;
}

export function GamePage(p: { session: Session }) {
  const { session } = p;
  const [v, setV] = useState<SessionView>(session.current());
  useEffect(() => session.subscribe(setV), [session]);
  useEffect(() => setV(session.current()), [session]);
  const opened = useOpenedGame(v.game);
  // The tab's title says whose move it is: a player waiting in another tab sees when it is theirs.
  const title = pageTitle(v);
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = 'Stavka';
    };
  }, [title]);
  // Hot-seat of a game with hidden information: the board is hidden while the seat
  // changes hands, so the next player does not see the last one's secrets.
  const side = v.activeSides[0] ?? null;
  const [shownTo, setShownTo] = useState<string | null>(side);
  if (opened instanceof Error)
    return (
      <main class="home">
        <p role="alert">{opened.message}</p>
        <a href="/">Home</a>
      </main>
    );
  if (!opened) return <main class="home">Loading {cardOf(v.game)?.meta.title ?? v.game}…</main>;
  const { module: game, presentation: pres } = opened;
  const handover = game.meta.hiddenInformation && v.mode === 'hotseat' && side !== null && side !== shownTo;
  // The board stays mounted (hidden) through a handover: the results and the turn's
  // summary the last moves brought are still there when the next player sits down.
  return (
    <>
      {handover && (
        <main class="handover" aria-live="polite">
          <h1>Hand over to {sideNameIn(game.meta, side)}</h1>
          <p>The board is hidden while the seat changes hands: what each side may see stays its own.</p>
          <button type="button" onClick={() => setShownTo(side)}>
            I am {sideNameIn(game.meta, side)}: show my board
          </button>
        </main>
      )}
      <GameBoard session={session} v={v} game={game} pres={pres} hidden={handover} />
    </>
  );
}
