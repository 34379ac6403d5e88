/**
 * "Dispatches": a small game with hidden information, made to test the kernel and the
 * conformance suite (as game.test.ts's race tests the contract). Each side holds four
 * sealed dispatches, known to it alone: a name and a value of 1 to 6, dealt by dice only
 * its owner sees. Its pieces have ids that say nothing ("red-1".."red-4"). In turn a side
 * opens one of its own dispatches (revealed to all: undo closes) or, once a game, a side
 * asks for a recount (a roll nobody sees until the end). The game ends when every
 * dispatch is open; the higher total wins.
 */

import type { SecretPlanter } from './conformance.ts';
import type { Action, GameOutcome, GameRules, GameState } from './game.ts';
import { type GameModule, SERVER, SPECTATOR, type Viewer } from './module.ts';
import { ok } from './result.ts';
import { type RngState, rollDie } from './rng.ts';

export interface Dispatch {
  /** The owner's side. */
  readonly side: string;
  /** Hidden until opened: null in a view that may not see it. */
  name: string | null;
  value: number | null;
  open: boolean;
}

export interface SecretState {
  turn: string;
  /** By opaque piece id. */
  pieces: Record<string, Dispatch>;
  /** A roll nobody may see until the game is over. */
  recount: number | null;
  recountAsked: boolean;
}

export type SecretAction = { type: 'open'; piece: string } | { type: 'recount' };

const SIDES = ['red', 'blue'] as const;
const NAMES = ['Orders', 'Maps', 'Codes', 'Ciphers', 'Plans', 'Ledgers'];

export interface SecretVariant {
  /** A leak made on purpose: the view shows the opponent's sealed names. */
  readonly leakView?: boolean;
  /** A leak made on purpose: recount is offered only while the opponent's sealed total is high. */
  readonly legalOnHidden?: boolean;
  /**
   * A leak made on purpose: the view lists the opponent's sealed dispatches in a field of
   * its own, by their initials (a pile shown under other names: issue #46).
   */
  readonly listInitials?: boolean;
}

export function secretRules(variant: SecretVariant = {}): GameRules<SecretState, SecretAction> {
  return {
    id: 'secret-dispatches',
    rulesVersion: 'secret/1',
    sides: SIDES,
    setup(_scenario, _options, ctx) {
      const pieces: Record<string, Dispatch> = {};
      for (const side of SIDES) {
        for (let i = 1; i <= 4; i++) {
          // Dealt by dice only the owner sees (RulesContext.roll's visibleTo).
          const value = ctx.roll(`${side} dispatch ${i}`, ['secret §deal'], 6, side);
          const name = NAMES[ctx.roll(`${side} dispatch ${i} name`, ['secret §deal'], 6, side) - 1]!;
          pieces[`${side}-${i}`] = { side, name, value, open: false };
        }
      }
      return ok({ turn: 'red', pieces, recount: null, recountAsked: false });
    },
    activeSides: (g) => (Object.values(g.pieces).every((p) => p.open) ? [] : [g.turn]),
    legalActions(g, side) {
      if (g.turn !== side) return [];
      const out: SecretAction[] = [];
      for (const [id, p] of Object.entries(g.pieces))
        if (p.side === side && !p.open) out.push({ type: 'open', piece: id });
      const other = SIDES.find((x) => x !== side)!;
      const sealedOther = Object.values(g.pieces)
        .filter((p) => p.side === other && !p.open)
        .reduce((a, p) => a + (p.value ?? 0), 0);
      if (!g.recountAsked && (!variant.legalOnHidden || sealedOther > 8)) out.push({ type: 'recount' });
      if (out.length === 0) out.push({ type: 'recount' });
      return out;
    },
    applyAction(g, side, action, ctx) {
      if (action.type === 'open') {
        const p = g.pieces[action.piece]!;
        p.open = true;
        ctx.reveal();
        ctx.log({
          kind: 'reveal',
          text: `${side} opens ${action.piece}: ${p.name}, worth ${p.value}`,
          cite: ['secret §open'],
        });
      } else {
        g.recountAsked = true;
        g.recount = ctx.roll('recount', ['secret §recount'], 6, []);
      }
      g.turn = side === 'red' ? 'blue' : 'red';
      // A side with nothing sealed passes the turn on.
      if (!Object.values(g.pieces).some((p) => p.side === g.turn && !p.open)) g.turn = side;
    },
    view(g, viewer) {
      if (viewer === null || viewer === SERVER || this.activeSides(g).length === 0) return g;
      const pieces: Record<string, Dispatch> = {};
      for (const [id, p] of Object.entries(g.pieces)) {
        const sees = p.open || p.side === viewer;
        pieces[id] = sees ? p : { ...p, name: variant.leakView ? p.name : null, value: null };
      }
      const seen = { ...g, pieces, recount: null };
      if (!variant.listInitials) return seen;
      const initials = Object.values(g.pieces)
        .filter((p) => !p.open && p.side !== viewer)
        .map((p) => p.name?.[0] ?? '?');
      return { ...seen, initials };
    },
    outcome(g): GameOutcome | null {
      if (!Object.values(g.pieces).every((p) => p.open)) return null;
      const score = { red: 0, blue: 0 } as Record<string, number>;
      for (const p of Object.values(g.pieces)) score[p.side] = (score[p.side] ?? 0) + (p.value ?? 0);
      const winner = score.red! > score.blue! ? 'red' : score.blue! > score.red! ? 'blue' : null;
      return { winner, score, summary: `red ${score.red}, blue ${score.blue}` };
    },
  };
}

