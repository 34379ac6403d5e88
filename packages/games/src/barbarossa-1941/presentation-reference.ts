/**
 * Barbarossa 1941's reference sheets for the browser (engine `ReferenceSheet`): the
 * provisional CRT (B-1), terrain effects, the map legend, the victory cities with their
 * points and holders, the turn record track (calendar, weather, arrivals due), the orders
 * of battle as the view shows them (face-down armies as their face), the eliminated
 * units and the replacement piles.
 */
import { type ReferenceSheet, readTable, terrainSheet } from '@stavka/engine';
import { BARBAROSSA_CRT } from './combat.ts';
import type { BarbarossaView } from './hidden.ts';
import { boardOf, factorsText, hexName, pieceName, scenarioOf, TERRAIN_FILL } from './presentation-board.ts';
import type { Side } from './rules-scenario.ts';
import { holder, victoryTally } from './victory.ts';

const TERRAIN_EFFECTS: Readonly<Record<string, string>> = {
  clear: 'No effect.',
  forest: '+1 defense to one infantry-type unit; armour and motorized korps slowed.',
  swamp: '+1 defense to one infantry-type unit; slowed; frozen (clear) in Snow.',
  'swamp-forest': 'As forest and swamp; a forest in Snow.',
  hills: 'Infantry/rifle defense doubled; armour slowed.',
  mountain: 'Defense doubled unless attacked by stronger mountain troops (B-26); stacking limited.',
  lake: 'Impassable unless frozen in Snow.',
  sea: 'Impassable; ports move units by sea (B-47).',
};

const WEATHER_WORDS: Readonly<Record<string, string>> = {
  good: 'Good',
  'light-mud': 'Light Mud',
  mud: 'Mud',
  'hard-frost': 'Hard Frost',
  snow: 'Snow',
};

