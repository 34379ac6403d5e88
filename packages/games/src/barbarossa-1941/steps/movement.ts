/**
 * Operational movement and attack allocations (barbarossa-1941 "GAME-TURN SEQUENCE"
 * A.3 / B.3, and the breakthrough's movement, A.6 / Proriv!, B-9): each unit moves by
 * its OMF and OMB (movement.ts), stacks overrun a 1-factor defender (B-42, B-65),
 * attacks are allocated; the step ends, with the recovery before combat (A.4 / B.4),
 * once every declared attack can be made and the must-attack rule is met (B-14).
 */
import { Board } from '../board.ts';
import { afterMove, canMove, movementActions, moveOptions } from '../movement.ts';
import { applyOverrun, overrunOptions } from '../overrun.ts';
import { enterHex, label } from '../resolution.ts';
import { moscowMoraleRoll } from '../special-units.ts';
import type { BarbarossaAction } from './actions.ts';
import { allocatedTo, allocations, allocationsComplete, attackEffects } from './attacks.ts';
import { CITE_SEQUENCE, log, type StepRules } from './step.ts';
import { recoverBeforeCombat } from './turn.ts';

const CITE_MOVEMENT = 'barbarossa-1941 "Operational Movement"';

export const movementStep: StepRules<'move' | 'overrun' | 'allocate' | 'unallocate' | 'end-movement'> = {
  legal(g, side, s) {
    const board = new Board(g, s);
    const movers = g.order.filter((id) => {
      const p = g.pieces[id]!;
      return p.side === side && p.status === 'map' && allocatedTo(g, id) < 0 && canMove(board, id);
    });
    // The same lists as moveOptions piece by piece, the parent state's kept where nothing near changed.
    const moves = movementActions(board, movers);
    const rest: BarbarossaAction[] = [];
    // Overrun (B-42, B-65): a stack moving together eliminates a 1-factor defender for 1 more MF.
    for (const o of overrunOptions(board, (id) => allocatedTo(g, id) < 0)) {
      // B-66: no Russian unit enters Rumania before the Axis has attacked out of it.
      if (g.player === 'soviet' && g.rumaniaOpen !== true && s.rumania[o.target] === 1) continue;
      if (board.fits(o.target, o.pieces, board.at[o.target]!))
        rest.push({ type: 'overrun', pieces: [...o.pieces], target: o.target });
    }
    rest.push(...allocations(board, side));
    if (allocationsComplete(board)) rest.push({ type: 'end-movement' });
    // One array of the thousands of moves and the rest, made at its size (nothing pushed on after).
    return ([] as BarbarossaAction[]).concat(...moves, rest);
  },

  effects: {
    move(g, s, _side, a, ctx) {
      const board = new Board(g, s);
      const opt = moveOptions(board, a.piece, { to: a.to })[0]!;
      const p = g.pieces[a.piece]!;
      for (const h of opt.path.slice(1)) enterHex(g, s, h, p.side, ctx);
      p.at = a.to;
      p.moved = opt.bonus ? 'bonus' : 'attack';
      p.entrenched = false;
      // B-65, B-69: what the move leaves for an overrun or a river attack.
      const left = afterMove(board, a.piece, opt);
      p.mfLeft = left.mfLeft;
      if (left.riverCrossed) p.riverCrossed = true;
      ctx.log({
        kind: 'move',
        text: `${label(g, s, a.piece)} moves ${opt.path.map((h) => s.hexNumbers[h]).join('-')}${opt.bonus ? ' (with the OMB: no attack)' : ''}`,
        cite: [CITE_MOVEMENT],
        data: { piece: a.piece, path: opt.path },
      });
      // B-40: the supply to Moscow is traced with the mover in it (a friendly unit: its hex is not cut by the Russian ZOC).
      if (p.side === 'axis') moscowMoraleRoll(g, s, a.to, ctx);
    },

    overrun(g, s, _side, a, ctx) {
      if (!applyOverrun(g, s, a.pieces, a.target, ctx)) return;
      enterHex(g, s, a.target, g.player, ctx);
      log(
        ctx,
        'move',
        `${a.pieces.map((id) => label(g, s, id)).join(', ')} overrun ${s.hexNumbers[a.target]}`,
        [`${CITE_MOVEMENT} Overrun`, 'B-42'],
      );
      if (g.player === 'axis') moscowMoraleRoll(g, s, a.target, ctx);
    },

    allocate: attackEffects.allocate,
    unallocate: attackEffects.unallocate,

    'end-movement'(g, s, _side, _a, ctx) {
      recoverBeforeCombat(g, s, ctx);
      g.step = 'combat';
      log(
        ctx,
        'phase',
        `${g.player === 'axis' ? 'A.5' : 'B.5'}: ground combat resolution${g.breakthrough ? ' (breakthrough, B-9)' : ''}`,
        [CITE_SEQUENCE],
      );
    },
  },
};
