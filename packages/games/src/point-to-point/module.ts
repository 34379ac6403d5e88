/**
 * Moscow 1941 point-to-point as a game module: the Operation Typhoon campaign
 * (campaign.ts: the completion rules of docs/rules/point-to-point-completion.md around the
 * one battle engine, battle.ts) as its rules, and its calculator: the exact battle, from
 * a form of the units on each side (battle-form.ts) or a battle file (both forces and each
 * side's policy; battle-calc.ts), or one volley on the provisional fire table of RULINGS
 * P-1 (large combats split per P-2).
 */
import {
  compileFireTable,
  err,
  formatSetupErrors,
  type GameCalculator,
  type GameModule,
  type GameProgress,
  ok,
  RandomPlayer,
  type RngState,
} from '@stavka/engine';
import { campaignAnalyst } from './ai/analyst.ts';
import { type AiOptions, CampaignAiPlayer, DEFAULT_AI_LEVEL } from './ai/campaign-ai.ts';
import { battleCalc } from './battle-calc.ts';
import { BATTLE_FORM_FIELDS, battleOfForm, unitKey } from './battle-form.ts';
import { type CampaignAction, type CampaignState, campaignRules } from './campaign.ts';
import { pointToPointCard } from './card.ts';
import { fireCalc } from './combat.ts';
import mapFile from './data/typhoon-map.json' with { type: 'json' };
import oobFile from './data/typhoon-oob.json' with { type: 'json' };
import scenarioFile from './data/typhoon-scenario.json' with { type: 'json' };
import { setupError } from './setup-errors.ts';
import { compileTyphoon } from './typhoon.ts';

const calculator: GameCalculator = {
  fields: [
    // The battle as the counters on the table give it (battle-form.ts): the exact battle.
    ...BATTLE_FORM_FIELDS,
    {
      kind: 'count',
      key: 'fire',
      label: 'Firing value',
      help: 'one volley alone, instead of a battle: the total firing value (B.2)',
      min: 1,
      section: 'One volley',
    },
    {
      kind: 'table',
      key: 'battle',
      label: 'Battle',
      help: 'a whole battle instead of the form (JSON: weather, attacker, attackers, defenders, policies; names, formations, losses carried in): the exact chance of each ending',
      section: 'Files',
    },
    { kind: 'table', key: 'crt', label: 'Fire table', help: 'load a replacement fire table (JSON)' },
  ],
  run(input) {
    let table: ReturnType<typeof compileFireTable> | undefined;
    if (input.crt !== undefined) {
      table = compileFireTable(input.crt, 'crt');
      if (!table.ok) return { ok: false, input: { field: 'crt', message: formatSetupErrors(table.error) } };
    }
    const fire = table?.ok ? [table.value] : [];
    const form = battleOfForm(input);
    if (input.battle !== undefined) {
      if (input.fire !== undefined)
        return {
          ok: false,
          input: { field: 'fire', message: 'is one volley: give a firing value or a battle, not both' },
        };
      if (form)
        return {
          ok: false,
          input: { field: 'battle', message: 'is a whole battle: empty the form above or forget the file' },
        };
      const answer = battleCalc(input.battle, ...fire);
      return answer.ok ? { ok: true, report: answer.report } : answer;
    }
    if (form) {
      if (input.fire !== undefined)
        return {
          ok: false,
          input: { field: 'fire', message: 'is one volley: give a firing value or the battle, not both' },
        };
      if (!form.ok) return form;
      // The same exact battle as a battle file's (a form never makes a file the schema refuses).
      const answer = battleCalc(form.battle, ...fire);
      return answer.ok
        ? { ok: true, report: answer.report }
        : { ok: false, input: { field: unitKey('attacker', 1), message: answer.input.message } };
    }
    if (typeof input.fire !== 'number')
      return {
        ok: false,
        input: {
          field: unitKey('attacker', 1),
          message:
            'is required: the units of the battle (or a firing value for one volley, or a battle file)',
        },
      };
    return fireCalc({ fire: input.fire, ...(table?.ok ? { table: table.value } : {}) });
  },
};

