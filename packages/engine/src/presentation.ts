/**
 * A game's browser side, as data: what the board is, where the pieces stand, what each
 * step asks, how each action reads, what an action targets on the map, previews of moves
 * and attacks, the facts and the "why" of a selected piece, overlays and the score.
 * The web client draws what this gives it and knows no rules (chessground's rule: the
 * board is handed its destinations). A `Presentation` is a few small parts, split by what
 * the web does with them (the board drawn, the words said, the controls acted through, the
 * previews shown, the reference sheets; `Presentation` below). Each game's presentation
 * lives in its folder and is loaded lazily through `GameModule.presentation()`; the
 * functions are pure, so they are tested in node like the rules.
 */
import type { CombatReport } from './combat/report.ts';
import type { Action, GameOutcome } from './game.ts';
import type { LogEntry } from './log.ts';
import type { HexMap } from './map.ts';

/** How a node (hex or point) is lit on the board. */
export type Highlight =
  | 'move'
  | 'move-bonus'
  | 'target'
  | 'retreat'
  | 'advance'
  | 'deploy'
  | 'attack'
  | 'owed'
  | 'selected'
  /** A node a log line or a recap step names. */
  | 'named';

/** A set of hexes outlined on the board (a zone, a front's deployment area, a map edge). */
export interface Outline {
  readonly id: string;
  readonly hexes: readonly number[];
  /** Whether a hex belongs (index by hex): sides between two members are not drawn. */
  readonly member?: Uint8Array;
  /** Only the sides that face off the map (a map edge). */
  readonly offMapOnly?: boolean;
  readonly className: string;
  readonly label?: string;
  /** Where the label goes (a hex), default the first. */
  readonly labelAt?: number;
  /** Stroke colour, if the class does not give it. */
  readonly colour?: string;
  readonly title?: string;
}

export interface HexBoard {
  readonly kind: 'hex';
  /** Changes when the drawing does (scenario, weather): the client caches by it. */
  readonly key: string;
  readonly name: string;
  readonly map: HexMap;
  /** Fill per hex index. */
  readonly fill: readonly string[];
  /** What a hex is, in words, per hex index (titles, screen readers). */
  readonly hexLabel: readonly string[];
  /** Hexside features drawn as lines, by bit of `map.sideFeatures`. */
  readonly sides: readonly { readonly bit: number; readonly className: string }[];
  /** Connections drawn between hex centres, by bit of `map.links`. */
  readonly links: readonly { readonly bit: number; readonly className: string }[];
  readonly outlines: readonly Outline[];
  /** Printed hex numbers by index. */
  readonly hexNumbers: readonly string[];
  /** Names written along a hexside (a river's), between the centres of two hexes. */
  readonly labels?: readonly {
    readonly between: readonly [number, number];
    readonly text: string;
    readonly className: string;
  }[];
  /** Where the keyboard cursor starts. */
  readonly home: number;
}

export interface PointBoard {
  readonly kind: 'points';
  readonly key: string;
  readonly name: string;
  /** Points with their position on the drawing (0..1000 wide) and what they are. */
  readonly points: readonly {
    readonly id: string;
    readonly name: string;
    readonly kind: string;
    readonly x: number;
    readonly y: number;
    /** The point's fill (its controller's colour), if the game gives one. */
    readonly fill?: string;
  }[];
  /** Lines between points (indexes), with their capacity and kind (road, rail...). */
  readonly lines: readonly {
    readonly from: number;
    readonly to: number;
    readonly capacity: number;
    readonly kind: string;
  }[];
  readonly width: number;
  readonly height: number;
  readonly home: number;
}

export type BoardDrawing = HexBoard | PointBoard;

