/**
 * Victory points (mars-1942 "Victory Conditions", RULINGS M-15): what each side would
 * score if the game ended now, itemized. The result after the last German
 * player-turn is the higher total; equal is a draw.
 */
import { type Board, isInfantry } from './board.ts';
import type { Side } from './scenario.ts';

export interface VpItem {
  readonly side: Side;
  readonly points: number;
  readonly reason: string;
  readonly cite: string;
}

export interface VictoryTally {
  readonly german: number;
  readonly soviet: number;
  readonly items: readonly VpItem[];
}

export function victoryTally(board: Board): VictoryTally {
  const { s, state } = board;
  const items: VpItem[] = [];
  const add = (side: Side, points: number, reason: string, cite = 'mars-1942 Victory Conditions') => {
    if (points !== 0) items.push({ side, points, reason, cite });
  };
  // 1. Defense zones.
  s.defenseZones.forEach((z, zi) => {
    const german = z.hexes.flatMap((h) => board.at[h]!).filter((id) => board.unit(id).side === 'german');
    if (german.length === 0) add('soviet', 1, `${z.name}: no German unit in it`);
    else if (german.some((id) => state.units[id]!.supply !== 'isolated'))
      add('german', 1, `${z.name}: held and in supply`);
    // else: held only by unsupplied units, scores for neither side (M-15)
    void zi;
  });
  // 2. Rzhev and Gzhatsk; other cities and towns (RULINGS M-19). "Isolated": a German
  // unit standing in it could not trace supply, whoever (or nobody) is there. "Taken and
  // in Russian supply": a Russian unit entered it since a German one last did, and a
  // Russian unit standing in it could trace supply (full or rationed).
  const inSupply = (d: number) => d >= 0 && d <= 8;
  const taken = (hex: number) => state.taken.includes(hex);
  for (const [hex, name] of [
    [s.rzhev, 'Rzhev'],
    [s.gzhatsk, 'Gzhatsk'],
  ] as const) {
    if (!inSupply(board.supplyDistanceAsIfHeld('german', hex)))
      add('soviet', 5, `${name} isolated`, 'mars-1942 Victory Conditions 2; M-19');
    if (taken(hex) && inSupply(board.supplyDistanceAsIfHeld('soviet', hex)))
      add('soviet', 5, `${name} taken and in Russian supply`, 'mars-1942 Victory Conditions 2; M-19');
  }
  for (const p of s.map.places) {
    if (p.hex === s.rzhev || p.hex === s.gzhatsk || s.germanTerritory[p.hex] === 0) continue;
    if (taken(p.hex) && inSupply(board.supplyDistanceAsIfHeld('soviet', p.hex)))
      add('soviet', 2, `${p.name} taken and in Russian supply`, 'mars-1942 Victory Conditions 2; M-19');
  }
  // 3. German losses.
  for (const id of s.unitIds) {
    const u = s.units[id]!;
    if (u.side !== 'german' || state.units[id]!.status !== 'eliminated') continue;
    const complete = u.type === 'panzer' && u.size === 'division';
    const counts = isInfantry(u) || u.type === 'cavalry' || u.size === 'kampfgruppe' || complete;
    if (counts) add('soviet', complete ? 4 : 2, `${u.name} eliminated`);
  }
  // 4. Panzer withdrawals and reinforcements (M-14, M-15).
  for (const w of state.withdrawals) {
    if (w.countsOnTurn <= s.turns) {
      add(
        'german',
        w.points,
        `${s.units[w.unit]!.name} withdrawn (counts on turn ${w.countsOnTurn})`,
        'mars-1942 Victory Conditions 4; M-15',
      );
    }
  }
  for (const id of state.deployed)
    add('soviet', 4, `${s.units[id]!.name} brought in as a reinforcement`, 'mars-1942 Victory Conditions 4');
  const total = (side: Side) => items.filter((i) => i.side === side).reduce((a, i) => a + i.points, 0);
  return { german: total('german'), soviet: total('soviet'), items };
}
