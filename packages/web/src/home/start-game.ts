/**
 * Starting a new game from the home page: offline (a local session, opened at once), or
 * on the server (hot-seat and against the AI opened at once, online shown as seat links).
 */
import { useState } from 'preact/hooks';
import { createServerGame } from '../server-games.ts';
import type { StartGame } from './game-card.tsx';
import type { NewLinks } from './seat-links.tsx';

export interface Starter {
  /** A game being made: the new-game buttons are disabled. */
  busy: boolean;
  /** What went wrong, shown as an alert. */
  msg: string | null;
  setMsg(msg: string | null): void;
  /** The seat links of the online game made last. */
  links: NewLinks | null;
  start: StartGame;
}

export function useStartGame(): Starter {
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<string | null>(null);
  const [links, setLinks] = useState<NewLinks | null>(null);
  const start: StartGame = async (game, mode, options, analyst) => {
    setBusy(true);
    setMsg(null);
    try {
      if (mode.kind === 'offline') {
        const { LocalSession } = await import('../session.ts');
        const s = await LocalSession.create(`${Date.now()}`, game, options);
        location.hash = `#/local/${encodeURIComponent(s.id)}`;
        return;
      }
      const created = await createServerGame(game, mode, options, { analyst });
      if (mode.kind === 'online') setLinks({ game, links: created.links });
      else location.hash = `#/game/${created.id}/${created.token}`;
    } catch (e) {
      setMsg((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, msg, setMsg, links, start };
}
