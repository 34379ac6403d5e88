/**
 * A new game: the request checked (game, sides, webhooks, options, AI seats and levels,
 * room for one more game of AI against AI, the scenario set up once), then stored
 * with its dice commitment and a token per human seat, the spectators and the creator.
 */
import { formatSetupErrors, setup } from '@stavka/engine';
import { commitmentOf, newContribution, newSecret } from '../dice.ts';
import { ApiError } from '../errors.ts';
import type { SeatRecord } from '../store.ts';
import { newWebhookSecret } from '../webhooks.ts';
import type { AnyRules } from './cached-game.ts';
import { aiLevelProblem, aiSeatProblem, CATALOG, optionsProblem, rulesFor } from './catalog.ts';
import type { ServiceContext } from './context.ts';
import { isoNow, newGameRecord, newToken, tokenHash } from './records.ts';
import { checkWebhook, startIfReady } from './seats.ts';

export type PlayerKind = 'human' | 'ai';

export interface SeatSpec {
  readonly player?: PlayerKind;
  /** An AI seat's level: a player of the game's module by name ("ai1", "greedy"...; default its `ai`). */
  readonly level?: string;
  readonly webhook?: string | null;
}

export interface CreateGame {
  readonly game: string;
  /** null or absent: the game's standard scenario. */
  readonly scenario?: unknown;
  readonly options?: Record<string, unknown>;
  /**
   * The analyst (issue #48) offered to both seats: agreed at creation, by the creator and
   * by whoever joins (the game's summary shows it); never changed after. Default false.
   */
  readonly analyst?: boolean;
  readonly seats?: Readonly<Record<string, SeatSpec>>;
  /**
   * Who asks (the client's address, as the quotas count it): the games of AI against AI
   * are bounded per creator, and take turns at the AI workers by creator (issue #46).
   */
  readonly owner?: string;
}

/**
 * Makes a new game. `setupChecked`: its scenario and options were set up elsewhere (a
 * worker thread) and hold; `id`: the new game's id (a threaded server routes by it).
 */
export async function create(ctx: ServiceContext, req: CreateGame, setupChecked: boolean, id: string) {
  const analyst: unknown = req.analyst ?? false;
  if (typeof analyst !== 'boolean')
    throw new ApiError(
      400,
      'game/bad-analyst',
      `"analyst" is true or false (the analyst offered to both seats), not ${JSON.stringify(analyst)}`,
    );
  const rules = checkedRules(req);
  const specs = req.seats ?? {};
  for (const spec of Object.values(specs)) if (spec.webhook) checkWebhook(ctx, spec.webhook);
  const scenario = req.scenario ?? null;
  const options = req.options ?? {};
  const bad = optionsProblem(rules.id, options);
  if (bad) throw new ApiError(422, 'game/bad-options', bad);
  checkAiSeats(rules, specs);
  const aiOnly = rules.sides.every((side) => specs[side]?.player === 'ai');
  if (aiOnly) ctx.aiOnly.checkRoom(req.owner ?? '');
  // The scenario and options are checked once, before anything is stored.
  if (!setupChecked) {
    const trial = setup(rules, scenario, 'trial', options);
    if (!trial.ok) throw new ApiError(422, 'game/bad-setup', formatSetupErrors(trial.error));
  }

  const secret = newSecret();
  const at = isoNow();
  const { record, spectator, admin } = newGameRecord(id, rules, at, {
    scenario,
    options,
    status: 'waiting',
    seq: 0,
    commitment: commitmentOf(secret),
    secret,
    seed: null,
    final_hash: null,
    origin: 'created',
    analyst,
  });
  const { seats, tokens, hookSecrets } = newSeats(id, rules, specs, at);
  await ctx.store.createGame(record, seats);
  if (aiOnly) ctx.aiOnly.started(id, req.owner ?? '');
  if (seats.every((s) => s.contribution !== null)) {
    await ctx.withLock(id, async () => startIfReady(ctx, await ctx.games.fresh(id)));
  }
  return {
    id,
    game: rules.id,
    commitment: record.commitment!,
    seats: Object.fromEntries(
      seats.map((s) => [
        s.side,
        {
          player: s.player,
          ...(tokens[s.side] ? { token: tokens[s.side] } : {}),
          // Shown once: the seat checks with it that a notice comes from this server.
          ...(hookSecrets[s.side] ? { webhookSecret: hookSecrets[s.side] } : {}),
        },
      ]),
    ),
    spectator: { token: spectator },
    admin: { token: admin },
  };
}

/** The rules of the game asked for, whose sides the seats asked for all are. */
function checkedRules(req: CreateGame): AnyRules {
  const rules = rulesFor(req.game);
  if (!rules) {
    throw new ApiError(
      422,
      'game/unknown',
      `no game "${req.game}" here (games: ${Object.keys(CATALOG).join(', ')})`,
    );
  }
  for (const side of Object.keys(req.seats ?? {})) {
    if (!rules.sides.includes(side)) {
      throw new ApiError(
        422,
        'game/unknown-side',
        `no side "${side}" in ${rules.id} (sides: ${rules.sides.join(', ')})`,
      );
    }
  }
  return rules;
}

/** AI seats only in a game with an AI player, and a level only for an AI seat, one the game has. */
function checkAiSeats(rules: AnyRules, specs: Readonly<Record<string, SeatSpec>>): void {
  if (Object.values(specs).some((spec) => spec.player === 'ai')) {
    const noAi = aiSeatProblem(rules.id);
    if (noAi) throw new ApiError(422, 'game/no-ai', noAi);
  }
  for (const spec of Object.values(specs)) {
    if (spec.level === undefined) continue;
    if (spec.player !== 'ai')
      throw new ApiError(422, 'game/bad-level', 'a level is for an AI seat ("player": "ai")');
    const badLevel = aiLevelProblem(rules.id, spec.level);
    if (badLevel) throw new ApiError(422, 'game/bad-level', badLevel);
  }
}

/**
 * The new game's seats: a human seat's token (shown once, its hash stored), an AI seat
 * joined at once with a contribution of its own, a webhook's signing secret.
 */
function newSeats(id: string, rules: AnyRules, specs: Readonly<Record<string, SeatSpec>>, at: string) {
  const tokens: Record<string, string> = {};
  const hookSecrets: Record<string, string> = {};
  const seats: SeatRecord[] = rules.sides.map((side) => {
    const player = specs[side]?.player ?? 'human';
    const t = newToken('st');
    if (player === 'human') tokens[side] = t;
    const webhook = specs[side]?.webhook ?? null;
    if (webhook) hookSecrets[side] = newWebhookSecret();
    return {
      game_id: id,
      side,
      player,
      token_hash: tokenHash(t),
      contribution: player === 'ai' ? newContribution() : null,
      joined_at: player === 'ai' ? at : null,
      webhook_url: webhook,
      webhook_secret: hookSecrets[side] ?? null,
      ai_player: player === 'ai' ? (specs[side]?.level ?? null) : null,
    };
  });
  return { seats, tokens, hookSecrets };
}