/** A counter on the board, as it is to be drawn for this viewer. */
export interface PieceDrawing {
  readonly id: string;
  /** Node (hex or point) index. */
  readonly at: number;
  readonly side: string;
  /** The NATO symbol's letter code (APP-6/2525C); null: face down (a hidden counter). */
  readonly sidc: string | null;
  /** "9", "1 Pz a": printed on the counter's top. */
  readonly designation: string;
  /** "4-6": printed at its foot. */
  readonly factors: string;
  /** The counter in words, for screen readers. */
  readonly label: string;
  readonly disrupted?: boolean;
  readonly fortified?: boolean;
  /** Small letters drawn in a corner ("D"). */
  readonly marks?: readonly string[];
  /**
   * Its combat factors as this viewer knows them (absent: not a fighting unit, or face
   * down): a stack is drawn with its fighting units on top and its total on it.
   */
  readonly attack?: number;
  readonly defense?: number;
}

/** The bar at the top: the step, whose, and what to do. */
export interface Prompt {
  /** The step as the sequence of play names it. */
  readonly step: string;
  /** What is going on inside the step (the combat being resolved...). */
  readonly detail?: string;
  /** What to do now, for the side to move; or what we wait for. */
  readonly help: string;
}

export interface MovePreview {
  readonly path: readonly number[];
  /** What the path costs, in words ("2 hexes"). */
  readonly cost: string;
}

/** The combat preview: the attack and the defense itemized, and the calculator's report. */
export interface CombatPreviewData {
  readonly title: string;
  readonly attack: number;
  readonly attackItems: readonly {
    readonly value: number;
    readonly reason: string;
    readonly cite?: string;
  }[];
  readonly defense: number;
  readonly defenseItems: readonly {
    readonly value: number;
    readonly reason: string;
    readonly cite?: string;
  }[];
  /** The same report `stavka calc` prints for these numbers and shifts. */
  readonly report: CombatReport | null;
  /** Why the attack may not be made, with its rule. */
  readonly refusal: string | null;
  readonly notes: readonly string[];
  /** What each result means, in words (the table's legend). */
  readonly meanings: Readonly<Record<string, string>>;
  /** Each result's short name ("Defenders routed"), written beside its code. */
  readonly names?: Readonly<Record<string, string>>;
}

export interface PieceFacts {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** "9 · 4-6 · infantry division · supply full". */
  readonly facts: string;
  /** What it may do now. */
  readonly can: string;
  /** Why it may not do more, each with its rule. */
  readonly why: readonly string[];
}

export interface NodeFacts {
  readonly heading: string;
  readonly about: string;
  readonly pieces: readonly PieceFacts[];
}

export interface ScoreSheet {
  readonly heading: string;
  readonly items: readonly { readonly side: string; readonly points: number; readonly reason: string }[];
  /** What it takes to win, in words (the victory conditions and thresholds). */
  readonly toWin?: readonly string[];
}

/** A die roll explained: the banner shown at each roll. */
export interface RollBanner {
  /** "Attack on Rzhev 1712". */
  readonly title: string;
  /** The side that rolled (the attacker), if any. */
  readonly side: string | null;
  readonly roll: number;
  /** The table's column and row read (column '': a roll that reads no table, e.g. "sunk on 1-3"). */
  readonly column: string;
  readonly row: string;
  /** The result's code ("DR") and its meaning in words. */
  readonly result: string;
  readonly meaning: string;
  /** What follows from it now (who chooses what next), if anything. */
  readonly next?: string;
  readonly cite?: string;
}

/** Where a log entry happened on the board: the nodes it names, a path (a move), arrows (an attack). */
export interface LogDrawing {
  readonly nodes: readonly number[];
  readonly path?: readonly number[];
  readonly arrows?: readonly Arrow[];
}

/** An arrow on the board (an attack: from an attacker's node to its target). */
export interface Arrow {
  readonly from: number;
  readonly to: number;
  readonly kind: 'attack' | 'move' | 'retreat';
  readonly label?: string;
}

/** Why a control the player might look for is missing now, with the rule behind it. */
export interface MissingControl {
  /** The control as the player knows it ("End allocation"). */
  readonly control: string;
  readonly why: string;
  readonly cite?: string;
  /** Nodes the reason is about (hexes owed an attack), lit on the map. */
  readonly nodes?: readonly number[];
}

