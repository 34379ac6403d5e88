/**
 * Ground combat resolution (barbarossa-1941 "GAME-TURN SEQUENCE" A.5 / B.5, and the
 * breakthrough's combat, B-9): the attacks allocated are resolved one at a time
 * (resolution.ts; steps/resolution.ts while one is under way), Katyushas strike first
 * (B-10), air units strike (B-57), Blitzkrieg! units join a second attack; at its end
 * the breakthrough (A.6, Proriv!) follows, and after the breakthrough's combat the
 * player-turn's end (steps/turn.ts).
 */
import { strikeTargets } from '../air.ts';
import { Board } from '../board.ts';
import { katyushaStrike, katyushaTargets } from '../special-units.ts';
import type { BarbarossaAction } from './actions.ts';
import { allocations, attackEffects, cancellations, resolutions } from './attacks.ts';
import { CITE_SEQUENCE, log, type StepRules } from './step.ts';
import { endPlayerTurn } from './turn.ts';

export const combatStep: StepRules<
  'allocate' | 'resolve' | 'air-support' | 'cancel' | 'katyusha' | 'airstrike' | 'end-combat'
> = {
  legal(g, side, s) {
    const board = new Board(g, s);
    // Blitzkrieg!: "German units can attack one additional time - joining in another initial attack, if wished."
    const out: BarbarossaAction[] = allocations(board, side).filter(
      (a) => a.type === 'allocate' && g.blitz.includes(a.piece),
    );
    out.push(...resolutions(board, side));
    // "Axis attacks may be cancelled, unless they are required by previous attacks.  Once allocated, after resolution of other attacks has begun, Russian attacks may never be cancelled."
    // An attack that can no longer be made (its hex emptied by another combat) is dropped, by either side.
    out.push(...cancellations(board, side === 'axis'));
    // Katyushas "can attack an adjacent hex, before standard ground attacks are resolved" (B-10).
    for (const k of katyushaTargets(g, s)) out.push({ type: 'katyusha', ...k });
    // Airstrikes ("Air units may be saved to be used offensively in the breakthrough/Proriv! phase").
    for (const m of strikeTargets(board)) out.push({ type: 'airstrike', ...m });
    if (g.attacks.length === 0) out.push({ type: 'end-combat' });
    return out;
  },

  effects: {
    allocate: attackEffects.allocate,
    resolve: attackEffects.resolve,
    'air-support': attackEffects['air-support'],
    cancel: attackEffects.cancel,
    airstrike: attackEffects.airstrike,

    katyusha(g, s, _side, a, ctx) {
      katyushaStrike(g, s, a.piece, a.target, ctx);
    },

    'end-combat'(g, s, _side, _a, ctx) {
      if (g.breakthrough) {
        endPlayerTurn(g, s, ctx);
        return;
      }
      // A.6 German Operational Breakthrough / Proriv! (B-9): movement and combat again for the units not yet used.
      g.breakthrough = true;
      g.step = 'movement';
      g.spent = g.order.filter((id) => {
        const p = g.pieces[id]!;
        return p.side === g.player && (p.moved !== 'no' || p.attacked);
      });
      g.attackedThisPhase = [];
      log(
        ctx,
        'phase',
        `${g.player === 'axis' ? 'A.6 German Operational Breakthrough' : 'Proriv!'}: movement and combat for units not yet used (OMF -2, OMB ${g.player === 'axis' ? 2 : 3})`,
        [CITE_SEQUENCE, 'B-9'],
      );
    },
  },
};
