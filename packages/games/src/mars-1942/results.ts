/**
 * mars-1942 COMBAT RESULTS TABLE and COMBAT RESULTS DEFINITIONS: the roll, each
 * defender's reading (a Disrupted one reads the next column, M-6), and what each result
 * does, as data: RESULT_EFFECTS gives, for each result code, what it does to a defender
 * and what the attackers lose; DEFENDER_EFFECTS and ATTACKER_LOSSES say how. The choices
 * a result leaves (losses, rout distance, retreats, advances) are steps/combat.ts's.
 */
import { type RulesContext, readTable } from '@stavka/engine';
import { type AttackEvaluation, evaluateAttack, exchangeDefense, unitAttack } from './attack.ts';
import { Board, isGuards } from './board.ts';
import { MARS_CRT } from './combat.ts';
import { hexName, type Scenario } from './scenario.ts';
import { type Combat, changeUnit, type DefenderResult, type MarsState } from './state.ts';
import { CITE, eliminate, log } from './steps/step.ts';

/** What a result does to one defender, and the same under No Retreat! orders (M-8). */
export interface DefenderEffect {
  /** Done to the defender once the die is read. */
  readonly apply: (g: MarsState, s: Scenario, c: Combat, d: DefenderResult, ctx: RulesContext) => void;
  /** Done instead of a retreat when the defender gave No Retreat! orders (M-8). */
  readonly noRetreat: (g: MarsState, s: Scenario, c: Combat, d: DefenderResult, ctx: RulesContext) => void;
  /** The defenders leave the hex attacked (an empty defense-zone hex attacked across its frontline, M-11). */
  readonly vacates: boolean;
  /**
   * Whether a Russian defender Disrupted before the attack counts as re-Disrupted by it
   * (no B.5 recovery): always, never, or when its retreat Disrupted it (DW).
   */
  readonly reDisrupts: 'always' | 'never' | 'by-retreat';
}

const nothing = () => {};

/** Disrupted, retreating no further (No Retreat!, M-8): "DW -> D; D unchanged (no voluntary retreat)". */
function holdDisrupted(g: MarsState, _s: Scenario, _c: Combat, d: DefenderResult): void {
  changeUnit(g, d.unit).disrupted = true;
  d.retreatMin = 0;
  d.retreatMax = 0;
}

/** What each kind of result does to a defender (mars-1942 COMBAT RESULTS DEFINITIONS). */
const DEFENDER_EFFECTS = {
  // "DE = Defenders ELIMINATED"; X/2 eliminates them too.
  eliminated: {
    apply: (g, s, _c, d, ctx) => eliminate(g, s, d.unit, ctx, d.result, [CITE.defs]),
    noRetreat: nothing,
    vacates: true,
    reDisrupts: 'never',
  },
  // "DR = Defenders ROUTED and Disrupted and must be withdrawn 0-2 as attacker chooses -
  // route determined by defender."
  routed: {
    apply(g, _s, c, d) {
      // Disrupted now; the fortification goes only if the rout moves it out of its hex
      // (the retreat action): a rout of 0 hexes leaves it fortified (RULINGS M-22).
      changeUnit(g, d.unit).disrupted = true;
      c.routPending = true; // the attacker picks 0-2 hexes (rout-distance)
    },
    // No Retreat! (M-8): DR -> DE.
    noRetreat: (g, s, _c, d, ctx) => eliminate(g, s, d.unit, ctx, 'DR under No Retreat! orders', ['M-8']),
    vacates: true,
    reDisrupts: 'always',
  },
  // "DW = Defenders WITHDRAWN 1-2 hexes, as defending player chooses. For Germans and
  // Guards Russian units, they are not Disrupted if withdrawn only 1 hex, but are
  // Disrupted if retreated 2. Other Russian units, are Disrupted."
  withdrawn: {
    apply(_g, s, _c, d) {
      const u = s.units[d.unit]!;
      d.retreatMin = 1;
      d.retreatMax = 2;
      d.disruptAt = u.side === 'german' || isGuards(u) ? 2 : 1;
    },
    // No Retreat! (M-8): DW -> D.
    noRetreat(g, s, c, d, ctx) {
      holdDisrupted(g, s, c, d);
      log(ctx, 'result', `${s.units[d.unit]!.name} holds (No Retreat!): Disrupted`, ['M-8']);
    },
    vacates: true,
    reDisrupts: 'by-retreat',
  },
  // "D = All Defending Units DISRUPTED"; DA/2 and DAE are "the D result" for the defenders.
  disrupted: {
    apply(g, s, _c, d) {
      if (s.units[d.unit]!.side !== 'german') changeUnit(g, d.unit).disrupted = true;
      else {
        // "A defending German player - only - may instead voluntarily choose to retreat 1 hex
        // and not be Disrupted, or 2-3 hexes and be Disrupted." Standing (or being unable to
        // retreat) is the D itself; a unit already Disrupted stays so whatever it chooses.
        d.retreatMin = 0;
        d.retreatMax = 3;
        d.disruptAt = 2;
        d.result = 'D';
      }
    },
    // No Retreat! (M-8): D unchanged (no voluntary retreat).
    noRetreat: holdDisrupted,
    vacates: false,
    reDisrupts: 'always',
  },
  // "- = No effect against either side"; AE spares the defenders.
  none: { apply: nothing, noRetreat: nothing, vacates: false, reDisrupts: 'never' },
} as const satisfies Record<string, DefenderEffect>;

