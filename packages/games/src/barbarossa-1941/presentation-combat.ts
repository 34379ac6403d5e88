/**
 * Barbarossa 1941's previews for the browser: a move's path and cost (movement.ts), and
 * an attack before its roll, the rules' own evaluation (`attack.ts` `evaluateAttack`:
 * the defense itemized with its terrain, every column shift with its rule) read by the
 * calculator's `barbarossaCalc` (the exact chance of each result, the Disrupted reading
 * of B-6, each gamble of B-7/B-8 offered); during the defender's No Retreat! orders, the
 * combat as its start fixed it, the same for both sides (B-4).
 */
import type { CombatPreviewAt, CombatPreviewData, Shift } from '@stavka/engine';
import { oddsColumn } from '@stavka/engine';
import { evaluateAttack, isRefusal, mustAttackUnmet } from './attack.ts';
import type { Board } from './board.ts';
import { BARBAROSSA_CRT, barbarossaCalc } from './combat.ts';
import { moveOptions } from './movement.ts';
import type { Gamble } from './odds-gambles.ts';
import { boardOf, hexName, pieceName, scenarioOf } from './presentation-board.ts';
import { gambleWords, type View } from './presentation-words.ts';
import type { RulesScenario, Side } from './rules-scenario.ts';
import { attackFactor, type Supply } from './state.ts';

export function supplyNow(v: View): Record<string, Supply> {
  const out: Record<string, Supply> = {};
  for (const id of v.order) out[id] = v.pieces[id]!.supply;
  return out;
}

/** The hexes the Russian player still owes an attack (B-14), with the attack that makes each owed. */
export function owedHexes(v: View): { hex: number; because: number; atLeast: number }[] {
  if (
    v.player !== 'soviet' ||
    (v.step !== 'movement' && v.step !== 'attacks-first') ||
    v.attacks.length === 0
  )
    return [];
  const board = boardOf(v);
  const cols: { target: number; attackers: string[]; column: number }[] = [];
  for (const a of v.attacks) {
    const ev = evaluateAttack(board, a.attackers, a.target, { supply: supplyNow(v), air: a.air ?? [] });
    if (!isRefusal(ev)) cols.push({ target: a.target, attackers: a.attackers, column: ev.column });
  }
  return mustAttackUnmet(board, cols).map((o) => ({ hex: o.hex, because: o.because, atLeast: o.atLeast }));
}

/* ---------------------------------------------------------------------------------- */
/* Previews                                                                             */

export function movePreview(v: View, piece: string, to: number) {
  if (v.step !== 'movement' || !v.pieces[piece] || v.pieces[piece]!.side !== v.player) return null;
  const m = moveOptions(boardOf(v), piece).find((o) => o.to === to);
  if (!m) return null;
  const mf = m.cost / 2;
  return {
    path: m.path,
    cost: `${mf} MF${m.bonus ? ' with the OMB: no attack' : ''}`,
  };
}

const RESULT_MEANINGS = Object.fromEntries(
  Object.entries(BARBAROSSA_CRT.resultInfo).map(([k, x]) => [k, x.text]),
);
const RESULT_NAMES = Object.fromEntries(
  Object.entries(BARBAROSSA_CRT.resultInfo).map(([k, x]) => [k, x.name]),
);

/**
 * The attack on `target` before its roll: the declared attackers (plus the selected unit,
 * or each unit of the stack selected whole, that may join), evaluated by the rules' own
 * `evaluateAttack` and read by the calculator's `barbarossaCalc`; during the defender's
 * No Retreat! orders, the combat fixed at its start (the same for both sides).
 */
