/**
 * What the after-action report reads of Operation Mars (issue #48, engine
 * `AfterActionReading`): who holds each hex (a unit standing in it, else a city or town of
 * German territory taken (M-19), else the territory it lies in), the units eliminated, each
 * combat roll against its CRT column's exact chances, and the history of the turn track.
 */
import { type AfterActionEvent, type AfterActionReading, hexNumberOf, type LogEntry } from '@stavka/engine';
import { columnChances } from '../report/chances.ts';
import { MARS_CRT } from './combat.ts';
import turnsFile from './data/turns.json' with { type: 'json' };
import { scenarioByKey } from './scenario.ts';
import type { MarsState } from './state.ts';

function holders(g: MarsState): (string | null)[] {
  const s = scenarioByKey(g.scenario);
  const out: (string | null)[] = [];
  for (let h = 0; h < s.map.onMap.length; h++) {
    if (s.map.onMap[h] !== 1) out.push(null);
    else if (s.germanTerritory[h] === 1) out.push(g.taken.includes(h) ? 'soviet' : 'german');
    else out.push('soviet');
  }
  for (const id of s.unitIds) {
    const st = g.units[id]!;
    if (st.status === 'map' && st.at >= 0) out[st.at] = s.units[id]!.side;
  }
  return out;
}

function events(before: MarsState, after: MarsState, entries: readonly LogEntry[]): AfterActionEvent[] {
  const s = scenarioByKey(after.scenario);
  const out: AfterActionEvent[] = [];
  for (const id of s.unitIds) {
    const was = before.units[id]!;
    if (was.status !== 'eliminated' && after.units[id]!.status === 'eliminated') {
      const u = s.units[id]!;
      out.push({ kind: 'loss', side: u.side, units: 1, steps: 1, unit: u.name, at: was.at });
    }
  }
  const result = entries.find((e) => e.kind === 'result' && typeof e.data?.result === 'string');
  const c = after.combat ?? before.combat;
  if (result && c) {
    const column = String(result.data!.column);
    const place = s.map.places[s.map.placeAt[c.target]!]?.name;
    out.push({
      kind: 'battle',
      title: `Attack on ${hexNumberOf(s.map, c.target)}${place ? ` (${place})` : ''}`,
      at: c.target,
      attacker: s.units[c.attackers[0]!]?.side ?? before.player,
      result: String(result.data!.result),
      column,
      chances: columnChances(MARS_CRT, column),
    });
  }
  return out;
}

export const marsAfterAction: AfterActionReading<MarsState> = {
  holders,
  events,
  history: turnsFile.turns.map((t) => ({ when: t.dates, text: t.historicalNote, turn: t.turn })),
};