/**
 * The hidden part of a game of sealed dispatches (this test game, and any game built the
 * same way, as Couriers is): pieces by opaque id, each sealed to all but its owner until
 * opened, and a recount nobody but the server sees until the end.
 */
export interface SealedDispatches<P extends Dispatch = Dispatch> {
  pieces: Record<string, P>;
  recount: number | null;
}

/**
 * Draws what `viewer` cannot see afresh from `rng`: the sealed dispatches of others (a
 * name from `names` and a value, a die each) and the recount.
 */
export function determinizeDispatches<P extends Dispatch, G extends SealedDispatches<P>>(
  s: GameState<G>,
  viewer: Viewer,
  rng: RngState,
  names: readonly string[],
): GameState<G> {
  let r = rng;
  const draw = (n: number) => {
    const { value, next } = rollDie(r, n);
    r = next;
    return value;
  };
  const pieces: Record<string, P> = {};
  for (const [id, p] of Object.entries(s.state.pieces)) {
    const hidden = !p.open && p.side !== viewer && viewer !== SERVER;
    pieces[id] = hidden ? { ...p, name: names[draw(names.length) - 1]!, value: draw(6) } : p;
  }
  const recount = s.state.recount === null ? null : viewer === SERVER ? s.state.recount : draw(6);
  return { ...s, rng, state: { ...s.state, pieces, recount } };
}

/**
 * Plants a marker in the names of one side's sealed dispatches at a time: hidden from the
 * other sides and from spectators. (A recount is a number, so it takes no marker.)
 */
export function dispatchesPlanter<P extends Dispatch, G extends SealedDispatches<P>>(
  sides: readonly string[],
): SecretPlanter<G> {
  return {
    plant(g, marker) {
      const out: { state: G; hiddenFrom: Viewer[] }[] = [];
      for (const side of sides) {
        if (!Object.values(g.pieces).some((p) => p.side === side && !p.open)) continue;
        const pieces: Record<string, P> = {};
        for (const [id, p] of Object.entries(g.pieces))
          pieces[id] = p.side === side && !p.open ? { ...p, name: marker } : p;
        out.push({ state: { ...g, pieces }, hiddenFrom: [SPECTATOR, ...sides.filter((x) => x !== side)] });
      }
      return out;
    },
  };
}

/** Draws what `viewer` cannot see afresh: the sealed dispatches of others, and the recount. */
export const determinizeSecret = (s: GameState<SecretState>, viewer: Viewer, rng: RngState) =>
  determinizeDispatches<Dispatch, SecretState>(s, viewer, rng, NAMES);

/** The conformance suite's marker in each side's sealed dispatches in turn. */
export const secretPlanter: SecretPlanter<SecretState> = dispatchesPlanter<Dispatch, SecretState>(SIDES);

/** The game as a module, for the conformance suite's own tests. */
export function secretModule(
  variant: SecretVariant = {},
): GameModule<SecretState, SecretAction, SecretState> {
  const rules = secretRules(variant);
  return {
    id: rules.id,
    meta: {
      title: 'Dispatches (a test game)',
      blurb: 'Sealed dispatches opened in turn: hidden information for the conformance suite.',
      sides: [
        { id: 'red', name: 'Red', colour: '#c00', ink: '#fff' },
        { id: 'blue', name: 'Blue', colour: '#00c', ink: '#fff' },
      ],
      hiddenInformation: true,
      rulesText: 'none',
    },
    rules: rules as GameRules<SecretState, SecretAction, Record<string, unknown>>,
    determinize: determinizeSecret,
  };
}

export type { Action };
