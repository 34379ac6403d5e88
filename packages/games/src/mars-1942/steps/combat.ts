/**
 * Ground combat resolution (mars-1942 GAMETURN SEQUENCE A.3 / B.5): the attacker picks
 * the attack to resolve; each combat then goes through its phases, each with its
 * chooser: the defender's No Retreat! orders (M-8), the roll (results.ts), the
 * attacker's losses, the rout distance of a DR, the defender's retreats, the attacker's
 * advances ("Retreats and Advances after Combat", retreats.ts).
 */
import type { RulesContext } from '@stavka/engine';
import type { MarsAction } from '../actions.ts';
import { type AttackEvaluation, evaluateAttack, unitAttack } from '../attack.ts';
import { Board } from '../board.ts';
import { MARS_CRT } from '../combat.ts';
import { boardOf } from '../drafts.ts';
import { rollCombat } from '../results.ts';
import {
  advanceOptions,
  advanceSatisfied,
  retreatDestinations,
  retreatPath,
  retreatsOwed,
  startAdvance,
} from '../retreats.ts';
import { hexName, type Scenario, type Side } from '../scenario.ts';
import {
  type Attack,
  type Combat,
  type CombatPhase,
  changeUnit,
  type DefenderResult,
  type MarsState,
} from '../state.ts';
import { refreshSupply } from '../supply.ts';
import { updateTaken } from '../taken.ts';
import { endPlayerTurn, recoverDefenders } from '../turn.ts';
import { CITE, eliminate, hexAt, hexNum, log, type StepRules } from './step.ts';

/** What the combat being resolved offers in each of its phases. */
const PHASE_ACTIONS: Record<CombatPhase, (board: Board, c: Combat) => MarsAction[]> = {
  // Every subset of the defenders, as one order each (M-8), in a canonical order.
  orders(_board, c) {
    const out: MarsAction[] = [];
    const ids = [...c.defenders.map((d) => d.unit)].sort();
    for (let mask = 0; mask < 1 << ids.length; mask++) {
      out.push({ type: 'no-retreat', units: ids.filter((_, i) => mask & (1 << i)) });
    }
    return out;
  },
  losses({ state: g }, c) {
    const out: MarsAction[] = [];
    for (const id of c.attackers) if (g.units[id]!.status === 'map') out.push({ type: 'lose', unit: id });
    return out;
  },
  'rout-distance': () => [0, 1, 2].map((n): MarsAction => ({ type: 'rout', hexes: n })),
  retreat(board, c) {
    const { s, state: g } = board;
    const out: MarsAction[] = [];
    for (const d of c.defenders) {
      if (d.retreatMax === 0 || d.path.length > 0 || g.units[d.unit]!.status !== 'map') continue;
      for (const h of retreatDestinations(board, c, d))
        out.push({ type: 'retreat', unit: d.unit, to: hexNum(s, h) });
      if (d.retreatMin === 0) out.push({ type: 'stand', unit: d.unit });
    }
    return out;
  },
  advance(board, c) {
    const out: MarsAction[] = [];
    for (const [unit, to] of advanceOptions(board, c))
      out.push({ type: 'advance', unit, to: hexNum(board.s, to) });
    if (advanceSatisfied(board, c)) out.push({ type: 'end-advance' });
    return out;
  },
  done: () => [],
};

/** The attack on `attack.target` begins: its odds logged, the defenders to give their orders. */
function startCombat(g: MarsState, s: Scenario, attack: Attack, ctx: RulesContext): void {
  const board = new Board(s, g);
  const ev = evaluateAttack(board, g.player, attack);
  // Keys in cloneMarsState's order, here and in the combat: one shape of each for the code
  // reading them (the AI's rollouts clone thousands).
  const defenders = ev.defenders.map<DefenderResult>((unit) => ({
    disruptAt: 0,
    noRetreat: false,
    path: [],
    result: '',
    retreatMax: 0,
    retreatMin: 0,
    unit,
  }));
  for (const id of attack.units) {
    const st = changeUnit(g, id);
    st.attacked = true;
    if (st.fortified) {
      st.fortified = false;
      log(ctx, 'fortification', `${s.units[id]!.name} leaves its fortification to attack`, [CITE.fort]);
    }
  }
  g.combat = {
    advanceBeyond: [],
    advanceOwed: 0,
    advanced: [],
    attackers: [...attack.units],
    base: '',
    column: MARS_CRT.columnLabels[ev.column]!,
    defenders,
    from: [...ev.from],
    hexsideOnly: ev.hexsideOnly,
    lossesOwed: 0,
    phase: 'orders',
    roll: 0,
    routPending: false,
    target: attack.target,
  };
  logOdds(s, attack, ev, ctx);
  // No Retreat! is for the defender to give (M-8); a hexside attack has no defenders to order.
  if (defenders.length === 0) {
    rollCombat(g, s, ctx);
    continueCombat(g, s, ctx);
  }
}

