/**
 * A stack of counters as it is drawn (issue #45 item 3): every counter shown, offset like
 * a stack on the table (VASSAL), the fighting units on top, the stack's total on it. Knows
 * no rules: it reads the factors the game's presentation gives each counter.
 */
import type { PieceDrawing } from '@stavka/engine';

/** How fighting a counter is: its attack; a face-down counter (factors unknown) counts as one. */
function weight(p: PieceDrawing): number {
  if (p.sidc === null) return Number.POSITIVE_INFINITY;
  return p.attack ?? -1;
}

/** A stack bottom to top: the counters with no combat factors under, the strongest on top (else as given). */
export function stackOrder(pieces: readonly PieceDrawing[]): PieceDrawing[] {
  return pieces
    .map((p, i) => ({ p, i }))
    .sort((a, b) => weight(a.p) - weight(b.p) || a.i - b.i)
    .map((x) => x.p);
}

/** A stack's total ("3 units · 13-9"); "?" where a counter's factors are not known to this viewer. */
export function stackTotal(pieces: readonly PieceDrawing[]): string {
  const n = `${pieces.length} units`;
  if (pieces.some((p) => p.sidc === null)) return `${n} · ?`;
  const fighting = pieces.filter((p) => p.attack !== undefined || p.defense !== undefined);
  if (fighting.length === 0) return n;
  const a = fighting.reduce((t, p) => t + (p.attack ?? 0), 0);
  const d = fighting.reduce((t, p) => t + (p.defense ?? 0), 0);
  return `${n} · ${a}-${d}`;
}

/** The short line on the counter drawn on top: the stack's total strength ("13-9"), or its size. */
export function stackBadge(pieces: readonly PieceDrawing[]): string {
  const total = stackTotal(pieces);
  const at = total.indexOf(' · ');
  return at < 0 ? `×${pieces.length}` : `×${pieces.length} ${total.slice(at + 3)}`;
}

/**
 * A stack's strength in one number, for a map zoomed out too far to read its counters
 * (issue #45 item 7): its fighting units' attack (or defence) added up; "?" when a counter
 * is face down to this viewer; empty when no unit of it fights.
 */
export function stackStrength(pieces: readonly PieceDrawing[], which: 'attack' | 'defense'): string {
  if (pieces.some((p) => p.sidc === null)) return '?';
  const fighting = pieces.filter((p) => p[which] !== undefined);
  if (fighting.length === 0) return '';
  return String(fighting.reduce((t, p) => t + (p[which] ?? 0), 0));
}
