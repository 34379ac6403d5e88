/**
 * What the after-action report reads of the Typhoon campaign (issue #48, engine
 * `AfterActionReading`): who controls each point (C-2), the losses each unit absorbs and
 * the units destroyed, and each fire of a battle (B.2) against the exact distribution of the
 * breakthroughs or repulses that firing value gives (P-2's split fire convolved).
 */
import {
  type AfterActionEvent,
  type AfterActionReading,
  fireDistribution,
  type LogEntry,
} from '@stavka/engine';
import { FIRE_TABLE } from './combat.ts';
import { boardView, type View } from './presentation-board.ts';
import { TIMELINE_POINTS } from './timeline-points.ts';

function holders(v: View): (string | null)[] {
  return boardView(v).points.map((p) => v.control[p.id] ?? null);
}

function events(before: View, after: View, entries: readonly LogEntry[]): AfterActionEvent[] {
  const out: AfterActionEvent[] = [];
  const index = (point: string | null | undefined) =>
    boardView(after).points.findIndex((p) => p.id === point);
  for (let i = 0; i < after.units.length; i++) {
    const u = before.units[i];
    const w = after.units[i]!;
    if (!u || u.id !== w.id || u.unitClass === 'air') continue;
    const destroyed = u.place !== 'destroyed' && w.place === 'destroyed';
    const absorbed = Math.max(0, w.losses - u.losses);
    if (destroyed || absorbed > 0)
      out.push({
        kind: 'loss',
        side: w.side,
        units: destroyed ? 1 : 0,
        steps: Math.max(absorbed, destroyed ? 1 : 0),
        unit: w.name,
        at: index(u.at),
      });
  }
  const battle = before.battle ?? after.battle;
  for (const e of entries) {
    const total = e.data?.total;
    if (e.kind !== 'combat' || typeof total !== 'number' || !battle) continue;
    const attacking = e.data?.role === 'attacker';
    const { dist } = fireDistribution(FIRE_TABLE, total);
    const name = boardView(after).points.find((p) => p.id === battle.point)?.name ?? battle.point;
    out.push({
      kind: 'battle',
      title: `Battle at ${name}`,
      at: index(battle.point),
      attacker: attacking ? battle.attacker : battle.attacker === 'axis' ? 'soviet' : 'axis',
      result: String(e.data?.losses),
      column: `fire ${total}`,
      chances: [...dist.counts].map(([result, n]) => ({ result, probability: n / dist.den })),
    });
  }
  return out;
}

export const pointToPointAfterAction: AfterActionReading<View> = {
  holders,
  events,
  // The 1941 timeline the balance reports read (typhoon-timeline.ts, docs/typhoon-balance.md).
  history: TIMELINE_POINTS.map(([, name, when]) => ({
    when: `${when} 1941`.replace('never 1941', 'never'),
    text: when === 'never' ? `${name} does not fall` : `${name} falls to the Axis`,
  })),
};
