/**
 * Ground attack allocations (mars-1942 GAMETURN SEQUENCE A.3 / B.5; COMBAT RESULTS
 * TABLE: "Final attacking odds less than 1:4 are not allowed", the must-attack rule,
 * the German 2:1 probe, M-7): units are assigned to the hexes they attack; the
 * allocation ends once every attack is at legal odds and every hex owed an attack has
 * one. The odds and the must-attack rule are attack.ts's.
 */
import type { MarsAction } from '../actions.ts';
import { canAttack, evaluateAttack, isTarget, mustAttack } from '../attack.ts';
import { type Board, sideUnits } from '../board.ts';
import type { Side } from '../scenario.ts';
import { beginCombatPhase } from '../turn.ts';
import { CITE, hexAt, hexNum, log, onMap, type StepRules } from './step.ts';

/** End of allocation: every attack at legal odds and the must-attack rule satisfied. */
function allocationComplete(board: Board, side: Side): boolean {
  const g = board.state;
  if (g.attacks.some((a) => evaluateAttack(board, side, a).refusal !== null)) return false;
  return mustAttack(board, side, g.attacks).length === 0;
}

export const allocationStep: StepRules<'assign' | 'unassign' | 'probe' | 'end-allocation'> = {
  legal(g, me, board) {
    const { s } = board;
    const out: MarsAction[] = [];
    const assigned = new Map<string, number>();
    for (const a of g.attacks) for (const id of a.units) assigned.set(id, a.target);
    for (const id of onMap(g, sideUnits(s, me))) {
      if (assigned.has(id) || !canAttack(board, id)) continue;
      const at = g.units[id]!.at;
      for (const h of board.neighbors(at)) {
        if (isTarget(board, me, h, at)) out.push({ type: 'assign', unit: id, target: hexNum(s, h) });
      }
    }
    for (const id of [...assigned.keys()].sort()) out.push({ type: 'unassign', unit: id });
    if (me === 'german') for (const a of g.attacks) out.push({ type: 'probe', target: hexNum(s, a.target) });
    if (allocationComplete(board, me)) out.push({ type: 'end-allocation' });
    return out;
  },

  effects: {
    assign(g, s, _me, action) {
      const target = hexAt(s, action.target);
      let a = g.attacks.find((x) => x.target === target);
      if (!a) {
        // Keys in cloneMarsState's order: one shape of attack for the code reading them.
        a = { probe: false, target, units: [] };
        g.attacks.push(a);
        g.attacks.sort((x, y) => x.target - y.target);
      }
      a.units.push(action.unit);
      a.units.sort();
    },

    unassign(g, _s, _me, action) {
      for (const a of g.attacks) a.units = a.units.filter((id) => id !== action.unit);
      g.attacks = g.attacks.filter((a) => a.units.length > 0);
    },

    // "The German player may choose to lower his odds to a 2:1 probe" (M-7).
    probe(g, s, _me, action) {
      const a = g.attacks.find((x) => x.target === hexAt(s, action.target))!;
      a.probe = !a.probe;
    },

    'end-allocation'(g, s, _me, _action, ctx) {
      log(ctx, 'phase', `${g.attacks.length} attack(s) declared`, [CITE.sequence]);
      beginCombatPhase(g, s, ctx);
    },
  },
};
