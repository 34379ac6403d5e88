/**
 * Barbarossa 1941 for the engine's search (`ismcts`, issue #44): the operational plans a
 * side chooses between, the policy that plays them and where a rollout stops.
 *
 * A player-turn is a hundred clicks and more (every army's move, every attack's units,
 * every retreat), so the search does not choose clicks: at the start of a side's
 * attacks before movement (barbarossa-1941 "GAME-TURN SEQUENCE" A.2 / B.2, the
 * reinforcements and strategic movement of A.1 / B.1 played by the rules of thumb)
 * it chooses one of a few *plans* — parameters of the rules of thumb (`PolicyParams`) —
 * and that plan's policy plays the rest of the player-turn: the attacks before movement,
 * movement, attack allocations, combats, the breakthrough (A.6) or Proriv (B-9). Everything else is the rules of thumb's
 * own (`DEFAULT_PARAMS`).
 *
 * An iteration draws the hidden Russian pieces and the dice afresh from the searcher's
 * view (`barbarossaSearchDomain`'s determinize, as the analyst), plays the plan, and the
 * game on by the rules of thumb to a horizon counted in player-turns (`PLAN_HORIZON`),
 * scored by level 2's evaluation (`evaluation.ts` `strengthChances`: victory points in
 * supply and each side's ground strength, the units cut off apart, weighed as played
 * games bear them out). The horizon is kept by the rules the search is handed: past it,
 * nobody is to act (`activeSides` empty), and the engine scores the state.
 */
