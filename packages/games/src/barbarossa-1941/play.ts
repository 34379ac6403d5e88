/**
 * What makes Barbarossa playable through its game module (engine `GameModule`): the
 * rules, the options a new game may take, the progress line of a view, the players and
 * `determinize` for searching players. `module.ts` spreads this in (`...barbarossaPlay`)
 * with `meta.playable: true`.
 */
import {
  type GameModule,
  type GameProgress,
  type GameState,
  RandomPlayer,
  type RngState,
  rollDie,
} from '@stavka/engine';
import { BARBAROSSA_OPTIONS } from './card.ts';
import type { BarbarossaView } from './hidden.ts';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';

/** The words for each step of the sequence of play ("GAME-TURN SEQUENCE"). */
export const STEP_NAMES: Readonly<Record<string, string>> = {
  reinforce: 'Reinforcements, rail movement and conversion',
  'attacks-first': 'Attacks before operational movement',
  movement: 'Operational movement and attack allocation',
  combat: 'Ground combat resolution',
  over: 'Game over',
};

type Module = GameModule<BarbarossaState, BarbarossaAction, BarbarossaView>;

export const barbarossaPlay: Pick<Module, 'rules' | 'options' | 'progress' | 'players' | 'determinize'> = {
  rules: barbarossaRules as Module['rules'],
  options: BARBAROSSA_OPTIONS,
  progress(view): GameProgress {
    const s = rulesScenarioByKey(view.scenario);
    const t = s.turns[Math.min(view.turn, s.turns.length) - 1];
    return {
      turn: view.turn,
      turns: s.turns.length,
      phase:
        view.suddenDeath === 'offered'
          ? 'German Victory Determination (B.7): the Axis player claims the win or plays on (B-70)'
          : `${view.player === 'axis' ? 'German' : 'Russian'} ${STEP_NAMES[view.step] ?? view.step}${view.breakthrough ? ' (breakthrough, B-9)' : ''}`,
      weather: view.weather ?? t?.weather ?? 'good',
      ...(t ? { date: t.label } : {}),
    };
  },
  players: {
    random: { label: 'Random (baseline)', rank: 0, make: (seed) => new RandomPlayer(seed) },
  },
  /**
   * A state the viewer could be in: the dice its own, and the face-down tank units it may
   * not look at shuffled among themselves (rifle armies never revealed are undecided
   * already, B-18).
   */
  determinize(state: GameState<BarbarossaState>, viewer, rng: RngState) {
    const g = structuredClone(state.state);
    let r = rng;
    // B-53: which group lies under which label is the server's alone; once chosen, the Russian knows it.
    const groups = g.secret.tankGroups;
    if (groups && (viewer !== 'soviet' || g.tankGroupChoice === 'pending')) {
      const d = rollDie(r, 2);
      r = d.next;
      if (d.value === 2) {
        const chosen =
          g.tankGroupChoice === 'A' || g.tankGroupChoice === 'B' ? groups[g.tankGroupChoice] : null;
        const other = chosen === groups.A ? groups.B : groups.A;
        const ids = Object.keys(g.secret.identities);
        const stillHidden =
          chosen?.every((u) => ids.some((id) => g.secret.identities[id]!.unit === u)) ?? true;
        if (stillHidden) {
          g.secret.tankGroups = { A: groups.B, B: groups.A };
          // Face-down pieces of the chosen group become the other group's counter of the same korps.
          if (chosen)
            for (const id of ids) {
              const k = chosen.indexOf(g.secret.identities[id]!.unit ?? '');
              if (k >= 0) g.secret.identities[id] = { ...g.secret.identities[id]!, unit: other[k] ?? null };
            }
        }
      }
    }
    if (viewer !== 'soviet') {
      const ids = Object.keys(g.secret.identities).filter(
        (id) => g.secret.identities[id]!.knownTo === 'soviet',
      );
      const units = ids.map((id) => g.secret.identities[id]!.unit);
      for (let i = units.length - 1; i > 0; i--) {
        const d = rollDie(r, i + 1);
        r = d.next;
        const j = d.value - 1;
        [units[i], units[j]] = [units[j]!, units[i]!];
      }
      ids.forEach((id, i) => {
        g.secret.identities[id] = { ...g.secret.identities[id]!, unit: units[i] ?? null };
      });
    }
    return { ...state, rng, state: g };
  },
};
