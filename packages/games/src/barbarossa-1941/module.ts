/**
 * Barbarossa 1941 as a game module: its rules, options, progress and players (play.ts),
 * the AI and analyst (ai/), the calculator on the provisional table of RULINGS B-1, the
 * presentation and the secrets the conformance suite plants.
 */
import {
  compileOddsTable,
  formatSetupErrors,
  type GameCalculator,
  type GameModule,
  type OddsTable,
  oddsColumn,
  type Shift,
} from '@stavka/engine';
import { barbarossaAnalyst } from './ai/analyst.ts';
import { barbarossaAiPlayers, determinizeBarbarossa } from './ai/index.ts';
import { barbarossaCard } from './card.ts';
import { BARBAROSSA_CRT, type BarbarossaSide, barbarossaCalc } from './combat.ts';
import type { BarbarossaView } from './hidden.ts';
import { barbarossaPlay } from './play.ts';
import type { BarbarossaAction } from './rules.ts';
import { compileScenario, standardScenarioFile } from './scenario.ts';
import { barbarossaSecrets } from './secrets.ts';
import type { BarbarossaState } from './state.ts';

/** Air support a side brings to a ground attack ("Bombing and Close Air Support"). */
const AIR: Readonly<Record<string, { by: number; reason: string; capped: boolean }>> = {
  fliegerkorps: { by: 2, reason: 'a Fliegerkorps supports the attack', capped: true },
  '8th-fliegerkorps': { by: 3, reason: 'the 8th Fliegerkorps supports the attack', capped: true },
  russian: { by: 1, reason: 'Russian close air support, regardless of terrain', capped: false },
};

/**
 * The column shifts the text names, each with its rule, from the calculator's flags and
 * choices; German air support is held to "not more than doubling the odds" (B-13: the
 * final column's odds at most twice the raw ratio's).
 */
export function barbarossaShifts(
  table: OddsTable,
  attack: number,
  defense: number,
  input: Readonly<Record<string, unknown>>,
): Shift[] {
  const shifts: Shift[] = [];
  const attacker = input.attacker === 'soviet' ? 'soviet' : 'axis';
  if (input.weather === 'mud')
    shifts.push({
      by: -1,
      reason: "in Mud all units' attacks are reduced 1 column",
      cite: 'barbarossa-1941 Weather',
    });
  if (input.weather === 'snow') {
    if (attacker === 'axis')
      shifts.push({
        by: -1,
        reason: 'in Snow Axis attacks are reduced 1 column',
        cite: 'barbarossa-1941 Weather',
      });
    else if (input.defenderInCity !== true)
      shifts.push({
        by: 1,
        reason: 'in Snow Russian attacks are increased 1 column (defenders in no city or town)',
        cite: 'barbarossa-1941 Weather',
      });
  }
  if (input.river === true)
    shifts.push({
      by: -1,
      reason: 'more than half the attack factors attack across a river',
      cite: 'barbarossa-1941 Cross-River',
    });
  if (input.attackerLimited === true)
    shifts.push({ by: -1, reason: 'attack by Limited Supplied units', cite: 'barbarossa-1941 Supply' });
  if (input.defenderLimited === true)
    shifts.push({
      by: 1,
      reason: 'attack on Limited Supply or Isolated units',
      cite: 'barbarossa-1941 Supply',
    });
  if (input.railwayGun === 'supports')
    shifts.push({
      by: 1,
      reason: 'a Leningrad railway gun supports the attack',
      cite: 'barbarossa-1941 Special Units',
    });
  if (input.railwayGun === 'defends')
    shifts.push({
      by: -1,
      reason: 'a Leningrad railway gun fires on attackers from its line',
      cite: 'barbarossa-1941 Special Units',
    });
  const extra = typeof input.shift === 'number' ? input.shift : 0;
  if (extra) shifts.push({ by: extra, reason: 'an extra column shift' });
  const air = typeof input.air === 'string' && Object.hasOwn(AIR, input.air) ? AIR[input.air] : undefined;
  if (air) {
    let by = air.by;
    if (air.capped) {
      // B-13: the column after the air shifts may be at most twice the raw ratio.
      const raw = oddsColumn(table, attack, defense);
      const rawValue = attack / defense;
      let cap = -1;
      table.columns.forEach((c, i) => {
        if (c.attack / c.defense <= 2 * rawValue + 1e-9) cap = i;
      });
      const before = raw + shifts.reduce((a, x) => a + x.by, 0);
      by = Math.max(0, Math.min(by, cap - before));
      if (by < air.by)
        shifts.push({
          by,
          reason: `${air.reason}, held to ${by} (not more than doubling the odds: at most ${table.columnLabels[cap] ?? 'the raw odds'})`,
          cite: 'B-13',
        });
      else shifts.push({ by, reason: air.reason, cite: 'B-13' });
    } else shifts.push({ by, reason: air.reason, cite: 'barbarossa-1941 Bombing and Close Air Support' });
  }
  return shifts.filter((x) => x.by !== 0 || x.cite === 'B-13');
}