/** The start of a player-turn, read from a log entry. */
export interface TurnMarker {
  readonly side: string;
  /** "Turn 3, Zhukov's player-turn". */
  readonly label: string;
}

/** The set-up tray: the pieces of a side not yet placed, and the limits on where they go. */
export interface SetupTray {
  readonly heading: string;
  /** The deployment limits, each with how much of it is used. */
  readonly limits: readonly string[];
  readonly pieces: readonly (PieceDrawing & { readonly placeable: boolean; readonly why?: string })[];
}

/** A reference sheet (the CRT, terrain effects, legend, victory conditions, turn track, order of battle). */
export interface ReferenceSheet {
  readonly id: string;
  readonly title: string;
  readonly intro?: string;
  readonly table?: { readonly head: readonly string[]; readonly rows: readonly (readonly string[])[] };
  /** Terms and their meaning; a swatch (a colour or a CSS class) drawn beside. */
  readonly items?: readonly { readonly term: string; readonly text: string; readonly swatch?: string }[];
  readonly notes?: readonly string[];
  readonly cite?: string;
}

export interface OverlayData {
  /** Circles on hexes (a zone of control), or small cells coloured by class (supply). */
  readonly kind: 'circles' | 'cells';
  readonly nodes: readonly { readonly at: number; readonly className: string }[];
}

/** A sudden ending that threatens a side, said to its player before it happens (issue #45 item 1). */
export interface ThreatLine {
  /** "The Russians win if they still hold Bucharest and Ploesti at the end of your player-turn". */
  readonly words: string;
  /** The nodes it is about (victory cities), lit on the map. */
  readonly nodes: readonly number[];
  readonly cite?: string;
}

/**
 * What one action did, as the after-action report counts it (issue #48): a side's losses
 * (units eliminated, steps or losses absorbed), or a battle's roll with the exact chances
 * of every result before it.
 */
export type AfterActionEvent =
  | {
      readonly kind: 'loss';
      readonly side: string;
      /** Units eliminated (0 for a step or a loss absorbed). */
      readonly units: number;
      /** Steps lost (an eliminated unit counts the steps it had, at least 1). */
      readonly steps: number;
      /** The unit, in words. */
      readonly unit: string;
      /** Its node, or -1. */
      readonly at: number;
    }
  | {
      readonly kind: 'battle';
      /** "Attack on 1507 (Rzhev)". */
      readonly title: string;
      readonly at: number;
      readonly attacker: string;
      /** The result read ("DR"), and its odds column, if any. */
      readonly result: string;
      readonly column?: string;
      /** Every result's chance before the roll, from worst to best for the attacker (summing to 1). */
      readonly chances: readonly { readonly result: string; readonly probability: number }[];
    };

/** The after-action report's reading of a game (issue #48): who holds what, and what each action did. */
export interface AfterActionReading<V = unknown> {
  /** The side holding each node (hex or point index) now by the game's own rule, or null. */
  holders(view: V): readonly (string | null)[];
  /** What one action did: the views (the server's) before and after it, and the entries it logged. */
  events(before: V, after: V, entries: readonly LogEntry[]): readonly AfterActionEvent[];
  /** The history the game's data cites (1941/1942): what happened when, and the game-turn of that date if known. */
  readonly history?: readonly {
    readonly when: string;
    readonly text: string;
    readonly turn?: number | null;
  }[];
}

/** A node lit by a target: the action a click there takes, and how the node is lit. */
export interface Target {
  readonly at: number;
  readonly kind: Highlight;
  readonly action: Action;
}

/** A node lit without an action (an attack declared, a hex owed an attack), and why. */
export interface Mark {
  readonly at: number;
  readonly kind: Highlight;
  readonly reason?: string;
}

