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
import {
  type Board,
  hexIndex,
  isInfantry,
  isMobile,
  type MarsAction,
  type Scenario,
  type Side,
} from './mars-games.ts';

export interface SetupPlan {
  /** The face to mass on: its compass bearing from the salient's centre (0 north, 90 east). */
  readonly bearing: number;
  /** How far either side of `bearing` the face reaches, degrees. */
  readonly width: number;
  /** Hexes from the enemy's ground the massed units stand in (1: the front line). */
  readonly depth: number;
  /** Soviet: mass the korps and mobile units (`striking`) or the whole army (`all`). */
  readonly mass: 'striking' | 'all';
  /**
   * At most this many hexes from the unit's historical hex (a deployment limit by sector,
   * as a ruling might set one): a massed unit takes the hex nearest the face within it.
   */
  readonly radius?: number;
  /**
   * German: the kampfgruppen spread round the whole salient instead of massed on one face
   * (`ring`): the k-th of n stands at bearing `bearing + 360k/n`, so every face has some
   * in its line whichever face Zhukov masses on (he deploys second and sees them).
   */
  readonly ring?: boolean;
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

/**
 * Reads `FACE[/all][/DEPTH][/rRADIUS]` (e.g. `north`, `east/all`, `north/1`, `east/all/r3`)
 * into a plan.
 */
export function parseSetupPlan(side: Side, text: string): SetupPlan | null {
  const [face = '', ...rest] = text.split('/');
  const ring = face === 'ring' && side === 'german';
  const bearing = ring ? 0 : FACES[face];
  if (bearing === undefined) return null;
  let mass: SetupPlan['mass'] = 'striking';
  let depth = side === 'soviet' ? 1 : 2;
  let radius: number | undefined;
  for (const r of rest) {
    if (r === 'all' && side === 'soviet') mass = 'all';
    else if (/^[1-4]$/.test(r)) depth = Number(r);
    else if (/^r([1-9]|1[0-9])$/.test(r)) radius = Number(r.slice(1));
    else return null;
  }
  return {
    bearing,
    width: ring ? 180 : 50,
    depth,
    mass,
    ...(radius !== undefined ? { radius } : {}),
    ...(ring ? { ring } : {}),
  };
}

/** Whether the plan masses `id` (rather than leaving it where history put it). */
function massed(board: Board, id: string, plan: SetupPlan): boolean {
  const u = board.unit(id);
  // German infantry divisions garrison the defense zones, one each (the rule itself).
  if (u.side === 'german') return !(isInfantry(u) && u.size === 'division');
  return plan.mass === 'all' || u.size === 'korps' || isMobile(u);
}

/** How far `hex` lies off the plan's face, in degrees of bearing from the salient's centre. */
function offFace(s: Scenario, plan: SetupPlan, hex: number): number {
  return Math.abs(((salientBearing(s)[hex]! - plan.bearing + 540) % 360) - 180);
}

/** Whether `side`'s unit standing in `hex` stands where the plan masses it. */
export function onFace(s: Scenario, side: Side, plan: SetupPlan, hex: number): boolean {
  return frontDistance(s, side)[hex] === plan.depth && offFace(s, plan, hex) <= plan.width;
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
  const byUnit = new Map<string, { a: MarsAction; h: number }[]>();
  for (const a of legal)
    if (a.type === 'deploy') {
      let list = byUnit.get(a.unit);
      if (!list) {
        list = [];
        byUnit.set(a.unit, list);
      }
      list.push({ a, h: hexIndex(s.map, a.hex) });
    }
  if (byUnit.size === 0) return legal.find((a) => a.type === 'end-setup');
  const rank = (id: string) => (massed(board, id, plan) ? 1 : side === 'german' ? 0 : 2);
  const strength = (id: string) => board.unit(id).factors.attack ?? 0;
  const next = [...byUnit.keys()].sort(
    (a, b) => rank(a) - rank(b) || strength(b) - strength(a) || (a < b ? -1 : 1),
  )[0]!;
  const options = byUnit.get(next)!;
  const best = (pool: { a: MarsAction; h: number }[], key: (h: number) => number) =>
    pool.reduce<{ a: MarsAction; h: number } | undefined>(
      (b, o) => (!b || key(o.h) < key(b.h) || (key(o.h) === key(b.h) && o.h < b.h) ? o : b),
      undefined,
    )?.a;
  const home = s.historical[side][next];
  if (massed(board, next, plan)) {
    if (plan.radius !== undefined && home !== undefined) {
      // Within its sector: the hex at the plan's depth nearest the face, else the nearest
      // to the enemy, the emptiest first.
      const from = hexAxial(s.map, home);
      const front = frontDistance(s, side);
      const near = options.filter((o) => axialDistance(from, hexAxial(s.map, o.h)) <= plan.radius!);
      const pick = best(
        near,
        (h) =>
          Math.round(offFace(s, plan, h) / 10) * 1000 +
          Math.abs(front[h]! - plan.depth) * 10 +
          board.at[h]!.length,
      );
      if (pick) return pick;
    } else {
      // Spread along the face (the emptiest hex first), its middle first; on a ring, the
      // middle of this unit's own arc.
      const face = options.filter((o) => onFace(s, side, plan, o.h));
      let aim = plan;
      if (plan.ring) {
        let placed = 0;
        let all = 0;
        for (const id of s.unitIds)
          if (s.units[id]!.side === side && massed(board, id, plan)) {
            all++;
            if (board.state.units[id]!.at >= 0) placed++;
          }
        aim = { ...plan, bearing: (plan.bearing + (360 * placed) / Math.max(1, all)) % 360 };
      }
      const pick = best(face, (h) => board.at[h]!.length * 360 + offFace(s, aim, h));
      if (pick) return pick;
    }
  }
  const atHome = options.find((o) => o.h === home);
  if (atHome) return atHome.a;
  // History's hex is full (or the unit has none): the free front-line hex nearest it.
  const from = home === undefined ? null : hexAxial(s.map, home);
  const front = frontDistance(s, side);
  const line = options.filter((o) => front[o.h] === 1);
  return best(line.length > 0 ? line : options, (h) => (from ? axialDistance(from, hexAxial(s.map, h)) : 0));
}
