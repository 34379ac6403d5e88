/**
 * The live channel's messages, both ends: what the server sends a watcher, and how a
 * client puts an update together with what it holds. No Node.js here: the web client
 * imports this file (`@stavka/server/live`).
 *
 * `{ type: "view", data }`: the whole seat view (the `GET /view` answer), sent first.
 * `{ type: "update", data }`: the next seat view less what the client already holds —
 * - `data.view`: an RFC 6902 JSON Patch (fast-json-patch) from the view the client has,
 *   without its log, to the new one without its log (a move changes a unit or two of
 *   the board);
 * - `data.log = { keep, append }`: keep the first `keep` entries of the log the client
 *   has, then append these (an undo rewrites the end of the log, so `keep` can be less
 *   than the client holds);
 * - `data.legal` as a patch of the legal-action list the client has: a sequence of
 *   `[from, to]` (copy those of the old list, `to` excluded) and actions (new ones), in
 *   the new list's order. Most moves change a few of the hundreds of legal actions.
 * An update is relative to the messages before it on the same channel.
 */
import type { Action, LogEntry } from '@stavka/engine';
import jsonPatch, { type Operation } from 'fast-json-patch';

// The package's default export: the same object under Node (CommonJS) and in a bundle (ESM).
const { applyPatch, compare } = jsonPatch;

/** The parts of a seat view the live channel abbreviates. */
export interface LiveSeatView {
  readonly stateId: number;
  readonly view: { readonly log?: readonly LogEntry[] } | null;
  readonly legal: readonly Action[];
}

export type LegalPatch = ([number, number] | Action)[];

export type LiveMessage<V extends LiveSeatView> =
  | { type: 'view'; data: V }
  | {
      type: 'update';
      data: Omit<V, 'view' | 'legal'> & {
        view: Operation[];
        log: { keep: number; append: LogEntry[] };
        legal: LegalPatch;
      };
    }
  | { type: 'error'; code: string; message: string }
  | { type: 'pong' };

/** What a watcher holds after a message: the view (its log apart) and the legal actions. */
export interface Sent {
  readonly board: object | null;
  readonly log: readonly LogEntry[] | null;
  readonly legal: LegalList;
}

/** A legal-action list; each action's JSON and where each is are worked out when first needed. */
export interface LegalList {
  readonly actions: readonly Action[];
  json?: string[];
  index?: Map<string, number>;
}

/** What a watcher holds once it has `v`. */
export function sentOf(v: LiveSeatView): Sent {
  const { log, ...board } = v.view ?? {};
  return { board: v.view ? board : null, log: Array.isArray(log) ? log : null, legal: { actions: v.legal } };
}

/**
 * The message that brings a watcher holding `before` (null: nothing yet) to the seat
 * view `v`, of which it will then hold `now` (= sentOf(v), shared by the watchers of a side).
 */
export function liveMessage(v: LiveSeatView, before: Sent | null, now: Sent): string {
  if (!before?.board || !before.log || !now.board || !now.log) {
    return JSON.stringify({ type: 'view', data: v });
  }
  let keep = 0;
  const n = Math.min(before.log.length, now.log.length);
  while (keep < n && before.log[keep] === now.log[keep]) keep++;
  return JSON.stringify({
    type: 'update',
    data: {
      ...v,
      view: compare(before.board, now.board),
      log: { keep, append: now.log.slice(keep) },
      legal: legalPatch(before.legal, now.legal),
    },
  });
}

/** The patch that turns the list `from` into `to`, matching actions by their JSON. */
export function legalPatch(from: LegalList, to: LegalList): LegalPatch {
  const patch: LegalPatch = [];
  if (to.actions.length === 0) return patch;
  const old = jsonOf(from);
  const now = jsonOf(to);
  let run: [number, number] | null = null;
  for (let i = 0; i < now.length; i++) {
    const j = now[i]!;
    // Most actions stay where the last one left off (the list keeps its order): check
    // the next old one first, and look the action up only when it is not that.
    let at: number | undefined = run && old[run[1]] === j ? run[1] : undefined;
    if (at === undefined) {
      if (!from.index) {
        from.index = new Map();
        for (let k = 0; k < old.length; k++) from.index.set(old[k]!, k);
      }
      at = from.index.get(j);
    }
    if (at === undefined) {
      run = null;
      patch.push(to.actions[i]!);
    } else if (run && run[1] === at) {
      run[1] = at + 1;
    } else {
      run = [at, at + 1];
      patch.push(run);
    }
  }
  return patch;
}

function jsonOf(list: LegalList): string[] {
  list.json ??= list.actions.map((a) => JSON.stringify(a));
  return list.json;
}

/**
 * The client's side: the seat view a message brings, given the one the client built
 * from the messages before on this channel (null before the first). An update without
 * a view to apply it to is refused (null): the client asks for the whole view again.
 */
export function receive<V extends LiveSeatView>(held: V | null, msg: LiveMessage<V>): V | null {
  if (msg.type === 'view') return msg.data;
  if (msg.type !== 'update' || !held?.view) return null;
  const { log, legal, view, ...rest } = msg.data;
  const { log: oldLog = [], ...board } = held.view;
  let next: object;
  try {
    // On a copy: what the client holds (and may be showing) is never changed in place.
    next = applyPatch(board, view, true, false).newDocument;
  } catch {
    return null; // not the view this update was made for
  }
  const newLegal: Action[] = [];
  for (const op of legal) {
    if (!Array.isArray(op)) newLegal.push(op);
    else if (op[1] > held.legal.length)
      return null; // not the list this update was made for
    else for (let i = op[0]; i < op[1]; i++) newLegal.push(held.legal[i]!);
  }
  return {
    ...rest,
    view: { ...next, log: [...oldLog.slice(0, log.keep), ...log.append] },
    legal: newLegal,
  } as unknown as V;
}
