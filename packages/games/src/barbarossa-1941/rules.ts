/**
 * The rules of Barbarossa 1941 as a GameRules: the sequence of play step by step
 * (barbarossa-1941 "GAME-TURN SEQUENCE", A.1-A.9 and B.1-B.8, the Blitzkrieg/Proriv
 * repeat of B-9, the recovery steps at their places), every action offered by
 * `legalActions` and nothing else accepted, every event logged with its section. Each
 * step (steps/<step>.ts) offers its actions and carries them out; this file hands
 * `legalActions` to the step the game waits in and `applyAction` to the action's effect.
 *
 *   Axis:    A.1 reinforce -> A.2 attacks-first -> A.3 movement & allocation -> A.4 recovery
 *            -> A.5 combat -> A.6 breakthrough movement & combat -> A.7-A.9 (victory, supply, recovery)
 *   Russian: B.1 reinforce -> B.2 attacks-first -> B.3 movement & allocation -> B.4 recovery
 *            -> B.5 combat -> Proriv (B-9) -> B.6-B.8 (supply, victory, Guards recovery)
 *
 *   reinforce      steps/reinforce.ts (strategic movement: steps/strategic-movement.ts)
 *   attacks-first  steps/attacks-first.ts  }
 *   movement       steps/movement.ts       } attack allocation and resolution: steps/attacks.ts
 *   combat         steps/combat.ts         }
 *   and, while the game waits on them: the German's blind tank group steps/tank-group.ts
 *   (B-53), a combat under way steps/resolution.ts, an air mission's interception
 *   steps/interception.ts (B-58), the Axis sudden death steps/victory.ts (B-70); the
 *   player-turn's start and end, recovery and supply steps/turn.ts.
 */
import type { GameOutcome, GameRules, SetupError, StepEffects } from '@stavka/engine';
import { err, ok, type Result, sequenceOf } from '@stavka/engine';
import { Board } from './board.ts';
import { cloneBarbarossaState } from './clone.ts';
import { shuffleTankGroups, tankGroupPending, viewOf } from './hidden.ts';
import { carryMovementLists } from './movement.ts';
import { combatActor } from './resolution.ts';
import {
  compileRulesScenario,
  otherSide,
  type RulesScenario,
  type RulesScenarioInput,
  registerRulesScenario,
  SIDES,
  type Side,
} from './rules-scenario.ts';
import { setupError } from './scenario/setup-errors.ts';
import { scenarioPosition, standardPosition } from './standard-setup.ts';
import { type BarbarossaState, type Face, freshPiece, newGameState, type Step } from './state.ts';
import type { BarbarossaAction } from './steps/actions.ts';
import { attacksFirstStep } from './steps/attacks-first.ts';
import { combatStep } from './steps/combat.ts';
import { interceptionStep } from './steps/interception.ts';
import { movementStep } from './steps/movement.ts';
import { reinforceStep } from './steps/reinforce.ts';
import { resolutionStep } from './steps/resolution.ts';
import { scenarioOf } from './steps/step.ts';
import { tankGroupStep } from './steps/tank-group.ts';
import { startPlayerTurn } from './steps/turn.ts';
import { victoryStep } from './steps/victory.ts';
import { supplyStatuses } from './supply.ts';
import { victoryTally } from './victory.ts';

export type { BarbarossaAction } from './steps/actions.ts';

export const RULES_VERSION = 'barbarossa-1941/6';

export interface BarbarossaOptions {
  /**
   * The expanded odds (RULINGS B-63, B-64: both players agree; a round-up may aim up to 3
   * columns above the odds and fall back up to 2 below; exchanges become mandatory).
   */
  readonly asymmetricOdds?: boolean;
  /** "Classic odds" (B-63): no round-up roll and no pressing, which are otherwise standard. */
  readonly classicOdds?: boolean;
  /** B-11: roll the weather each turn on the scenario's table instead of the historical schedule. */
  readonly weatherRoll?: boolean;
}

