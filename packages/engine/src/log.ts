/**
 * The game log: what happened, in words, with the rule that made it happen. Entries
 * are plain JSON. `cite` names a section of the rules text ("mars-1942 §Zones of
 * Control") or a ruling id ("M-6"), so a player can read why.
 */
export interface LogEntry {
  /** What kind of event: "move", "roll", "combat", "phase", "reveal", ... */
  readonly kind: string;
  readonly text: string;
  /** Rule sections and ruling ids this event follows. */
  readonly cite?: readonly string[];
  /** Only this side may read the entry (hidden information); absent = everyone. */
  readonly visibleTo?: string;
  /** Structured detail for the UI: a roll's value, row and column; units; hexes. */
  readonly data?: Readonly<Record<string, unknown>>;
}

/**
 * The entries `side` may read (null = an observer after the game: everything). The log
 * itself when that is all of it (no copy: a view is made after every action); a log is
 * never changed in place.
 */
export function visibleLog(log: readonly LogEntry[], side: string | null): readonly LogEntry[] {
  if (side === null) return log;
  let i = 0;
  while (i < log.length && (log[i]!.visibleTo === undefined || log[i]!.visibleTo === side)) i++;
  if (i === log.length) return log;
  return log.filter((e) => e.visibleTo === undefined || e.visibleTo === side);
}
