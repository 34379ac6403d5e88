/**
 * The reinforcement step (barbarossa-1941 "GAME-TURN SEQUENCE" A.1 / B.1): arrivals
 * placed, every one that can enter before the step ends (B-37); the Russian's rifle
 * armies turned face down again (B-35); strategic movement (steps/strategic-movement.ts);
 * the Siberian Reserve called (B-43); airfields positioned or relocated (B-56) and air
 * supply flown (B-59); factories loaded (B-51) and units entrenched; German armies
 * flipped to their strong side (B-39) and motorized korps rebuilt (B-55).
 */
import { declareMission, supplyTargets } from '../air.ts';
import { airfieldDestinations, behindFront, mayRelocate, relocateAirfield } from '../airfields.ts';
import { Board } from '../board.ts';
import { CITE_FACTORIES, mayEntrench, mayLoadFactory } from '../factories.ts';
import { mayRehide, rehide } from '../hidden.ts';
import { mayRebuildKorps, rebuildKorps } from '../korps-steps.ts';
import { entryHexes, placeArrival } from '../reinforcements.ts';
import { label } from '../resolution.ts';
import type { Side } from '../rules-scenario.ts';
import { CITE_SIBERIANS, mayCallSiberians, siberianArrival } from '../siberians.ts';
import { mayFlipStrong } from '../special-units.ts';
import type { BarbarossaAction } from './actions.ts';
import { CITE_SEQUENCE, log, type StepRules } from './step.ts';
import { strategicEffects, strategicMoves } from './strategic-movement.ts';
import { endStep } from './turn.ts';

/** Every placement of `side`'s arrivals (B-37); whether any can enter (the step waits for them). */
function arrivals(board: Board, side: Side): { placements: BarbarossaAction[]; waiting: boolean } {
  const { g, s } = board;
  const placements: BarbarossaAction[] = [];
  for (const piece of g.arrivals) {
    if (g.pieces[piece]!.side !== side) continue;
    for (const hex of entryHexes(g, s, piece, board)) placements.push({ type: 'place', piece, hex });
  }
  return { placements, waiting: placements.length > 0 };
}

/** "Positioning of Luftwaffe Airfields" (A.1), "Airfield Relocation" (B.1), B-56: added to `out`. */
function airfieldMoves(board: Board, side: Side, out: BarbarossaAction[]): void {
  const g = board.g;
  let front: ((hex: number) => boolean) | undefined;
  for (const id of g.order) {
    if (g.pieces[id]!.side !== side || board.unit(id).type !== 'air' || !mayRelocate(board, id)) continue;
    front ??= behindFront(board, side);
    for (const d of airfieldDestinations(board, id, front))
      out.push(
        d.rail
          ? { type: 'airfield', piece: id, to: d.to, rail: true }
          : { type: 'airfield', piece: id, to: d.to },
      );
  }
}

export const reinforceStep: StepRules<
  | 'place'
  | 'rehide'
  | 'rail'
  | 'sea'
  | 'convert'
  | 'railhead'
  | 'call-siberians'
  | 'airfield'
  | 'air-supply'
  | 'load-factory'
  | 'entrench'
  | 'flip-strong'
  | 'rebuild-korps'
  | 'end-step'
> = {
  legal(g, side, s) {
    const board = new Board(g, s);
    // Reinforcements: every arrival that can enter must (B-37).
    const { placements: out, waiting } = arrivals(board, side);
    if (side === 'soviet')
      for (const id of g.order) if (mayRehide(g, s, id)) out.push({ type: 'rehide', piece: id });
    // Strategic/Rail Movement, then (Axis) the Rail Conversion markers' movement and the railheads (A.1, B.1, B-38).
    // (Added in place: a list of tens of thousands of rail moves is not spread as arguments.)
    strategicMoves(board, side, out);
    if (mayCallSiberians(g, s)) out.push({ type: 'call-siberians' });
    airfieldMoves(board, side, out);
    for (const m of supplyTargets(board)) out.push({ type: 'air-supply', ...m }); // B-59
    for (const id of g.order) {
      if (mayLoadFactory(g, s, id)) out.push({ type: 'load-factory', piece: id });
      if (mayEntrench(g, s, id)) out.push({ type: 'entrench', piece: id });
    }
    if (side === 'axis') {
      // A.1 "Flipping of German Armies to Strong Side" (B-39).
      for (const id of g.order) if (mayFlipStrong(g, s, id)) out.push({ type: 'flip-strong', piece: id });
      // B-55: a reduced motorized korps built back up with panzer replacement factors.
      for (const id of g.order) if (mayRebuildKorps(g, s, id)) out.push({ type: 'rebuild-korps', piece: id });
    }
    if (!waiting) out.push({ type: 'end-step' });
    return out;
  },

  effects: {
    place(g, s, _side, a, ctx) {
      placeArrival(g, s, a.piece, a.hex, ctx);
    },

    rehide(g, _s, _side, a, ctx) {
      rehide(g, a.piece, ctx);
    },

    ...strategicEffects,

    'call-siberians'(g, s, _side, _a, ctx) {
      g.siberiansFrom = g.turn;
      log(ctx, 'reinforcements', `the Russian player calls the Siberian Reserve from turn ${g.turn}`, [
        CITE_SIBERIANS,
        'B-43',
      ]);
      siberianArrival(g, s, ctx);
    },

    airfield(g, s, _side, a, ctx) {
      relocateAirfield(
        g,
        s,
        a.piece,
        a.to,
        a.rail === true,
        ctx,
        label(g, s, a.piece),
        (h) => s.hexNumbers[h]!,
      );
    },

    // B-59: the supply mission may be intercepted before it lands.
    'air-supply'(g, s, _side, a, ctx) {
      declareMission(g, s, { kind: 'supply', piece: a.piece, target: a.target }, ctx, label);
    },

    'load-factory'(g, s, _side, a, ctx) {
      g.evacuation[a.piece] = { phase: 'loading', since: g.turn };
      log(ctx, 'rail', `${label(g, s, a.piece)} flipped to its Loading side`, [CITE_FACTORIES, 'B-51']);
    },

    entrench(g, s, _side, a, ctx) {
      g.pieces[a.piece]!.entrenched = true;
      log(ctx, 'entrench', `${label(g, s, a.piece)} entrenches`, [
        CITE_SEQUENCE,
        g.player === 'axis' ? 'A.1' : 'B.1',
        'B-51',
      ]);
    },

    'flip-strong'(g, s, _side, a, ctx) {
      g.pieces[a.piece]!.weak = false;
      log(ctx, 'flip', `${label(g, s, a.piece)} flipped to its strong side`, [CITE_SEQUENCE, 'A.1', 'B-39']);
    },

    'rebuild-korps'(g, s, _side, a, ctx) {
      rebuildKorps(g, s, a.piece, ctx);
    },

    'end-step': endStep,
  },
};
