/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The server games this browser holds tokens of, each with what the server says of it
 * now (its public summary): whose move it is, waiting for a player, over. A game played by
 * turns over days is found here again without its link.
 */
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../copy-button.tsx';
import { cardOf } from '../games.ts';
import {
  canReissue,
  forgetServerGame,
  type GameSummary,
  gameSummary,
  reissueSeatLink,
  type SavedServerGame,
  savedServerGames,
} from '../server-games.ts';
import { anySideName, sideList } from '../sides.ts';

/** What the server said of a game: its summary, null (no such game), an error, or nothing yet. */
type Asked = GameSummary | null | Error | undefined;
/** What the server said of each game, by id; `tell` records an answer (an error from a reissue too). */
type Answers = readonly [Record<string, Asked>, (id: string, a: Asked) => void];

export function ServerGames() {
  const [saved, setSaved] = useState<SavedServerGame[]>(() => savedServerGames());
  const [now, tell] = useSummaries(saved);
  useYourMoveTitle(saved.filter((g) => yourMove(g, now[g.id])).length);
  if (saved.length === 0) return null;
  return (
    <section aria-label="your games on this server">
      <h2>Your games on this server</h2>
      <ul class="saved-games">
        {saved.map((g) => (
          <ServerGame
            key={g.id}
            g={g}
            asked={now[g.id]}
            tell={(a) => tell(g.id, a)}
            reload={() => setSaved(savedServerGames())}
          />
        ))}
      </ul>
      <p class="hint">
        Kept in this browser only, with the seat links of the online games created here. A seat link works
        until its seat joins: the server then gives the player's browser a token of its own. Forget removes a
        game from this list and this browser's seat in it (the game stays on the server); the browser that
        created the game can give a seat a new link (Seat links), and the old one stops working.
      </p>
    </section>
  );
}

/**
 * Each saved game's summary, asked again every 30 s and whenever the tab gets the focus
 * back: a home page left open shows the opponent's move come in.
 */
function useSummaries(saved: readonly SavedServerGame[]): Answers {
  const [now, setNow] = useState<Record<string, Asked>>({});
  useEffect(() => {
    let shown = true;
    const ask = () => {
      for (const g of saved) {
        gameSummary(g.id).then(
          (s) => shown && setNow((m) => ({ ...m, [g.id]: s })),
          (e: unknown) =>
            shown && setNow((m) => ({ ...m, [g.id]: e instanceof Error ? e : new Error(String(e)) })),
        );
      }
    };
    ask();
    const every = setInterval(ask, 30_000);
    window.addEventListener('focus', ask);
    return () => {
      shown = false;
      clearInterval(every);
      window.removeEventListener('focus', ask);
    };
  }, [saved]);
  return [now, (id, a) => setNow((m) => ({ ...m, [id]: a }))];
}

/** The tab's title counts the games waiting for this browser's move. */
function useYourMoveTitle(yours: number): void {
  useEffect(() => {
    document.title = yours > 0 ? `(${yours}) Your move — Stavka` : 'Stavka';
    return () => {
      document.title = 'Stavka';
    };
  }, [yours]);
}

/** One saved game: its title, who plays it here, where it stands, its seat links, when seen, Forget. */
function ServerGame(p: { g: SavedServerGame; asked: Asked; tell: (a: Asked) => void; reload: () => void }) {
  const { g, asked: s } = p;
  const summary = known(s);
  const title = cardOf(summary?.game)?.meta.title ?? 'A game on this server';
  return (
    <li data-game={g.id}>
      <a href={`#/game/${encodeURIComponent(g.id)}`}>{title}</a>
      <span class="who">{whoPlays(g, s)}</span>
      <span class="now">{whereItStands(g, s)}</span>
      {g.links && <SavedSeatLinks g={g} links={g.links} summary={summary} tell={p.tell} reload={p.reload} />}
      <span class="seen">
        {g.turn !== null
          ? `turn ${g.turn} when last seen here, ${when(g.seenAt)}`
          : g.seenAt !== null
            ? `last opened here ${when(g.seenAt)}`
            : 'not opened here yet'}
        {summary
          ? `; started ${new Date(summary.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}`
          : ''}
      </span>
      <button
        type="button"
        onClick={() => {
          forgetServerGame(g.id);
          p.reload();
        }}
      >
        Forget
      </button>
    </li>
  );
}

/** A game's seat links kept here, each to copy; a seat not yet joined can be given a new one. */
function SavedSeatLinks(p: {
  g: SavedServerGame;
  links: Readonly<Record<string, string>>;
  summary: GameSummary | null;
  tell: (a: Asked) => void;
  reload: () => void;
}) {
  const { g, summary } = p;
  return (
    <details class="seat-links">
      <summary>Seat links</summary>
      {Object.entries(p.links).map(([k, url]) => (
        <p key={k}>
          {k === 'spectator' ? 'spectator' : anySideName(k, summary?.game)}:{' '}
          <input
            readOnly
            value={url}
            aria-label={`Link for ${k}`}
            onFocus={(e) => (e.target as HTMLInputElement).select()}
          />{' '}
          <CopyButton text={url} label={`Copy the link for ${anySideName(k, summary?.game)}`} />
          {k !== 'spectator' && canReissue(g.id) && summary?.seats[k]?.joined === false && (
            <button
              type="button"
              title="A seat's link works until the seat joins; a player who lost his gets a new one here, and the old one stops working"
              onClick={() => reissueSeatLink(g.id, k).then(p.reload, (e: Error) => p.tell(e))}
            >
              New link for {anySideName(k, summary?.game)}
            </button>
          )}
        </p>
      ))}
    </details>
  );
}

const when = (ms: number | null) =>
  ms === null ? '' : new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The summary, if the server gave one. */
const known = (s: Asked): GameSummary | null => (s && !(s instanceof Error) ? s : null);

function whoPlays(g: SavedServerGame, asked: Asked): string {
  if (g.watching && g.sides.length === 0) return 'watching';
  if (g.sides.length === 0) return g.links ? 'created here' : 'your seat';
  const seats = Object.entries(known(asked)?.seats ?? {});
  if (seats.length > 0 && g.sides.length === seats.length) return 'hot-seat: both sides';
  const ai = seats.some(([side, seat]) => !g.sides.includes(side) && seat.player === 'ai');
  return `you: ${sideList(g.sides, known(asked)?.game)}${ai ? ' against the AI' : ''}`;
}

/** Whether the server says a game is waiting for a move of a side this browser plays. */
function yourMove(g: SavedServerGame, asked: Asked): boolean {
  const s = known(asked);
  return s?.status === 'active' && s.activeSides.some((x) => g.sides.includes(x));
}

function whereItStands(g: SavedServerGame, s: Asked): preact.ComponentChild {
  if (s === undefined) return 'asking the server…';
  if (s === null) return 'no longer on this server';
  if (s instanceof Error) return `the server did not say: ${s.message}`;
  if (s.status === 'over') return `over: ${s.outcome?.summary ?? 'ended'}`;
  if (s.status === 'waiting') {
    const missing = Object.entries(s.seats)
      .filter(([, seat]) => !seat.joined)
      .map(([side]) => side);
    return `waiting for ${sideList(missing, s.game)} to join`;
  }
  if (yourMove(g, s)) return <strong>your move</strong>;
  return `${sideList(s.activeSides, s.game)} to move`;
}
