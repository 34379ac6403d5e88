/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The side panel's smaller parts (game-board.tsx): the question before an action that
 * cannot be taken back, the toolbar (overlays, what to show), the tabs, and the line of
 * export, dice proof and links.
 */
import type { Presentation } from '@stavka/engine';

/** Asked before an action that cannot be taken back (issue #45 item 4). */
export function ConfirmPanel(p: { question: string; onYes: () => void; onCancel: () => void }) {
  return (
    <section class="panel confirm" role="alertdialog" aria-label="confirm the action">
      <h3>Cannot be taken back</h3>
      <p>{p.question}</p>
      <div class="buttons">
        <button type="button" class="primary" onClick={p.onYes}>
          Yes, take it
        </button>
        <button type="button" onClick={p.onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

/** The game's overlays, and what the map shows: hex numbers (a hex board), the last turn's recap, sound. */
export function Toolbar(p: {
  overlays: Presentation['board']['overlays'];
  overlay: string;
  onOverlay: (id: string) => void;
  /** Whether hex numbers are shown; null on a board without hexes. */
  hexNumbers: boolean | null;
  onHexNumbers: (on: boolean) => void;
  /** Whether who holds the ground and the front line are drawn; null on a board without hexes. */
  front: boolean | null;
  onFront: (on: boolean) => void;
  /** The last player-turn of another side, to recap; null when there is none or a recap is open. */
  recap: { label: string; open: () => void } | null;
  sound: boolean;
  onSound: (on: boolean) => void;
}) {
  return (
    <div class="toolbar">
      {p.overlays.length > 0 && (
        <fieldset class="overlays">
          <legend>Overlays</legend>
          {[{ id: 'none', label: 'No overlay' }, ...p.overlays].map((o) => (
            <button
              type="button"
              key={o.id}
              aria-pressed={p.overlay === o.id}
              onClick={() => p.onOverlay(o.id)}
            >
              {o.label}
            </button>
          ))}
        </fieldset>
      )}
      <fieldset class="view-options">
        <legend>Show</legend>
        {p.hexNumbers !== null && (
          <button type="button" aria-pressed={p.hexNumbers} onClick={() => p.onHexNumbers(!p.hexNumbers)}>
            Hex numbers
          </button>
        )}
        {p.front !== null && (
          <button
            type="button"
            aria-pressed={p.front}
            onClick={() => p.onFront(!p.front)}
            title="Each hex shaded by the side whose units are nearest; the line where the two meet"
          >
            Front line
          </button>
        )}
        {p.recap && (
          <button type="button" onClick={p.recap.open}>
            Recap: {p.recap.label}
          </button>
        )}
        <button type="button" aria-pressed={p.sound} onClick={() => p.onSound(!p.sound)}>
          Sound
        </button>
      </fieldset>
    </div>
  );
}

export type Tab = 'unit' | 'log' | 'vp' | 'ref' | 'chat';

const TAB_NAMES: Readonly<Record<Exclude<Tab, 'chat'>, string>> = {
  unit: 'Unit',
  log: 'Log',
  vp: 'Victory',
  ref: 'Reference',
};

/** The side panel's tabs; the chat's label says what is unread. */
export function TabBar(p: { tabs: readonly Tab[]; tab: Tab; onTab: (t: Tab) => void; chat: string }) {
  return (
    <div class="tabs" role="tablist">
      {p.tabs.map((t) => (
        <button type="button" role="tab" key={t} aria-selected={p.tab === t} onClick={() => p.onTab(t)}>
          {t === 'chat' ? p.chat : TAB_NAMES[t]}
        </button>
      ))}
    </div>
  );
}

/** Export the replay (or why not yet), prove the dice of a finished server game, the calculator and home. */
export function ExportLine(p: {
  game: string;
  canExport: boolean;
  onExport: () => void;
  onVerify: (() => void) | null;
}) {
  return (
    <p class="export">
      {p.canExport ? (
        <button type="button" onClick={p.onExport}>
          Export replay
        </button>
      ) : (
        <span class="why-not">
          Export replay: once the game is over (the server keeps the dice seed secret until then, so nobody
          can foresee a roll).
        </span>
      )}
      {p.onVerify && (
        <button type="button" onClick={p.onVerify}>
          Verify dice
        </button>
      )}{' '}
      <a href={`/calc.html?game=${encodeURIComponent(p.game)}`}>Calculator</a> <a href="/">Home</a>
    </p>
  );
}