/** The attack's odds in the log: attack against defense, each shift with its reason, the column. */
function logOdds(s: Scenario, attack: Attack, ev: AttackEvaluation, ctx: RulesContext): void {
  const shifts = ev.shifts.map(
    (x) => `${x.by > 0 ? '+' : ''}${x.by} ${x.reason}${x.cite ? ` (${x.cite})` : ''}`,
  );
  log(
    ctx,
    'combat',
    `Attack on ${hexName(s, attack.target)}: ${ev.attack} against ${ev.defense}, ${ev.ratio}` +
      `${shifts.length ? `; shifts ${shifts.join(', ')}` : ''}; column ${MARS_CRT.columnLabels[ev.column]}`,
    [CITE.crt, 'M-2', ...(ev.raw < 0 ? ['M-2a'] : [])],
    {
      attack: ev.attack,
      defense: ev.defense,
      raw: ev.ratio, // below 1:4 the list runs on 1:5, 1:6, ... (M-2a)
      column: MARS_CRT.columnLabels[ev.column],
      shifts: ev.shifts,
      defenseItems: ev.defenseItems,
      attackers: attack.units,
      target: hexNum(s, attack.target),
    },
  );
}

/** Moves the combat on to its next phase that needs a choice, doing what needs none. */
function continueCombat(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const c = g.combat!;
  for (;;) {
    if (c.phase === 'losses') {
      if (c.lossesOwed > 0 && c.attackers.some((id) => g.units[id]!.status === 'map')) return;
      c.phase = 'rout-distance';
      continue;
    }
    if (c.phase === 'rout-distance') {
      const routed = c.defenders.some((d) => d.result === 'DR' && g.units[d.unit]!.status === 'map');
      if (c.routPending && routed) return;
      c.routPending = false;
      c.phase = 'retreat';
      continue;
    }
    if (c.phase === 'retreat') {
      if (retreatsOwed(g, s, ctx)) return;
      startAdvance(g, s, ctx);
      continue;
    }
    if (c.phase === 'advance') {
      if (advanceOptions(new Board(s, g), c).length > 0) return;
      finishCombat(g, s, ctx);
      return;
    }
    return;
  }
}

/** The combat over: B.5 recovery, the attack struck off, the next one or the end of the player-turn. */
function finishCombat(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const c = g.combat!;
  recoverDefenders(g, s, c, ctx);
  g.attacks = g.attacks.filter((a) => a.target !== c.target);
  g.combat = null;
  refreshSupply(g, s);
  if (g.attacks.length === 0) endPlayerTurn(g, s, ctx);
}

/** The defender of the combat being resolved, by unit. */
const defenderOf = (g: MarsState, unit: string): DefenderResult =>
  g.combat!.defenders.find((x) => x.unit === unit)!;

export const combatStep: StepRules<
  'resolve' | 'no-retreat' | 'lose' | 'rout' | 'retreat' | 'stand' | 'advance' | 'end-advance'
