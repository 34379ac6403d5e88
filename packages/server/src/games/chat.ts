/**
 * The seats' chat and notes (table `messages`): stored, then pushed on the live channels
 * of the seats that may read them, here and (NOTIFY) in every other process serving the
 * database. Spectators read none: the chat is the seats'.
 */
import { ApiError } from '../errors.ts';
import type { LiveChatMessage } from '../live.ts';
import type { MessageRecord } from '../store.ts';
import type { ServiceContext } from './context.ts';
import { type Principal, reading, seatSide } from './principals.ts';
import { isoNow } from './records.ts';
import { safeSend, type Watcher } from './watchers.ts';

export type ChatMessage = LiveChatMessage;

/**
 * What a game keeps of its seats' messages, and how long one may be. Each seat has caps
 * of its own for its chat lines and for its notes (a seat filling its notes shuts nobody
 * out), counted in bytes of text as well as in messages: a seat keeps at most 64 KiB,
 * a two-seat game 128 KiB (issue #46; docs/self-hosting.md).
 */
export const CHAT_LIMITS = {
  length: 1000,
  shown: 200,
  chat: { count: 400, bytes: 48 * 1024 },
  notes: { count: 100, bytes: 16 * 1024 },
} as const;

/**
 * Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069):
 * they make a line read otherwise than it is stored ("Trojan Source"); refused.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

export class SeatChat {
  /** Per watched game: the last message seq its watchers were sent (see sync). */
  private readonly seen = new Map<string, number>();

  constructor(private readonly ctx: ServiceContext) {}

  /**
   * What seat `p` may read of the game's messages (the last CHAT_LIMITS.shown): the
   * seats' chat and its own notes.
   */
  async messages(p: Principal): Promise<{ messages: ChatMessage[]; online: string[] }> {
    const { ctx } = this;
    const side = seatSide(p);
    reading(await ctx.withLock(p.gameId, () => ctx.games.fresh(p.gameId)), p);
    const rows = await ctx.store.messages(p.gameId, 0, CHAT_LIMITS.shown);
    const online = new Set([...ctx.watchers.online(p.gameId), ...(await ctx.store.presence(p.gameId))]);
    return {
      messages: rows.filter((r) => chatVisible(r, side)).map(chatOf),
      online: [...online].sort(),
    };
  }

  /** A seat says something to the other seats (or notes it for itself: `note`). */
  async say(p: Principal, text: unknown, note: unknown): Promise<ChatMessage> {
    const { ctx } = this;
    const side = seatSide(p);
    const body = chatBody(text, note);
    reading(await ctx.withLock(p.gameId, () => ctx.games.fresh(p.gameId)), p);
    const caps = note ? CHAT_LIMITS.notes : CHAT_LIMITS.chat;
    const row = await ctx.store.addMessage(
      { game_id: p.gameId, side, private: note ? 1 : 0, body, created_at: isoNow() },
      caps,
    );
    if (!row) {
      throw new ApiError(
        409,
        'chat/full',
        `the ${side} seat keeps at most ${caps.count} ${note ? 'notes' : 'chat lines'} of ${caps.bytes / 1024} KiB together`,
      );
    }
    await this.sync(p.gameId);
    ctx.store.notify(p.gameId).catch((e) => ctx.warn(e));
    return chatOf(row);
  }

  /** A new watcher of seat `p`: what the seat was told while away (the last CHAT_LIMITS.shown). */
  async welcome(p: Principal, w: Watcher): Promise<void> {
    const rows = await this.ctx.store.messages(p.gameId, 0, CHAT_LIMITS.shown);
    this.seen.set(p.gameId, Math.max(this.seen.get(p.gameId) ?? 0, rows.at(-1)?.seq ?? 0));
    const mine = rows.filter((r) => chatVisible(r, p.side));
    safeSend(w, JSON.stringify({ type: 'chat', whole: true, messages: mine.map(chatOf) }));
  }

  /** Pushes the messages stored since this process last looked to the watchers that may read them. */
  async sync(id: string): Promise<void> {
    const { ctx } = this;
    const set = ctx.watchers.of(id);
    if (!set || ![...set].some((w) => w.side !== null)) return;
    await ctx.withLock(id, async () => {
      const rows = await ctx.store.messages(id, this.seen.get(id) ?? 0, CHAT_LIMITS.shown);
      if (rows.length === 0) return;
      this.seen.set(id, rows.at(-1)!.seq);
      for (const w of ctx.watchers.of(id) ?? []) {
        const mine = rows.filter((r) => chatVisible(r, w.side));
        if (mine.length > 0) safeSend(w, JSON.stringify({ type: 'chat', messages: mine.map(chatOf) }));
      }
    });
  }

  /** Game `id` is watched here no more. */
  forget(id: string): void {
    this.seen.delete(id);
  }
}

/**
 * A message's text as stored: control characters (but line breaks and tabs) dropped,
 * what is left trimmed; refused (400 chat/...) when empty, too long or not plain text.
 */
function chatBody(text: unknown, note: unknown): string {
  if (typeof text !== 'string') throw new ApiError(400, 'chat/bad-text', 'text is a string');
  const body = text.replace(/[^\P{Cc}\n\t]/gu, '').trim();
  if (body.length === 0) throw new ApiError(400, 'chat/empty', 'say something: the text is empty');
  if (BIDI_CONTROLS.test(body))
    throw new ApiError(
      400,
      'chat/bad-text',
      'a message has no bidirectional control characters (U+202A-U+202E, U+2066-U+2069)',
    );
  if (body.length > CHAT_LIMITS.length)
    throw new ApiError(400, 'chat/too-long', `a message is at most ${CHAT_LIMITS.length} characters`);
  if (note !== undefined && typeof note !== 'boolean')
    throw new ApiError(400, 'chat/bad-note', 'note is true (only you read it) or false');
  return body;
}

function chatVisible(m: MessageRecord, side: string | null): boolean {
  return side !== null && (m.private === 0 || m.side === side);
}

function chatOf(m: MessageRecord): ChatMessage {
  return { seq: m.seq, side: m.side, private: m.private === 1, text: m.body, at: m.created_at };
}
