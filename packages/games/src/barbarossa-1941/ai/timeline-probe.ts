/**
 * The level-2 mirror's first game-turns against issue #44's 1941 timeline: seeded games of
 * level 2 (`ai`) against itself, seeded as `stavka simulate` seeds them (the game `seed`, the
 * players `player:<side>:<seed>`), played only to the end of game-turn TURNS (4 by default),
 * so the same games as `simulate --players ai,ai --seed FIRST` to that turn at a quarter of
 * the cost (~13 s a game). Prints, a game a line, the turn at whose end the Axis first held
 * Minsk and Smolensk, the Axis plan of each player-turn and the turn it first entered each
 * city (held it at any moment), then how many games had Minsk by turn 2 and Smolensk by turn 4
 * (1941: turns 1 and 3), held at the turn's end and entered.
 *
 *     node --import tsx packages/games/src/barbarossa-1941/ai/timeline-probe.ts VARIANT FIRST LAST [TURNS] [DIR]
 *
 * VARIANT: a level-2 variant of `screen.ts`'s VARIANTS as the Axis (`ai2`: level 2 itself),
 * level 2 as the Russians. DIR: each game's replay to the end of game-turn TURNS saved there
 * (for `smolensk-probe.ts`; with TURNS 15 whole games, for `city-falls.ts`). With `ai2` it gives,
 * game for game, the turns `city-falls.ts` reads from the level-2 mirror's saved games: seeds
 * 1-40, Minsk by turn 2 in 37, Smolensk by turn 4 in 15 (`ai2-before`, level 2 before 1 Dec
 * 2026: 6 and 11; docs/barbarossa-balance.md "How deep the spearheads drive").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Action,
  applyUnchecked,
  type GameState,
  type Player,
  replayFileOf,
  setup,
} from '@stavka/engine';
import { barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { BarbarossaSearchPlayer, LEVEL_2, type SearchLevel } from './ai.ts';
import { VARIANTS } from './screen.ts';

const CITIES = ['Minsk', 'Smolensk'] as const;

type Turns = Partial<Record<(typeof CITIES)[number], number>>;

/**
 * The game-turn at whose end the Axis first held each of `CITIES` (`fell`; absent: not by
 * `turns`), the game-turn it first held each at any moment (`entered`, as `city-falls.ts`
 * reads it), and the Axis plans.
 */
export function timelineOf(
  level: SearchLevel,
  seed: number,
  turns: number,
  save?: string,
): { fell: Turns; entered: Turns; plans: string[] } {
  const axis = new BarbarossaSearchPlayer(`player:axis:${seed}`, level, 'ai');
  const players: Record<string, Player> = {
    axis,
    soviet: new BarbarossaSearchPlayer(`player:soviet:${seed}`, LEVEL_2, 'ai'),
  };
  const made = setup(barbarossaRules, null, seed, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  let s = made.value as GameState<BarbarossaState>;
  const fell: Turns = {};
  const entered: Turns = {};
  const actions: { side: string; action: Action }[] = [];
  for (;;) {
    const side = barbarossaRules.activeSides(s.state)[0];
    if (side === undefined) break;
    const turn = s.state.turn;
    const action = players[side]!.choose(barbarossaRules, s, side);
    actions.push({ side, action });
    s = applyUnchecked(barbarossaRules, s, side, action) as GameState<BarbarossaState>;
    for (const c of CITIES) if (entered[c] === undefined && s.state.control[c] === 'axis') entered[c] = turn;
    if (s.state.turn > turn) {
      // The state that opens turn t+1 holds the control at the end of turn t (`city-falls.ts`).
      for (const c of CITIES) if (fell[c] === undefined && s.state.control[c] === 'axis') fell[c] = turn;
      if (s.state.turn > turns) break;
    }
  }
  if (save !== undefined) {
    mkdirSync(save, { recursive: true });
    writeFileSync(
      join(save, `barbarossa-1941-${seed}.json`),
      `${JSON.stringify(replayFileOf(barbarossaRules, { seed }, actions))}\n`,
    );
  }
  return { fell, entered, plans: [...axis.chosen] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [name = 'ai2', first = '1', last = first, turnsArg = '4', save] = process.argv.slice(2);
  const variant = VARIANTS[name];
  if (!variant || !('level' in variant)) throw new Error(`no level-2 variant "${name}" in screen.ts`);
  let minsk = 0;
  let smolensk = 0;
  let minskEntered = 0;
  let smolenskEntered = 0;
  for (let seed = Number(first); seed <= Number(last); seed++) {
    const t0 = Date.now();
    const { fell, entered, plans } = timelineOf(variant.level, seed, Number(turnsArg), save);
    if ((fell.Minsk ?? 99) <= 2) minsk++;
    if ((fell.Smolensk ?? 99) <= 4) smolensk++;
    if ((entered.Minsk ?? 99) <= 2) minskEntered++;
    if ((entered.Smolensk ?? 99) <= 4) smolenskEntered++;
    console.log(
      `${name} seed ${seed}: Minsk ${fell.Minsk ?? '-'} Smolensk ${fell.Smolensk ?? '-'} Axis plans ${plans.join(',')} entered Minsk ${entered.Minsk ?? '-'} Smolensk ${entered.Smolensk ?? '-'} (${Math.round((Date.now() - t0) / 1000)} s)`,
    );
  }
  console.log(
    `${name} seeds ${first}-${last}: Minsk by turn 2 in ${minsk}, Smolensk by turn 4 in ${smolensk}; entered by then ${minskEntered} and ${smolenskEntered}`,
  );
}
