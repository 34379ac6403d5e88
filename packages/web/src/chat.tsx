/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The table's social side in an online game: who is at the table (each seat's player
 * present, away, or the AI), the chat between the seats, and notes a seat keeps for
 * itself. What the server sends and keeps (games.ts: say, messages; live.ts) is the
 * truth: this only shows it and sends what is typed.
 */
import type { LiveChatMessage } from '@stavka/server/live';
import { useEffect, useState } from 'preact/hooks';
import type { Colours } from './counters.ts';
import type { ServerSession } from './server.ts';

export interface Social {
  readonly messages: readonly LiveChatMessage[];
  readonly online: readonly string[];
  readonly players: Readonly<Record<string, string>>;
}

/** The session's social state, kept current. */
export function useSocial(session: ServerSession | null): Social | null {
  const [social, setSocial] = useState<Social | null>(session ? session.social() : null);
  useEffect(() => {
    if (!session) return;
    setSocial(session.social());
    return session.onSocial(() => setSocial(session.social()));
  }, [session]);
  return social;
}

/** Each side's presence as a word: the player of this browser, present, away, or the AI. */
export function presenceOf(
  social: Social,
  side: string,
  mine: readonly string[],
): 'you' | 'here' | 'away' | 'ai' {
  if (social.players[side] === 'ai') return 'ai';
  if (mine.includes(side)) return 'you';
  return social.online.includes(side) ? 'here' : 'away';
}

const PRESENCE_TEXT = { you: 'you', here: 'at the table', away: 'away', ai: 'AI' } as const;

/** The tab's label: how many lines came since the chat was last open. */
export function chatLabel(social: Social | null, seen: number, mine: readonly string[]): string {
  if (!social) return 'Chat';
  const unread = social.messages.filter((m) => m.seq > seen && !mine.includes(m.side)).length;
  return unread > 0 ? `Chat (${unread})` : 'Chat';
}

/** Who is at the table, in a line: for the status bar of an online game. */
export function PresenceLine(p: {
  social: Social;
  sides: readonly string[];
  mine: readonly string[];
  sideName: (side: string) => string;
  colours: Colours;
}) {
  return (
    <ul class="presence" aria-label="who is at the table">
      {p.sides.map((side) => {
        const state = presenceOf(p.social, side, p.mine);
        return (
          <li key={side} class={`seat-presence presence-${state}`}>
            <span
              class="dot"
              style={{ background: state === 'away' ? '#bbb' : (p.colours[side]?.fill ?? '#4a4') }}
            />
            {p.sideName(side)}: {PRESENCE_TEXT[state]}
          </li>
        );
      })}
    </ul>
  );
}

export function ChatPanel(p: {
  session: ServerSession;
  social: Social;
  /** The sides this browser holds: the first writes (hot-seat on a server holds both). */
  mine: readonly string[];
  sideName: (side: string) => string;
  colours: Colours;
}) {
  const [text, setText] = useState('');
  const [note, setNote] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [as, setAs] = useState<string | null>(null);
  const writer = as && p.mine.includes(as) ? as : (p.mine[0] ?? null);
  const send = async () => {
    // Nothing typed, nothing sent: the server refuses an empty line (issue #45 item 17).
    if (!writer || sending || text.trim() === '') return;
    setSending(true);
    setError(null);
    try {
      await p.session.say(writer, text, note);
      setText('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };
  const lines = p.social.messages.slice(-200);
  return (
    <section class="panel chat" aria-label="chat between the seats">
      <h3>Chat</h3>
      {lines.length === 0 ? (
        <p class="hint">Nothing said yet. Lines here go to the other seat; a note stays with you.</p>
      ) : (
        <ol class="chat-lines">
          {lines.map((m) => (
            <li key={m.seq} class={m.private ? 'chat-note' : 'chat-line'}>
              <span class="chat-who" style={{ color: p.colours[m.side]?.fill ?? '#333' }}>
                {p.sideName(m.side)}
                {m.private ? ' (note to self)' : ''}
              </span>{' '}
              <time dateTime={m.at} title={new Date(m.at).toLocaleString()}>
                {new Date(m.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
              </time>
              <span class="chat-text">{m.text}</span>
            </li>
          ))}
        </ol>
      )}
      {writer ? (
        <form
          class="chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          {p.mine.length > 1 && (
            <label>
              As{' '}
              <select value={writer} onChange={(e) => setAs((e.target as HTMLSelectElement).value)}>
                {p.mine.map((s) => (
                  <option key={s} value={s}>
                    {p.sideName(s)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <textarea
            aria-label="message"
            rows={2}
            maxLength={1000}
            value={text}
            placeholder={note ? 'A note only you will read' : 'Say something to the other seat'}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
            onKeyDown={(e) => {
              // Enter sends, Shift+Enter breaks the line; keys typed here never reach the map's shortcuts.
              e.stopPropagation();
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
          />
          <label class="chat-note-toggle">
            <input
              type="checkbox"
              checked={note}
              onChange={(e) => setNote((e.target as HTMLInputElement).checked)}
            />{' '}
            Note to self
          </label>
          <button type="submit" disabled={sending || text.trim() === ''}>
            {note ? 'Keep note' : 'Send'}
          </button>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
        </form>
      ) : (
        <p class="hint">Spectators read no chat: it is between the seats.</p>
      )}
    </section>
  );
}