export function combatPreview(v: View, side: string | null, at: CombatPreviewAt): CombatPreviewData | null {
  const s = scenarioOf(v);
  const { target, selected } = at;
  if (target < 0) return null;
  const board = boardOf(v);
  const c = v.combat;
  if (c && c.target === target && c.roll === null) return fixedCombatPreview(v, s, board);
  if (v.step !== 'attacks-first' && v.step !== 'movement' && v.step !== 'combat') return null;
  if (c || !side || side !== v.player) return null;
  const declared = v.attacks.find((a) => a.target === target);
  const units = [...(declared?.attackers ?? [])];
  // The units selected (the whole stack, issue #45 items 3 and 9) that may join it now.
  for (const id of joining(selected, at.group))
    if (
      !units.includes(id) &&
      at.actions.some((a) => a.type === 'allocate' && a.piece === id && a.target === target)
    )
      units.push(id);
  if (units.length === 0) return null;
  const air = declared?.air ?? [];
  const ev = evaluateAttack(board, units, target, { supply: supplyNow(v), air });
  const title = `${declared ? 'Attack' : 'Proposed attack'} on ${hexName(s, target)}`;
  const attackItems = units.map((id) => {
    const u = board.unit(id);
    const p = v.pieces[id]!;
    const f = attackFactor(u, p);
    const face = p.unit === null;
    return {
      value: f,
      reason: `${pieceName(s, v, id)}${face ? ' (counts 2 until revealed at the roll)' : p.weak ? ' (weak side)' : ''}`,
      ...(face ? { cite: 'B-18' } : {}),
    };
  });
  const hidden = (board.at[target] ?? []).some((d) => v.pieces[d]!.unit === null);
  const notes = [
    ...(hidden
      ? [
          'Face-down defenders count as 2 until revealed at the roll: the real odds may differ (RULINGS B-18; below 1:5 then read at 1:5, B-32).',
        ]
      : []),
    ...(air.length === 0 && side === 'axis'
      ? ['Air support may be added to a declared attack (B-13: not more than doubling the odds).']
      : []),
  ];
  if (isRefusal(ev)) {
    return {
      title,
      attack: attackItems.reduce((t, x) => t + x.value, 0),
      attackItems,
      defense: 0,
      defenseItems: [],
      report: null,
      refusal: ev.message,
      notes,
      meanings: RESULT_MEANINGS,
      names: RESULT_NAMES,
    };
  }
  const defenders = ev.defenders.map((d) => d.id);
  const disrupted = defenders.length > 0 && defenders.every((d) => v.pieces[d]!.disrupted);
  const calc = barbarossaCalc({ attack: ev.attack, defense: ev.defense, shifts: ev.shifts, disrupted });
  const someDisrupted = !disrupted && defenders.some((d) => v.pieces[d]!.disrupted);
  const gambles = at.actions
    .filter((a) => a.type === 'resolve' && a.target === target && a.gamble)
    .map(
      (a) =>
        `${gambleWords(a.gamble as Gamble)}: ${gambleChances(ev.attack, ev.defense, ev.shifts, a.gamble as Gamble, v.player, v.options.asymmetricOdds)}`,
    );
  return {
    title,
    attack: ev.attack,
    attackItems,
    defense: ev.defense,
    defenseItems: ev.defenders.map((d) => ({
      value: d.modified,
      reason: `${pieceName(s, v, d.id)}${v.pieces[d.id]!.disrupted ? ', Disrupted' : ''}${d.reasons.length ? `: ${d.printed} printed, ${d.reasons.join('; ')}` : ''}`,
      ...(d.reasons.length ? { cite: 'B-26, B-27' } : {}),
    })),
    report: calc.ok ? calc.report : null,
    refusal: calc.ok ? null : calc.refusal.message,
    notes: [
      ...notes,
      ...(someDisrupted ? ['Disrupted defenders read the next column, individually (B-6).'] : []),
      ...gambles.map(
        (x) => `Gamble offered (${v.options.asymmetricOdds ? 'expanded odds, B-64' : 'B-63'}): ${x}.`,
      ),
    ],
    meanings: RESULT_MEANINGS,
    names: RESULT_NAMES,
  };
}

/** The units a preview adds: the stack selected whole (its first is `selected`), else the one selected. */
function joining(selected: string | null, group: readonly string[] | null | undefined): string[] {
  if (group && group.length > 0 && (selected === null || group.includes(selected))) return [...group];
  return selected ? [selected] : [];
}

