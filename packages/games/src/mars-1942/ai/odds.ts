/**
 * Exact attack outcomes for the Mars AI: the column from `evaluateAttack` (every shift
 * the rules apply) and the six equally likely rows of MARS_CRT, each defender read one
 * column higher when Disrupted (M-6). Values are in victory points, as the AI weighs them.
 */
import { readTable } from '@stavka/engine';
import { type Attack, Board, evaluateAttack, MARS_CRT, type Side, unitAt } from './mars-games.ts';

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

/**
 * How much the defended hex matters beyond its units (zones, cities): a defense zone's
 * last German-held hex. `moved`: units planned to stand elsewhere than on the board.
 */
export function hexWorth(board: Board, hex: number, moved?: ReadonlyMap<string, number>): number {
  const { s } = board;
  let w = 0;
  const zone = s.zoneOf[hex]!;
  if (zone >= 0) {
    // Every German unit in the zone stands in `hex`.
    let last = true;
    for (const h of s.defenseZones[zone]!.hexes) {
      for (const id of board.at[h]!) {
        if (board.unit(id).side !== 'german') continue;
        const p = moved?.get(id) ?? h;
        if (s.zoneOf[p] === zone && p !== hex) last = false;
      }
    }
    if (moved) {
      for (const [id, p] of moved) {
        if (board.unit(id).side !== 'german' || s.zoneOf[board.unitState(id).at] === zone) continue;
        if (s.zoneOf[p] === zone && p !== hex) last = false;
      }
    }
    if (last) w += 2;
  }
  if (hex === s.rzhev || hex === s.gzhatsk) w += 6;
  else if (s.map.placeAt[hex]! >= 0) w += 1.5;
  return w;
}

/**
 * What emptying `hex` of its defenders would do for `side`'s supply: units of its own
 * back in supply, and for von Kluge Rzhev and Gzhatsk no longer isolated (5 points each).
 */
export function supplyGain(board: Board, side: Side, hex: number): number {
  const { s } = board;
  const before = board.supplyDistance(side);
  const cut = (d: number) => d < 0 || d > 8;
  // Only a unit cut off or rationed, or Rzhev or Gzhatsk cut off, can gain: with none,
  // nothing to trace.
  let short = side === 'german' && (cut(before[s.rzhev]!) || cut(before[s.gzhatsk]!));
  for (const i of s.sideIndexes[side]) {
    if (short) break;
    const st = board.states[i]!;
    if (st.status === 'map' && st.at >= 0 && (cut(before[st.at]!) || before[st.at]! > 4)) short = true;
  }
  if (!short) return 0;
  const after = Board.withUnits(
    board,
    board.at[hex]!.map((id) => [id, unitAt(board.unitState(id), -1, 'eliminated')] as const),
  );
  const now = after.supplyDistance(side);
  let gain = 0;
  for (const i of s.sideIndexes[side]) {
    const st = board.states[i]!;
    if (st.status !== 'map' || st.at < 0) continue;
    if (cut(before[st.at]!) && !cut(now[st.at]!)) gain += 1.5;
    else if (before[st.at]! > 4 && now[st.at]! >= 0 && now[st.at]! <= 4) gain += 0.3;
  }
  if (side === 'german')
    for (const city of [s.rzhev, s.gzhatsk]) if (cut(before[city]!) && !cut(now[city]!)) gain += 5;
  return gain;
}

/**
 * The exact expectation of one declared attack (`bonus`: worth of emptying the hex
 * beyond the board's own; `moved`: units planned to stand elsewhere than on the board).
 */
export function attackOutlook(
  board: Board,
  side: Side,
  attack: Attack,
  bonus = 0,
  moved?: ReadonlyMap<string, number>,
): AttackOutlook {
  const ev = evaluateAttack(board, side, attack, {
    brief: true,
    ...(moved && moved.size > 0 ? { at: (id: string) => moved.get(id) ?? board.unitState(id).at } : {}),
  });
  if (ev.refusal !== null) return { column: -1, value: -Infinity, pVacate: 0 };
  const col = ev.column;
  const higher = Math.min(col + 1, MARS_CRT.columns.length - 1);
  const attackers = attack.units;
  const attackWorth = attackers.reduce((a, id) => a + unitWorth(board, id), 0);
  const attackTotal = Math.max(1, ev.attack);
  const hexW = (ev.hexsideOnly ? 0.5 : hexWorth(board, attack.target, moved)) + bonus;
  let value = 0;
  let pVacate = 0;
  // Each defender's disruption and worth, read once for the six rolls.
  const defenders = ev.defenders;
  const disrupted = defenders.map((d) => board.unitState(d).disrupted);
  const worth = defenders.map((d) => unitWorth(board, d));
  for (let roll = 1; roll <= MARS_CRT.die; roll++) {
    const base = readTable(MARS_CRT, col, roll);
    let gain = 0;
    let vacated = defenders.length > 0;
    for (let k = 0; k < defenders.length; k++) {
      const r = disrupted[k] ? readTable(MARS_CRT, higher, roll) : base;
      const w = worth[k]!;
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
