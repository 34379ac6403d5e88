/**
 * Couriers' state, plain JSON (couriers.txt "Components"): each side's four sealed
 * dispatches, by ids that say nothing ("red-1"), the side to move, the dispatch it has
 * picked to open, and the recount rolled for nobody until the end.
 */

export const SIDES = ['red', 'blue'] as const;
export type Side = (typeof SIDES)[number];

/** The names a dispatch may bear, read from a die (couriers.txt "Set-up"). */
export const NAMES = ['Orders', 'Maps', 'Codes', 'Ciphers', 'Plans', 'Ledgers'] as const;

export interface Dispatch {
  /** Its owner. */
  readonly side: Side;
  /** Hidden from the other side until opened: null in a view that may not see it. */
  name: string | null;
  value: number | null;
  open: boolean;
}

export interface CouriersState {
  /** The side to move. */
  turn: Side;
  /** Every dispatch by its opaque id, in deal order. */
  pieces: Record<string, Dispatch>;
  /** The dispatch the side to move has picked to open (reversible until it is opened). */
  picked: string | null;
  /** The recount's roll: seen by nobody until the game is over. */
  recount: number | null;
  recountAsked: boolean;
}

export type CouriersAction =
  | { readonly type: 'pick'; readonly piece: string }
  | { readonly type: 'open' }
  | { readonly type: 'recount' };

/** Whether every dispatch is open: the game is over (couriers.txt "End"). */
export const allOpen = (g: CouriersState) => Object.values(g.pieces).every((p) => p.open);

export const otherSide = (side: Side): Side => (side === 'red' ? 'blue' : 'red');

/** The step the state is in: picking a dispatch, or opening the one picked. */
export const stepOf = (g: CouriersState): 'pick' | 'open' => (g.picked === null ? 'pick' : 'open');
