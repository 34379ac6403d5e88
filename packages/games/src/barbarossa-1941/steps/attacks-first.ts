/**
 * Attacks before operational movement (barbarossa-1941 "GAME-TURN SEQUENCE" A.2 / B.2):
 * units that have not moved attack, allocated and resolved one by one, with airstrikes
 * (B-57) before them; the step ends once no attack is left declared. In B.2 the
 * must-attack rule (B-14) holds before the first resolution, and "Once allocated, after
 * resolution of other attacks has begun, Russian attacks may never be cancelled".
 */
import { strikeTargets } from '../air.ts';
import { Board } from '../board.ts';
import type { BarbarossaAction } from './actions.ts';
import { allocations, allocationsComplete, attackEffects, cancellations, resolutions } from './attacks.ts';
import type { StepRules } from './step.ts';
import { endStep } from './turn.ts';

export const attacksFirstStep: StepRules<
  'allocate' | 'unallocate' | 'airstrike' | 'resolve' | 'air-support' | 'cancel' | 'end-step'
> = {
  legal(g, side, s) {
    const board = new Board(g, s);
    const out: BarbarossaAction[] = allocations(board, side);
    for (const m of strikeTargets(board)) out.push({ type: 'airstrike', ...m }); // B-57
    out.push(...resolutions(board, side));
    // An attack that can no longer be made (its hex emptied by another combat) is dropped.
    out.push(...cancellations(board, false));
    if (g.attacks.length === 0) out.push({ type: 'end-step' });
    // General Rule (B-14) in B.2 too: no Russian attack is resolved while an adjacent German
    // army or korps is owed an attack at odds at least equal (as at B.3's end of allocation).
    if (side === 'soviet' && g.attackedThisPhase.length === 0 && !allocationsComplete(board))
      return out.filter((a) => a.type !== 'resolve');
    return out;
  },

  effects: { ...attackEffects, 'end-step': endStep },
};
