/**
 * The after-action report of a game (issue #48), built from its replay alone: the game is
 * replayed action by action and, at the end of each turn (the module's `progress`), the
 * report records who holds each node, the victory points (the presentation's score) and
 * the losses of each side; over the whole game, the battles (each roll against the exact
 * chances of every result before it) and the places taken. Game-agnostic: it reads only
 * the module, its presentation and the presentation's `afterAction` reading. Pure: no I/O.
 */
import {
  type AfterActionEvent,
  type AnyGameModule,
  axialDistance,
  type BoardDrawing,
  engineSetupError,
  err,
  type GameState,
  hexAxial,
  ok,
  type Presentation,
  type ReplayFile,
  type Result,
  replay,
  SERVER,
  type SetupError,
  setup,
} from '@stavka/engine';

export interface SideTally {
  readonly units: number;
  readonly steps: number;
}

/** The front at the end of one turn. */
export interface TurnRecord {
  readonly turn: number;
  /** "Turn 3 (29-30 Nov 1942)". */
  readonly label: string;
  /** The side holding each node (the board's hexes or points), or null. */
  readonly holders: readonly (string | null)[];
  /** Nodes held by each side. */
  readonly held: Readonly<Record<string, number>>;
  /** Named places (cities, towns, points) held by each side. */
  readonly places: Readonly<Record<string, number>>;
  /** Victory points by side (the presentation's score sheet). */
  readonly vp: Readonly<Record<string, number>>;
  /** Losses during this turn, by side. */
  readonly losses: Readonly<Record<string, SideTally>>;
  /** Losses since the start, by side. */
  readonly totalLosses: Readonly<Record<string, SideTally>>;
}

/** One roll of a battle, measured against the chances before it. */
export interface BattleRoll {
  /** The side the roll is for (the attacker; in a fire combat, the side firing). */
  readonly side: string;
  readonly result: string;
  readonly column?: string;
  /** The chance of the result rolled. */
  readonly chance: number;
  /**
   * Where the roll fell among the results, from the rolling side's point of view: the chance
   * of a worse result plus half the chance of this one (0.5 is an average roll; 0 the worst
   * luck, 1 the best).
   */
  readonly luck: number;
}

export interface BattleRecord {
  readonly turn: number;
  readonly title: string;
  readonly at: number;
  /** The side attacking (the first roll's). */
  readonly attacker: string;
  readonly rolls: readonly BattleRoll[];
  /** Losses the battle caused (those counted while it was being resolved), by side. */
  readonly losses: Readonly<Record<string, SideTally>>;
  /** The attacker's luck over its rolls (the defender's rolls counted from the other end), in [0, 1]. */
  readonly luck: number;
}

/** A place changing hands. */
export interface CaptureRecord {
  readonly turn: number;
  readonly place: string;
  readonly at: number;
  readonly by: string;
  readonly from: string | null;
  /** The unit standing there after it changed hands, if any. */
  readonly unit: string | null;
}

export interface GameReport {
  readonly game: string;
  readonly title: string;
  readonly sides: readonly { readonly id: string; readonly name: string; readonly colour: string }[];
  readonly board: BoardDrawing;
  readonly turns: readonly TurnRecord[];
  readonly battles: readonly BattleRecord[];
  readonly captures: readonly CaptureRecord[];
  readonly history: readonly {
    readonly when: string;
    readonly text: string;
    readonly turn?: number | null;
  }[];
  /** The result in words, or null for a game not finished. */
  readonly result: string | null;
  readonly actions: number;
  /** Eliminations counted from the log, by side (the same units the turns' losses sum to). */
  readonly eliminated: Readonly<Record<string, number>>;
}

/** The luck of a result among chances ordered from worst to best for the side rolling. */
export function luckOf(
  chances: readonly { readonly result: string; readonly probability: number }[],
  result: string,
): { chance: number; luck: number } | null {
  let below = 0;
  for (const c of chances) {
    if (c.result === result) return { chance: c.probability, luck: Math.min(1, below + c.probability / 2) };
    below += c.probability;
  }
  return null;
}

