/** The seeded draw of the Soviet rifle armies ("Sorting Russian Arrays"). */
import { type RngState, rollDie } from '@stavka/engine';

/**
 * Draws `count` of `pool` at random (a seeded Fisher-Yates on the game's dice): the drawn
 * armies in the order drawn, the ones removed from the game in pool order, and the dice's
 * next state. "42 of the 62 Russian straight rifle/infantry armies are faced down and
 * randomly selected and the unselected/unknown armies removed from the game."
 */
export function drawArmies(
  pool: readonly string[],
  count: number,
  rng: RngState,
): { drawn: string[]; removed: string[]; rng: RngState } {
  let state = rng;
  const made = drawArmiesWith(pool, count, (sides) => {
    const r = rollDie(state, sides);
    state = r.next;
    return r.value;
  });
  return { ...made, rng: state };
}

/**
 * The same draw on any dice: `roll(n)` is a roll of 1..n (a game's own dice at set-up,
 * rolled for the server alone: standard-setup.ts).
 */
export function drawArmiesWith(
  pool: readonly string[],
  count: number,
  roll: (sides: number) => number,
): { drawn: string[]; removed: string[] } {
  const deck = [...pool];
  const drawn: string[] = [];
  for (let i = 0; i < Math.min(count, deck.length); i++) {
    const j = i + roll(deck.length - i) - 1;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    drawn.push(deck[i]!);
  }
  const taken = new Set(drawn);
  return { drawn, removed: pool.filter((id) => !taken.has(id)) };
}