/**
 * The board: what is drawn and where everything stands (the map, the counters, the facts
 * of a node, the overlays, the nodes marked, the arrows, the node in focus, where a log
 * entry happened). Required: the web draws nothing without it.
 */
export interface BoardPart<V = unknown> {
  /** The board's drawing (map or points). */
  drawing(view: V): BoardDrawing;
  pieces(view: V): readonly PieceDrawing[];
  /**
   * Every NATO symbol code (SIDC) a piece of this game may carry (`PieceDrawing.sidc`):
   * the web draws them ahead of any game (its symbol sheet) and checks that none is missing.
   */
  readonly symbols: readonly string[];
  /** The pieces at a node, bottom to top. */
  piecesAt(view: V, at: number): readonly string[];
  /** The node of a piece, or -1. */
  pieceAt(view: V, piece: string): number;
  /** A node and the pieces on it in words (the unit panel). */
  nodeFacts(view: V, at: number): NodeFacts;
  /** The overlays the player may switch on (zones of control, supply...). */
  readonly overlays: readonly { readonly id: string; readonly label: string }[];
  overlay(view: V, id: string, side: string | null): OverlayData | null;
  /** Nodes lit without an action (attacks declared, hexes owed an attack), by kind. */
  marks(view: V, side: string | null): readonly Mark[];
  /** Arrows on the board now (attacks allocated); none if absent. */
  arrows?(view: V, side: string | null): readonly Arrow[];
  /** The node the map should show now (the combat being resolved), or null; none if absent. */
  focus?(view: V): number | null;
  /** Where a log entry happened on the board; nowhere if absent. */
  logDrawing?(view: V, entry: LogEntry): LogDrawing | null;
}

/**
 * The words: the prompt, each action, the result, the sides, the log read as players
 * read it (its text, detail, roll banners, turn markers and summaries) and the score.
 * Required: the web says nothing without it.
 */
export interface WordsPart<V = unknown> {
  prompt(view: V, side: string | null, mine: boolean, outcome: GameOutcome | null): Prompt;
  /** An action in words (a button's label). */
  describe(view: V, action: Action): string;
  /** A finished game's result in words. */
  result(outcome: GameOutcome): string;
  /** A side as players call it: "von Kluge (German)". */
  sideName(side: string): string;
  score(view: V, over: boolean): ScoreSheet;
  /** A log entry's extra detail ("[row 3, column 4]"), if any. */
  logDetail(entry: LogEntry): string;

  /* Optional: the wargamer's table (issue #25). A game without them still plays. */

  /** A log entry as players read it (side names, words for codes); default its text. */
  logText?(view: V, entry: LogEntry): string;
  /** The banner for the roll whose result is `log[index]`, or null if that entry is no roll's result. */
  rollBanner?(view: V, log: readonly LogEntry[], index: number): RollBanner | null;
  /** Whether a log entry starts a player-turn, and whose; no player-turns if absent. */
  turnMarker?(entry: LogEntry): TurnMarker | null;
  /** A finished player-turn in a few lines (moves, attacks and their results, losses). */
  turnSummary?(view: V, entries: readonly LogEntry[]): readonly string[];
}

/**
 * The controls: which node or button takes which legal action (chessground's `dests`),
 * what a click on a counter does, what is asked first, how buttons group, the set-up tray,
 * and why a control is missing. Required: the player acts through it.
 */
