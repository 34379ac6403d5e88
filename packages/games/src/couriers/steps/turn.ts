/** The turn's frame (couriers.txt "Sequence of play"): who moves next. */
import { type CouriersState, otherSide, type Side } from '../state.ts';

export type { CouriersAction, CouriersState, Side } from '../state.ts';

/** The turn passes to the other side; a side with nothing sealed passes it back. */
export function passTurn(g: CouriersState, side: Side): void {
  g.turn = otherSide(side);
  if (!Object.values(g.pieces).some((p) => p.side === g.turn && !p.open)) g.turn = side;
}
