/**
 * Replay files imported as new games (issue #46): a finished game kept as it ended, one
 * to play on a new game whose seats join as a made game's do, with the file's seed and
 * actions kept (`games.imported`, migration 0008) and its own server secret after them.
 */
import type { Seed } from '@stavka/engine';
import { playableGame } from '@stavka/games';
import { commitmentOf, type DiceRecord, newSecret } from '../dice.ts';
import { ApiError } from '../errors.ts';
import type { ActionRecord, GameRecord, SeatRecord } from '../store.ts';
import { type VerifiedImport, verifyImportOf } from '../verify-import.ts';
import type { AnyRules } from './cached-game.ts';
import { rulesFor } from './catalog.ts';
import type { ServiceContext } from './context.ts';
import { isoNow, newGameRecord, newToken, tokenHash } from './records.ts';
import type { ExportedGame } from './replays.ts';

/** What an imported game keeps of its file (games.imported, JSON; issue #46). */
export interface ImportedPart {
  /** The seed the file's actions were rolled with, and how many there were. */
  readonly seed: Seed;
  readonly actions: number;
  /** The file's dice record, when it had one (checked at import). */
  readonly dice: DiceRecord | null;
  /** The game it was exported from, as the file says (a server's id, origin and date). */
  readonly from: ExportedGame['server'] | null;
  /** It is played on here (it was not over): after its actions, it rolls from `seed` of the record. */
  readonly resumes: boolean;
}

/** The imported part of a game, or null for one made here. */
export function importedPart(record: GameRecord): ImportedPart | null {
  return record.imported ? (JSON.parse(record.imported) as ImportedPart) : null;
}

/** What the public summary says of an imported game: where it came from and how far. */
export function importedSummary(record: GameRecord) {
  const part = importedPart(record);
  if (!part) return {};
  return {
    imported: {
      actions: part.actions,
      from: part.from
        ? {
            gameId: String(part.from.gameId),
            origin: String(part.from.origin),
            createdAt: String(part.from.createdAt),
          }
        : null,
      verifiedDice: part.dice !== null,
      playedOnHere: part.resumes,
    },
  };
}

/**
 * Replays a file to import and checks it (`verifyImportOf` with the registry's module of
 * the file's game). A refusal is an ApiError (422 replay/...). The work is the file's
 * length in moves, so a server runs it in a worker thread (import-worker.ts).
 */
export function verifyImport(file: ExportedGame): VerifiedImport {
  return verifyImportOf(playableGame(file.game), file);
}

/**
 * Imports a replay file as a new game. `verified`: the file's replay as checked
 * elsewhere (`verifyImport` in a worker thread, import-worker.ts): a server replays an
 * untrusted file off the thread that serves the games; without it, here.
 */
export async function importFile(
  ctx: ServiceContext,
  file: ExportedGame,
  verified: VerifiedImport | undefined,
  id: string,
) {
  const rules = rulesFor(file.game);
  if (!rules)
    throw new ApiError(422, 'replay/unknown-game', `no game "${String(file.game).slice(0, 64)}" here`);
  const { hashes, finalHash, over, snapshot } = verified ?? verifyImport(file);
  const at = isoNow();
  const n = file.actions.length;
  const { record, spectator, admin } = importedRecord(id, rules, at, file, over, finalHash);
  const { seats, tokens } = importedSeats(id, rules, at, file, over);
  const actions: ActionRecord[] = file.actions.map((a, i) => ({
    game_id: id,
    seq: i + 1,
    side: a.side,
    action: JSON.stringify(a.action),
    state_id: i + 1,
    hash: hashes[i]!,
    created_at: at,
  }));
  await ctx.store.createGame(
    record,
    seats,
    actions,
    n > 0 && snapshot !== null ? { seq: n, state: snapshot } : undefined,
  );
  return {
    id,
    game: rules.id,
    status: record.status,
    actions: n,
    finalHash,
    verifiedDice: Boolean(file.dice),
    commitment: record.commitment,
    seats: Object.fromEntries(rules.sides.map((s) => [s, { player: 'human', token: tokens[s]! }])),
    spectator: { token: spectator },
    admin: { token: admin },
  };
}

/**
 * The imported game's record. A finished game is kept as it ended. One to play on is a
 * new game (issue #46): its rolls after the file's last action come from a new server
 * secret and the seats' contributions, never from the seed the file chose.
 */
function importedRecord(
  id: string,
  rules: AnyRules,
  at: string,
  file: ExportedGame,
  over: boolean,
  finalHash: string | null,
) {
  const secret = over ? null : newSecret();
  const part: ImportedPart = {
    seed: file.seed,
    actions: file.actions.length,
    dice: file.dice ?? null,
    from: file.server ?? null,
    resumes: !over,
  };
  const made = newGameRecord(id, rules, at, {
    scenario: file.scenario ?? null,
    options: file.options ?? {},
    status: over ? 'over' : 'waiting',
    seq: file.actions.length,
    commitment: secret ? commitmentOf(secret) : (file.dice?.commitment ?? null),
    secret: secret ?? file.dice?.secret ?? null,
    seed: over ? JSON.stringify(file.seed) : null,
    final_hash: over ? finalHash : null,
    origin: 'imported',
  });
  made.record.imported = JSON.stringify(part);
  return made;
}

/**
 * The imported game's seats, all people's: a finished game's joined with the file's
 * contributions; one to play on waits for each to join with a token of its own, so the
 * importer holds no seat he does not join.
 */
function importedSeats(id: string, rules: AnyRules, at: string, file: ExportedGame, over: boolean) {
  const tokens: Record<string, string> = {};
  const seats: SeatRecord[] = rules.sides.map((side) => {
    const t = newToken('st');
    tokens[side] = t;
    return {
      game_id: id,
      side,
      player: 'human',
      token_hash: tokenHash(t),
      contribution: over ? (file.dice?.contributions[side] ?? 'imported') : null,
      joined_at: over ? at : null,
      webhook_url: null,
      webhook_secret: null,
    };
  });
  return { seats, tokens };
}
