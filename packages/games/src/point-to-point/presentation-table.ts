/**
 * The wargamer's table for the Typhoon campaign (issue #25's optional parts): the log as
 * players read it (side and point names for ids), where a log line happened on the board
 * (its points; an attack's arrow), the start of each player-turn, and the reference
 * sheets: the legend, the provisional fire table (RULINGS P-1), the turn record track with
 * its weather (C-11), the victory points (C-13) and the orders of battle.
 */
import type { LogDrawing, LogEntry, ReferenceSheet, TurnMarker } from '@stavka/engine';
import { typhoon } from './campaign.ts';
import { FIRE_TABLE } from './combat.ts';
import { boardView, CONTROL_FILL, pointIndexer, sideWord, type View } from './presentation-board.ts';
import { sideName } from './presentation-words.ts';

/** Point ids and names, longest first (so that "Maloyaroslavets" wins over a shorter name inside it). */
function pointWords(): { id: string; name: string; index: number }[] {
  const m = typhoon().map;
  return m.pointIds
    .map((id, index) => ({ id, name: m.pointNames[index]!, index }))
    .sort((a, b) => b.name.length - a.name.length || b.id.length - a.id.length);
}
let words: ReturnType<typeof pointWords> | null = null;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A log line as players read it: "axis" and "soviet" as side names, point ids as point names. */
export function logText(_v: View, e: LogEntry): string {
  words ??= pointWords();
  let text = e.text.replace(/\b(axis|soviet)\b/g, (s) => sideWord(s));
  for (const w of words)
    if (w.id !== w.name && text.includes(w.id))
      text = text.replace(new RegExp(`\\b${escapeRe(w.id)}\\b`, 'g'), w.name);
  return text;
}

/** "turn 2 (mud): axis player-turn" starts a player-turn. */
export function turnMarker(e: LogEntry): TurnMarker | null {
  const m = /^turn (\d+) \((\w+)\): (axis|soviet) player-turn/.exec(e.text);
  if (!m) return null;
  return { side: m[3]!, label: `Turn ${m[1]} (${m[2]}), ${sideName(m[3]!)}'s player-turn` };
}

/** The points a log line names; "X attacks P from Q" also as an arrow from Q to P. */
export function logDrawing(v: View, e: LogEntry): LogDrawing | null {
  words ??= pointWords();
  const text = logText(v, e);
  const nodes: number[] = [];
  let rest = text;
  for (const w of words)
    if (rest.includes(w.name)) {
      nodes.push(w.index);
      rest = rest.split(w.name).join(' ');
    }
  if (nodes.length === 0) return null;
  const at = pointIndexer(boardView(v));
  const attack = / attacks (.+) from (.+)$/.exec(text);
  if (attack) {
    const byName = (n: string) => words!.find((w) => w.name === n.trim())?.id;
    const to = at(byName(attack[1]!));
    const from = at(byName(attack[2]!));
    if (to >= 0 && from >= 0) return { nodes, arrows: [{ from, to, kind: 'attack' }] };
  }
  return { nodes };
}

export function reference(v: View): ReferenceSheet[] {
  const t = typhoon();
  const b = boardView(v);
  const fire = FIRE_TABLE;
  const columns = Array.from({ length: fire.maxFire }, (_, i) => i + 1);
  const axisStart = new Set(t.scenario.control.axis);
  return [
    {
      id: 'legend',
      title: 'Legend',
      items: [
        { term: 'Soviet point', text: 'a point the Soviets control (C-2)', swatch: CONTROL_FILL.soviet! },
        { term: 'Axis point', text: 'a point the Axis controls (C-2)', swatch: CONTROL_FILL.axis! },
        { term: '★n', text: 'victory points of the point (C-13.2)' },
        { term: '▲', text: 'a field fortification: absorbs the first loss of each attacker volley (C-8.2)' },
        { term: '✦', text: 'Soviet partisans (C-10)' },
        { term: '⚙n', text: 'Soviet factories, emplaced or entrained (C-9)' },
        { term: 'dotted line', text: 'a railway (rail movement, C-4.2); a solid line: a road' },
        {
          term: 'number on a line',
          text: "units it carries a player-turn in this turn's weather (C-1.2, C-11.2)",
        },
        {
          term: 'counter',
          text: 'the value at its foot ("5-2": value 5 carrying 2 losses); D dispersed, A attacking',
        },
      ],
    },
    {
      id: 'fire-table',
      title: fire.title,
      intro:
        'One die per firing total: the number of losses inflicted on the other side (B.2); totals past the last column split (P-2).',
      table: {
        head: ['Roll', ...columns.map(String)],
        rows: Array.from({ length: fire.die }, (_, r) => [
          String(r + 1),
          ...columns.map((c) => String(fire.losses[r * fire.maxFire + (c - 1)] ?? 0)),
        ]),
      },
      notes: [fire.provisional ? 'PROVISIONAL: the printed table is lost (RULINGS P-1).' : fire.sources],
      cite: 'point-to-point B.2 Firing Procedure',
    },
    {
      id: 'turns',
      title: 'Turn record track',
      table: {
        head: ['Turn', 'Dates', 'Weather'],
        rows: t.scenario.turns.map((x) => [
          `${x.turn}${x.turn === b.turn ? ' (now)' : ''}`,
          x.dates,
          x.weather,
        ]),
      },
      cite: 'completion C-11 Weather',
    },
    {
      id: 'victory',
      title: 'Victory points',
      intro:
        'The Axis wins at once holding Moscow in supply at the end of a turn (C-13.1). Otherwise, after the last turn: the Axis scores the points below it holds that the Soviets held at the start, 1 a captured factory and 1 per 3 Soviet units destroyed; the Soviets 1 an evacuated factory, 1 per 2 Axis units destroyed and the points they retake (C-13.2); the higher total wins (C-13.3).',
      table: {
        head: ['Point', 'VP', 'At the start', 'Now'],
        rows: Object.entries(t.scenario.victoryPoints).map(([p, vp]) => {
          const point = b.points.find((q) => q.id === p);
          return [
            point?.name ?? p,
            String(vp),
            axisStart.has(p) ? 'Axis' : 'Soviet',
            point ? sideWord(point.control) : '',
          ];
        }),
      },
      cite: 'completion C-13 Victory',
    },
    ...(['axis', 'soviet'] as const).map((side) => ({
      id: `oob-${side}`,
      title: `Order of battle: ${sideName(side)}`,
      table: {
        head: ['Unit', 'Class', 'Value', 'Arrives', 'Now'],
        rows: v.units
          .filter((u) => u.side === side)
          .map((u) => [
            u.name,
            `${u.unitClass}${u.mobile ? ', mobile' : ''}`,
            u.unitClass === 'air' ? '' : String(u.value),
            `turn ${u.arrives}`,
            u.place === 'map' ? (b.points.find((p) => p.id === u.at)?.name ?? u.at) : u.place,
          ]),
      },
      notes: [
        'PROVISIONAL where reconstructed: the sources are in the scenario files (data/typhoon-oob.json).',
      ],
    })),
  ];
}
