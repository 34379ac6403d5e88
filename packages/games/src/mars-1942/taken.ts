/**
 * mars-1942 "Victory Conditions": cities and towns taken (RULINGS M-19). The tally that
 * reads them is victory.ts.
 */
import type { Scenario, Side } from './scenario.ts';
import { type MarsState, unitStates } from './state.ts';

/**
 * Cities and towns taken (RULINGS M-19): a place in German territory is taken once a
 * Russian unit has entered it and stays taken until a German unit enters it. `side`
 * entered `hexes` (a move's or a retreat's path); every unit's hex counts as entered.
 */
export function updateTaken(g: MarsState, s: Scenario, side?: Side, hexes: readonly number[] = []): void {
  const placeAt = s.map.placeAt;
  const enter = (who: Side, h: number) => {
    if (h < 0 || placeAt[h]! < 0 || s.germanTerritory[h] !== 1) return;
    const i = g.taken.indexOf(h);
    if (who === 'soviet' && i < 0) {
      g.taken.push(h);
      g.taken.sort((a, b) => a - b);
    } else if (who === 'german' && i >= 0) g.taken.splice(i, 1);
  };
  if (side) for (const h of hexes) enter(side, h);
  const states = unitStates(s, g.units);
  for (let i = 0; i < states.length; i++) {
    const st = states[i]!;
    if (st.status === 'map' && st.at >= 0) enter(s.unitList[i]!.side as Side, st.at);
  }
}