const columns = BARBAROSSA_CRT.columnLabels;

const calculator: GameCalculator = {
  fields: [
    { kind: 'count', key: 'attack', label: 'Attack', help: 'total attack factors', min: 0, required: true },
    {
      kind: 'count',
      key: 'defense',
      label: 'Defense',
      help: 'total modified defense factors',
      min: 1,
      required: true,
    },
    {
      kind: 'choice',
      key: 'attacker',
      label: 'Attacker',
      help: 'who attacks (weather and air support depend on it)',
      choices: ['axis', 'soviet'],
    },
    {
      kind: 'choice',
      key: 'weather',
      label: 'Weather',
      help: 'Mud: every attack -1 column; Snow: Axis -1, Russian +1 unless the defenders are in a city or town',
      choices: ['good', 'light-mud', 'mud', 'hard-frost', 'snow'],
    },
    {
      kind: 'flag',
      key: 'defenderInCity',
      label: 'Defenders in a city or town',
      help: 'no Snow bonus for Russian attacks on a city or town',
      cite: 'barbarossa-1941 Weather',
    },
    {
      kind: 'flag',
      key: 'river',
      label: 'Across a river',
      help: 'more than half the attack crosses a river (-1 column)',
      cite: 'barbarossa-1941 Cross-River',
    },
    {
      kind: 'flag',
      key: 'attackerLimited',
      label: 'Attacker limited or isolated',
      help: 'an attacking unit is in Limited Supply or Isolated (-1 column, Disrupted after; B-68)',
      cite: 'barbarossa-1941 Supply; B-68',
    },
    {
      kind: 'flag',
      key: 'defenderLimited',
      label: 'Defender limited or isolated',
      help: 'the defenders are in Limited Supply or Isolated (+1 column)',
      cite: 'barbarossa-1941 Supply',
    },
    {
      kind: 'choice',
      key: 'air',
      label: 'Air support',
      help: 'Fliegerkorps +2, the 8th +3, not more than doubling the odds (B-13); Russian +1',
      choices: ['fliegerkorps', '8th-fliegerkorps', 'russian'],
    },
    {
      kind: 'choice',
      key: 'railwayGun',
      label: 'Railway gun',
      help: 'a Leningrad railway gun supports the attack (+1) or fires on attackers from its line (-1)',
      choices: ['supports', 'defends'],
    },
    {
      kind: 'count',
      key: 'shift',
      label: 'Other shift',
      help: 'extra column shift (negative helps the defender)',
      min: -20,
      max: 20,
      default: 0,
    },
    {
      kind: 'flag',
      key: 'disrupted',
      label: 'Disrupted defenders',
      help: 'every defender is Disrupted (B-6)',
      cite: 'B-6',
    },
    {
      kind: 'column',
      key: 'roundUp',
      label: 'Round up to',
      help: 'German round-up roll aiming at this column (B-7): the next column; up to 3 with the expanded odds',
      columns,
    },
    {
      kind: 'column',
      key: 'fallBack',
      label: 'Fall back to',
      help: 'column accepted on failure (default: the computed one)',
      columns,
    },
    { kind: 'count', key: 'press', label: 'Press', help: 'press the attack k columns (B-8)', min: 1, max: 9 },
    {
      kind: 'choice',
      key: 'procedure',
      label: 'Procedure',
      help: 'how a pressed attack is rolled',
      choices: ['roll', 'split'],
    },
    { kind: 'choice', key: 'side', label: 'Who presses', help: 'who presses', choices: ['axis', 'soviet'] },
    {
      kind: 'flag',
      key: 'expandedOdds',
      label: 'Expanded odds agreed',
      help: 'round up to 3 columns, falling back up to 2 below; exchanges mandatory (B-63, B-64)',
      cite: 'B-64',
    },
    {
      kind: 'flag',
      key: 'classicOdds',
      label: 'Classic odds agreed',
      help: 'no round-up roll and no pressing (B-63)',
      cite: 'B-63',
    },
    { kind: 'table', key: 'crt', label: 'Combat table', help: 'load a replacement combat table (JSON)' },
  ],
  run(input) {
    const { attack, defense } = input;
    if (typeof attack !== 'number') return { ok: false, input: { field: 'attack', message: 'is required' } };
    if (typeof defense !== 'number')
      return { ok: false, input: { field: 'defense', message: 'is required' } };
    const roundUp = typeof input.roundUp === 'string' ? input.roundUp : undefined;
    const fallBack = typeof input.fallBack === 'string' ? input.fallBack : undefined;
    const press = typeof input.press === 'number' ? input.press : undefined;
    const procedure = input.procedure === 'roll' || input.procedure === 'split' ? input.procedure : undefined;
    const side =
      input.side === 'axis' || input.side === 'soviet' ? (input.side as BarbarossaSide) : undefined;
    if (fallBack !== undefined && roundUp === undefined)
      return { ok: false, input: { field: 'fallBack', message: 'goes with a round-up (roundUp)' } };
    if (press !== undefined) {
      if (procedure === undefined)
        return { ok: false, input: { field: 'procedure', message: 'is required with press' } };
      if (side === undefined)
        return { ok: false, input: { field: 'side', message: 'is required with press' } };
    } else if (procedure !== undefined || side !== undefined)
      return {
        ok: false,
        input: { field: procedure !== undefined ? 'procedure' : 'side', message: 'goes with press' },
      };
    if (input.disrupted === true && (roundUp !== undefined || press !== undefined))
      return {
        ok: false,
        input: {
          field: 'disrupted',
          message: 'cannot be combined with a round-up or press in the calculator',
        },
      };
    let table: ReturnType<typeof compileOddsTable> | undefined;
    if (input.crt !== undefined) {
      table = compileOddsTable(input.crt, 'crt');
      if (!table.ok) return { ok: false, input: { field: 'crt', message: formatSetupErrors(table.error) } };
    }
    if (input.air === 'russian' && input.attacker !== 'soviet')
      return {
        ok: false,
        input: { field: 'air', message: 'Russian air support goes with a Russian attack (attacker soviet)' },
      };
    if ((input.air === 'fliegerkorps' || input.air === '8th-fliegerkorps') && input.attacker === 'soviet')
      return { ok: false, input: { field: 'air', message: 'a Fliegerkorps supports an Axis attack' } };
    return barbarossaCalc({
      attack,
      defense,
      shifts: barbarossaShifts(table?.ok ? table.value : BARBAROSSA_CRT, attack, defense, input),
      disrupted: input.disrupted === true,
      expandedOdds: input.expandedOdds === true,
      classicOdds: input.classicOdds === true,
      ...(input.attacker === 'axis' || input.attacker === 'soviet' ? { attacker: input.attacker } : {}),
      ...(roundUp !== undefined
        ? { roundUp: { target: roundUp, ...(fallBack !== undefined ? { fallBack } : {}) } }
        : {}),
      ...(press !== undefined ? { press: { columns: press, procedure: procedure!, side: side! } } : {}),
      ...(table?.ok ? { table: table.value } : {}),
    });
  },
};

