/**
 * What the after-action report reads of Barbarossa (issue #48, engine `AfterActionReading`):
 * who holds each hex (a ground unit standing in it, else its named place's holder, else the
 * side whose country it is on 22 June 1941), the units eliminated and the steps lost
 * (armies and motorized korps turned to their weak side), and each combat roll against the
 * exact chances of the column it was read on (the B-8 split die read on both columns).
 * Nobody holds the sea or a lake.
 */
import {
  type AfterActionEvent,
  type AfterActionReading,
  fromCases,
  hexNumberOf,
  type LogEntry,
} from '@stavka/engine';
import { columnChances, rankedChances } from '../report/chances.ts';
import { BARBAROSSA_CRT } from './combat.ts';
import { readFor } from './combat-results.ts';
import type { BarbarossaView } from './hidden.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import type { Combat } from './state.ts';
import { TIMELINE_CITIES } from './timeline.ts';
import { holder } from './victory.ts';

function holders(v: BarbarossaView): (string | null)[] {
  const s = rulesScenarioByKey(v.scenario);
  const out: (string | null)[] = [];
  // Nobody holds the water (sea and lake hexes).
  const water = new Set(['sea', 'lake'].map((t) => s.map.terrainNames.indexOf(t)));
  for (let h = 0; h < s.map.onMap.length; h++)
    out.push(s.map.onMap[h] === 1 && !water.has(s.map.terrain[h]!) ? holder(v, s, h) : null);
  for (const id of v.order) {
    const p = v.pieces[id]!;
    if (p.status !== 'map' || p.at < 0) continue;
    if (p.unit && s.units[p.unit]?.type === 'air') continue;
    out[p.at] = p.side;
  }
  return out;
}

/** The chances of the base result (the attackers' reading) of a combat about to be rolled. */
function chancesOf(c: Combat): { result: string; probability: number }[] {
  if (!c.split) return columnChances(BARBAROSSA_CRT, BARBAROSSA_CRT.columnLabels[c.column] ?? '');
  const cases: string[] = [];
  for (let roll = 1; roll <= BARBAROSSA_CRT.die; roll++)
    cases.push(readFor(BARBAROSSA_CRT, roll >= 4 ? c.split.high : c.split.low, roll, false));
  return rankedChances(BARBAROSSA_CRT, fromCases(cases));
}

function events(
  before: BarbarossaView,
  after: BarbarossaView,
  entries: readonly LogEntry[],
): AfterActionEvent[] {
  const s = rulesScenarioByKey(after.scenario);
  const name = (v: BarbarossaView, id: string) => {
    const p = v.pieces[id];
    const unit = p?.unit ?? v.known[id];
    return unit ? (s.units[unit]?.name ?? id) : id;
  };
  const twoSided = (unit: string | null) => !!unit && s.units[unit]?.factors.weakAttack !== undefined;
  const out: AfterActionEvent[] = [];
  for (const e of entries) {
    if (e.kind === 'eliminated') {
      const id = typeof e.data?.piece === 'string' ? e.data.piece : e.text.split(' ')[0]!;
      const p = before.pieces[id];
      if (!p) continue;
      out.push({
        kind: 'loss',
        side: p.side,
        units: 1,
        steps: twoSided(p.unit) && !p.weak ? 2 : 1,
        unit: name(before, id),
        at: p.at,
      });
    } else if (e.kind === 'combat' && typeof e.data?.roll === 'number' && before.combat) {
      const c = before.combat;
      const place = s.placeName[c.target];
      const column = c.split ? (e.data.roll >= 4 ? c.split.high : c.split.low) : c.column;
      out.push({
        kind: 'battle',
        title: `Attack on ${hexNumberOf(s.map, c.target)}${place ? ` (${place})` : ''}`,
        at: c.target,
        attacker: before.player,
        result: readFor(BARBAROSSA_CRT, column, e.data.roll, false),
        column: BARBAROSSA_CRT.columnLabels[column] ?? '',
        chances: chancesOf(c),
      });
    }
  }
  for (const id of before.order) {
    const p = before.pieces[id]!;
    const q = after.pieces[id];
    if (p.status === 'map' && q?.status === 'map' && !p.weak && q.weak)
      out.push({ kind: 'loss', side: p.side, units: 0, steps: 1, unit: name(after, id), at: q.at });
  }
  return out;
}

export const barbarossaAfterAction: AfterActionReading<BarbarossaView> = {
  holders,
  events,
  // The 1941 timeline the balance reports read (ai/city-falls.ts, docs/barbarossa-balance.md).
  history: TIMELINE_CITIES.map(([city, when, turn]) => ({
    when,
    text: turn === null ? `${city} does not fall in 1941` : `${city} falls to the Axis`,
    turn,
  })),
};
