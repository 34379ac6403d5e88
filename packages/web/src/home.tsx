/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The home page: every game's card (new game, its optional rules, the AI's level;
 * home/game-card.tsx), the seat links of an online game just made (home/seat-links.tsx),
 * the server games this browser holds seats in (home/server-games.tsx), the offline games
 * saved here (home/local-games.tsx), a replay file to watch (home/replay-picker.tsx). It
 * loads no game: a game's module comes when it is opened (games.ts).
 */
import { CARDS } from './games.ts';
import { CatalogCard } from './home/game-card.tsx';
import { LocalGames } from './home/local-games.tsx';
import { ReplayPicker } from './home/replay-picker.tsx';
import { SeatLinks } from './home/seat-links.tsx';
import { ServerGames } from './home/server-games.tsx';
import { useStartGame } from './home/start-game.ts';
import type { Session } from './session.ts';

export function Home(p: { onReplay: (s: Session) => void }) {
  const { busy, msg, setMsg, links, start } = useStartGame();
  return (
    <main class="home">
      <h1>Stavka</h1>
      <p>
        Rules-enforcing digital editions of three Eastern Front wargames. Every rule enforced and explained.
      </p>
      {msg && <p role="alert">{msg}</p>}
      {links && <SeatLinks links={links} />}
      <ul class="games">
        {CARDS.filter((g) => g.meta.listed !== false).map((g) => (
          <CatalogCard key={g.id} g={g} busy={busy} start={start} />
        ))}
      </ul>
      <ServerGames />
      <LocalGames />
      <ReplayPicker onReplay={p.onReplay} onError={setMsg} />
    </main>
  );
}
