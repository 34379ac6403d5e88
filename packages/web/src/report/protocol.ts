/**
 * What the page and the report worker (build-worker.ts) say to each other (issue #48): the
 * page sends a game's id and its replay file; the worker answers with its progress through
 * the file's actions, then the report's HTML or the reason there is none.
 */
import type { ReplayFile } from '@stavka/engine';

/** The page's request: the report of `file`, a replay of the game `game`. */
export interface ReportRequest {
  readonly game: string;
  readonly file: ReplayFile;
}

/** The worker's answers: progress (actions replayed of the file's), then one of made or refused. */
export type ReportReply =
  | { readonly kind: 'progress'; readonly done: number; readonly of: number }
  | { readonly kind: 'made'; readonly html: string }
  | { readonly kind: 'refused'; readonly why: string };

/** How many progress replies a report sends at most (one per percent of the actions). */
export const PROGRESS_STEPS = 100;