/** What the attackers of one combat are owed to lose, in attack factors, and why. */
interface LossReckoning {
  readonly ev: AttackEvaluation;
  /** The defenders read a column higher (M-6). */
  readonly disrupted: ReadonlySet<string>;
  /** Every defender is Disrupted (there is at least one). */
  readonly allDisrupted: boolean;
  readonly ctx: RulesContext;
}

/** What each kind of result costs the attackers, read from the base column (M-6). */
const ATTACKER_LOSSES = {
  none: () => 0,
  // "AE = Attackers (equal to defense factors) ELIMINATED"; DAE too.
  defense: ({ ev }: LossReckoning) => ev.defense,
  // "DA/2 = ... attacking units having half the total attack factors (fraction rounded up) are ELIMINATED."
  'half-attack': ({ ev }: LossReckoning) => Math.ceil(ev.attack / 2),
  // "X/2 = Half Exchange - attacker losing units with attack factors at least equal to half
  // the modified defense factors, fractions rounded up for all attacking Russians and for
  // Germans attacking in(to) Russian territory ... Becomes DE against an already Disrupted unit."
  'half-exchange': ({ ev, disrupted, allDisrupted, ctx }: LossReckoning) => {
    if (allDisrupted) {
      log(ctx, 'result', 'X/2 against already Disrupted defenders is DE', ['M-4']);
      return 0;
    }
    // X/2 on a mixed stack: half the modified defense of the Undisrupted defenders, each
    // with its bonuses (RULINGS M-24); the Disrupted ones read DE (M-4, M-6).
    const exchanged = exchangeDefense(ev, disrupted);
    const owed = ev.roundUp ? Math.ceil(exchanged / 2) : Math.floor(exchanged / 2);
    if (disrupted.size > 0)
      log(
        ctx,
        'result',
        `X/2 on a mixed stack: the attacker pays on the ${exchanged} factors of the Undisrupted defenders`,
        ['M-4', 'M-24'],
      );
    return owed;
  },
} as const satisfies Record<string, (r: LossReckoning) => number>;

/** A result code's effects: what it does to a defender, what the attackers lose. */
export interface ResultEffect {
  readonly defender: DefenderEffect;
  readonly attacker: keyof typeof ATTACKER_LOSSES;
}

/** Every result the CRT prints, by code (mars-1942 COMBAT RESULTS DEFINITIONS). */
export const RESULT_EFFECTS: Readonly<Record<string, ResultEffect>> = {
  DE: { defender: DEFENDER_EFFECTS.eliminated, attacker: 'none' },
  'X/2': { defender: DEFENDER_EFFECTS.eliminated, attacker: 'half-exchange' },
  DR: { defender: DEFENDER_EFFECTS.routed, attacker: 'none' },
  DW: { defender: DEFENDER_EFFECTS.withdrawn, attacker: 'none' },
  D: { defender: DEFENDER_EFFECTS.disrupted, attacker: 'none' },
  '-': { defender: DEFENDER_EFFECTS.none, attacker: 'none' },
  'DA/2': { defender: DEFENDER_EFFECTS.disrupted, attacker: 'half-attack' },
  DAE: { defender: DEFENDER_EFFECTS.disrupted, attacker: 'defense' },
  AE: { defender: DEFENDER_EFFECTS.none, attacker: 'defense' },
};

