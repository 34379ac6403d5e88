/**
 * Set-ups other than the historical one (mars-1942 "Setup and 1st Turn": von Kluge
 * positions his kampfgruppen "anywhere he wishes within the salient", Zhukov deploys "on
 * the Russian side of the frontline as Zhukov wishes", within the Kalinin Front limits).
 *
 * A set-up plan masses a side's striking units on one face of the salient: Zhukov's
 * korps and mobile units (or his whole army) in the front line of that face, von Kluge's
 * kampfgruppen in or behind the line there. Everything else stands where it stood on
 * 25 Nov 1942 (`historical-setup.json`), or, where that hex is full, in the nearest free
 * hex of the front line. The plan picks one deploy action at a time from the rules' own
 * legal list, so the stacking and Kalinin Front limits are the rules', not the plan's.
 *
 * The AI levels take the historical set-up; these plans are the balance lab's
 * (`balance.ts`, variants `soviet-setup:…` and `german-setup:…`; docs/mars-balance.md,
 * "The set-up decides more than the search").
 */
import { axialDistance, hexAxial } from '@stavka/engine';
import { frontDistance, salientBearing } from './map.ts';
import { type Board, hexIndex, isInfantry, isMobile, type MarsAction, type Side } from './mars-games.ts';

export interface SetupPlan {
  /** The face to mass on: its compass bearing from the salient's centre (0 north, 90 east). */
  readonly bearing: number;
  /** How far either side of `bearing` the face reaches, degrees. */
  readonly width: number;
  /** Hexes from the enemy's ground the massed units stand in (1: the front line). */
  readonly depth: number;
  /** Soviet: mass the korps and mobile units (`striking`) or the whole army (`all`). */
  readonly mass: 'striking' | 'all';
}

/** The faces by name, for the lab's variants. */
export const FACES: Readonly<Record<string, number>> = {
  north: 0,
  ne: 45,
  east: 90,
  se: 135,
  south: 180,
  sw: 225,
  west: 270,
  nw: 315,
};

/** Reads `FACE[/all][/DEPTH]` (e.g. `north`, `east/all`, `north/1`) into a plan. */
export function parseSetupPlan(side: Side, text: string): SetupPlan | null {
  const [face = '', ...rest] = text.split('/');
  const bearing = FACES[face];
  if (bearing === undefined) return null;
  let mass: SetupPlan['mass'] = 'striking';
  let depth = side === 'soviet' ? 1 : 2;
  for (const r of rest) {
    if (r === 'all' && side === 'soviet') mass = 'all';
    else if (/^[1-4]$/.test(r)) depth = Number(r);
    else return null;
  }
  return { bearing, width: 50, depth, mass };
}

/** Whether the plan masses `id` (rather than leaving it where history put it). */
function massed(board: Board, id: string, plan: SetupPlan): boolean {
  const u = board.unit(id);
  // German infantry divisions garrison the defense zones, one each (the rule itself).
  if (u.side === 'german') return !(isInfantry(u) && u.size === 'division');
  return plan.mass === 'all' || u.size === 'korps' || isMobile(u);
}

/**
 * The plan's next set-up action for `side`, from the legal list: the first unit not yet
 * deployed (garrisons first, then the massed units strongest first, then the rest) to its
 * hex, or `end-setup` once all stand.
 */
export function setupChoice(
  board: Board,
  side: Side,
  legal: readonly MarsAction[],
  plan: SetupPlan,
): MarsAction | undefined {
  const { s } = board;
  const byUnit = new Map<string, (MarsAction & { type: 'deploy' })[]>();
  for (const a of legal)
    if (a.type === 'deploy') {
      let list = byUnit.get(a.unit);
      if (!list) {
        list = [];
        byUnit.set(a.unit, list);
      }
      list.push(a);
    }
  if (byUnit.size === 0) return legal.find((a) => a.type === 'end-setup');
  const rank = (id: string) => (massed(board, id, plan) ? 1 : side === 'german' ? 0 : 2);
  const strength = (id: string) => board.unit(id).factors.attack ?? 0;
  const next = [...byUnit.keys()].sort(
    (a, b) => rank(a) - rank(b) || strength(b) - strength(a) || (a < b ? -1 : 1),
  )[0]!;
  const options = byUnit.get(next)!;
  const hexOf = (a: MarsAction & { type: 'deploy' }) => hexIndex(s.map, a.hex);
  const front = frontDistance(s, side);
  if (massed(board, next, plan)) {
    const bearing = salientBearing(s);
    const off = (h: number) => Math.abs(((bearing[h]! - plan.bearing + 540) % 360) - 180);
    const onFace = options.filter((a) => {
      const h = hexOf(a);
      return front[h] === plan.depth && off(h) <= plan.width;
    });
    // Spread along the face (the emptiest hex first), its middle first.
    onFace.sort(
      (a, b) =>
        board.at[hexOf(a)]!.length - board.at[hexOf(b)]!.length ||
        off(hexOf(a)) - off(hexOf(b)) ||
        hexOf(a) - hexOf(b),
    );
    if (onFace[0]) return onFace[0];
  }
  const home = s.historical[side][next];
  const atHome = options.find((a) => hexOf(a) === home);
  if (atHome) return atHome;
  // History's hex is full (or the unit has none): the free front-line hex nearest it.
  const from = home === undefined ? null : hexAxial(s.map, home);
  const line = options.filter((a) => front[hexOf(a)] === 1);
  const pool = line.length > 0 ? line : options;
  const dist = (a: MarsAction & { type: 'deploy' }) =>
    from ? axialDistance(from, hexAxial(s.map, hexOf(a))) : 0;
  return [...pool].sort((a, b) => dist(a) - dist(b) || hexOf(a) - hexOf(b))[0];
}
