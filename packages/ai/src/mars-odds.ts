/**
 * Exact attack outcomes for the Mars AI: the column from `evaluateAttack` (every shift
 * the rules apply) and the six equally likely rows of MARS_CRT, each defender read one
 * column higher when Disrupted (M-6). Values are in victory points, as the AI weighs them.
 */
import { readTable } from '@stavka/engine';
import { type Attack, type Board, evaluateAttack, MARS_CRT, type Side } from '@stavka/games';

export interface AttackOutlook {
  /** Final column index, -1 when the attack may not be made. */
  readonly column: number;
  /** Expected value for the attacker, in victory points (gains minus losses). */
  readonly value: number;
  /** Chance the hex is emptied (eliminated or made to retreat). */
  readonly pVacate: number;
}

const VACATING = new Set(['DE', 'X/2', 'DR', 'DW']);

/** What losing a unit costs its side, in victory points and fighting power. */
export function unitWorth(board: Board, id: string): number {
  const u = board.unit(id);
  if (u.side === 'german') return u.type === 'panzer' && u.size === 'division' ? 5 : 2.6;
  return 0.35 * (u.factors.attack ?? 0) + 0.15 * (u.factors.defense ?? 0) + 0.3;
}

/** How much the defended hex matters beyond its units (zones, cities). */
export function hexWorth(board: Board, hex: number): number {
  const { s } = board;
  let w = 0;
  const zone = s.zoneOf[hex]!;
  if (zone >= 0) {
    const germans = s.defenseZones[zone]!.hexes.flatMap((h) => board.at[h]!).filter(
      (id) => board.unit(id).side === 'german',
    );
    if (germans.every((id) => board.state.units[id]!.at === hex)) w += 2;
  }
  if (hex === s.rzhev || hex === s.gzhatsk) w += 6;
  else if (s.map.placeAt[hex]! >= 0) w += 1.5;
  return w;
}

/** The exact expectation of one declared attack. */
export function attackOutlook(board: Board, side: Side, attack: Attack): AttackOutlook {
  const ev = evaluateAttack(board, side, attack);
  if (ev.refusal !== null) return { column: -1, value: -Infinity, pVacate: 0 };
  const col = ev.column;
  const higher = Math.min(col + 1, MARS_CRT.columns.length - 1);
  const attackers = attack.units;
  const attackWorth = attackers.reduce((a, id) => a + unitWorth(board, id), 0);
  const attackTotal = Math.max(1, ev.attack);
  const hexW = ev.hexsideOnly ? 0.5 : hexWorth(board, attack.target);
  let value = 0;
  let pVacate = 0;
  for (let roll = 1; roll <= MARS_CRT.die; roll++) {
    const base = readTable(MARS_CRT, col, roll);
    let gain = 0;
    let vacated = ev.defenders.length > 0;
    for (const d of ev.defenders) {
      const disrupted = board.state.units[d]!.disrupted;
      const r = disrupted ? readTable(MARS_CRT, higher, roll) : base;
      const w = unitWorth(board, d);
      if (r === 'DE' || r === 'X/2') gain += w;
      else if (r === 'DR') gain += 0.55 * w;
      else if (r === 'DW') gain += 0.2 * w;
      else if (r === 'D' || r === 'DAE' || r === 'DA/2') gain += 0.15 * w;
      if (!VACATING.has(r)) vacated = false;
    }
    if (ev.hexsideOnly) vacated = VACATING.has(base);
    if (vacated) {
      gain += hexW;
      pVacate += 1 / MARS_CRT.die;
    }
    let lossFactors = 0;
    if (base === 'AE' || base === 'DAE') lossFactors = ev.defense;
    else if (base === 'DA/2') lossFactors = Math.ceil(ev.attack / 2);
    else if (base === 'X/2') lossFactors = Math.ceil(ev.defense / 2);
    const loss = Math.min(1, lossFactors / attackTotal) * attackWorth * (lossFactors > 0 ? 1.1 : 0);
    value += (gain - loss) / MARS_CRT.die;
  }
  return { column: col, value, pVacate };
}