/** The words for each step of the sequence of play (completion C-3). */
export const PHASE_NAMES: Readonly<Record<CampaignState['phase'], string>> = {
  partisans: 'Partisans (C-10)',
  movement: 'Movement (C-4)',
  air: 'Air allocation (C-5)',
  combat: 'Combat',
  breakthrough: 'Breakthrough movement (C-6)',
  'breakthrough-combat': 'Breakthrough combat (C-6)',
  fortify: 'Field fortifications (C-8)',
  over: 'Game over',
};

/** The standard scenario: the three Typhoon files together (typhoon.ts checks them). */
export function typhoonScenarioFile(): { game: string; map: unknown; oob: unknown; scenario: unknown } {
  return structuredClone({ game: 'point-to-point', map: mapFile, oob: oobFile, scenario: scenarioFile });
}

type Module = GameModule<CampaignState, CampaignAction, CampaignState>;

export const pointToPointModule: Module = {
  id: 'point-to-point',
  meta: pointToPointCard.meta, // one source: the card the home page reads
  rules: campaignRules as Module['rules'],
  scenarios: {
    list: [{ key: 'typhoon', title: 'Operation Typhoon, 1 October 1941 - 31 January 1942' }],
    file: (key) => (key === null || key === 'typhoon' ? null : undefined),
    standardFile: typhoonScenarioFile,
    check(file) {
      const f = (file ?? {}) as Record<string, unknown>;
      if (typeof file !== 'object' || file === null || f.game !== 'point-to-point')
        return err([setupError('setup/game', 'game', 'is "point-to-point"')]);
      const r = compileTyphoon({ map: f.map, oob: f.oob, scenario: f.scenario });
      if (!r.ok) return r;
      const t = r.value;
      return ok({
        summary: `${t.scenario.title}; ${t.map.pointIds.length} points, ${t.map.capacity.length} lines, ${t.units.length} units, ${t.scenario.turns.length} turns (PROVISIONAL)`,
      });
    },
  },
  progress(view): GameProgress {
    const turns = compileTyphoonOnce().scenario.turns;
    const t = turns[Math.min(view.turn, turns.length) - 1];
    const side = view.player === 'axis' ? 'Axis' : 'Soviet';
    return {
      turn: view.turn,
      turns: turns.length,
      phase:
        view.phase === 'over'
          ? PHASE_NAMES.over
          : `${side} ${PHASE_NAMES[view.phase]}${view.battle ? `: battle at ${view.battle.point}` : ''}`,
      weather: view.weather,
      ...(t ? { date: t.dates } : {}),
    };
  },
  calculator,
  presentation: () => import('./presentation.ts').then((m) => m.pointToPointPresentation),
  players: {
    random: { label: 'Random (baseline)', rank: 0, make: (seed) => new RandomPlayer(seed) },
    ai1: {
      label: 'AI, level 1',
      rank: 1,
      make: (seed, play) => new CampaignAiPlayer(seed, aiOptions(1, play)),
    },
    ai2: {
      label: 'AI, level 2',
      rank: 2,
      make: (seed, play) => new CampaignAiPlayer(seed, aiOptions(2, play)),
    },
    ai: {
      label: `AI (level ${DEFAULT_AI_LEVEL})`,
      rank: DEFAULT_AI_LEVEL,
      make: (seed, play) => new CampaignAiPlayer(seed, aiOptions(DEFAULT_AI_LEVEL, play)),
    },
  },
  // Nothing is hidden but the dice to come: a determinized state is the state with dice of
  // the searcher's own.
  determinize: (state, _viewer, rng: RngState) => ({ ...state, rng }),
  analyst: campaignAnalyst,
};

let compiled: ReturnType<typeof compileTyphoon> | null = null;
function compileTyphoonOnce() {
  compiled ??= compileTyphoon();
  if (!compiled.ok) throw new Error('the Typhoon data is invalid');
  return compiled.value;
}

/** A level's options; a served seat's `thinkMs` caps each search on the clock. */
function aiOptions(level: number, play?: { readonly thinkMs?: number }): AiOptions {
  return { level, ...(play?.thinkMs ? { maxMs: play.thinkMs } : {}) };
}