> = {
  legal(g, _me, board) {
    const c = g.combat;
    if (c) return PHASE_ACTIONS[c.phase](board, c);
    return g.attacks.map((a): MarsAction => ({ type: 'resolve', target: hexNum(board.s, a.target) }));
  },

  effects: {
    resolve(g, s, _me, action, ctx) {
      const a = g.attacks.find((x) => x.target === hexAt(s, action.target))!;
      startCombat(g, s, a, ctx);
    },

    // "In any individual battle, the Defender may give some or all his units No Retreat!
    // orders" (M-8), before the roll.
    'no-retreat'(g, s, _me, action, ctx) {
      const c = g.combat!;
      for (const d of c.defenders) d.noRetreat = action.units.includes(d.unit);
      if (action.units.length > 0) {
        log(
          ctx,
          'orders',
          `No Retreat! ordered for ${action.units.map((id) => s.units[id]!.name).join(', ')}`,
          ['M-8'],
        );
      }
      rollCombat(g, s, ctx);
      continueCombat(g, s, ctx);
    },

    lose(g, s, _me, action, ctx) {
      const c = g.combat!;
      const paid = unitAttack(s, g, action.unit);
      // M-16: on the first turn every loss paid in factors counts the Russian unit doubled.
      const doubled = paid !== (s.units[action.unit]!.factors.attack ?? 0);
      eliminate(
        g,
        s,
        action.unit,
        ctx,
        `loss chosen by the attacker (${paid} factors${doubled ? ', doubled on the first turn' : ''})`,
        [CITE.defs, ...(doubled ? ['M-16'] : [])],
      );
      c.lossesOwed = Math.max(0, c.lossesOwed - paid);
      continueCombat(g, s, ctx);
    },

    // "DR = Defenders ROUTED ... must be withdrawn 0-2 as attacker chooses".
    rout(g, s, _me, action, ctx) {
      const c = g.combat!;
      for (const d of c.defenders) {
        if (d.result !== 'DR' || g.units[d.unit]!.status !== 'map') continue;
        d.retreatMin = action.hexes;
        d.retreatMax = action.hexes;
      }
      c.routPending = false;
      log(
        ctx,
        'result',
        `The attacker routs the defenders ${action.hexes} hex(es); the defender picks the route`,
        [CITE.defs],
      );
      c.phase = 'retreat';
      continueCombat(g, s, ctx);
    },

    retreat(g, s, _me, action, ctx) {
      const c = g.combat!;
      const d = defenderOf(g, action.unit);
      const to = hexAt(s, action.to);
      const path = retreatPath(boardOf(g), c, d, to);
      const st = changeUnit(g, action.unit);
      st.at = to;
      st.fortified = false;
      d.path = path;
      updateTaken(g, s, s.units[action.unit]!.side as Side, path); // M-19
      const hexes = path.length - 1;
      // DW / German D: Disrupted by a retreat of disruptAt hexes or more; an already
      // Disrupted unit does not recover by retreating (it recovers only in its recovery step,
      // mars-1942 GAMETURN SEQUENCE).
      if (d.result === 'DW' || d.result === 'D') {
        st.disrupted = st.disrupted || hexes >= d.disruptAt;
      }
      log(
        ctx,
        'retreat',
        `${s.units[action.unit]!.name} retreats ${path.map((h) => hexNum(s, h)).join('-')}${st.disrupted ? ', Disrupted' : ', not Disrupted'}`,
        [CITE.retreat, CITE.defs],
        { unit: action.unit, path: path.map((h) => hexNum(s, h)) },
      );
      continueCombat(g, s, ctx);
    },

    stand(g, s, _me, action, ctx) {
      const d = defenderOf(g, action.unit);
      d.retreatMax = 0;
      if (d.result === 'D') changeUnit(g, action.unit).disrupted = true;
      const st = g.units[action.unit]!;
      log(ctx, 'result', `${s.units[action.unit]!.name} stands${st.disrupted ? ' and is Disrupted' : ''}`, [
        CITE.defs,
      ]);
      continueCombat(g, s, ctx);
    },

    advance(g, s, _me, action, ctx) {
      const c = g.combat!;
      const to = hexAt(s, action.to);
      const st = changeUnit(g, action.unit);
      st.at = to;
      st.fortified = false;
      if (!c.advanced.includes(action.unit)) c.advanced.push(action.unit);
      log(ctx, 'advance', `${s.units[action.unit]!.name} advances to ${hexName(s, to)}`, [CITE.retreat], {
        unit: action.unit,
      });
      continueCombat(g, s, ctx);
    },

    'end-advance'(g, s, _me, _action, ctx) {
      finishCombat(g, s, ctx);
    },
  },
};
