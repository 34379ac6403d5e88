/**
 * Plays a whole game between two players through the engine contract, recording the
 * replay. Deterministic: the same seeds give the same game, action for action.
 */
import {
  type Action,
  applyUnchecked,
  type GameOutcome,
  type GameRules,
  type GameState,
  type ReplayFile,
  replayFileOf,
  setup,
  stateHash,
} from '../game.ts';
import type { Player } from '../module.ts';
import type { Seed } from '../rng.ts';

export interface PlayoutResult<G> {
  readonly state: GameState<G>;
  readonly outcome: GameOutcome | null;
  readonly replay: ReplayFile;
  readonly actions: number;
  readonly hash: string;
}

export interface PlayoutOptions<G> {
  readonly scenario?: unknown;
  readonly options?: Record<string, unknown>;
  /** Stop after this many actions (a safety net: a game that long is a bug). */
  readonly maxActions?: number;
  /** Called after every action, e.g. to check invariants. */
  readonly onAction?: (state: GameState<G>, side: string, action: Action) => void;
}

export function playout<G>(
  rules: GameRules<G, Action, Record<string, unknown>>,
  seed: Seed,
  players: Readonly<Record<string, Player>>,
  opts: PlayoutOptions<G> = {},
): PlayoutResult<G> {
  const made = setup(rules, opts.scenario ?? null, seed, opts.options ?? {});
  if (!made.ok) throw new Error(`setup failed: ${JSON.stringify(made.error.slice(0, 3))}`);
  let s = made.value;
  const actions: { side: string; action: Action }[] = [];
  const max = opts.maxActions ?? 100_000;
  for (;;) {
    const side = rules.activeSides(s.state)[0];
    if (side === undefined) break;
    if (actions.length >= max) throw new Error(`game ${String(seed)} exceeded ${max} actions`);
    const player = players[side];
    if (!player) throw new Error(`no player for ${side}`);
    const action = player.choose(rules as GameRules<G, Action, unknown>, s, side);
    s = applyUnchecked(rules, s, side, action);
    actions.push({ side, action });
    opts.onAction?.(s, side, action);
  }
  return {
    state: s,
    outcome: rules.outcome(s.state),
    replay: replayFileOf(rules, { ...opts, seed }, actions),
    actions: actions.length,
    hash: stateHash(s),
  };
}
