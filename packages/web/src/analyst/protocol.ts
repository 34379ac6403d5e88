/**
 * The analyst's worker and the page speak this (issue #48 item 2): the page asks for a
 * position's analysis, the worker answers with the engine's `analyse` run in growing
 * batches of rollouts (a first reading at once, a firmer one after), each batch's result
 * posted as it comes; a newer request or a cancel stops the batches still to run. The
 * handler is plain code (no Worker, no DOM): `worker.ts` wires it to the worker's messages,
 * and node tests drive it directly.
 */
import {
  type Action,
  type Analysis,
  analyse,
  type GameAnalyst,
  type GameRules,
  type GameState,
  type Seed,
  type Viewer,
} from '@stavka/engine';
import { cardOf } from '@stavka/games/catalog';

/** The batches of rollouts a request runs, in order: each a whole analysis of its own. */
export const BATCHES: readonly number[] = [8, 32, 128, 512];

/** The most rollouts one request may ask (a phone's worker should still finish). */
export const MAX_ROLLOUTS = 4096;

/** Asks for the analysis of `state` as `viewer` may see it; supersedes any earlier request. */
export interface AnalyseRequest {
  readonly type: 'analyse';
  /** The page's number for this request: every reply carries it. */
  readonly id: number;
  /** The game's id (its card loads its module). */
  readonly game: string;
  /** The position: the state the viewer may see (an online seat's view, a replay's whole state). */
  readonly state: GameState<unknown>;
  readonly viewer: Viewer;
  /** `state` is already `viewer`'s view (an online seat's page has nothing more): read as it is. */
  readonly asView?: boolean;
  /** The rollouts of the last batch (the batches below it run first). */
  readonly rollouts: number;
  readonly seed: Seed;
}

/** Stops request `id`'s batches still to run (the position changed). */
export interface CancelRequest {
  readonly type: 'cancel';
  readonly id: number;
}

export type AnalystRequest = AnalyseRequest | CancelRequest;

export type AnalystReply =
  /** One batch's analysis; `final`: the request's last. */
  | { readonly type: 'result'; readonly id: number; readonly analysis: Analysis; readonly final: boolean }
  /** The request was refused or failed (bad input, a game without an analyst): nothing else comes for it. */
  | { readonly type: 'error'; readonly id: number; readonly message: string };

/** What the worker needs of a game: its rules and its analyst. */
export interface AnalystGame {
  readonly rules: GameRules<unknown, Action, unknown>;
  readonly analyst: GameAnalyst<unknown>;
}

/** A game's rules and analyst as the page loads them (its card's `module()`), or why the analyst cannot read it. */
export async function loadAnalystGame(game: string): Promise<AnalystGame> {
  const card = cardOf(game);
  if (!card) throw new Error(`analyst: "${game.slice(0, 40)}" is no game this version plays`);
  const module = await card.module();
  if (!module.analyst) throw new Error(`analyst: ${card.meta.title} has no analyst yet`);
  return { rules: module.rules, analyst: module.analyst };
}

/** The batches of a request for `rollouts`: those of BATCHES below it, then `rollouts` itself. */
export function batchesFor(rollouts: number): number[] {
  return [...BATCHES.filter((n) => n < rollouts), rollouts];
}

/** A message from the page read as a request, or what is wrong with it. */
export function readRequest(msg: unknown): AnalystRequest | { readonly error: string; readonly id: number } {
  if (typeof msg !== 'object' || msg === null) return { error: 'analyst: a message is an object', id: -1 };
  const m = msg as Record<string, unknown>;
  const id = typeof m.id === 'number' && Number.isInteger(m.id) ? m.id : -1;
  if (id < 0) return { error: 'analyst: id is a whole number from 0', id: -1 };
  if (m.type === 'cancel') return { type: 'cancel', id };
  if (m.type !== 'analyse') return { error: `analyst: no message "${String(m.type).slice(0, 20)}"`, id };
  if (typeof m.game !== 'string') return { error: 'analyst: game is a game id', id };
  if (typeof m.viewer !== 'string' || m.viewer === '') return { error: 'analyst: viewer is a side', id };
  const r = m.rollouts;
  if (typeof r !== 'number' || !Number.isInteger(r) || r < 1 || r > MAX_ROLLOUTS)
    return { error: `analyst: rollouts is a whole number from 1 to ${MAX_ROLLOUTS}`, id };
  if (typeof m.seed !== 'string' && typeof m.seed !== 'number')
    return { error: 'analyst: seed is a string or a number', id };
  if (m.asView !== undefined && typeof m.asView !== 'boolean')
    return { error: 'analyst: asView is true or false', id };
  const s = m.state as Record<string, unknown> | null;
  if (typeof s !== 'object' || s === null || s.game !== m.game || !('state' in s))
    return { error: `analyst: state is a state of ${m.game}`, id };
  return {
    type: 'analyse',
    id,
    game: m.game,
    state: m.state as GameState<unknown>,
    viewer: m.viewer,
    ...(m.asView === true ? { asView: true } : {}),
    rollouts: r,
    seed: m.seed,
  };
}

/**
 * The worker's side: given how to load a game, post a reply and run something later (after
 * the messages waiting: a cancel is read between two batches), a function taking each
 * message from the page. Only the latest request runs; a batch under way finishes (the
 * page, which cannot wait for it, may end the worker instead).
 */
export function analystHandler(deps: {
  load(game: string): Promise<AnalystGame>;
  post(reply: AnalystReply): void;
  later(run: () => void): void;
}): (msg: unknown) => void {
  /** The request whose batches may still run (null: none). */
  let running: number | null = null;
  const fail = (id: number, message: string) => deps.post({ type: 'error', id, message });
  const run = (req: AnalyseRequest, game: AnalystGame, batches: readonly number[], i: number) => {
    if (running !== req.id) return;
    const rollouts = batches[i]!;
    let analysis: Analysis;
    try {
      analysis = analyse(game.rules, game.analyst, req.state, req.viewer, {
        rollouts,
        seed: req.seed,
        asView: req.asView === true,
      });
    } catch (e) {
      running = null;
      fail(req.id, `analyst: ${(e as Error).message}`);
      return;
    }
    const final = i === batches.length - 1;
    if (final) running = null;
    deps.post({ type: 'result', id: req.id, analysis, final });
    if (!final) deps.later(() => run(req, game, batches, i + 1));
  };
  return (msg) => {
    const req = readRequest(msg);
    if ('error' in req) {
      fail(req.id, req.error);
      return;
    }
    if (req.type === 'cancel') {
      if (running === req.id) running = null;
      return;
    }
    running = req.id;
    deps.load(req.game).then(
      (game) => run(req, game, batchesFor(req.rollouts), 0),
      (e: Error) => {
        if (running === req.id) running = null;
        fail(req.id, e.message);
      },
    );
  };
}
