/**
 * One shape for every game's sequence of play (Rally the Troops' `states.X`): a step
 * offers its actions and carries each of them out, kept together so a rules section
 * maps to one file. A game lists its steps once; `sequenceOf` hands `legalActions` to
 * the step the state is in and an action to its effect, and the compiler proves that
 * every action type has exactly the effect of the step that offers it.
 *
 * The type parameters every part shares:
 *   G  the game's state (the engine's private copy while an effect runs)
 *   A  the game's action union, discriminated by `type`
 *   S  the game's side names
 *   B  what the game hands every step's `legal` (its board of the state, its scenario)
 *   E  what the game hands every effect (its scenario, its board)
 */
import type { Action, RulesContext } from './game.ts';

/** The member of the action union `A` whose `type` is `T`. */
export type ActionOfType<A extends Action, T extends A['type']> = Extract<A, { readonly type: T }>;

/** What `side` may do now in one step, in a canonical order, as a new array. */
export type StepLegal<G, A extends Action, S extends string = string, B = void> = (
  g: G,
  side: S,
  b: B,
) => A[];

/** What one action does to the engine's private copy of the state, logging why. */
export type StepEffect<G, A extends Action, S extends string = string, E = void> = (
  g: G,
  e: E,
  side: S,
  action: A,
  ctx: RulesContext,
) => void;

/** The effect of each action type in `K`. */
export type StepEffects<G, A extends Action, K extends A['type'], S extends string = string, E = void> = {
  readonly [T in K]: StepEffect<G, ActionOfType<A, T>, S, E>;
};

/** One step of the sequence of play: its legal actions and the effect of each of them. */
export interface StepRules<
  G,
  A extends Action,
  K extends A['type'],
  S extends string = string,
  B = void,
  E = void,
> {
  /** What `side` (a side to act) may do now, in a canonical order. */
  readonly legal: StepLegal<G, A, S, B>;
  /** What each action the step offers does. */
  readonly effects: StepEffects<G, A, K, S, E>;
}

/** A game's whole sequence: each step's legal actions, and one effect per action type. */
export interface Sequence<
  G,
  A extends Action,
  N extends string,
  S extends string = string,
  B = void,
  E = void,
> {
  /** The legal actions of the step named `step`. */
  legal(step: N, g: G, side: S, b: B): A[];
  /** Carries `action` out by the effect of the step that offers it. */
  apply(g: G, e: E, side: S, action: A, ctx: RulesContext): void;
  /** The step names, in the order the game listed them. */
  readonly steps: readonly N[];
}

/**
 * The effect of one of A's types, called with an action of that type: method-shaped, so
 * its action parameter is bivariant (`StepEffect<G, ActionOfType<A, T>>` is one for each T).
 * `apply` only calls it with an action whose `type` is the key it was found under.
 */
type EffectOfSomeType<G, A extends Action, S extends string, E> = {
  effect(g: G, e: E, side: S, action: A, ctx: RulesContext): void;
}['effect'];

/**
 * The sequence of `steps` (a record from step name to its rules). `effects` is every
 * step's effects spread together, typed so that a missing action type, or one given
 * twice under different types, does not compile:
 *
 *   const EFFECTS: StepEffects<G, A, A['type'], S, E> = { ...setup.effects, ...move.effects };
 *   export const sequence = sequenceOf({ setup, move }, EFFECTS);
 */
export function sequenceOf<
  G,
  A extends Action,
  N extends string,
  S extends string = string,
  B = void,
  E = void,
>(
  // biome-ignore lint/suspicious/noExplicitAny: each step offers its own subset of A's types
  steps: { readonly [P in N]: { readonly legal: StepLegal<G, A, S, B>; readonly effects: any } },
  effects: StepEffects<G, A, A['type'], S, E>,
): Sequence<G, A, N, S, B, E> {
  const byType: Readonly<Partial<Record<string, EffectOfSomeType<G, A, S, E>>>> = effects;
  return {
    steps: Object.keys(steps) as N[],
    legal: (step, g, side, b) => steps[step].legal(g, side, b),
    apply(g, e, side, action, ctx) {
      const effect = byType[action.type];
      // The engine applies only actions `legal` offered, and every offered type has an effect.
      if (!effect) throw new Error(`no step carries out an action of type ${action.type}`);
      effect(g, e, side, action, ctx);
    },
  };
}
