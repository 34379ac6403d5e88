/**
 * A scripted full-front German player-turn for the click count of issue #45 item 9, made
 * in node: Barbarossa's AI at level 1 (`ai1`, the rules of thumb: fast, and the plan these
 * counts were taken with) chooses each action from the start of the game, as a player
 * who keeps his stacks together would take it: when it sends a unit of a German stack to a
 * hex (a move, an attack allocated), every other unit of that stack the rules let go there
 * too goes with it, in the order the page's whole-stack click takes them (the page's own
 * rule, simulated here on the game's presentation). The plan is the same game whichever
 * way it is clicked: unit by unit ("before": what the page offered until now) or a stack
 * at a click ("after").
 */
import {
  type Action,
  apply,
  type GameState,
  legalActions,
  type Presentation,
  type ReplayFile,
  setup,
  view,
} from '@stavka/engine';
import { findGame } from '@stavka/games';
import { stackOrder } from '../src/stacks.ts';

/** One thing the player does: a button, or units sent to a node on the map. */
export type PlanStep =
  | { readonly kind: 'button'; readonly side: string; readonly action: Action; readonly words: string }
  | {
      readonly kind: 'map';
      readonly side: string;
      /** The node clicked (its data-hex on the map). */
      readonly node: string;
      /** The stack's own units, top first, when it went whole (a whole-stack click); else empty. */
      readonly stack: readonly string[];
      /** Each unit sent and the action it took, in order. */
      readonly units: readonly { readonly piece: string; readonly action: Action }[];
    };

export interface Plan {
  /** The game before the turn (no action yet). */
  readonly file: ReplayFile;
  readonly steps: readonly PlanStep[];
  /** Every action of the turn, in order (the saved game's actions at the end). */
  readonly actions: readonly { readonly side: string; readonly action: Action }[];
}

const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

/** The node a click for `piece` alone takes `a` on (the last lit there, as the page takes it), or -1. */
function nodeOf(pres: Presentation, v: unknown, legal: readonly Action[], piece: string, a: Action): number {
  const ts = pres.controls.targets(v, legal, piece);
  for (const t of ts) {
    if (!same(t.action, a)) continue;
    const last = ts.filter((x) => x.at === t.at).at(-1)!;
    return same(last.action, a) ? t.at : -1;
  }
  return -1;
}

/** The German player-turn 1 of Barbarossa from `seed`, as the stack-keeping player plays it. */
export async function germanTurnPlan(seed: string): Promise<Plan> {
  const m = findGame('barbarossa-1941');
  if (!m?.rules || !m.players || !m.presentation) throw new Error('barbarossa-1941 is not playable');
  const rules = m.rules;
  const pres = (await m.presentation()) as Presentation;
  const made = setup(rules, null, seed, {});
  if (!made.ok) throw new Error(made.error.map((e) => e.message).join('; '));
  let s: GameState<unknown> = made.value;
  const ai = Object.fromEntries(rules.sides.map((x) => [x, m.players!.ai1!.make(`${seed}-${x}`)]));
  const steps: PlanStep[] = [];
  const actions: { side: string; action: Action }[] = [];
  const take = (side: string, a: Action) => {
    const r = apply(rules, s, side, a, s.stateId);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.error.message}`);
    s = r.value;
    actions.push({ side, action: a });
  };
  const turnOver = () => s.log.some((e) => e.kind === 'phase' && /Russian player-turn/.test(e.text));
  for (let i = 0; i < 2000 && !turnOver(); i++) {
    const side = rules.activeSides(s.state)[0];
    if (!side) break;
    const a = ai[side]!.choose(rules, s, side);
    const v = view(rules, s, side).state;
    const legal = legalActions(rules, s, side);
    if (pres.controls.buttons(v, legal).some((b) => same(b, a))) {
      steps.push({ kind: 'button', side, action: a, words: pres.words.describe(v, a) });
      take(side, a);
      continue;
    }
    const piece = typeof a.piece === 'string' ? a.piece : null;
    const at = piece ? nodeOf(pres, v, legal, piece, a) : -1;
    if (!piece || at < 0) throw new Error(`no click takes ${JSON.stringify(a)}`);
    const b = pres.board.drawing(v);
    const node = b.kind === 'hex' ? b.hexNumbers[at]! : b.points[at]!.id;
    // The stack it stands in, as the page groups it: the side's units, top first.
    const from = pres.board.pieceAt(v, piece);
    const own = stackOrder(pres.board.pieces(v).filter((x) => x.at === from))
      .filter((x) => x.side === side)
      .reverse()
      .map((x) => x.id);
    // The page's whole-stack click on `at`: each unit's action there, of the first unit's kind.
    const first = own
      .map((id) =>
        pres.controls
          .targets(v, legal, id)
          .filter((t) => t.at === at)
          .at(-1),
      )
      .find((t) => t !== undefined);
    if (
      own.length > 1 &&
      first &&
      first.action.type === a.type &&
      !pres.controls.confirm?.(v, first.action)
    ) {
      const units: { piece: string; action: Action }[] = [];
      for (const id of own) {
        const now = view(rules, s, side).state;
        const nowLegal = rules.activeSides(s.state)[0] === side ? legalActions(rules, s, side) : [];
        const t = pres.controls
          .targets(now, nowLegal, id)
          .filter((x) => x.at === at && x.action.type === a.type)
          .at(-1);
        // Each as a click with the unit alone would take it too (the same game either way).
        if (!t || nodeOf(pres, now, nowLegal, id, t.action) !== at) continue;
        units.push({ piece: id, action: t.action });
        take(side, t.action);
      }
      if (units.some((u) => u.piece === piece)) {
        steps.push({ kind: 'map', side, node, stack: own, units });
        continue;
      }
      throw new Error(`the stack at ${from} did not take ${JSON.stringify(a)}`);
    }
    steps.push({ kind: 'map', side, node, stack: [], units: [{ piece, action: a }] });
    take(side, a);
  }
  if (!turnOver()) throw new Error('the German player-turn did not end');
  return {
    file: { game: rules.id, rulesVersion: rules.rulesVersion, scenario: null, seed, actions: [] },
    steps,
    actions,
  };
}
