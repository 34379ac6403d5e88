/**
 * What Couriers hides and from whom: a side's sealed dispatches from the other side and
 * spectators, the recount from everyone until the end. `determinizeCouriers` draws them
 * afresh for a search; `couriersPlanter` plants the conformance suite's marker in them.
 */
import {
  type GameState,
  type RngState,
  rollDie,
  SERVER,
  type SecretPlanter,
  SPECTATOR,
  type Viewer,
} from '@stavka/engine';
import { type CouriersState, type Dispatch, NAMES, SIDES } from './state.ts';

/** A full state consistent with what `viewer` has seen: what it cannot see, drawn from `rng`. */
export function determinizeCouriers(
  s: GameState<CouriersState>,
  viewer: Viewer,
  rng: RngState,
): GameState<CouriersState> {
  let r = rng;
  const draw = (n: number) => {
    const { value, next } = rollDie(r, n);
    r = next;
    return value;
  };
  const pieces: Record<string, Dispatch> = {};
  for (const [id, p] of Object.entries(s.state.pieces)) {
    const hidden = !p.open && p.side !== viewer && viewer !== SERVER;
    pieces[id] = hidden ? { ...p, name: NAMES[draw(6) - 1]!, value: draw(6) } : p;
  }
  const recount = s.state.recount === null ? null : viewer === SERVER ? s.state.recount : draw(6);
  return { ...s, rng, state: { ...s.state, pieces, recount } };
}

/** The marker in the names of one side's sealed dispatches at a time. */
export const couriersPlanter: SecretPlanter<CouriersState> = {
  plant(g, marker) {
    const out: { state: CouriersState; hiddenFrom: Viewer[] }[] = [];
    for (const side of SIDES) {
      if (!Object.values(g.pieces).some((p) => p.side === side && !p.open)) continue;
      const pieces: Record<string, Dispatch> = {};
      for (const [id, p] of Object.entries(g.pieces))
        pieces[id] = p.side === side && !p.open ? { ...p, name: marker } : p;
      out.push({ state: { ...g, pieces }, hiddenFrom: [SPECTATOR, ...SIDES.filter((x) => x !== side)] });
    }
    return out;
  },
};
