/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * A game's board and table: the map, the side panel's work (prompt, actions, previews),
 * results, summaries, the log, the reference and the chat, all drawn from the game's
 * presentation and the session's view.
 */
import type { Action, AnyGameModule, Arrow, LogDrawing, Presentation, RollBanner } from '@stavka/engine';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { analystOffered, analystViewer } from './analyst/offer.ts';
import { AnalystPanel } from './analyst/panel.tsx';
import { ConfirmPanel, ExportLine, type Tab, TabBar, Toolbar } from './board-side.tsx';
import { ChatPanel, chatLabel, PresenceLine, useSocial } from './chat.tsx';
import { coloursOf } from './counters.ts';
import { litNodes, reasonsOf } from './lit-nodes.ts';
import { MapView, pointStep } from './MapView.tsx';
import { CombatPreview, LogPanel, OptionsLine, RulePanel, StatusBar, UnitPanel, VpPanel } from './panels.tsx';
import { download, ReplayControls } from './replay.tsx';
import { ReportLink } from './report-page.tsx';
import { ServerSession } from './server.ts';
import { importedWords } from './server-games.ts';
import { ReplaySession, type Session, type SessionView } from './session.ts';
import { sideNameIn } from './sides.ts';
import { tick } from './sound.ts';
import { stackOrder, stackTotal } from './stacks.ts';
import {
  ActionButtons,
  type FinishedTurn,
  MissingList,
  RecapPanel,
  type RecapStep,
  ReferencePanel,
  ResultBanner,
  StackPicker,
  TrayPanel,
  TurnPause,
} from './table.tsx';
import { finishedTurn, playerTurns, rolledLast } from './turns.ts';

