/**
 * mars-1942 "GAMETURN SEQUENCE - note the asymmetric recovery from Disruption": the
 * start of a player-turn, the combat phase's start (B.4 Russian recovery), the Russian
 * defenders' recovery after each combat (B.5), the end of a player-turn (A.4 / B.6
 * sustained supply, B.7 German recovery), the next turn and the end of the game.
 */
import type { RulesContext } from '@stavka/engine';
import { Board } from './board.ts';
import { RESULT_EFFECTS } from './results.ts';
import type { Scenario, Side } from './scenario.ts';
import { type Combat, changeUnit, type MarsState } from './state.ts';
import { CITE, log } from './steps/step.ts';
import { refreshSupply, sustainedSupply } from './supply.ts';
import { victoryTally } from './victory.ts';

/** A.1 / B.1: a player-turn starts with fortification; its units have not moved yet. */
export function startPlayerTurn(g: MarsState, s: Scenario, side: Side, ctx: RulesContext): void {
  g.player = side;
  g.step = 'fortify';
  g.attacks = [];
  g.combat = null;
  for (const id of s.unitIds) {
    const st = g.units[id]!;
    const moved = s.units[id]!.side === side ? 'no' : st.moved;
    if (!st.fortifiedNow && !st.attacked && st.moved === moved) continue; // left as it is (shared)
    const c = changeUnit(g, id);
    c.fortifiedNow = false;
    c.attacked = false;
    c.moved = moved;
  }
  log(
    ctx,
    'phase',
    `Turn ${g.turn} (${s.turnDates[g.turn - 1] ?? ''}): ${side === 'soviet' ? 'A. Zhukov' : 'B. von Kluge'}'s player-turn — fortification`,
    [CITE.sequence],
  );
}

/** The attacks declared, the combat step begins; with none, the player-turn ends. */
export function beginCombatPhase(g: MarsState, s: Scenario, ctx: RulesContext): void {
  g.step = 'combat';
  if (g.player === 'german') {
    // B.4: Russian Disrupted units in supply and not being attacked recover.
    const attacked = new Set(g.attacks.map((a) => a.target));
    for (const id of s.unitIds) {
      const st = g.units[id]!;
      if (s.units[id]!.side !== 'soviet' || st.status !== 'map' || !st.disrupted) continue;
      if (st.supply === 'isolated' || attacked.has(st.at)) continue;
      changeUnit(g, id).disrupted = false;
      log(ctx, 'recovered', `${s.units[id]!.name} recovers from Disruption`, [CITE.sequence + ' B.4'], {
        unit: id,
      });
    }
  }
  if (g.attacks.length === 0) endPlayerTurn(g, s, ctx);
}

/** B.5: Russian Disrupted defenders in supply and not re-Disrupted by the attack recover. */
export function recoverDefenders(g: MarsState, s: Scenario, c: Combat, ctx: RulesContext): void {
  if (g.player !== 'german') return;
  for (const d of c.defenders) {
    const st = g.units[d.unit]!;
    if (st.status !== 'map' || !st.disrupted || st.supply === 'isolated') continue;
    // A DW that could not be carried out (no retreat path) Disrupts in place: that is a
    // re-Disruption too (mars-1942 "Retreats and Advances after Combat").
    // No Retreat! changes nothing else (RULINGS M-23): a unit that gave the order and got
    // "-" or AE recovers like any other; its DW held in place is a D (M-8), caught above.
    const reDisrupts = RESULT_EFFECTS[d.result]?.defender.reDisrupts;
    const reDisrupted =
      reDisrupts === 'always' ||
      (reDisrupts === 'by-retreat' && (d.path.length === 0 || d.path.length - 1 >= d.disruptAt));
    if (!reDisrupted) {
      changeUnit(g, d.unit).disrupted = false;
      log(ctx, 'recovered', `${s.units[d.unit]!.name} recovers from Disruption`, [
        CITE.sequence + ' B.5',
        ...(d.noRetreat ? ['M-23'] : []),
      ]);
    }
  }
}

/**
 * The end of a player-turn: A.4 / B.6 sustained supply status (which may wait for the
 * owner's choice of the unit spared, M-20: then the step 'supply' calls this again),
 * then B.7 German recovery, then the next player-turn or, after the last, the game's end.
 */
export function endPlayerTurn(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const side = g.player;
  if (!sustainedSupply(g, s, ctx)) return;
  if (side === 'german') {
    for (const id of s.unitIds) {
      const st = g.units[id]!;
      if (s.units[id]!.side === 'german' && st.status === 'map' && st.disrupted && st.supply !== 'isolated') {
        changeUnit(g, id).disrupted = false;
        log(ctx, 'recovered', `${s.units[id]!.name} recovers from Disruption`, [CITE.sequence + ' B.7'], {
          unit: id,
        });
      }
    }
  }
  refreshSupply(g, s);
  if (side === 'soviet') startPlayerTurn(g, s, 'german', ctx);
  else if (g.turn >= s.turns) {
    g.step = 'over';
    const t = victoryTally(new Board(s, g));
    const winner =
      t.german > t.soviet ? 'von Kluge (German)' : t.soviet > t.german ? 'Zhukov (Soviet)' : 'nobody: a draw';
    log(ctx, 'result', `Game over after turn ${g.turn}: German ${t.german}, Soviet ${t.soviet} — ${winner}`, [
      CITE.victory,
      'M-15',
    ]);
  } else {
    g.turn += 1;
    startPlayerTurn(g, s, 'soviet', ctx);
  }
}
