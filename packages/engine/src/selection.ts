/**
 * What a board lights when nothing is selected: the one piece every offered action is
 * about (the one unit to retreat, to route, to place), read from a field of the actions.
 */
import type { Action } from './game.ts';

/**
 * The one string value `field` has in every action that has it as a string (the piece all
 * the actions are about), or null when two actions disagree or none has it.
 */
export function soleSubject(actions: readonly Action[], field: string): string | null {
  let one: string | null = null;
  for (const a of actions) {
    const v = a[field];
    if (typeof v !== 'string') continue;
    if (one === null) one = v;
    else if (one !== v) return null;
  }
  return one;
}