export function GameBoard(p: {
  session: Session;
  v: SessionView;
  game: AnyGameModule;
  pres: Presentation;
  /** Hidden while a hot-seat changes hands: drawn nowhere, keys ignored. */
  hidden?: boolean;
}) {
  const { session, v, game, pres } = p;
  const [selectedHex, setSelectedHex] = useState<number | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  // The whole stack selected (the player's units of a clicked stack, top first; the first is
  // `selected`): a click on a lit node takes every unit of it that may go there (issue #45 item 9).
  const [group, setGroup] = useState<readonly string[] | null>(null);
  /** Each selection made, counted: a stack's actions still going out leave a newer one as it is. */
  const selections = useRef(0);
  /** Selects one piece (or none), or a whole stack led by its first. */
  const select = useCallback((id: string | null, stack: readonly string[] | null = null) => {
    selections.current++;
    setSelected(id);
    setGroup(stack && stack.length > 1 ? stack : null);
  }, []);
  /** A whole stack's actions going out one by one (an online game waits on each): the map waits. */
  const sending = useRef(false);
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState(-1);
  const [cite, setCite] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<string>('none');
  const [tab, setTab] = useState<Tab>('unit');
  // An online game's chat and who is at the table (chat.tsx); the last line seen in the Chat tab.
  const online = session instanceof ServerSession ? session : null;
  const social = useSocial(online);
  const [chatSeen, setChatSeen] = useState(0);
  const lastChat = social?.messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (tab === 'chat') setChatSeen(lastChat);
  }, [tab, lastChat]);
  const [showNumbers, setShowNumbers] = useState(false);
  // Who holds the ground and the front line, on by default (issue #45 item 7).
  const [showFront, setShowFront] = useState(true);
  const [sound, setSound] = useState(false);
  // The last result, and the player's own last result, shown until dismissed: kept as
  // their rolls' places in the log and drawn from the log as it is now, so a banner says
  // what its result led to as it happens (the retreat after a D; issue #45 item 6).
  const [bannerAt, setBanners] = useState<{ latest: number | null; own: number | null }>({
    latest: null,
    own: null,
  });

  // Player-turns that ended since the player last pressed Continue.
  const [pause, setPause] = useState<FinishedTurn[]>([]);
  const [recap, setRecap] = useState<{ label: string; steps: RecapStep[]; at: number } | null>(null);
  // Where a hovered (or clicked) log line happened; in a replay, the last step's change.
  const [logShown, setLogShown] = useState<LogDrawing | null>(null);
  const [logFocus, setLogFocus] = useState<number | null>(null);
  // Where the last result happened (an overrun, a battle's end): the map shows it until the
  // banner is dismissed or something else asks for the map (issue #45).
  const [resultFocus, setResultFocus] = useState<number | null>(null);
  const [stepShown, setStepShown] = useState<LogDrawing[]>([]);
  // The action button pointed at: the hex it names is lit.
  const [buttonShown, setButtonShown] = useState<Action | null>(null);
  // The analyst's suggestion drawn on the map (issue #48 item 2): none while it is off.
  const [suggested, setSuggested] = useState<readonly Arrow[]>([]);
  // The node whose stack picker is open (issue #45 item 3).
  const [picker, setPicker] = useState<number | null>(null);
  // An action waiting for the player's yes: it cannot be taken back (issue #45 item 4).
  const [pending, setPending] = useState<{ action: Action; question: string; then?: () => void } | null>(
    null,
  );
  const view = v.state;
  const bannerOf = (i: number | null): RollBanner | null =>
    i !== null && i < v.log.length && pres.rollBanner ? pres.rollBanner(view, v.log, i) : null;
  const banners = { latest: bannerOf(bannerAt.latest), own: bannerOf(bannerAt.own) };
  const colours = useMemo(() => coloursOf(game.meta), [game]);
  const board = useMemo(() => pres.board(view), [pres, view]);
  const pieces = useMemo(() => pres.pieces(view), [pres, view]);
  const side = v.activeSides[0] ?? null;
  const mine = side !== null && v.seats.includes(side);
  const actions: readonly Action[] = side ? (v.legal[side] ?? []) : [];
  const sideName = (x: string) => sideNameIn(game.meta, x);
  const isMine = (x: string) => v.seats.includes(x);

  // New log entries: a banner for each roll, a pause for each player-turn ended.
  const seenLog = useRef(v.log.length);
  useEffect(() => {
    const log = v.log;
    const from = seenLog.current;
    seenLog.current = log.length;
    if (v.mode === 'replay') {
      const drawn: LogDrawing[] = [];
      if (pres.logDrawing && log.length > from)
        for (let i = from; i < log.length; i++) {
          const d = pres.logDrawing(view, log[i]!);
          if (d) drawn.push(d);
        }
      setStepShown(drawn);
      return;
    }
    if (log.length <= from) return;
    const found: { at: number; banner: RollBanner }[] = [];
    if (pres.rollBanner)
      for (let i = from; i < log.length; i++) {
        const b = pres.rollBanner(view, log, i);
        if (b) found.push({ at: i, banner: b });
      }
    if (found.length > 0) {
      const latest = found[found.length - 1]!.at;
      const own = [...found].reverse().find((b) => b.banner.side !== null && v.seats.includes(b.banner.side));
      setBanners((was) => ({ latest, own: own?.at ?? was.own }));
      const where = pres.logDrawing ? pres.logDrawing(view, log[latest]!) : null;
      setResultFocus(where ? (where.nodes[where.nodes.length - 1] ?? null) : null);
      if (sound) tick();
    }
    const turns = playerTurns(pres, log);
    const ended: FinishedTurn[] = [];
    for (let k = 1; k < turns.length; k++)
      if (turns[k]!.at >= from) ended.push(finishedTurn(pres, view, log, turns[k - 1]!, turns[k]!.at));
    if (ended.length > 0) setPause((was) => [...was, ...ended]);
  }, [v.log]);

  // A new step or side: nothing stays selected (a click meant to select never moves it).
  // The prompt changes with the view only: a click that selects leaves it (issue #49).
  const prompt = useMemo(() => pres.prompt(view, side, mine, v.outcome), [pres, view, side, mine, v.outcome]);
  const step = prompt.step;
  // The side panel back to its top: the new step's work is there (issue #45 item 2).
  const sidePanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    select(null);
    setSelectedHex(null);
    setPicker(null);
    setPending(null);
    sidePanel.current?.scrollTo({ top: 0 });
  }, [step, side]);

  const submit = async (a: Action) => {
    if (!side) return;
    setError(null);
    const r = await session.submit(side, a);
    if (!r.ok) setError(r.message);
  };

  const recapStep = recap ? recap.steps[recap.at] : undefined;
  const marks = useMemo(() => pres.marks(view, side), [pres, view, side]);
  // What threatens the player (the side to move if it is this browser's, else its one seat),
  // said in the prompt bar and the turn summary, its cities lit (issue #45 item 1).
  const me = side !== null && mine ? side : v.seats.length === 1 ? v.seats[0]! : null;
  const threats = useMemo(
    () => (me !== null && pres.threats && v.outcome === null ? pres.threats(view, me) : []),
    [pres, view, me, v.outcome],
  );
  const missing = useMemo(
    () => [
      ...(mine && pres.missing ? pres.missing(view, side, actions) : []),
      // The engine's own rule, the same in every game.
      ...(mine && !v.canUndo && v.mode !== 'replay' && rolledLast(v.log)
        ? [{ control: 'Undo', why: 'a die was rolled: nothing before a roll can be taken back' }]
        : []),
    ],
    [pres, view, side, actions, mine, v.canUndo, v.mode, v.log],
  );

  // The one piece every action is about (the one unit to retreat, to advance): lit
  // without being selected first, so the prompt's "pink hexes" are there to see.
  // The piece an action is about: as the presentation says, else the action's `unit`.
  const pieceOf = useCallback(
    (a: Action): string | null =>
      pres.actionPiece ? pres.actionPiece(a) : typeof a.unit === 'string' ? a.unit : null,
    [pres],
  );
  const sole = useMemo(() => {
    let unit: string | null = null;
    for (const a of actions) {
      const u = pieceOf(a);
      if (u === null) continue;
      if (unit === null) unit = u;
      else if (unit !== u) return null;
    }
    return unit;
  }, [actions, pieceOf]);
  const chosen = selected ?? sole;

  // Highlights for the selected piece, from the legal actions only (lit-nodes.ts).
  const { highlights, byHex } = useMemo(
    () =>
      litNodes(pres, view, {
        actions,
        chosen,
        selectedHex,
        marks,
        threats,
        named: recapStep ? recapStep.drawing.nodes : (logShown?.nodes ?? stepShown.flatMap((d) => d.nodes)),
        buttonShown,
        pieceOf,
        group,
      }),
    [
      pres,
      view,
      actions,
      chosen,
      group,
      selectedHex,
      marks,
      threats,
      recapStep,
      logShown,
      stepShown,
      buttonShown,
      pieceOf,
    ],
  );
  const reasons = useMemo(() => reasonsOf(marks, threats), [marks, threats]);

  // The path previewed: the selected piece's, or that of the first unit of the stack selected that may go there.
  const move = useMemo(() => {
    if (!chosen || hover === null) return null;
    for (const id of group ?? [chosen]) {
      const m = pres.movePreview(view, id, hover);
      if (m) return m;
    }
    return null;
  }, [pres, view, chosen, group, hover]);

  /**
   * An action the player chose (a lit node, a button, the stack picker): taken at once, or
   * first asked about when the game says it cannot be taken back (issue #45 item 4).
   * `then` runs once it is taken (what the click does to the selection).
   */
  const take = (a: Action, then?: () => void) => {
    const question = pres.confirm ? pres.confirm(view, a) : null;
    if (question) {
      setPending({ action: a, question, ...(then ? { then } : {}) });
      return;
    }
    setPending(null);
    void submit(a);
    then?.();
  };

  /**
   * The actions a click on `h` takes for the stack selected: for each of its units (top
   * first), its action there, of the same kind as the first unit's; none that asks first.
   */
  const groupActions = (h: number): { id: string; action: Action }[] => {
    if (!group || !mine) return [];
    const out: { id: string; action: Action }[] = [];
    for (const id of group) {
      // The unit's action there as a click with it alone would take it (the last one lit there).
      const t = pres
        .targets(view, actions, id)
        .filter((x) => x.at === h)
        .at(-1);
      if (!t || (out.length > 0 && t.action.type !== out[0]!.action.type)) continue;
      if (pres.confirm?.(view, t.action)) continue;
      out.push({ id, action: t.action });
    }
    return out;
  };

  /**
   * A whole stack sent to `h` (issue #45 item 9): each unit's action taken in turn, each read
   * from the game as it is after the one before (a unit the rules no longer let go there,
   * a stack full, is left where it is, and said); the units that went stay selected.
   */
  const takeGroup = async (h: number, first: { id: string; action: Action }) => {
    if (!side) return;
    setError(null);
    setNotice(null);
    const type = first.action.type;
    const keep = pres.keepsSelection(first.action);
    const went: string[] = [];
    const left: string[] = [];
    const chosenAt = selections.current;
    sending.current = true;
    try {
      for (const id of group ?? [first.id]) {
        const now = session.current();
        const acting = now.activeSides[0];
        const t =
          acting === side
            ? pres
                .targets(now.state, now.legal[side] ?? [], id)
                .filter((x) => x.at === h && x.action.type === type)
                .at(-1)
            : undefined;
        if (!t) {
          left.push(id);
          continue;
        }
        const r = await session.submit(side, t.action);
        if (!r.ok) {
          setError(r.message);
          break;
        }
        went.push(id);
      }
    } finally {
      sending.current = false;
    }
    // The units that went stay selected, unless the player has chosen something else since.
    if (selections.current === chosenAt) {
      if (keep && went.length > 0) select(went[0]!, went);
      else select(null);
    }
    if (left.length > 0 && went.length > 0) {
      const name = (id: string) => pieces.find((x) => x.id === id)?.label.replace(/,.*$/, '') ?? id;
      setNotice(
        `${went.length} of ${went.length + left.length} units went; not offered there now: ${left.map(name).join('; ')}.`,
      );
    }
  };

  const clickHex = (h: number) => {
    // A stack's actions still going out: nothing else is taken meanwhile.
    if (sending.current) return;
    const a = byHex.get(h);
    setNotice(null);
    // A declared attack's ring clicked with a piece that has nothing to do there: why,
    // and the selection kept (issue #45 item 5).
    const lit = highlights.get(h);
    const piece = selected !== null ? pieces.find((x) => x.id === selected) : undefined;
    if (!a && mine && selected !== null && piece?.side === side && (lit === 'attack' || lit === 'owed')) {
      setNotice(
        (pres.whyNot ? pres.whyNot(view, actions, h, selected) : null) ??
          `${piece?.label ?? selected} has nothing to do at ${board.kind === 'hex' ? board.hexLabel[h] : board.points[h]?.name}: it cannot join the attack there now.`,
      );
      return;
    }
    // A click on a node the selected piece may not go to: why, when the game says (a line
    // full this player-turn, issue #45 item 14); the selection kept unless the player's own
    // units are there to select.
    if (!a && mine && selected !== null && piece?.side === side && pres.whyNot) {
      const why = pres.whyNot(view, actions, h, selected);
      if (why) {
        setNotice(why);
        if (!pieces.some((x) => x.at === h && x.side === side)) return;
      }
    }
    if (a) {
      // The whole stack selected: every unit of it that may go there (issue #45 item 9).
      const all = groupActions(h);
      if (all.length > 0) {
        void takeGroup(h, all[0]!);
        return;
      }
      take(a, () => {
        if (!pres.keepsSelection(a)) select(null);
      });
      return;
    }
    // A click on a counter that does something in this step (fortify, take out, eliminate).
    const direct = mine && pres.nodeAction ? pres.nodeAction(view, actions, h, selected) : null;
    if (direct) {
      take(direct, () => select(null));
      return;
    }
    setSelectedHex(h);
    const ids = pres.piecesAt(view, h);
    if (ids.length === 0) {
      select(null);
      setPicker(null);
      return;
    }
    // A stack of the player's units is selected whole (as on VASSAL: one click then moves or
    // commits it, issue #45 item 9); else the counter drawn on top. A unit (or the stack)
    // already selected stays so. A stack opens its picker, where any one of its units is
    // picked without side effects (issue #45 item 3).
    const drawn = stackOrder(pieces.filter((x) => x.at === h));
    const top = drawn[drawn.length - 1]?.id ?? ids[ids.length - 1]!;
    const own = mine
      ? drawn
          .filter((x) => x.side === side)
          .reverse()
          .map((x) => x.id)
      : [];
    if (selected !== null && ids.includes(selected)) {
      // Kept as it is.
    } else if (own.length > 1) select(own[0]!, own);
    else select(top);
    setPicker(ids.length > 1 ? h : null);
    setTab('unit');
  };

  // Keyboard: arrows move the cursor, Enter clicks it, Escape clears, u undoes. The handler
  // is this render's (set while rendering, so a key pressed right after another sees its
  // cursor; an effect re-added after paint let Enter click the cursor's previous hex); one
  // listener, added once, calls it.
  const onKeyRef = useRef<(e: KeyboardEvent) => void>(() => {});
  onKeyRef.current = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (p.hidden || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const dirs: Record<string, number> = { ArrowUp: 0, ArrowRight: 2, ArrowDown: 3, ArrowLeft: 4 };
    if (e.key in dirs && tag !== 'BUTTON') {
      // The same keyboard cursor on a hex board and a point board (issue #45 item 10).
      e.preventDefault();
      setCursor((c) => {
        if (c < 0) return board.home;
        if (board.kind === 'points') return pointStep(board, c, e.key as 'ArrowUp');
        const t = board.map.graph.targets[c * 6 + dirs[e.key]!]!;
        return t >= 0 ? t : c;
      });
    } else if (e.key === 'Enter' && cursor >= 0 && tag !== 'BUTTON') clickHex(cursor);
    else if (e.key === 'Escape') {
      select(null);
      setSelectedHex(null);
      setPicker(null);
      setPending(null);
    } else if ((e.key === 'u' || e.key === 'U') && v.canUndo) void submit({ type: 'undo' });
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onKeyRef.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const focus = recapStep
    ? (recapStep.drawing.nodes[recapStep.drawing.nodes.length - 1] ?? null)
    : (logFocus ?? (pres.focus ? pres.focus(view) : null) ?? resultFocus);

  // Combat preview: the attack on the hovered (else selected) node, with the selected piece
  // added, or the whole stack selected, each unit with its part (issue #45 items 3 and 9);
  // else the attack being resolved (the defender sees it as the attacker did).
  const preview = useMemo(() => {
    const target = hover ?? selectedHex;
    const at =
      target !== null && target >= 0
        ? pres.combatPreview(view, side, { target, selected, group, actions })
        : null;
    if (at) return at;
    const f = pres.focus ? pres.focus(view) : null;
    return f !== null && f >= 0
      ? pres.combatPreview(view, side, { target: f, selected: null, actions })
      : null;
  }, [pres, view, side, hover, selectedHex, selected, group, actions]);

  // Undo is the prompt bar's button: never a second one among the actions (issue #45 item 14).
  const buttons = useMemo(
    () => pres.buttons(view, actions).filter((a) => a.type !== 'undo'),
    [pres, view, actions],
  );
  const overlayData = useMemo(
    () => (overlay === 'none' ? null : pres.overlay(view, overlay, side)),
    [pres, view, overlay, side],
  );
  const facts = (() => {
    const at = selectedHex ?? (selected ? pres.pieceAt(view, selected) : null);
    return at !== null && at >= 0 ? pres.nodeFacts(view, at) : null;
  })();
  const tray = useMemo(
    () => (mine && pres.tray ? pres.tray(view, side, actions) : null),
    [pres, view, side, actions, mine],
  );
  const recapTrails = recap
    ? recap.steps
        .slice(0, recap.at + 1)
        .filter((s) => s.drawing.path && s.drawing.path.length > 1)
        .map((s) => ({ path: s.drawing.path!, current: s === recapStep }))
    : [];
  const recapArrows = recap ? recap.steps.slice(0, recap.at + 1).flatMap((s) => s.drawing.arrows ?? []) : [];
  const trails = recap
    ? recapTrails
    : [...(logShown ? [logShown] : stepShown)]
        .filter((d) => d.path && d.path.length > 1)
        .map((d) => ({ path: d.path!, current: true }));
  const gameArrows = useMemo(() => (pres.arrows ? pres.arrows(view, side) : []), [pres, view, side]);
  const arrows = recap
    ? recapArrows
    : [...gameArrows, ...(logShown?.arrows ?? stepShown.flatMap((d) => d.arrows ?? []))];

  const openRecap = (t: FinishedTurn) => {
    const steps: RecapStep[] = [];
    for (const e of t.entries) {
      const d = pres.logDrawing ? pres.logDrawing(view, e) : null;
      if (d) steps.push({ text: pres.logText ? pres.logText(view, e) : e.text, drawing: d });
    }
    setRecap({ label: t.label, steps, at: 0 });
  };
  // The last player-turn of another side (else the last one), for "Recap".
  const turns = useMemo(() => playerTurns(pres, v.log), [pres, v.log]);
  const lastOther = (() => {
    for (let k = turns.length - 2; k >= 0; k--) if (!isMine(turns[k]!.side) || v.mode === 'hotseat') return k;
    return -1;
  })();
  const shownPrompt =
    v.mode === 'replay' && side && !v.outcome
      ? { ...prompt, help: `Replay: ${sideName(side)} to move.` }
      : prompt;
  const canExport = !(session instanceof ServerSession) || v.outcome !== null;
  // At the whole front a stack shows one number: the player's own its attack, the enemy's its defence.
  const strengthOf = useCallback(
    (x: string): 'attack' | 'defense' => ((me ?? side) === null || x === (me ?? side) ? 'attack' : 'defense'),
    [me, side],
  );

  return (
    <div
      class="game"
      data-hover={hover ?? -1}
      data-selected={selected ?? ''}
      data-group={group?.length ?? 0}
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
          board={board}
          pieces={pieces}
          colours={colours}
          highlights={highlights}
          path={move?.path ?? []}
          {...(move ? { pathCost: move.cost } : {})}
          selectedPiece={selected}
          selectedGroup={group}
          cursor={cursor}
          overlay={overlayData}
          onHex={clickHex}
          onHover={(h) => setHover(h)}
          arrows={arrows}
          suggested={suggested}
          trails={trails}
          hexNumbers={showNumbers}
          focus={focus}
          reasons={reasons}
          control={showFront}
          strength={strengthOf}
        />
        <div class="side" ref={sidePanel}>
          {/* The work first: what to do and what it leads to stay in view (issue #45 item 2); results and summaries below, the older folded. */}
          <div class="work">
            {picker !== null &&
              (() => {
                const drawn = stackOrder(pieces.filter((x) => x.at === picker)).reverse();
                if (drawn.length < 2) return null;
                const named = new Map(pres.nodeFacts(view, picker).pieces.map((f) => [f.id, f]));
                return (
                  <StackPicker
                    heading={pres.nodeFacts(view, picker).heading}
                    units={drawn.map((piece) => ({
                      piece,
                      name: named.get(piece.id)?.name ?? piece.label,
                      facts: named.get(piece.id)?.facts ?? piece.label,
                    }))}
                    total={stackTotal(drawn)}
                    selected={selected}
                    group={group}
                    node={board.kind === 'hex' ? 'hex' : 'point'}
                    own={mine ? drawn.filter((x) => x.side === side).map((x) => x.id) : []}
                    colours={colours}
                    actionsOf={(id) => (mine ? buttons.filter((a) => pieceOf(a) === id) : [])}
                    describe={(a) => pres.describe(view, a)}
                    onPick={(id) => {
                      select(id);
                      setTab('unit');
                    }}
                    onPickAll={(ids) => {
                      select(ids[0] ?? null, ids);
                      setTab('unit');
                    }}
                    onAction={(a) => take(a)}
                    onClose={() => setPicker(null)}
                  />
                );
              })()}
            {pending && (
              <ConfirmPanel
                question={pending.question}
                onYes={() => {
                  const { action, then } = pending;
                  setPending(null);
                  void submit(action);
                  then?.();
                }}
                onCancel={() => setPending(null)}
              />
            )}
            {error && (
              <p class="error" role="alert">
                {error}
              </p>
            )}
            {notice && (
              <p class="notice" role="status">
                {notice}
              </p>
            )}
            {tray && (
              <TrayPanel tray={tray} colours={colours} selected={selected} onSelect={(id) => select(id)} />
            )}
            <section class="panel actions" aria-label="actions">
              <h3>Actions</h3>
              {buttons.length === 0 && (
                <p>
                  {mine
                    ? 'Use the map.'
                    : v.mode === 'replay'
                      ? 'A replay: step through it below.'
                      : side
                        ? `Waiting for ${sideName(side)}.`
                        : 'Nothing to do now.'}
                </p>
              )}
              <ActionButtons
                actions={buttons}
                describe={(a) => pres.describe(view, a)}
                group={(a) => (pres.buttonGroup ? pres.buttonGroup(view, a) : null)}
                onAction={(a) => {
                  setButtonShown(null);
                  take(a, () => select(null));
                }}
                onHover={setButtonShown}
              />
              <MissingList items={missing} onCite={setCite} />
            </section>
            {preview && <CombatPreview data={preview} />}
          </div>
          {banners.latest && (
            <ResultBanner
              banner={banners.latest}
              heading={bannerAt.own === bannerAt.latest ? 'Your last result' : 'Last result'}
              sideName={sideName}
              onDismiss={() => {
                setBanners({ latest: null, own: null });
                setResultFocus(null);
              }}
              onCite={setCite}
            />
          )}
          {banners.own && bannerAt.own !== bannerAt.latest && (
            <ResultBanner
              banner={banners.own}
              heading="Your last result"
              sideName={sideName}
              onDismiss={() => setBanners((b) => ({ ...b, own: null }))}
              onCite={setCite}
              folded
            />
          )}
          {pause.length > 0 && (
            <TurnPause
              turns={pause}
              mine={isMine}
              onRecap={(t) => {
                setPause([]);
                openRecap(t);
              }}
              onContinue={() => setPause([])}
              threats={threats}
            />
          )}
          {recap && (
            <RecapPanel
              label={recap.label}
              steps={recap.steps}
              at={recap.at}
              onStep={(i) => setRecap({ ...recap, at: Math.max(0, Math.min(recap.steps.length - 1, i)) })}
              onClose={() => setRecap(null)}
            />
          )}
          <Toolbar
            overlays={pres.overlays}
            overlay={overlay}
            onOverlay={setOverlay}
            hexNumbers={board.kind === 'hex' ? showNumbers : null}
            onHexNumbers={setShowNumbers}
            front={board.kind === 'hex' ? showFront : null}
            onFront={setShowFront}
            recap={
              lastOther >= 0 && !recap
                ? {
                    label: turns[lastOther]!.label,
                    open: () =>
                      openRecap(finishedTurn(pres, view, v.log, turns[lastOther]!, turns[lastOther + 1]!.at)),
                  }
                : null
            }
            sound={sound}
            onSound={setSound}
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
                onArrows={setSuggested}
              />
            )}
          <OptionsLine declared={game.options} options={v.options} onCite={setCite} />
          {online?.imported() && (
            // An imported game says where it came from (issue #46).
            <p class="imported-from">{importedWords(online.imported()!)}</p>
          )}
          <TabBar
            tabs={[
              'unit',
              'log',
              'vp',
              ...(pres.reference ? (['ref'] as const) : []),
              ...(online ? (['chat'] as const) : []),
            ]}
            tab={tab}
            onTab={setTab}
            chat={chatLabel(social, chatSeen, v.seats)}
          />
          {social && (
            <PresenceLine
              social={social}
              sides={game.meta.sides.map((s) => s.id)}
              mine={v.seats}
              sideName={(s) => sideNameIn(game.meta, s)}
              colours={colours}
            />
          )}
          {tab === 'chat' && online && social && (
            <ChatPanel
              session={online}
              social={social}
              mine={v.seats}
              sideName={(s) => sideNameIn(game.meta, s)}
              colours={colours}
            />
          )}
          {tab === 'unit' && (
            <UnitPanel
              facts={facts}
              selected={selected}
              colours={colours}
              onSelect={(id) => select(id)}
              node={board.kind === 'hex' ? 'hex' : 'point'}
            />
          )}
          {tab === 'log' && (
            <LogPanel
              log={v.log}
              detail={pres.logDetail}
              text={(e) => (pres.logText ? pres.logText(view, e) : e.text)}
              onHover={(e) => setLogShown(e && pres.logDrawing ? pres.logDrawing(view, e) : null)}
              onShow={(e) => {
                const d = pres.logDrawing ? pres.logDrawing(view, e) : null;
                setLogFocus(d ? (d.nodes[d.nodes.length - 1] ?? null) : null);
              }}
              onCite={setCite}
            />
          )}
          {tab === 'vp' && <VpPanel score={pres.score(view, v.outcome !== null)} colours={colours} />}
          {tab === 'ref' && pres.reference && (
            <ReferencePanel sheets={pres.reference(view)} onCite={setCite} />
          )}
          <RulePanel cite={cite} onClose={() => setCite(null)} />
          {session instanceof ReplaySession && (
            <ReplayControls
              session={session}
              game={game}
              words={(() => {
                const e = v.log.at(-1);
                return e ? (pres.logText ? pres.logText(view, e) : e.text) : 'The start of the game.';
              })()}
            />
          )}
          <ExportLine
            game={game.id}
            canExport={canExport}
            onExport={async () => {
              try {
                download(
                  session instanceof ServerSession ? await session.exportFile() : session.exportReplay(),
                  v,
                );
              } catch (e) {
                setError(`Export failed: ${(e as Error).message}`);
              }
            }}
            onVerify={
              session instanceof ServerSession && v.outcome
                ? () =>
                    session.verify().then(
                      (m) => (m.startsWith('FAILED') ? setError(m) : setNotice(m)),
                      (e: Error) => setError(e.message),
                    )
                : null
            }
          />
          {/* A finished game's after-action report (issue #48); a replay offers it in its controls. */}
          {v.outcome && !(session instanceof ReplaySession) && (
            <ReportLink
              game={game}
              file={session instanceof ServerSession ? () => session.exportFile() : session.exportReplay()}
            />
          )}
        </div>
      </div>
    </div>
  );
}
