/**
 * A game's replay as the server gives it: a seat's own actions while the game goes on,
 * and once it is over the whole file (`stavka-replay/1`: seed, actions, hashes, dice) that
 * `stavka replay` and `stavka verify` read and `POST /import` takes.
 */
import type { Action, ReplayFile, Seed } from '@stavka/engine';
import { DICE_SCHEME, type DiceRecord } from '../dice.ts';
import { ApiError } from '../errors.ts';
import type { GameRecord } from '../store.ts';
import type { CachedGame } from './cached-game.ts';
import type { ServiceContext } from './context.ts';
import { importedPart } from './imports.ts';
import { type Principal, reading } from './principals.ts';

/** The file `GET /export` gives and `POST /import` takes; `stavka replay` and `stavka verify` read it. */
export interface ExportedGame extends ReplayFile {
  readonly format: 'stavka-replay/1';
  /** stateHash after each action. */
  readonly hashes: readonly string[];
  readonly finalHash: string | null;
  readonly dice?: DiceRecord;
  readonly server?: { readonly gameId: string; readonly origin: string; readonly createdAt: string };
  /**
   * An imported game played on here: after its first `action` actions (the file's, rolled
   * from `seed` above) it rolled from this seed, derived from this server's secret and
   * the seats' contributions (`dice`). `replay` of the engine does not know it; the
   * server's import (verifyImport) does (issue #46).
   */
  readonly resumed?: { readonly action: number; readonly seed: Seed; readonly dice?: DiceRecord };
}

/** The replay: a seat's own actions while the game goes on, everything once it is over. */
export async function replayFor(ctx: ServiceContext, p: Principal) {
  const g = reading(await ctx.withLock(p.gameId, () => ctx.games.fresh(p.gameId)), p);
  if (g.record.status === 'over') return { final: true, file: await exportFile(ctx, p) };
  const rows = await ctx.store.actions(g.id);
  return {
    final: false,
    actions: rows
      .filter((r) => r.seq <= g.seq)
      .map((r) => ({
        seq: r.seq,
        side: r.side,
        action: p.side !== null && r.side === p.side ? (JSON.parse(r.action) as Action) : null,
      })),
  };
}

export async function exportFile(ctx: ServiceContext, p: Principal): Promise<ExportedGame> {
  const g = reading(await ctx.withLock(p.gameId, () => ctx.games.fresh(p.gameId)), p);
  if (g.record.status !== 'over') {
    throw new ApiError(
      409,
      'game/not-over',
      'a game is exported once it is over (its dice stay secret until then)',
    );
  }
  const rows = await ctx.store.actions(g.id);
  const dice = diceRecord(g);
  return {
    format: 'stavka-replay/1',
    game: g.record.game,
    rulesVersion: g.record.rules_version,
    scenario: JSON.parse(g.record.scenario),
    ...exportedSeed(g.record, dice),
    options: JSON.parse(g.record.options),
    actions: rows.map((r) => ({ side: r.side, action: JSON.parse(r.action) as Action })),
    hashes: rows.map((r) => r.hash),
    finalHash: g.record.final_hash,
    server: { gameId: g.id, origin: g.record.origin, createdAt: g.record.created_at },
  };
}

/** The game's dice: its commitment, secret and every seat's contribution, once all have joined. */
export function diceRecord(g: CachedGame): DiceRecord | null {
  if (!g.record.commitment || !g.record.secret) return null;
  if (g.seats.some((s) => s.contribution === null)) return null;
  return {
    scheme: DICE_SCHEME,
    commitment: g.record.commitment,
    secret: g.record.secret,
    contributions: Object.fromEntries(g.seats.map((s) => [s.side, s.contribution!])),
  };
}

/**
 * An export's seed and dice: a game made here, or a finished import, as it was set up;
 * an import played on here, its file's seed and dice, then `resumed` with its own.
 */
function exportedSeed(
  record: GameRecord,
  dice: DiceRecord | null,
): Pick<ExportedGame, 'seed' | 'dice' | 'resumed'> {
  const part = importedPart(record);
  if (part?.resumes && part.actions > 0) {
    return {
      seed: part.seed,
      ...(part.dice ? { dice: part.dice } : {}),
      resumed: { action: part.actions, seed: JSON.parse(record.seed!) as Seed, ...(dice ? { dice } : {}) },
    };
  }
  return { seed: JSON.parse(record.seed!) as Seed, ...(dice ? { dice } : {}) };
}