/** The nodes that are named places: a hex map's places, or every point. */
export function placeNodes(board: BoardDrawing): { at: number; name: string }[] {
  // A point's name may carry the board's marks ("Kaluga ★2 ▲"): the place is its words.
  if (board.kind === 'points')
    return board.points.map((p, at) => ({ at, name: p.name.replace(/(\s+[^\p{L}\p{N}(]\S*)+$/u, '') }));
  return board.map.places.map((p) => ({ at: p.hex, name: p.name }));
}

/** A loss is counted in the battle resolved just before it if at most this many actions came between. */
const BATTLE_WINDOW = 24;

const add = (to: Record<string, SideTally>, side: string, units: number, steps: number) => {
  const t = to[side] ?? { units: 0, steps: 0 };
  to[side] = { units: t.units + units, steps: t.steps + steps };
};

const tally = (sides: readonly string[]) => Object.fromEntries(sides.map((s) => [s, { units: 0, steps: 0 }]));

/**
 * Builds the report of a replay (an unfinished game too: its last turn is the one under way);
 * `onAction` is told each action replayed (done of the file's), for a page to show progress.
 */
export async function buildReport(
  module: AnyGameModule,
  file: ReplayFile,
  onAction?: (done: number, of: number) => void,
): Promise<Result<GameReport, SetupError[]>> {
  const rules = module.rules;
  if (!module.presentation || !module.progress)
    return err([
      engineSetupError('setup/wrong-game', 'game', `"${module.id}" has no presentation to report with`),
    ]);
  const p: Presentation = await module.presentation();
  const progress = module.progress.bind(module);
  const reading = p.afterAction;
  const sides = module.meta.sides.map((s) => s.id);
  const viewOf = (s: GameState<unknown>) => rules.view(s.state, SERVER);

  const turns: TurnRecord[] = [];
  const battles: (BattleRecord & { rolls: BattleRoll[]; losses: Record<string, SideTally>; last: number })[] =
    [];
  const captures: CaptureRecord[] = [];
  const eliminated: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
  let turnLosses: Record<string, SideTally> = tally(sides);
  const totalLosses: Record<string, SideTally> = tally(sides);
  const places = new Map<number, string>();
  let board: BoardDrawing | null = null;
  let before: unknown = null;
  let beforeHolders: readonly (string | null)[] = [];
  let logLength = 0;
  let turn = 0;

  const closeTurn = (view: unknown, over: boolean) => {
    const pr = progress(view);
    const holders = reading ? reading.holders(view) : [];
    const held: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
    const heldPlaces: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
    holders.forEach((h, at) => {
      if (h === null) return;
      held[h] = (held[h] ?? 0) + 1;
      if (places.has(at)) heldPlaces[h] = (heldPlaces[h] ?? 0) + 1;
    });
    const vp: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
    for (const item of p.words.score(view, over).items) vp[item.side] = (vp[item.side] ?? 0) + item.points;
    turns.push({
      turn: pr.turn,
      label: `Turn ${pr.turn}${pr.date ? ` (${pr.date})` : ''}`,
      holders,
      held,
      places: heldPlaces,
      vp,
      losses: turnLosses,
      totalLosses: structuredClone(totalLosses),
    });
    turnLosses = tally(sides);
  };

  const record = (ev: AfterActionEvent, index: number) => {
    if (ev.kind === 'loss') {
      add(turnLosses, ev.side, ev.units, ev.steps);
      add(totalLosses, ev.side, ev.units, ev.steps);
      eliminated[ev.side] = (eliminated[ev.side] ?? 0) + ev.units;
      const open = battles.at(-1);
      if (open && open.turn === turn && index - open.last <= BATTLE_WINDOW && near(open.at, ev.at))
        add(open.losses, ev.side, ev.units, ev.steps);
      return;
    }
    const l = luckOf(ev.chances, ev.result);
    if (!l) return;
    const roll: BattleRoll = {
      side: ev.attacker,
      result: ev.result,
      ...(ev.column ? { column: ev.column } : {}),
      ...l,
    };
    const open = battles.at(-1);
    if (
      open &&
      open.turn === turn &&
      open.at === ev.at &&
      open.title === ev.title &&
      index - open.last <= BATTLE_WINDOW
    ) {
      open.rolls.push(roll);
      open.last = index;
    } else
      battles.push({
        turn,
        title: ev.title,
        at: ev.at,
        attacker: ev.attacker,
        rolls: [roll],
        losses: tally(sides),
        luck: 0,
        last: index,
      });
  };

  const onStep = (s: GameState<unknown>, index: number) => {
    const after = viewOf(s);
    const pr = progress(after);
    if (before !== null && pr.turn > turn && turn > 0) closeTurn(before, false);
    if (pr.turn > turn) turn = pr.turn;
    if (reading && before !== null) {
      const entries = s.log.slice(logLength);
      for (const ev of reading.events(before, after, entries)) record(ev, index);
      const holders = reading.holders(after);
      for (const [at, name] of places) {
        const was = beforeHolders[at] ?? null;
        const now = holders[at] ?? null;
        if (now === null || now === was) continue;
        // The unit standing there; else one the action's log names (a unit that passed through).
        const drawn = p.board.pieces(after);
        const named = entries
          .map((e) => e.data?.unit ?? e.data?.piece)
          .filter((id) => typeof id === 'string');
        const unit =
          drawn.findLast((x) => x.at === at && x.side === now)?.label ??
          drawn.find((x) => x.side === now && named.includes(x.id))?.label ??
          null;
        captures.push({ turn, place: name, at, by: now, from: was, unit });
      }
      beforeHolders = holders;
    }
    logLength = s.log.length;
    before = after;
    onAction?.(index + 1, file.actions.length);
  };

  /** Whether a loss at `at` may belong to the battle at `battle`: at most 3 hexes away, or a point next to it. */
  const near = (battle: number, at: number) => {
    if (!board || at < 0 || battle < 0 || at === battle) return true;
    if (board.kind === 'points')
      return board.lines.some(
        (l) => (l.from === battle && l.to === at) || (l.to === battle && l.from === at),
      );
    return axialDistance(hexAxial(board.map, battle), hexAxial(board.map, at)) <= 3;
  };

  // The position before the first action: the board, the places, the holders at the start.
  const start = setup(rules, file.scenario, file.seed, (file.options ?? {}) as Record<string, unknown>);
  if (!start.ok) return start;
  before = viewOf(start.value);
  board = p.board.drawing(before);
  for (const pl of placeNodes(board)) places.set(pl.at, pl.name);
  beforeHolders = reading ? reading.holders(before) : [];
  logLength = start.value.log.length;
  turn = progress(before).turn;

  const r = replay(rules, file, onStep);
  if (!r.ok) return r;
  const outcome = rules.outcome(r.value.state);
  closeTurn(before, outcome !== null);

  return ok({
    game: module.id,
    title: module.meta.title,
    sides: module.meta.sides.map((s) => ({ id: s.id, name: p.words.sideName(s.id), colour: s.colour })),
    board,
    turns,
    battles: battles.map(({ last: _last, ...b }) => ({ ...b, luck: battleLuck(b) })),
    captures,
    history: reading?.history ?? [],
    result: outcome ? p.words.result(outcome) : null,
    actions: file.actions.length,
    eliminated,
  });
}

/** The attacker's luck over a battle's rolls: its own as they are, the other side's from the other end. */
function battleLuck(b: { attacker: string; rolls: readonly BattleRoll[] }): number {
  const sum = b.rolls.reduce((a, r) => a + (r.side === b.attacker ? r.luck : 1 - r.luck), 0);
  return b.rolls.length > 0 ? sum / b.rolls.length : 0.5;
}
