/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The offline games saved in this browser, to resume. */
import { cardOf } from '../games.ts';
import { localGameOf, localGames } from '../local-games.ts';

export function LocalGames() {
  const local = localGames();
  if (local.length === 0) return null;
  return (
    <section>
      <h2>Resume (this browser)</h2>
      <ul>
        {local.map((id) => (
          <li key={id}>
            <a href={`#/local/${encodeURIComponent(id)}`}>{localGameName(id)}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An offline game's name: its id, the time it was started when the id is one (the home page's ids are). */
function localGameName(id: string): string {
  const ms = /^\d{12,14}$/.test(id) ? Number(id) : Number.NaN;
  const game = cardOf(localGameOf(id))?.meta.title ?? 'A game';
  return Number.isFinite(ms) ? `${game}, offline hot-seat, started ${new Date(ms).toLocaleString()}` : id;
}