/** A printed result's effects; a code the table does not know is a broken CRT file. */
function effectOf(code: string): ResultEffect {
  const e = RESULT_EFFECTS[code];
  if (!e) throw new Error(`mars-1942: the CRT result ${JSON.stringify(code)} has no effect defined`);
  return e;
}

/**
 * The combat's roll and what its result does at once (the defenders' No Retreat! orders
 * given): each defender's result and its effects, the attackers' losses owed, every
 * attacker lost when that is all of them. Leaves the combat at its 'losses' phase.
 */
export function rollCombat(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const c = g.combat!;
  const board = new Board(s, g);
  const ev = evaluateAttack(board, g.player, { target: c.target, units: c.attackers, probe: false });
  const column = MARS_CRT.columnLabels.indexOf(c.column);
  const roll = ctx.roll(`Combat at ${hexName(s, c.target)} on ${c.column}`, [CITE.crt, 'M-1']);
  c.roll = roll;
  const base = readTable(MARS_CRT, column, roll);
  c.base = base;
  log(
    ctx,
    'result',
    `Roll ${roll} on ${c.column}: ${base} — ${MARS_CRT.resultInfo[base]?.name ?? base}`,
    [CITE.crt, CITE.defs],
    {
      roll,
      column: c.column,
      row: roll,
      result: base,
    },
  );
  readDefenderResults(g, s, column, roll, ctx);
  // The attackers' losses come from the base column.
  const disrupted = new Set(c.defenders.filter((d) => g.units[d.unit]!.disrupted).map((d) => d.unit));
  const allDisrupted = c.defenders.length > 0 && disrupted.size === c.defenders.length;
  const owed = ATTACKER_LOSSES[effectOf(base).attacker]({ ev, disrupted, allDisrupted, ctx });
  c.lossesOwed = owed;

  // Defender effects that need no choice.
  for (const d of c.defenders) effectOf(d.result).defender.apply(g, s, c, d, ctx);
  // No Retreat! (M-8): DR -> DE, DW -> D; D unchanged (no voluntary retreat).
  for (const d of c.defenders) {
    if (!d.noRetreat || g.units[d.unit]!.status !== 'map') continue;
    effectOf(d.result).defender.noRetreat(g, s, c, d, ctx);
  }
  if (owed > 0) owe(g, s, owed, ctx);
  c.phase = 'losses';
}

/** Each defender's result: Disrupted defenders read the next column (M-6). */
function readDefenderResults(
  g: MarsState,
  s: Scenario,
  column: number,
  roll: number,
  ctx: RulesContext,
): void {
  const c = g.combat!;
  const higher = Math.min(column + 1, MARS_CRT.columns.length - 1);
  for (const d of c.defenders) {
    const st = g.units[d.unit]!;
    d.result = st.disrupted ? readTable(MARS_CRT, higher, roll) : c.base;
    if (st.disrupted && d.result !== c.base) {
      log(
        ctx,
        'result',
        `${s.units[d.unit]!.name} is Disrupted: reads ${MARS_CRT.columnLabels[higher]}, ${d.result}`,
        ['M-6'],
      );
    }
  }
}

/**
 * The attackers owe `owed` attack factors: every one of them is lost when that is all
 * they have, else the attacker picks the units (the combat's 'losses' phase).
 */
function owe(g: MarsState, s: Scenario, owed: number, ctx: RulesContext): void {
  const c = g.combat!;
  const total = c.attackers.reduce((a, id) => a + unitAttack(s, g, id), 0);
  if (owed >= total) {
    for (const id of c.attackers) eliminate(g, s, id, ctx, `${c.base}: every attacker is lost`, [CITE.defs]);
    c.lossesOwed = 0;
  } else {
    log(ctx, 'losses', `The attacker loses units with at least ${owed} attack factors`, [
      CITE.defs,
      'M-4',
      'M-5',
    ]);
  }
}

/**
 * An empty defense-zone hex attacked across its frontline (M-11) is left as if its
 * defenders had gone when the result would have moved or eliminated them.
 */
export function resultVacates(base: string): boolean {
  return RESULT_EFFECTS[base]?.defender.vacates ?? false;
}
