/**
 * Couriers, the toy fourth game (issue #47): the engine's test game Dispatches
 * (`@stavka/engine` secret-game.ts) made a game of its own folder, on the engine's step
 * shape. Each side holds four sealed dispatches dealt by dice only its owner sees; in
 * turn a side picks one (reversible) and opens it, or once a game asks for a recount.
 * When every dispatch is open the higher total wins.
 */
import {
  type GameOutcome,
  type GameRules,
  ok,
  SERVER,
  type StepEffects,
  sequenceOf,
  type Viewer,
} from '@stavka/engine';
import { compileScenario } from './scenario.ts';
import {
  allOpen,
  type CouriersAction,
  type CouriersState,
  type Dispatch,
  NAMES,
  SIDES,
  type Side,
  stepOf,
} from './state.ts';
import { open } from './steps/open.ts';
import { pick } from './steps/pick.ts';

const EFFECTS: StepEffects<CouriersState, CouriersAction, CouriersAction['type'], Side> = {
  ...pick.effects,
  ...open.effects,
};

/** The sequence of play: pick, then open (couriers.txt "Sequence of play"). */
const sequence = sequenceOf<CouriersState, CouriersAction, 'pick' | 'open', Side>({ pick, open }, EFFECTS);

const isSide = (s: string): s is Side => (SIDES as readonly string[]).includes(s);

export const couriersRules: GameRules<CouriersState, CouriersAction> = {
  id: 'couriers',
  rulesVersion: 'couriers/1',
  sides: SIDES,
  setup(scenario, _options, ctx) {
    const compiled = compileScenario(scenario);
    if (!compiled.ok) return compiled;
    const pieces: Record<string, Dispatch> = {};
    for (const side of SIDES) {
      for (let i = 1; i <= compiled.value.dispatchesPerSide; i++) {
        // couriers.txt "Set-up": dealt by dice only the owner sees.
        const value = ctx.roll(`${side} dispatch ${i}`, ['couriers Set-up'], 6, side);
        const name = NAMES[ctx.roll(`${side} dispatch ${i} name`, ['couriers Set-up'], 6, side) - 1]!;
        pieces[`${side}-${i}`] = { side, name, value, open: false };
      }
    }
    return ok({ turn: 'red', pieces, picked: null, recount: null, recountAsked: false });
  },
  activeSides: (g) => (allOpen(g) ? [] : [g.turn]),
  legalActions: (g, side) => (g.turn === side && isSide(side) ? sequence.legal(stepOf(g), g, side) : []),
  applyAction(g, side, action, ctx) {
    sequence.apply(g, undefined, side as Side, action, ctx);
  },
  view(g, viewer: Viewer | null) {
    if (viewer === null || viewer === SERVER || allOpen(g)) return g;
    const pieces: Record<string, Dispatch> = {};
    for (const [id, p] of Object.entries(g.pieces))
      pieces[id] = p.open || p.side === viewer ? p : { ...p, name: null, value: null };
    return { ...g, pieces, recount: null };
  },
  outcome(g): GameOutcome | null {
    if (!allOpen(g)) return null;
    const score: Record<string, number> = { red: 0, blue: 0 };
    for (const p of Object.values(g.pieces)) score[p.side] = (score[p.side] ?? 0) + (p.value ?? 0);
    const red = score.red!;
    const blue = score.blue!;
    const winner = red > blue ? 'red' : blue > red ? 'blue' : null;
    return { winner, score, summary: `red ${red}, blue ${blue}` };
  },
};