export interface ControlsPart<V = unknown> {
  /** Where each action lights the board, given the selected piece. */
  targets(view: V, actions: readonly Action[], selected: string | null): readonly Target[];
  /** The actions offered as buttons (those with no node to click, and every choice of a step that asks one). */
  buttons(view: V, actions: readonly Action[]): readonly Action[];
  /** Whether choosing this action keeps the piece selected (adding more to an attack). */
  keepsSelection(action: Action): boolean;
  /** The piece an action is about (its button lights that piece); if absent: the action's `unit`, if a string. */
  actionPiece?(action: Action): string | null;
  /** What a click on a node does before it selects (fortify, take out, eliminate the counter clicked). */
  nodeAction?(view: V, actions: readonly Action[], node: number, selected: string | null): Action | null;
  /**
   * The question asked before an action is taken, when it cannot be taken back (a die is
   * rolled at once) or may lose the game; null: none (issue #45 item 4).
   */
  confirm?(view: V, action: Action): string | null;
  /** The group a button belongs to ("Fortify"): big groups are collapsed; null: shown first. */
  buttonGroup?(view: V, action: Action): string | null;
  /** Why controls are missing now (each with its rule), for the side to move. */
  missing?(view: V, side: string | null, actions: readonly Action[]): readonly MissingControl[];
  /** The set-up tray of the side to move, while it places its pieces. */
  tray?(view: V, side: string | null, actions: readonly Action[]): SetupTray | null;
}

/** Where a combat preview is asked for: the target, the selection, the actions offered. */
export interface CombatPreviewAt {
  readonly target: number;
  readonly selected: string | null;
  /** The units selected together (`selected` among them), when more than one. */
  readonly group?: readonly string[] | null;
  readonly actions: readonly Action[];
}

/**
 * The previews: what a move or an attack would be before it is made, why a lit node does
 * nothing for the selected piece, the sudden endings threatening a side, and where a
 * suggested action shows. Required (a game with neither moves nor attacks returns null).
 */
export interface PreviewPart<V = unknown> {
  movePreview(view: V, piece: string, to: number): MovePreview | null;
  /**
   * The attack on `at.target` before its roll, with the units the player has selected added
   * where they may join it: `selected`, or the whole `group` selected with it (a stack
   * picked whole, top first, `selected` its first: issue #45 items 3 and 9), each unit that
   * may join shown with its own contribution.
   */
  combatPreview(view: V, side: string | null, at: CombatPreviewAt): CombatPreviewData | null;
  /**
   * Why a click on a lit node does nothing for the selected piece (a declared attack it
   * cannot join), with the rule; null: nothing to say (issue #45 item 5).
   */
  whyNot?(view: V, actions: readonly Action[], node: number, selected: string): string | null;
  /**
   * The sudden endings threatening `side` now, most pressing first: a line in the prompt
   * bar and the turn summary, their nodes lit (issue #45 item 1).
   */
  threats?(view: V, side: string): readonly ThreatLine[];
  /**
   * Where an action would show on the board, for the analyst's suggestion (issue #48): a
   * move from its piece's node to its destination, an attack from the attacker's node to
   * its target; null when the action has no place.
   */
  actionArrow?(view: V, action: Action): Arrow | null;
}

/** The reference sheets: CRT, terrain effects, legend, victory conditions, turn track, order of battle. */
export interface ReferencePart<V = unknown> {
  sheets(view: V): readonly ReferenceSheet[];
}

/**
 * What the game page needs from a game, given its view (the engine `view`'s `state`), in
 * parts split by what the web does with them:
 *
 *   board      drawing, pieces, where a piece is, node facts, overlays, marks, arrows, focus
 *   words      prompt, actions, result, sides, log text/detail/banners/turn markers, score
 *   controls   targets, buttons, selection kept, node actions, confirmations, groups, tray
 *   preview    move and combat previews, why not, threats, the analyst's arrows
 *   reference  the reference sheets (a Reference tab), optional
 *   afterAction the after-action report's reading (issue #48), optional
 *
 * board, words, controls and preview are required: the game page cannot work without
 * them. Inside them, a member marked optional is a feature a game may lack; the web's
 * fallback for each is in one place (web/src/presentation.ts).
 */
export interface Presentation<V = unknown> {
  readonly board: BoardPart<V>;
  readonly words: WordsPart<V>;
  readonly controls: ControlsPart<V>;
  readonly preview: PreviewPart<V>;
  readonly reference?: ReferencePart<V>;
  /** What the after-action report reads of the game (issue #48): holders, losses, battles, history. */
  readonly afterAction?: AfterActionReading<V>;
}
