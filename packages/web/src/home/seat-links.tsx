/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The seat links of the online game just created on the home page, each to copy or open. */
import { CopyButton } from '../copy-button.tsx';
import { cardOf } from '../games.ts';
import { linkForThisMachineOnly } from '../server-games.ts';
import { sideNameIn } from '../sides.ts';

/** A new online game's links: its game and one link per seat plus the spectator's. */
export interface NewLinks {
  game: string;
  links: Readonly<Record<string, string>>;
}

export function SeatLinks({ links }: { links: NewLinks }) {
  return (
    <section class="links" aria-label="seat links" ref={(el) => el?.scrollIntoView({ block: 'nearest' })}>
      <h2>Seat links</h2>
      <p>Send each player their link; keep the spectator link to watch.</p>
      {linkForThisMachineOnly(links.links.spectator ?? '') && (
        <p class="note" role="note">
          These links open on this computer only ({new URL(links.links.spectator!).host}). For a player on
          another machine, open Stavka at this computer's network address (<code>npm start</code> prints it:
          "from other machines on your network") and make the game there, or set{' '}
          <code>STAVKA_PUBLIC_URL</code>.
        </p>
      )}
      {Object.entries(links.links).map(([k, url]) => (
        <p key={k}>
          {k === 'spectator' ? 'spectator' : sideNameIn(cardOf(links.game)?.meta, k)}:{' '}
          <input
            readOnly
            value={url}
            aria-label={`${k} link`}
            onFocus={(e) => (e.target as HTMLInputElement).select()}
          />{' '}
          <CopyButton
            text={url}
            label={`Copy the ${k === 'spectator' ? 'spectator' : sideNameIn(cardOf(links.game)?.meta, k)} link`}
          />{' '}
          <a href={url}>open</a>
        </p>
      ))}
    </section>
  );
}
