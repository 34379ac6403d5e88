/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * A game's board and table: the map, the side panel's work (prompt, actions, previews),
 * results, summaries, the log, the reference and the chat, all drawn from the game's
 * presentation and the session's view. Its parts are in board/: what is selected
 * (selection.ts), what the log brings (log-events.ts), the recap (recap.ts), what is lit
 * and previewed (lit.ts), what clicks and keys do (clicks.ts, keyboard.ts), what the map
 * draws (drawings.ts), and the side panel's sections (work, results, tools, tabs, footer).
 */
import { useCallback, useEffect, useMemo, useRef } from 'preact/hooks';
import { type BoardProps, useBasics } from './board/basics.ts';
import { useClicks } from './board/clicks.ts';
import { useDrawings } from './board/drawings.ts';
import { BoardFooter } from './board/footer.tsx';
import { useKeyboard } from './board/keyboard.ts';
import {
  useIdleTargets,
  useLitNodes,
  usePanelData,
  usePreviews,
  useSolePiece,
  useThreats,
} from './board/lit.ts';
import { useLogEvents } from './board/log-events.ts';
import { useRecap } from './board/recap.ts';
import { ResultsPanels } from './board/results.tsx';
import { useSelection } from './board/selection.ts';
import { TabPanels, useChatSeen } from './board/tabs.tsx';
import { BoardTools } from './board/tools.tsx';
import { useBoardUi, useSwitches } from './board/ui.ts';
import { WorkPanel } from './board/work.tsx';
import { useSocial } from './chat.tsx';
import { MapView } from './MapView.tsx';
import { RulePanel, StatusBar } from './panels.tsx';

export function GameBoard(p: BoardProps) {
  const b = useBasics(p);
  const { v, game, pres, view, side, mine, sideName, colours } = b;
  const sel = useSelection();
  const ui = useBoardUi();
  const { hover, tab, setTab, setCite, setError, setNotice, logShown, buttonShown } = ui;
  // An online game's chat and who is at the table (chat.tsx).
  const social = useSocial(b.online);
  const chatSeen = useChatSeen(tab, social);
  const switches = useSwitches();
  const events = useLogEvents(b, switches.sound);
  const recap = useRecap(b);

  // A new step or side: nothing stays selected (a click meant to select never moves it).
  // The prompt changes with the view only: a click that selects leaves it (issue #49).
  const prompt = useMemo(
    () => pres.words.prompt(view, side, mine, v.outcome),
    [pres, view, side, mine, v.outcome],
  );
  // The side panel back to its top: the new step's work is there (issue #45 item 2).
  const sidePanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    sel.clear();
    sidePanel.current?.scrollTo({ top: 0 });
  }, [prompt.step, side]);

  const { marks, me, threats, missing } = useThreats(b);
  const { pieceOf, sole } = useSolePiece(b);
  useIdleTargets(b, pieceOf);
  const chosen = sel.selected ?? sole;
  const { stepShown } = events;
  const { recapStep } = recap;
  const lit = useLitNodes(b, sel, {
    chosen,
    marks,
    threats,
    recapStep,
    logShown,
    stepShown,
    buttonShown,
    pieceOf,
  });
  const { move, preview } = usePreviews(b, sel, chosen, hover);
  const { byHex, highlights } = lit;
  const { submit, take, clickHex } = useClicks(b, sel, { setError, setNotice, setTab, byHex, highlights });
  const cursor = useKeyboard(b, { hidden: p.hidden, clickHex, clear: sel.clear, submit });
  const { focus, trails, arrows } = useDrawings(b, recap, {
    logShown,
    logFocus: ui.logFocus,
    stepShown,
    resultFocus: events.resultFocus,
  });
  const panel = usePanelData(b, sel, switches.overlay);
  const shownPrompt =
    v.mode === 'replay' && side && !v.outcome
      ? { ...prompt, help: `Replay: ${sideName(side)} to move.` }
      : prompt;
  // At the whole front a stack shows one number: the player's own its attack, the enemy's its defence.
  const strengthOf = useCallback(
    (x: string): 'attack' | 'defense' => ((me ?? side) === null || x === (me ?? side) ? 'attack' : 'defense'),
    [me, side],
  );

  return (
    <div
      class="game"
      data-hover={hover ?? -1}
      data-selected={sel.selected ?? ''}
      data-group={sel.group?.length ?? 0}
      hidden={p.hidden}
    >
      <StatusBar
        progress={game.progress ? game.progress(view) : null}
        prompt={shownPrompt}
        side={side}
        sideName={sideName}
        colours={colours}
        over={v.outcome !== null || v.activeSides.length === 0}
        canUndo={v.canUndo}
        onUndo={() => submit({ type: 'undo' })}
        threats={threats}
      />
      <div class="board-area">
        <MapView
          board={b.board}
          pieces={b.pieces}
          colours={colours}
          highlights={highlights}
          path={move?.path ?? []}
          {...(move ? { pathCost: move.cost } : {})}
          selectedPiece={sel.selected}
          selectedGroup={sel.group}
          cursor={cursor}
          overlay={panel.overlayData}
          onHex={clickHex}
          onHover={(h) => ui.setHover(h)}
          arrows={arrows}
          suggested={ui.suggested}
          trails={trails}
          hexNumbers={switches.showNumbers}
          focus={focus}
          reasons={lit.reasons}
          control={switches.showFront}
          strength={strengthOf}
        />
        <div class="side" ref={sidePanel}>
          {/* The work first: what to do and what it leads to stay in view (issue #45 item 2); results and summaries below, the older folded. */}
          <WorkPanel {...{ b, sel, ui, panel, missing, preview, pieceOf, take, submit }} />
          <ResultsPanels b={b} events={events} recap={recap} threats={threats} setCite={setCite} />
          <BoardTools
            b={b}
            recap={recap}
            switches={switches}
            setCite={setCite}
            setSuggested={ui.setSuggested}
          />
          <TabPanels {...{ b, sel, ui, social, chatSeen, facts: panel.facts }} />
          <RulePanel cite={ui.cite} onClose={() => setCite(null)} />
          <BoardFooter b={b} setError={setError} setNotice={setNotice} />
        </div>
      </div>
    </div>
  );
}
