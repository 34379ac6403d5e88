/**
 * The game module: everything Stavka knows of one game, in one typed object that every
 * client speaks (server, AI worker, CLI, web). A game is one folder,
 * `packages/games/src/<game>/`, exporting one `GameModule`; the registry
 * (`@stavka/games` `GAMES`) lists them. Nothing outside a game's folder names its rules.
 * A game whose rules are not written yet (Barbarossa was its calculator alone until its
 * play.ts) is no module: it waits outside the registry until it can be played.
 *
 *   rules        the GameRules contract (setup/legalActions/apply/view/outcome)
 *   meta         title, blurb, sides with their names, commanders and colours
 *
 * `id`, `meta` and `rules` are required: every client (server, AI worker, CLI, web) plays
 * a game by its rules, so a registered game is a playable one. The rest are what some
 * clients need and a game may lack, the client doing without (no calculator page without
 * `calculator`, no AI seat without `players`, no game page without `presentation`):
 *
 *   scenarios    the standard scenario, `check(file)` for `stavka validate`
 *   options      the optional rules a new game may switch (options.ts checks them)
 *   progress     turn, turns, phase, weather: what a list of games shows
 *   calculator   the combat calculator (`stavka calc`, the web calculator page)
 *   players      the levels of AI and baselines, by name
 *   determinize  a full state consistent with what one viewer has seen (for search AIs)
 *   analyst      the AI's reading of a position at the table: chances, a suggestion (issue #48)
 *   presentation the browser side, loaded lazily (see presentation.ts)
 */
import type { GameAnalyst } from './analyst.ts';
import type { CombatRefusal, CombatReport } from './combat/report.ts';
import type { SecretPlanter } from './conformance.ts';
import type { Action, GameRules, GameState } from './game.ts';
import type { GameOption } from './options.ts';
import type { Presentation } from './presentation.ts';
import type { Result, SetupError } from './result.ts';
import type { RngState, Seed } from './rng.ts';

/**
 * Who is looking at a game: a side (its name), a spectator (what both sides know in
 * common) or the server (everything). Views, logs and live frames are cut to a viewer.
 */
export type Viewer = string;
/** A spectator sees only what every side may see. */
export const SPECTATOR: Viewer = '@spectator';
/** The server (and anyone once a game is over and its secrets revealed) sees everything. */
export const SERVER: Viewer = '@server';

export interface SideMeta {
  /** The side's id in actions and views: "german". */
  readonly id: string;
  /** "German" */
  readonly name: string;
  /** The commander a player takes the role of: "von Kluge". */
  readonly commander?: string;
  /** The counters' colour (CSS), and the ink on them. */
  readonly colour: string;
  readonly ink: string;
}

export interface GameMeta {
  /** "Operation Mars, 1942" */
  readonly title: string;
  /** One paragraph for the home page. */
  readonly blurb: string;
  /** In the rules' side order. */
  readonly sides: readonly SideMeta[];
  /** Whether some of the game is hidden from a side (hot-seat hands over between sides). */
  readonly hiddenInformation: boolean;
  /** False: a toy or test game the home page does not list (still played by its link, the CLI and the API). */
  readonly listed?: boolean;
  /** The rules text's key in `@stavka/games/rules-text`. */
  readonly rulesText: string;
}

export interface ScenarioInfo {
  readonly key: string;
  readonly title: string;
}

export interface GameScenarios {
  /** The scenarios a new game may start from; the first is the standard one. */
  readonly list: readonly ScenarioInfo[];
  /** The scenario file of a key (null: the standard one, as `setup` takes it). */
  file(key: string | null): unknown;
  /** The standard scenario written out as a file (for tools, tests and custom scenarios). */
  standardFile(): unknown;
  /** Checks a scenario file, every error naming its field (`stavka validate`). */
  check(file: unknown): Result<{ readonly summary: string }, SetupError[]>;
}

export interface GameProgress {
  readonly turn: number;
  readonly turns: number;
  /** The step of the sequence of play, in words: "Operational movement". */
  readonly phase: string;
  readonly weather?: string;
  /** Still setting up (deployment before the first turn). */
  readonly setup?: boolean;
  /** A date for the turn, where the game has a calendar: "25-26 Nov 1942". */
  readonly date?: string;
}

/* ------------------------------------------------------------------------------------ */
/* The calculator: inputs described as data, so the CLI makes flags and the web a form. */

export type CalcField =
  | {
      readonly kind: 'count';
      readonly key: string;
      readonly label: string;
      readonly help: string;
      /** A heading this field starts, for a long form (the web draws it above the field; the CLI ignores it). */
      readonly section?: string;
      readonly min: number;
      readonly max?: number;
      readonly required?: boolean;
      readonly default?: number;
    }
  | {
      readonly kind: 'flag';
      readonly key: string;
      readonly label: string;
      readonly help: string;
      readonly section?: string;
      readonly cite?: string;
    }
  | {
      readonly kind: 'choice';
      readonly key: string;
      readonly label: string;
      readonly help: string;
      readonly section?: string;
      readonly choices: readonly string[];
      readonly required?: boolean;
    }
  | {
      /** An odds column, as printed: "4:1". */
      readonly kind: 'column';
      readonly key: string;
      readonly label: string;
      readonly help: string;
      readonly section?: string;
      /** The columns of the game's standard table, for pickers (a loaded table may differ). */
      readonly columns: readonly string[];
    }
  | {
      /** A replacement table (the printed one, when it turns up), as parsed JSON. */
      readonly kind: 'table';
      readonly key: string;
      readonly label: string;
      readonly help: string;
      readonly section?: string;
    };

