/**
 * One game of `stavka simulate`: the players made by name from the game's module, the
 * game played out on its seed (the engine's `playout`), and its summary. The same seed,
 * players and options give the same game, here or in a worker thread (`simulate-pool.ts`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Action,
  type AnyGameModule,
  type GameRules,
  type GameState,
  type Player,
  playout,
  view,
} from '@stavka/engine';
import { GAMES, playableGame } from '@stavka/games';
import { UsageError } from './calc.ts';

/** The games simulate can play: every playable game of the registry. */
export const SIMULATED_GAMES = Object.keys(GAMES).filter((id) => playableGame(id));

/** A game's players by name (`ai` is its AI at the default level; `ai1`.. name a level). */
export function playerNames(game: string): string[] {
  return Object.keys(playableGame(game)?.players ?? {});
}

/** A playable game's module, or a usage error naming the games there are. */
export function moduleOf(
  game: string,
): AnyGameModule & { rules: GameRules<unknown, Action, Record<string, unknown>> } {
  const m = playableGame(game);
  if (!m) throw new UsageError(`no game "${game}" to simulate (one of ${SIMULATED_GAMES.join(', ')})`);
  return m;
}

/** Refuses a player the game does not have, naming the ones it has. */
export function checkPlayerName(game: string, kind: string): void {
  if (!playerNames(game).includes(kind))
    throw new UsageError(`unknown player "${kind}" (one of ${playerNames(game).join(', ')})`);
}

export interface GameSummary {
  seed: number;
  winner: string;
  vp: Record<string, number>;
  turns: number;
  actions: number;
  hash: string;
  /** Thinking time of each AI player-turn, ms, per side (not part of the JSON games: it varies). */
  aiTurnMs?: Record<string, number[]>;
}

/** What every game of a run shares: where its replays go, and the optional rules switched. */
export interface RunSettings {
  readonly save?: string;
  readonly options?: Readonly<Record<string, boolean>>;
  /** A scenario file of the game (`stavka scenario` writes one) instead of its standard scenario. */
  readonly scenario?: unknown;
}

function makePlayer(game: string, kind: string, seed: string): Player {
  const m = moduleOf(game);
  const made = m.players && Object.hasOwn(m.players, kind) ? m.players[kind] : undefined;
  if (!made) throw new UsageError(`unknown player "${kind}" (one of ${playerNames(game).join(', ')})`);
  return made.make(seed);
}

/**
 * Wraps a player to time its thinking, summed per player-turn: the game-turn its view
 * shows (the module's progress) and the side; set-up counts with the first turn.
 */
function timed(m: AnyGameModule, player: Player, turns: Map<string, number>): Player {
  return {
    name: player.name,
    choose<G>(r: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
      const t0 = performance.now();
      const a = player.choose(r, state, side);
      const turn = m.progress ? m.progress(view(r, state, side).state).turn : 0;
      const key = `${turn}:${side}`;
      turns.set(key, (turns.get(key) ?? 0) + performance.now() - t0);
      return a;
    },
  };
}

/** Plays one game; the same seed, players and options give the same game. */
export function playGame(
  kinds: readonly string[],
  seed: number,
  game: string,
  { save, options, scenario }: RunSettings = {},
): GameSummary {
  const m = moduleOf(game);
  const rules = m.rules;
  const players: Record<string, Player> = {};
  const times: Record<string, Map<string, number>> = {};
  rules.sides.forEach((side, k) => {
    const kind = kinds[k]!;
    const p = makePlayer(game, kind, `player:${side}:${seed}`);
    if (kind.startsWith('ai')) {
      times[side] = new Map();
      players[side] = timed(m, p, times[side]);
    } else players[side] = p;
  });
  const r = playout(rules, seed, players, {
    ...(options ? { options: { ...options } } : {}),
    ...(scenario !== undefined ? { scenario } : {}),
  });
  const o = r.outcome;
  if (save) {
    writeFileSync(
      join(save, `${game}-${seed}.json`),
      `${JSON.stringify({ ...r.replay, finalHash: r.hash })}\n`,
    );
  }
  return {
    seed,
    winner: o ? (o.winner ?? 'draw') : 'unfinished',
    vp: Object.fromEntries([...rules.sides].sort().map((side) => [side, o?.score[side] ?? 0])),
    turns: m.progress ? m.progress(view(rules, r.state, null).state).turn : 0,
    actions: r.actions,
    hash: r.hash,
    ...(Object.keys(times).length
      ? { aiTurnMs: Object.fromEntries(Object.entries(times).map(([s, m]) => [s, [...m.values()]])) }
      : {}),
  };
}
