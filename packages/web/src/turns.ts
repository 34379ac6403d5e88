/**
 * A log read as player-turns (each game's `turnMarker` says where one starts): the turns
 * that ended, what each did (`turnSummary`), whether a die was rolled last.
 */
import type { LogEntry } from '@stavka/engine';
import type { TablePresentation } from './presentation.ts';
import type { FinishedTurn } from './table.tsx';

/** The player-turns of a log: where each starts (its marker) and whose it is. */
export function playerTurns(
  pres: TablePresentation,
  log: readonly LogEntry[],
): { at: number; side: string; label: string }[] {
  const out: { at: number; side: string; label: string }[] = [];
  for (let i = 0; i < log.length; i++) {
    const m = pres.words.turnMarker(log[i]!);
    if (m) out.push({ at: i, ...m });
  }
  return out;
}

/** A finished player-turn, from its marker to the next one. */
export function finishedTurn(
  pres: TablePresentation,
  view: unknown,
  log: readonly LogEntry[],
  start: { at: number; side: string; label: string },
  end: number,
): FinishedTurn {
  const entries = log.slice(start.at, end);
  return {
    label: start.label,
    side: start.side,
    lines: pres.words.turnSummary(view, entries),
    entries,
  };
}

/** Whether a die was rolled among the log's last entries (undo stops at a roll). */
export function rolledLast(log: readonly LogEntry[]): boolean {
  for (let i = log.length - 1; i >= Math.max(0, log.length - 12); i--)
    if (log[i]!.kind === 'roll') return true;
  return false;
}