export const barbarossaModule: GameModule<BarbarossaState, BarbarossaAction, BarbarossaView> = {
  id: 'barbarossa-1941',
  ...barbarossaPlay,
  // The AI for either side, and determinize drawing every hidden identity (ai/).
  players: { ...barbarossaPlay.players, ...barbarossaAiPlayers },
  determinize: determinizeBarbarossa,
  analyst: barbarossaAnalyst,
  meta: barbarossaCard.meta, // one source: the card the home page reads
  calculator,
  presentation: () => import('./presentation.ts').then((m) => m.barbarossaPresentation),
  // A whole random game is ~2,800 actions and a minute: the suite plays its first 400
  // (set-up, the first turns' moves, attacks, combat) and plants the hidden armies.
  conformance: { secrets: barbarossaSecrets, truncateAt: 400, sampleEvery: 50 },
  scenarios: {
    list: [{ key: 'standard', title: 'Barbarossa, 22 June 1941 - 31 January 1942' }],
    file: (key) => (key === null || key === 'standard' ? null : undefined),
    standardFile: standardScenarioFile,
    check(file) {
      const r = compileScenario(file);
      if (!r.ok) return r;
      const s = r.value;
      return {
        ok: true,
        value: {
          summary: `${s.name}; ${s.map.columns}x${s.map.rows} hexes, ${s.unitIds.length} units, ${s.turns.length} turns`,
        },
      };
    },
  },
};