export function reference(v: BarbarossaView): ReferenceSheet[] {
  const s = scenarioOf(v);
  const crt = BARBAROSSA_CRT;
  const rows = [6, 5, 4, 3, 2, 1].map((r) => [
    String(r),
    ...crt.columnLabels.map((_, c) => readTable(crt, c, r)),
  ]);
  const tally = victoryTally(boardOf(v), 'axis');
  const cities: string[][] = [];
  for (let h = 0; h < s.victoryPoints.length; h++) {
    const vp = s.victoryPoints[h]!;
    if (vp <= 0) continue;
    const name = s.placeName[h] ?? s.hexNumbers[h]!;
    const who = holder(v, s, h);
    cities.push([
      name,
      s.hexNumbers[h]!,
      String(vp),
      who === 'axis' ? 'Axis' : 'Soviet',
      who === 'axis' ? (tally.cities.includes(name) ? 'yes' : 'no') : '—',
    ]);
  }
  const arrivals = (turn: number, side: Side) =>
    s.reinforcements
      .filter((r) => r.turn === turn && r.side === side)
      .flatMap((r) => r.units.map((u) => s.units[u]?.designation ?? u));
  const oob = (side: Side) =>
    v.order
      .filter((id) => v.pieces[id]!.side === side && v.pieces[id]!.status !== 'eliminated')
      .map((id) => {
        const p = v.pieces[id]!;
        const u = p.unit ? s.units[p.unit] : undefined;
        return [
          pieceName(s, v, id),
          u ? `${u.type} ${u.size}` : `${p.face ?? ''} (face down)`,
          u ? factorsText(u, p) : '?',
          p.status === 'map'
            ? `${hexName(s, p.at)}${p.disrupted ? ', Disrupted' : ''}${p.entrenched ? ', entrenched' : ''}`
            : 'waiting to enter',
        ];
      });
  const eliminated = v.order.filter((id) => v.pieces[id]!.status === 'eliminated');
  return [
    {
      id: 'crt',
      title: 'Combat results table (provisional, B-1)',
      intro:
        "Attack to factor-modified defense, rounded in the defender's favour, then shifted (river, weather, supply, air support, railway guns); one die. Below 1:5 not allowed; above 9:1 read at 9:1. Disrupted defenders read one column higher, each on its own (B-6). The printed table is lost: this one is the project's (RULINGS B-1).",
      table: { head: ['Die', ...crt.columnLabels], rows },
      items: Object.entries(crt.resultInfo).map(([k, x]) => ({ term: k, text: `${x.name}. ${x.text}` })),
      cite: 'barbarossa-1941 "Combat Results Definitions", B-1',
    },
    terrainSheet(
      TERRAIN_FILL,
      TERRAIN_EFFECTS,
      [
        {
          term: 'river',
          text: "Attacks across: -1 column unless more than half the attack factors are on the defenders' side; frozen in Snow.",
          swatch: 'river',
        },
        {
          term: 'railway',
          text: 'Rail movement (B-38); Russian gauge converted by the Axis; railheads are Axis supply sources.',
          swatch: 'rail',
        },
        {
          term: 'road, brown road',
          text: 'Mobile units move at double rate on roads; brown roads give nothing in Mud and Light Mud.',
          swatch: 'road',
        },
        { term: 'border of 1941', text: 'The 22 June 1941 border (red, dashed).', swatch: 'frontline' },
        {
          term: 'city',
          text: 'Victory city: every infantry-type unit doubled; major or fortress city: one; city: +1 to one.',
        },
      ],
      'barbarossa-1941 "Fortresses, Entrenchment, Defense Lines, and Terrain Effects"',
    ),
    {
      id: 'legend',
      title: 'Map legend',
      items: [
        {
          term: '★n',
          text: 'a victory city and its points (B-12); "(Axis)" or "(Soviet)" after a name: taken',
        },
        { term: 'RH', text: 'an Axis railhead (full supply source)' },
        {
          term: 'Grey counter, ?',
          text: 'a Russian army or tank korps face down: revealed at its first combat (B-18)',
        },
        { term: 'P', text: 'your peek at a face-down counter (Russian player only)' },
        { term: 'D / E / w', text: 'Disrupted / entrenched / a German army on its weak side' },
        {
          term: 'Blue / pale blue hex',
          text: 'a move within the OMF (may attack) / with the OMB (no attack); pale blue also rail and sea moves',
          swatch: 'hl-move',
        },
        { term: 'Orange hex', text: 'an enemy hex the selected unit may attack', swatch: 'hl-target' },
        { term: 'Red hex', text: 'owed an attack (B-14)', swatch: 'hl-owed' },
        { term: 'Green / pink hex', text: 'an entry or advance / a retreat', swatch: 'hl-retreat' },
        { term: 'Dashed grey line', text: 'army group boundary' },
      ],
    },
    {
      id: 'victory',
      title: 'Victory cities',
      intro: `The Axis holds ${tally.points} point${tally.points === 1 ? '' : 's'} in supply now: ${tally.cities.join(', ') || 'none'}. 7 or more wins (at once in 1941 with Leningrad, Moscow or Stalingrad), 6 is a draw.`,
      table: { head: ['City', 'Hex', 'Points', 'Held by', 'Axis in supply'], rows: cities },
      cite: 'barbarossa-1941 "Victory Conditions", B-12, B-33',
    },
    {
      id: 'turns',
      title: 'Turn record track',
      intro: `Turn ${v.turn} of ${s.turns.length} now. Each game-turn: the Axis player-turn (A.1-A.9), then the Russian (B.1-B.8).${v.options.weatherRoll ? ' Weather is rolled each turn (B-11): the schedule shows the historical weather.' : ''}${v.siberiansFrom !== null ? ` The Siberian Reserve was called on turn ${v.siberiansFrom}.` : ''}`,
      table: {
        head: ['Turn', 'Date', 'Weather', 'Axis arrivals', 'Soviet arrivals'],
        rows: s.turns.map((t, i) => [
          `${i + 1}${i + 1 === v.turn ? ' (now)' : ''}`,
          t.label,
          `${WEATHER_WORDS[i + 1 === v.turn && v.weather ? v.weather : t.weather] ?? t.weather}${v.options.weatherRoll && i + 1 > v.turn ? ' (to be rolled)' : ''}`,
          arrivals(i + 1, 'axis').join(', ') || '—',
          [
            ...arrivals(i + 1, 'soviet'),
            ...(i + 1 >= v.turn && v.armiesToEnter > 0 ? ['3 armies (east edge)'] : []),
          ].join(', ') || '—',
        ]),
      },
      cite: 'barbarossa-1941 "GAME-TURN SEQUENCE", B-11, B-37',
    },
    {
      id: 'oob-axis',
      title: 'Order of battle: Axis',
      table: { head: ['Unit', 'Kind', 'Factors', 'Where'], rows: oob('axis') },
    },
    {
      id: 'oob-soviet',
      title: 'Order of battle: Soviet',
      intro: 'Face-down armies are shown as their face: what they are is drawn at their first combat (B-18).',
      table: { head: ['Unit', 'Kind', 'Factors', 'Where'], rows: oob('soviet') },
    },
    {
      id: 'eliminated',
      title: `Eliminated units and replacements (${eliminated.length} eliminated)`,
      intro: `Replacement factors: Russian rifle ${v.rifleFactors}, Russian tank ${v.tankFactors}, German panzer ${v.panzerFactors}. Rifle armies not yet drawn: ${v.riflePileSize} in the pile; ${v.armiesToEnter} still to enter from the east (B-37, B-48, B-49).`,
      items: eliminated.map((id) => ({
        term: pieceName(s, v, id),
        text: v.pieces[id]!.side === 'axis' ? 'Axis' : 'Soviet',
      })),
    },
  ];
}