/** A position file: a scenario contract and the pieces on it (tests, fuzz, small scenarios). */
export interface PositionFile {
  readonly scenario: RulesScenarioInput;
  readonly pieces: readonly {
    readonly id: string;
    readonly side: Side;
    /** The unit of a face-up piece. */
    readonly unit?: string;
    /** A face-down piece: its face, and its unit if decided (B-18). */
    readonly face?: Face;
    readonly secretUnit?: string;
    readonly knownTo?: Side | null;
    /** Hex number, or omitted for a piece off the map. */
    readonly at?: string;
  }[];
  /** Rifle army units in the face-down pile (B-18). */
  readonly riflePile?: readonly string[];
}

/* ------------------------------------------------------------------------------------ */
/* The sequence of play                                                                  */

/**
 * Where the game waits: a step of the sequence (`g.step`), or, before it, a choice that
 * interrupts it: the Axis sudden death at B.7 (B-70), an air mission's interception
 * answer (B-58), a combat under way, the German's blind tank group (B-53).
 */
type Waiting = Exclude<Step, 'over'> | 'victory' | 'interception' | 'resolution' | 'tank-group';

const EFFECTS: StepEffects<BarbarossaState, BarbarossaAction, BarbarossaAction['type'], Side, RulesScenario> =
  {
    ...victoryStep.effects,
    ...interceptionStep.effects,
    ...resolutionStep.effects,
    ...tankGroupStep.effects,
    ...reinforceStep.effects,
    ...attacksFirstStep.effects,
    ...movementStep.effects,
    ...combatStep.effects,
  };
const SEQUENCE = sequenceOf<BarbarossaState, BarbarossaAction, Waiting, Side, RulesScenario, RulesScenario>(
  {
    victory: victoryStep,
    interception: interceptionStep,
    resolution: resolutionStep,
    'tank-group': tankGroupStep,
    reinforce: reinforceStep,
    'attacks-first': attacksFirstStep,
    movement: movementStep,
    combat: combatStep,
  },
  EFFECTS,
);

/** The step the game waits in and the side to act there, or null once the game is over. */
function waiting(g: BarbarossaState): { step: Waiting; side: Side } | null {
  if (g.winner !== null || g.step === 'over') return null;
  if (g.suddenDeath === 'offered') return { step: 'victory', side: 'axis' }; // B-70: claim it or play on
  if (g.airMission) return { step: 'interception', side: otherSide(g.player) }; // B-58: the enemy answers
  if (g.combat) return { step: 'resolution', side: combatActor(g) };
  // B-53: the German's blind choice of the extra tank group comes first.
  if (tankGroupPending(g)) return { step: 'tank-group', side: g.player };
  return { step: g.step, side: g.player };
}

/** The side the engine names (it applies only what `legal` offered that side). */
function sideNamed(side: string): Side {
  const named = SIDES.find((x) => x === side);
  if (!named) throw new Error(`no side ${side} in Barbarossa 1941`);
  return named;
}

function legal(g: BarbarossaState, side: string): BarbarossaAction[] {
  const w = waiting(g);
  if (!w || w.side !== side) return [];
  return SEQUENCE.legal(w.step, g, w.side, scenarioOf(g));
}

/* ------------------------------------------------------------------------------------ */
/* Set-up                                                                                */