import {
  type Action,
  type GameRules,
  type GameState,
  type Macro,
  rngFromSeed,
  type SearchDomain,
} from '@stavka/engine';
import type { BarbarossaAction } from '../rules.ts';
import type { Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { barbarossaSearchDomain } from './analyst.ts';
import { strengthChances } from './evaluation.ts';
import { BarbarossaPolicy, COL, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';
import { odessaOnceLeningradFrom } from './strategies.ts';

type Rules = GameRules<BarbarossaState, Action, unknown>;

/** A plan the search may choose: its name, the policy's parameters, its move-ordering prior. */
export interface BarbarossaPlan {
  readonly key: string;
  readonly params: PolicyParams;
  readonly prior: number;
}

const col = (name: string): number => {
  const c = COL[name];
  if (c === undefined) throw new Error(`no CRT column ${name}`);
  return c;
};

/**
 * Where level 2's Axis drives in every plan: 1941's plan (level 1's), and from game-turn 6,
 * while the Axis holds Leningrad and not Odessa, Army Group South on Odessa once Kiev is
 * held (`strategies.ts` `odessaOnceLeningradFrom`: Odessa is then the seventh point of the
 * sudden victory). Against level 1 it won 70 of the fresh seeds 401-520 where level 2
 * without it won 65 (docs/barbarossa-balance.md, "Odessa once Leningrad is held").
 */
export const LEVEL_2_AXIS_STRATEGY = odessaOnceLeningradFrom(6);

/** The rules of thumb's own parameters with level 2's Axis strategy. */
const AXIS_PARAMS: PolicyParams = { ...DEFAULT_PARAMS, strategy: LEVEL_2_AXIS_STRATEGY };

/**
 * The Russians' depth before a key city (`PolicyParams.depthRings`, `depthHexes`): where its
 * garrison alone cannot hold, up to four reserves in the hexes next to it and then two from
 * it. In the level-2 mirror of 2 Dec 2026 the rail lines into the hexes next to a besieged
 * Leningrad were mostly cut by the time the threat was seen (one of the three open), and
 * seven more reserves that could have gone by rail to within two hexes stayed away. Where the
 * city's stack is full and still too weak, a weaker garrison is swapped for a stronger
 * defender by rail (`swapGarrison`): with it, Leningrad fell in 16 of the mirror's 40 (17).
 * The reserves four hexes or more from the enemy end their moves on the railway of a key
 * city's net where that costs them at most a hex (`stageOnRail`), so that the next threat
 * finds trains to send: Leningrad fell in 13 (docs/barbarossa-balance.md, "The reserves on
 * the railway").
 */
const DEPTH = {
  depthRings: 2,
  depthHexes: 4,
  swapGarrison: true,
  stageOnRail: 1,
} as const satisfies Partial<PolicyParams>;

/** The plans of each side, the rules of thumb's own first (the prior). */
export const BARBAROSSA_PLANS: Readonly<Record<Side, readonly BarbarossaPlan[]>> = {
  axis: [
    { key: 'planned', params: AXIS_PARAMS, prior: 3 },
    // Push to the objectives: the cities and the hexes next to them attacked at 4:1 (two
    // attacks where 5:1 makes one), and the other attacks down to 2:1.
    {
      key: 'push',
      params: {
        ...AXIS_PARAMS,
        objectiveGoal: col('4:1'),
        minColumn: { ...DEFAULT_PARAMS.minColumn, axis: col('2:1') },
      },
      prior: 2,
    },
    // Encircle and reduce: only the sure attacks (4:1 and better, massed to 7:1), the
    // spearheads left to close the pockets and the infantry to keep the corridors.
    {
      key: 'reduce',
      params: {
        ...AXIS_PARAMS,
        minColumn: { ...DEFAULT_PARAMS.minColumn, axis: col('4:1') },
        goalColumn: { ...DEFAULT_PARAMS.goalColumn, axis: col('7:1') },
      },
      prior: 1,
    },
    // Take the objective cities at any fair odds: the attacks on an objective city itself
    // made from 1:1 (`objectiveFloor`; the rules of thumb from 2:1), the rest as planned.
    // Against level 1 (seeds 1-140): level 2 with it wins 79 as the Axis, without it 60.
    {
      key: 'floor',
      params: { ...AXIS_PARAMS, objectiveFloor: col('1:1') },
      prior: 1,
    },
  ],
  // Every Russian plan holds Leningrad and Moscow below 3:2 (`keyHoldColumn`; the other
  // cities below the plan's hold column) and, where their garrisons alone cannot, their
  // approaches too (`depthPoints`: reserves by rail and on foot to the hexes next to them,
  // and two hexes out, `DEPTH`). Level 1 does neither. In the level-2 mirror (seeds 1-40)
  // Leningrad fell in 7 games, 15 without (docs/barbarossa-balance.md, "Leningrad held");
  // once the Axis planned only the attacks the rules offer, in 22, and with `DEPTH` in 17
  // ("Leningrad's depth two hexes out").
  soviet: [
    {
      key: 'planned',
      params: { ...DEFAULT_PARAMS, depthPoints: 2, keyHoldColumn: col('3:2'), ...DEPTH },
      prior: 3,
    },
    // Stand: every victory city garrisoned against 2:1 (reserves into the line's cities)
    // and its defenders ordered No Retreat! (B-4) wherever the odds allow.
    {
      key: 'stand',
      params: {
        ...DEFAULT_PARAMS,
        holdColumn: { ...DEFAULT_PARAMS.holdColumn, soviet: col('2:1') },
        noRetreatPoints: 1,
        depthPoints: 2,
        keyHoldColumn: col('3:2'),
        ...DEPTH,
      },
      prior: 2,
    },
    // Counter-attack the spearheads wherever the odds are 3:1 (B-14's must-attack kept).
    {
      key: 'counter',
      params: {
        ...DEFAULT_PARAMS,
        minColumn: { ...DEFAULT_PARAMS.minColumn, soviet: col('3:1') },
        depthPoints: 2,
        keyHoldColumn: col('3:2'),
        ...DEPTH,
      },
      prior: 1,
    },
  ],
};

/** The last game-turn every level-2 Axis plan attacks the objective cities from 1:1 (1941: Smolensk fell in mid-July, game-turn 3-4). */
export const OPENING_FLOOR_UNTIL = 4;

/**
 * Level 2's Axis plans as it plays them (`ai.ts` `LEVEL_2`): `BARBAROSSA_PLANS`' with its
 * spearheads stopping at most 8 hexes from supply on game-turns 1-2 (`exploitSupply`; 10
 * after, as before), two units into an objective city it takes with Russians near
 * (`walkIns`) and `reduce` opening the line on game-turn 1 from 3:1 (`openingColumn`). In
 * the mirror (seeds 1-40) Minsk fell by game-turn 2 in 37 games (before: 6), the aim of issue
 * #44; against level 1 on seeds 621-720 it won 67 where level 2 before won 66
 * (docs/barbarossa-balance.md, "How deep the spearheads drive"). On game-turns 1 to
 * `OPENING_FLOOR_UNTIL` every plan attacks an objective city itself from 1:1, as `floor` does
 * all game (`objectiveFloor`, `objectiveFloorUntil`): Smolensk's attacks of game-turn 4 are
 * made in Limited supply and without air, and the other plans waited for 3:2 or 3:1 by the
 * factors. In the mirror's first four game-turns (seeds 1-40) Smolensk fell by game-turn 4
 * in 24 games, 14 without (docs/barbarossa-balance.md, "Smolensk from 1:1").
 */
export const LEVEL_2_AXIS_PLANS: readonly BarbarossaPlan[] = axisPlansWith((p) => ({
  walkIns: 2,
  exploitSupply: [8, 8, 10],
  ...(p.key === 'reduce' ? { openingColumn: col('3:1') } : {}),
  ...(p.key === 'floor' ? {} : { objectiveFloor: col('1:1'), objectiveFloorUntil: OPENING_FLOOR_UNTIL }),
}));

/** `BARBAROSSA_PLANS`' Axis plans, each with `more(plan)` over its parameters (level 2's own, `screen.ts`'s variants). */
export function axisPlansWith(more: (plan: BarbarossaPlan) => Partial<PolicyParams>): BarbarossaPlan[] {
  return BARBAROSSA_PLANS.axis.map((p) => ({ ...p, params: { ...p.params, ...more(p) } }));
}

/**
 * Player-turns an iteration plays from the plan's decision point before it is scored:
 * the Axis its own (its attacks' cities and pockets show at once), the Russians theirs and
 * the Axis's answer (a defence shows in the attacks it meets).
 */
export const PLAN_HORIZON: Readonly<Record<Side, number>> = { axis: 1, soviet: 2 };

/** The player-turns from the start: the Axis's of game-turn 1 is 0, the Russians' 1. */
export function playerTurnIndex(g: BarbarossaState): number {
  return 2 * (g.turn - 1) + (g.player === 'soviet' ? 1 : 0);
}

/**
 * A decision point: `side`'s attacks before movement (A.2 / B.2) or its operational
 * movement (A.3 / B.3, not the breakthrough), no attack declared or fought in it. A plan
 * chosen here plays the rest of the player-turn; the player keeps it to the player-turn's
 * end, so it searches at the first such state only: the start of A.2 (what was done in
 * A.1, the reinforcements and the railway, is the rules of thumb's and is where it stands).
 */
export function isPlanPoint(g: BarbarossaState, side: string): boolean {
  return (
    g.player === side &&
    (g.step === 'attacks-first' || (g.step === 'movement' && !g.breakthrough)) &&
    g.combat === null &&
    g.attacks.length === 0
  );
}

/** The policy with a plan's parameters, playing `side`'s player-turn from here, then done (null). */
function planMacro(
  rules: Rules,
  plan: BarbarossaPlan,
  policyOf: () => BarbarossaPolicy,
): Macro<BarbarossaState> {
  return {
    key: plan.key,
    prior: plan.prior,
    start() {
      const policy = policyOf();
      let turn = -1;
      return (state: GameState<BarbarossaState>, side: string): Action | null => {
        const g = state.state;
        if (turn < 0) turn = playerTurnIndex(g);
        if (playerTurnIndex(g) !== turn || g.player !== side || g.step === 'over') return null;
        const legal = rules.legalActions(g, side).filter((a) => a.type !== 'undo') as BarbarossaAction[];
        if (legal.length === 0) return null;
        return policy.choose(g, side as Side, legal);
      };
    },
  };
}

/**
 * Barbarossa as a search domain for a search from a state of player-turn `root`: the plans
 * as the choices, the analyst's determinize and policy, `evaluate` (absent: level 2's,
 * `strengthChances`), and rules under which nobody acts once `horizon` player-turns from
 * `root` are played.
 */
export function barbarossaPlanDomain(
  rules: Rules,
  root: number,
  horizon: number,
  plans: Readonly<Record<Side, readonly BarbarossaPlan[]>> = BARBAROSSA_PLANS,
  evaluate: (g: BarbarossaState) => Readonly<Record<Side, number>> = strengthChances,
): SearchDomain<BarbarossaState> {
  const base = barbarossaSearchDomain(rules);
  const limited: Rules = {
    ...rules,
    activeSides: (g) => (playerTurnIndex(g) >= root + horizon ? [] : rules.activeSides(g)),
  };
  const macros = (side: Side) =>
    plans[side].map((p) =>
      planMacro(limited, p, () => new BarbarossaPolicy(rngFromSeed(`plan:${p.key}`), p.params)),
    );
  const bySide = { axis: macros('axis'), soviet: macros('soviet') };
  return {
    ...base,
    rules: limited,
    choices: (state, side) => (isPlanPoint(state.state, side) ? bySide[side as Side] : null),
    evaluate: (state, side) => evaluate(state.state)[side as Side],
  };
}