/** A gamble's results and their chances, by the calculator (B-7, B-8). */
function gambleChances(
  attack: number,
  defense: number,
  shifts: readonly Shift[],
  g: Gamble,
  side: Side,
  expandedOdds: boolean,
): string {
  const cols = BARBAROSSA_CRT.columnLabels;
  const calc =
    g.kind === 'round-up'
      ? barbarossaCalc({
          attack,
          defense,
          shifts,
          roundUp: { target: cols[g.target]!, fallBack: cols[g.fallBack]! },
          expandedOdds,
          attacker: side,
        })
      : barbarossaCalc({
          attack,
          defense,
          shifts,
          press: { columns: g.columns, procedure: g.procedure, side },
        });
  if (!calc.ok) return calc.refusal.message;
  const r = calc.report;
  const odds = r.chances.map((c) => `${c.result} ${Math.round(c.probability * 100)}%`).join(', ');
  return `${r.gamble ? `${r.gamble.chanceInSix} in 6 for ${r.gamble.success}, else ${r.gamble.failure}; ` : ''}${odds}`;
}

/** The combat being resolved, before its roll: its column fixed at its start, shown to both sides. */
function fixedCombatPreview(v: View, s: RulesScenario, board: Board): CombatPreviewData {
  const c = v.combat!;
  const attackItems = c.attackers
    .filter((id) => v.pieces[id]?.status === 'map')
    .map((id) => ({ value: attackFactor(board.unit(id), v.pieces[id]!), reason: pieceName(s, v, id) }));
  const attack = attackItems.reduce((t, x) => t + x.value, 0);
  const defenseItems = c.defenders.map((d) => ({
    value: c.defense[d] ?? 0,
    reason: `${pieceName(s, v, d)}${v.pieces[d]?.disrupted ? ', Disrupted' : ''}${c.noRetreat.includes(d) ? ', No Retreat!' : ''}`,
  }));
  const defense = Math.max(
    1,
    defenseItems.reduce((t, x) => t + x.value, 0),
  );
  // The shifts as the rules evaluate this attack now (its attackers counted as not yet attacked);
  // what the declaration fixed beyond them (air support, a river ignored) is one item more.
  const asDeclared = {
    ...v,
    pieces: Object.fromEntries(
      Object.entries(v.pieces).map(([id, p]) => [
        id,
        c.attackers.includes(id) ? { ...p, attacked: false } : p,
      ]),
    ),
    step: 'movement' as const,
    combat: null,
  };
  const again = evaluateAttack(boardOf(asDeclared as View), c.attackers, c.target, { supply: supplyNow(v) });
  const raw = oddsColumn(BARBAROSSA_CRT, attack, defense);
  const shifts: Shift[] = isRefusal(again) ? [] : [...again.shifts];
  const rest = c.column - Math.max(0, raw) - shifts.reduce((t, x) => t + x.by, 0);
  if (rest !== 0)
    shifts.push({
      by: rest,
      reason: 'fixed at the declaration (air support, a river ignored, the 1:5 floor)',
      cite: 'B-13, B-32, B-44',
    });
  const disrupted = c.defenders.length > 0 && c.defenders.every((d) => v.pieces[d]?.disrupted);
  // B-8's split die: the column was fixed before the press; the calculator reads both.
  const calc = c.split
    ? barbarossaCalc({
        attack,
        defense,
        shifts,
        press: { columns: c.split.high - c.column, procedure: 'split', side: v.player },
      })
    : barbarossaCalc({ attack, defense, shifts, disrupted });
  return {
    title: `Attack on ${hexName(s, c.target)}`,
    attack,
    attackItems,
    defense,
    defenseItems,
    report: calc.ok ? calc.report : null,
    refusal: null,
    notes: [
      `Resolved on ${BARBAROSSA_CRT.columnLabels[c.column]}${c.split ? ` (split die: 4-6 on ${BARBAROSSA_CRT.columnLabels[c.split.high]}, 1-3 on ${BARBAROSSA_CRT.columnLabels[c.split.low]})` : ''}.`,
    ],
    meanings: RESULT_MEANINGS,
    names: RESULT_NAMES,
  };
}
