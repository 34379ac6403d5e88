/**
 * Panzer reinforcements and withdrawals (mars-1942 GAMETURN SEQUENCE B.2, "Victory
 * Conditions" 4, RULINGS M-14): "One reinforcement panzer division per turn, in
 * numerical order, arrives on the southern mapboard edge, if von Kluge so chooses";
 * a reserve division may instead be removed from the game for points. A panzer unit on
 * the map leaves by the southern edge in the movement step (steps/movement.ts).
 */
import type { MarsAction } from '../actions.ts';
import { fitsStack } from '../board.ts';
import { hexName, type Scenario } from '../scenario.ts';
import { changeUnit, type MarsState } from '../state.ts';
import { CITE, hexAt, hexNum, log, type StepRules } from './step.ts';

function nextReinforcement(g: MarsState, s: Scenario): string | undefined {
  return s.reinforcementOrder.find((id) => g.units[id]!.status === 'reserve');
}

function nextWithdrawal(g: MarsState, s: Scenario): string | undefined {
  return s.withdrawalOrder.find((id) => g.units[id]!.status === 'reserve');
}

export const reinforceStep: StepRules<'reinforce' | 'withdraw-reserve' | 'end-reinforcement'> = {
  legal(g, _me, board) {
    const { s } = board;
    const out: MarsAction[] = [];
    const next = nextReinforcement(g, s);
    if (next && !g.reinforced) {
      for (const h of s.southEdge) {
        if (!board.isEnemyHex('german', h) && fitsStack(board, h, next))
          out.push({ type: 'reinforce', hex: hexNum(s, h) });
      }
    }
    if (nextWithdrawal(g, s)) out.push({ type: 'withdraw-reserve' });
    out.push({ type: 'end-reinforcement' });
    return out;
  },

  effects: {
    reinforce(g, s, _me, action, ctx) {
      const id = nextReinforcement(g, s)!;
      const st = changeUnit(g, id);
      st.status = 'map';
      st.at = hexAt(s, action.hex);
      g.reinforced = true;
      g.deployed.push(id);
      log(ctx, 'reinforcement', `${s.units[id]!.name} arrives at ${hexName(s, st.at)} (Zhukov +4)`, [
        CITE.sequence + ' B.2',
        'M-14',
      ]);
    },

    'withdraw-reserve'(g, s, _me, _action, ctx) {
      const id = nextWithdrawal(g, s)!;
      changeUnit(g, id).status = 'withdrawn';
      const points = s.withdrawalPoints[g.turn - 1] ?? 0;
      g.withdrawals.push({ unit: id, countsOnTurn: g.turn, points });
      log(
        ctx,
        'withdrawal',
        `${s.units[id]!.name} is withdrawn from the reserve for good (von Kluge +${points})`,
        [CITE.victory, 'M-14'],
      );
    },

    'end-reinforcement'(g, _s, _me, _action, ctx) {
      g.step = 'movement';
      log(ctx, 'phase', 'B.3 operational movement', [CITE.sequence]);
    },
  },
};
