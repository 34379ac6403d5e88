/**
 * Seeded short games for the report's tests: each side a player of the module's (random by
 * default), played until the given turn begins; the replay file of the game so far.
 */
import {
  type AnyGameModule,
  applyUnchecked,
  type ReplayFile,
  replayFileOf,
  SERVER,
  setup,
} from '@stavka/engine';

export function playTurns(
  module: AnyGameModule,
  seed: number,
  turns: number,
  player = 'random',
  maxActions = 5000,
): ReplayFile {
  const rules = module.rules;
  const made = setup(rules, null, seed, {});
  if (!made.ok) throw new Error(`setup: ${JSON.stringify(made.error)}`);
  let s = made.value;
  const players = Object.fromEntries(
    module.meta.sides.map((x, i) => [x.id, module.players![player]!.make(seed + i)]),
  );
  const actions: { side: string; action: { type: string } }[] = [];
  for (let i = 0; i < maxActions; i++) {
    const side = rules.activeSides(s.state)[0];
    if (side === undefined) break;
    if (module.progress!(rules.view(s.state, SERVER)).turn > turns) break;
    const action = players[side]!.choose(rules, s, side);
    s = applyUnchecked(rules, s, side, action);
    actions.push({ side, action });
  }
  return replayFileOf(rules, { seed }, actions);
}
