/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The board's tools under the results: the toolbar (overlay, hex numbers, the front, the
 * recap, sound), the analyst where offered, the game's options and where an imported game came from.
 */
import type { Arrow } from '@stavka/engine';
import { analystOffered, analystViewer } from '../analyst/offer.ts';
import { AnalystPanel } from '../analyst/panel.tsx';
import { Toolbar } from '../board-side.tsx';
import { OptionsLine } from '../panels.tsx';
import { importedWords } from '../server-games.ts';
import { ReplaySession } from '../session.ts';
import { finishedTurn } from '../turns.ts';
import type { Basics } from './basics.ts';
import type { Recap } from './recap.ts';

/** The switches the toolbar sets. */
export interface Switches {
  overlay: string;
  setOverlay: (o: string) => void;
  showNumbers: boolean;
  setShowNumbers: (on: boolean) => void;
  showFront: boolean;
  setShowFront: (on: boolean) => void;
  sound: boolean;
  setSound: (on: boolean) => void;
}

export function BoardTools(p: {
  b: Basics;
  recap: Recap;
  switches: Switches;
  setCite: (c: string | null) => void;
  setSuggested: (arrows: readonly Arrow[]) => void;
}) {
  const { b, switches: w } = p;
  const { session, v, game, pres, view, board, online } = b;
  const { recap, turns, lastOther, openRecap } = p.recap;
  return (
    <>
      <Toolbar
        overlays={pres.board.overlays}
        overlay={w.overlay}
        onOverlay={w.setOverlay}
        hexNumbers={board.kind === 'hex' ? w.showNumbers : null}
        onHexNumbers={w.setShowNumbers}
        front={board.kind === 'hex' ? w.showFront : null}
        onFront={w.setShowFront}
        recap={
          lastOther >= 0 && !recap
            ? {
                label: turns[lastOther]!.label,
                open: () =>
                  openRecap(finishedTurn(pres, view, v.log, turns[lastOther]!, turns[lastOther + 1]!.at)),
              }
            : null
        }
        sound={w.sound}
        onSound={w.setSound}
      />
      {game.analyst &&
        analystOffered({
          server: online !== null,
          mode: v.mode,
          over: v.outcome !== null,
          serverOffers: online?.analystOffered(),
        }) && (
          <AnalystPanel
            game={game}
            pres={pres}
            v={v}
            viewer={analystViewer({ ...v, over: v.outcome !== null })}
            heading={v.mode === 'replay' ? 'What would have happened' : 'Analyst'}
            whole={session.wholeState?.() ?? null}
            played={
              session instanceof ReplaySession ? (session.file.actions[session.position] ?? null) : null
            }
            onArrows={p.setSuggested}
          />
        )}
      <OptionsLine declared={game.options} options={v.options} onCite={p.setCite} />
      {online?.imported() && (
        // An imported game says where it came from (issue #46).
        <p class="imported-from">{importedWords(online.imported()!)}</p>
      )}
    </>
  );
}
