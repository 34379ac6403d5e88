/**
 * What Couriers hides and from whom: a side's sealed dispatches from the other side and
 * spectators, the recount from everyone until the end. A game of sealed dispatches as the
 * engine's own test game is one, so both read the engine's pieces: `determinizeCouriers`
 * draws them afresh for a search; `couriersPlanter` plants the conformance suite's marker.
 */
import {
  determinizeDispatches,
  dispatchesPlanter,
  type GameState,
  type RngState,
  type SecretPlanter,
  type Viewer,
} from '@stavka/engine';
import { type CouriersState, type Dispatch, NAMES, SIDES } from './state.ts';

/** A full state consistent with what `viewer` has seen: what it cannot see, drawn from `rng`. */
export const determinizeCouriers = (
  s: GameState<CouriersState>,
  viewer: Viewer,
  rng: RngState,
): GameState<CouriersState> => determinizeDispatches<Dispatch, CouriersState>(s, viewer, rng, NAMES);

/** The marker in the names of one side's sealed dispatches at a time. */
export const couriersPlanter: SecretPlanter<CouriersState> = dispatchesPlanter<Dispatch, CouriersState>(
  SIDES,
);