function fromPositionFile(
  file: PositionFile,
  options: BarbarossaOptions,
): Result<BarbarossaState, SetupError[]> {
  const compiled = compileRulesScenario(file.scenario);
  if (!compiled.ok) return compiled;
  const s = compiled.value;
  registerRulesScenario(s);
  const errors: SetupError[] = [];
  const g = newGameState(s.key, {
    railheads: [...s.railheads],
    riflePile: [...(file.riflePile ?? [])],
    options: { asymmetricOdds: options.asymmetricOdds ?? false, weatherRoll: options.weatherRoll ?? false },
  });
  file.pieces.forEach((p, i) => {
    const path = `pieces[${i}]`;
    if (g.pieces[p.id]) errors.push(setupError('setup/duplicate', `${path}.id`, `piece ${p.id} twice`));
    if (p.unit !== undefined && !s.units[p.unit])
      errors.push(setupError('setup/unknown-unit', `${path}.unit`, `no unit ${p.unit}`));
    if (p.unit === undefined && p.face === undefined)
      errors.push(setupError('setup/piece', path, 'a piece is face up (unit) or face down (face)'));
    const at = p.at === undefined ? -1 : s.hexNumbers.indexOf(p.at);
    if (p.at !== undefined && at < 0)
      errors.push(setupError('setup/unknown-hex', `${path}.at`, `no hex ${p.at}`));
    g.pieces[p.id] = freshPiece(p.side, p.unit ?? null, p.unit === undefined ? (p.face ?? null) : null, at);
    g.order.push(p.id);
    if (p.unit === undefined && p.face !== undefined) {
      g.secret.identities[p.id] = {
        unit: p.secretUnit ?? null,
        knownTo: p.knownTo === undefined ? (p.face === 'tank-korps' ? 'soviet' : null) : p.knownTo,
      };
    }
  });
  if (errors.length > 0) return err(errors);
  return ok(g);
}

function outcome(g: BarbarossaState): GameOutcome | null {
  if (g.winner === null) return null;
  // The score: each side's victory-city points held in supply at the end (B-33).
  const board = new Board(g, scenarioOf(g));
  return {
    winner: g.winner === 'draw' ? null : g.winner,
    score: { axis: victoryTally(board, 'axis').points, soviet: victoryTally(board, 'soviet').points },
    summary:
      g.result?.words ??
      (g.winner === 'draw' ? 'a draw (B-12)' : `${g.winner === 'axis' ? 'Axis' : 'Russian'} victory (B-12)`),
  };
}

export const barbarossaRules: GameRules<BarbarossaState, BarbarossaAction, BarbarossaOptions> = {
  id: 'barbarossa-1941',
  rulesVersion: RULES_VERSION,
  sides: SIDES,
  setup(scenario, options, ctx) {
    // No file, or {"standard": true}: the standard game (standard-setup.ts); a position
    // file (a test position: `pieces`); else a scenario file (`stavka scenario`), checked.
    const standard =
      scenario === null ||
      scenario === undefined ||
      (typeof scenario === 'object' && 'standard' in scenario && scenario.standard === true);
    const position = typeof scenario === 'object' && scenario !== null && 'pieces' in scenario;
    const made = standard
      ? standardPosition(options.asymmetricOdds ?? false, options.weatherRoll ?? false, ctx)
      : position
        ? fromPositionFile(scenario as PositionFile, options)
        : scenarioPosition(scenario, options.asymmetricOdds ?? false, options.weatherRoll ?? false, ctx);
    if (made.ok) {
      const g = made.value;
      if (options.classicOdds === true) g.options.classicOdds = true; // B-63
      shuffleTankGroups(g, ctx); // B-53: a roll the server alone sees
      const supplyBoard = new Board(g, scenarioOf(g));
      for (const side of SIDES)
        for (const [id, sup] of Object.entries(supplyStatuses(supplyBoard, side))) g.pieces[id]!.supply = sup;
      startPlayerTurn(g, 'axis', ctx);
    }
    return made;
  },
  activeSides(g) {
    const w = waiting(g);
    return w ? [w.side] : [];
  },
  legalActions: legal,
  clone(g) {
    // A deep copy field by field (clone.ts: what structuredClone gives, several times
    // faster), and the movement lists carried to the draft (movement.ts).
    const draft = cloneBarbarossaState(g);
    carryMovementLists(g, draft);
    return draft;
  },
  applyAction: (g, side, action, ctx) => SEQUENCE.apply(g, scenarioOf(g), sideNamed(side), action, ctx),
  view(g, viewer) {
    // A side sees its own; the server (and an observer, null) everything; a spectator what
    // every side may see, and everything once the game is over.
    if (viewer === 'axis' || viewer === 'soviet') return viewOf(g, viewer);
    if (viewer === null || viewer === '@server' || g.winner !== null) return viewOf(g, null);
    return viewOf(g, 'spectator');
  },
  outcome,
};