/** The calculator's inputs: numbers, flags, choices and a table by field key. */
export type CalcInput = Readonly<Record<string, number | boolean | string | unknown>>;

/** A refusal the user caused (bad input): which field and why. */
export interface CalcInputError {
  readonly field: string;
  readonly message: string;
}

export type CalcAnswer =
  | { readonly ok: true; readonly report: CombatReport }
  | { readonly ok: false; readonly refusal: CombatRefusal }
  | { readonly ok: false; readonly input: CalcInputError };

export interface GameCalculator {
  readonly fields: readonly CalcField[];
  /** One calculation: a report, the rule that forbids the attack, or which field is wrong. */
  run(input: CalcInput): CalcAnswer;
}

/* ------------------------------------------------------------------------------------ */
/* Players. */

export interface Player {
  readonly name: string;
  /**
   * Picks one of `side`'s legal actions (never undo). A player must decide from what its
   * side may see: `view(rules, state, side)` (the conformance suite checks that its choice
   * does not change when only hidden parts of the state do).
   */
  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action;
}

export interface PlayerKind {
  /** "AI, level 2" */
  readonly label: string;
  /** Roughly how strong, for lists and ladders (random 0, greedy 1, AI levels above). */
  readonly rank: number;
  /**
   * A player of this kind. Without `play` it is deterministic for its seed (simulations,
   * replays of AI games, tests); `play.thinkMs` is the clock's cap on each decision for a
   * seat in a served game, so a slow or busy machine never keeps a player waiting longer
   * (a search then stops early, and is no longer reproducible).
   */
  make(seed: Seed, play?: { readonly thinkMs?: number }): Player;
}

/* ------------------------------------------------------------------------------------ */

export interface GameModule<G = unknown, A extends Action = Action, V = unknown> {
  readonly id: string;
  readonly meta: GameMeta;
  /** The rules: every client plays the game by them. */
  readonly rules: GameRules<G, A, Record<string, unknown>>;
  readonly scenarios?: GameScenarios;
  /**
   * The optional rules a new game may switch, each on or off (`checkGameOptions` refuses
   * anything else); none if absent. The rules' `setup` reads them.
   */
  readonly options?: readonly GameOption[];
  /** Turn, phase, weather of a view (its `state`, as `view` gave it). */
  progress?(view: V): GameProgress;
  readonly calculator?: GameCalculator;
  /** By name; `ai` is the default AI, `random` the baseline. */
  readonly players?: Readonly<Record<string, PlayerKind>>;
  /**
   * A full game state consistent with what `viewer` has seen: its view, with everything
   * hidden from it drawn at random (from `rng`) among what it could be. For a game with no
   * hidden information, the viewer's view is the state itself.
   */
  determinize?(state: GameState<G>, viewer: Viewer, rng: RngState): GameState<G>;
  /**
   * What the conformance suite needs of this game: where its secrets are (planted markers
   * must never reach a viewer they are hidden from), and how long a random playout may go
   * before it is cut short (a whole random game of a big one takes a minute).
   */
  readonly conformance?: {
    readonly secrets?: SecretPlanter<G>;
    /** Stop each random playout quietly after this many actions (the checks run up to there). */
    readonly truncateAt?: number;
    /** Check secrets, determinization and apply's input every this many actions. */
    readonly sampleEvery?: number;
  };
  /** The analyst (issue #48): the AI's reading of a position for a player at the table (analyst.ts `analyse`). */
  readonly analyst?: GameAnalyst<G>;
  /** The browser side, loaded lazily: the web bundles it apart, per game. */
  presentation?(): Promise<Presentation<V>>;
}

/** A module of any game, as the registry holds them: its one cast, here. */
export type AnyGameModule = GameModule<unknown, Action, unknown>;

/**
 * Widens a game's module for the registry (the one place a game's types are erased). Its
 * one cast is the analyst's: a `Macro<G>`'s `start()` returns a function of `GameState<G>`
 * (players/ismcts.ts), which TypeScript checks strictly, so a `GameAnalyst<G>` is no
 * `GameAnalyst<unknown>`; the rest of a module (its rules, presentation, players, methods
 * all) widens without one.
 */
export function registerGame<G, A extends Action, V>(m: GameModule<G, A, V>): AnyGameModule {
  return m as unknown as AnyGameModule;
}

/** A registry lookup that only finds own entries ("toString" is no game). */
export function findGame(
  games: Readonly<Record<string, AnyGameModule>>,
  id: unknown,
): AnyGameModule | undefined {
  return typeof id === 'string' && Object.hasOwn(games, id) ? games[id] : undefined;
}

/**
 * The module of a game that can be played, or undefined: since `rules` is required, every
 * registered game (`findGame`); kept for the callers that still ask.
 */
export const playableGame = findGame;
