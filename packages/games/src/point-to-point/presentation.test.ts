/**
 * The Typhoon campaign's presentation, in node: what the browser is given to draw, from
 * the standard scenario's views and a seeded random campaign. One describe per part of the
 * rules the drawing carries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  type GameState,
  legalActions,
  rngFromSeed,
  rollDie,
  setup,
  UNDO,
  view,
} from '@stavka/engine';
import { analyzeState } from './analysis.ts';
import { battleReport } from './battle-calc.ts';
import { ENDINGS } from './battle-scenario.ts';
import { type CampaignState, campaignRules, typhoon } from './campaign.ts';
import { campaignBoardView } from './campaign-view.ts';
import { FIRE_TABLE } from './combat.ts';
import { pointToPointModule } from './module.ts';
import { STAND_FAST } from './policy.ts';
import { battleIfFought, pointToPointPresentation as P } from './presentation.ts';

function standardGame(seed = 'presentation-test'): GameState<CampaignState> {
  const made = setup(campaignRules, null, seed, {});
  assert.ok(made.ok, 'the standard Typhoon campaign sets up');
  return made.value;
}
const viewOf = (g: GameState<CampaignState>, side: string) =>
  view(campaignRules, g, side).state as CampaignState;

/** A seeded random campaign: every state seen with its side to act and the actions offered. */
function randomCampaign(seed: string, maxActions = 6000) {
  let s = standardGame(seed);
  let rng = rngFromSeed(`${seed}:moves`);
  const seen: { g: GameState<CampaignState>; side: string; legal: Action[] }[] = [];
  for (let k = 0; k < maxActions; k++) {
    const side = campaignRules.activeSides(s.state)[0];
    if (!side) break;
    const legal = legalActions(campaignRules, s, side).filter((a) => a.type !== UNDO.type);
    seen.push({ g: s, side, legal });
    // End movement more often than a uniform pick would, so that battles come soon.
    const ends = legal.filter((a) => a.type === 'end-movement');
    const d = rollDie(rng, legal.length + (ends.length > 0 ? Math.ceil(legal.length / 8) : 0));
    rng = d.next;
    const action = legal[d.value - 1] ?? ends[0]!;
    const next = apply(campaignRules, s, side, action);
    assert.ok(next.ok, `a legal action applies: ${JSON.stringify(action)}`);
    s = next.value;
  }
  return seen;
}

const game = randomCampaign('presentation-random-e', 4000);

describe('C-1 The board: points and lines drawn from the standard scenario', () => {
  const v = viewOf(standardGame(), 'axis');
  const b = P.board.drawing(v);
  const t = typhoon();
  const bv = campaignBoardView(v);
  it('draws every point at a place on the drawing, with its name, and every line with its capacity and kind', () => {
    assert.equal(b.kind, 'points');
    if (b.kind !== 'points') return;
    assert.equal(b.points.length, t.map.pointIds.length);
    for (const [i, p] of b.points.entries()) {
      assert.equal(p.id, t.map.pointIds[i], `point ${i} in the map's order`);
      assert.ok(p.name.startsWith(t.map.pointNames[i]!), `${p.id} named ${p.name}`);
      assert.ok(p.x >= 0 && p.x <= b.width && p.y >= 0 && p.y <= b.height, `${p.id} on the drawing`);
    }
    assert.equal(b.lines.length, bv.lines.length);
    for (const [i, l] of b.lines.entries()) {
      const src = bv.lines[i]!;
      assert.equal(b.points[l.from]!.id, src.from, `line ${i} from`);
      assert.equal(b.points[l.to]!.id, src.to, `line ${i} to`);
      assert.equal(l.capacity, src.capacity, `line ${i}: its capacity in this weather (C-1.2, C-11.2)`);
      assert.match(
        l.kind,
        src.kind.includes('rr') ? /^rail / : /^road /,
        `line ${i}: railway or road (C-4.2)`,
      );
    }
  });
  it('eases crowded points apart: no two points overlap (a counter is about 35 wide)', () => {
    if (b.kind !== 'points') return;
    for (let i = 0; i < b.points.length; i++)
      for (let j = i + 1; j < b.points.length; j++) {
        const [p, q] = [b.points[i]!, b.points[j]!];
        assert.ok(Math.hypot(p.x - q.x, p.y - q.y) >= 40, `${p.id} and ${q.id} apart`);
      }
  });
  it("names the victory points, fortifications, partisans and factories; fills each point in its controller's colour (C-2, C-8, C-9, C-10, C-13)", () => {
    if (b.kind !== 'points') return;
    for (const [i, p] of bv.points.entries()) {
      const d = b.points[i]! as (typeof b.points)[number] & { fill?: string; control?: string };
      assert.equal(d.control, p.control, `${p.id} control`);
      assert.ok(d.fill?.startsWith('#'), `${p.id} filled`);
      if (p.victoryPoints > 0)
        assert.ok(d.name.includes(`★${p.victoryPoints}`), `${p.id} shows ${p.victoryPoints} VP`);
      if (p.factories.length > 0) assert.ok(d.name.includes('⚙'), `${p.id} shows its factories`);
      assert.equal(d.name.includes('▲'), p.fortified, `${p.id} fortification mark`);
      assert.equal(d.name.includes('✦'), p.partisans, `${p.id} partisans mark`);
    }
    const moscow = b.points.find((p) => p.id === 'moscow')!;
    assert.ok(moscow.name.includes('⚙'), 'Moscow holds factories at the start (C-9)');
    assert.equal(b.home, b.points.indexOf(moscow), 'the cursor starts at Moscow');
  });
  it('draws every unit on the map as a NATO counter at its point (air units as aircraft)', () => {
    const pieces = P.board.pieces(v);
    const onMap = v.units.filter((u) => u.place === 'map');
    assert.equal(pieces.length, onMap.length);
    for (const u of onMap) {
      const d = pieces.find((p) => p.id === u.id)!;
      assert.ok(d, `${u.id} drawn`);
      assert.equal(b.kind === 'points' ? b.points[d.at]!.id : '', u.at, `${u.id} at its point`);
      assert.equal(d.side, u.side);
      assert.match(d.sidc ?? '', u.unitClass === 'air' ? /^SFAPMF/ : /^SFGPUC[AI]/, `${u.id} symbol`);
      assert.equal(d.sidc?.length, 15, 'a 15-letter code');
      assert.ok(d.label.includes(u.name), `${u.id} labelled`);
      assert.equal(P.board.pieceAt(v, u.id), d.at);
      assert.ok(P.board.piecesAt(v, d.at).includes(u.id));
    }
  });
  it("gives a point's facts: control, victory points, supply, lines with capacities, its units", () => {
    const at = bv.points.findIndex((p) => p.id === 'tula');
    const f = P.board.nodeFacts(v, at);
    assert.match(f.heading, /^Tula/);
    assert.match(f.about, /Soviet controls it \(C-2\)/);
    assert.match(f.about, /3 victory points \(C-13.2\)/);
    assert.match(f.about, /capacity \d/);
    assert.equal(f.pieces.length, bv.points[at]!.units.length);
  });
  it('scores the victory points now, with what it takes to win (C-13)', () => {
    const s = P.words.score(v, false);
    assert.deepEqual(
      s.items.map((i) => i.side),
      ['axis', 'soviet'],
    );
    assert.ok(
      s.toWin?.some((w) => w.includes('C-13.1')),
      'sudden death named',
    );
  });
});

describe('C-3 Sequence of play: a prompt for every step reached in a seeded random campaign', () => {
  it('prompts each phase and each battle step with the step, whose it is and what to do', () => {
    const reached = new Set<string>();
    for (const { g, side } of game) {
      const v = viewOf(g, side);
      const key = v.battle ? `battle:${v.battle.stage}` : v.phase;
      const p = P.words.prompt(v, side, true, null);
      assert.ok(p.step.length > 0 && p.help.length > 10, `${key}: a prompt`);
      assert.ok(!/undefined|NaN|\[object/.test(`${p.step} ${p.detail ?? ''} ${p.help}`), `${key}: ${p.help}`);
      const whose = side === 'axis' ? 'Axis' : 'Soviet';
      if (v.battle) {
        assert.match(p.detail ?? '', /round \d|before the first round/, `${key}: the battle's round`);
        assert.ok(p.detail?.includes(`${whose} to act`), `${key}: whose decision (${p.detail})`);
      } else assert.ok(p.step.startsWith(whose), `${key}: whose step (${p.step})`);
      const waiting = P.words.prompt(v, side, false, null);
      assert.match(waiting.help, /Waiting for/, `${key}: the other side waits`);
      reached.add(key);
    }
    for (const k of [
      'movement',
      'air',
      'combat',
      'fortify',
      'battle:declare',
      'battle:absorb-attacker',
      'battle:absorb-defender',
      'battle:decide-attacker',
      'battle:decide-defender',
      'battle:route',
      'battle:advance',
    ])
      assert.ok(reached.has(k), `the random campaign reached ${k} (reached: ${[...reached].join(', ')})`);
  });
  it('prompts the end of the game with its result', () => {
    const o = { winner: 'soviet', score: { axis: 3, soviet: 5 }, summary: 'victory points (C-13.2)' };
    const v = viewOf(standardGame(), 'axis');
    const p = P.words.prompt(v, null, false, o);
    assert.equal(p.step, 'Game over');
    assert.match(p.help, /Zhukov \(Soviet\) wins \(victory points: Axis 3 — Soviet 5\)/);
  });
});

describe('Every action offered, in words, and where it lights the board', () => {
  it('describes every legal action of every state of the random campaign in words naming its points and units', () => {
    const kinds = new Set<string>();
    for (const { g, side, legal } of game) {
      const v = viewOf(g, side);
      const named = campaignBoardView(v);
      const unitName = new Map(
        [...named.points.flatMap((p) => p.units), ...(v.battle?.units ?? [])].map((u) => [u.id, u.name]),
      );
      const pointName = new Map(named.points.map((p) => [p.id, p.name]));
      for (const a of legal) {
        const words = P.words.describe(v, a);
        kinds.add(a.type);
        assert.ok(words.length > 3, `${a.type} described`);
        assert.ok(!/undefined|\{|\[object/.test(words), `${JSON.stringify(a)}: ${words}`);
        if (typeof a.unit === 'string' && unitName.has(a.unit))
          assert.ok(words.includes(unitName.get(a.unit)!), `${words}: names the unit`);
        for (const f of ['to', 'at'] as const)
          if (typeof a[f] === 'string' && pointName.has(a[f]))
            assert.ok(words.includes(pointName.get(a[f])!), `${words}: names the point`);
      }
    }
    for (const k of [
      'move',
      'end-movement',
      'commit-air',
      'end-air',
      'fight',
      'attack',
      'absorb',
      'end-turn',
    ])
      assert.ok(kinds.has(k), `${k} offered in the random campaign`);
  });
  it('describes an action of a kind added later generically', () => {
    const v = viewOf(standardGame(), 'axis');
    assert.equal(P.words.describe(v, { type: 'call-reserves', at: 'moscow' }), 'call reserves: at Moscow');
  });
  it('lights every move of the selected unit at its point, and offers the rest as buttons', () => {
    const state = game.find((x) => x.g.state.phase === 'movement' && !x.g.state.battle && x.side === 'axis')!;
    const v = viewOf(state.g, state.side);
    const moves = state.legal.filter((a) => a.type === 'move');
    const unit = moves[0]!.unit as string;
    const lit = P.controls.targets(v, state.legal, unit);
    for (const a of moves.filter((m) => m.unit === unit)) {
      const at =
        P.board.drawing(v).kind === 'points'
          ? campaignBoardView(v).points.findIndex((p) => p.id === a.to)
          : -1;
      assert.ok(
        lit.some((t) => t.at === at && t.action === a),
        `${unit} to ${String(a.to)} lit`,
      );
      assert.ok(P.preview.movePreview(v, unit, at), `a path to ${String(a.to)}`);
    }
    const facts = P.board.nodeFacts(v, P.board.pieceAt(v, unit)).pieces.find((p) => p.id === unit);
    const first = campaignBoardView(v).points.find((p) => p.id === moves[0]!.to)!;
    assert.match(facts?.can ?? '', new RegExp(`move to .*${first.name}`), 'the facts say where it may move');
    const buttons = P.controls.buttons(v, state.legal);
    assert.ok(
      buttons.some((a) => a.type === 'end-movement'),
      'End movement is a button',
    );
    assert.ok(!buttons.some((a) => a.type === 'move'), 'moves are clicks on the board');
  });
  it('offers every battle decision as a button (loss distribution, continue or retreat, retreat routes)', () => {
    const decisions = new Set<string>();
    for (const { g, side, legal } of game) {
      if (!g.state.battle) continue;
      const v = viewOf(g, side);
      const buttons = P.controls.buttons(v, legal);
      for (const a of legal) {
        assert.ok(buttons.includes(a), `${a.type} is a button`);
        decisions.add(a.type);
      }
      assert.equal(
        P.board.focus?.(v),
        campaignBoardView(v).points.findIndex((p) => p.id === g.state.battle!.point),
      );
    }
    for (const k of ['attack', 'absorb', 'continue', 'retreat', 'retreat-to', 'advance'])
      assert.ok(decisions.has(k), `${k} reached`);
  });
});

describe('The exact battle preview (analysis.ts) in the combat preview panel', () => {
  const policies = { attacker: STAND_FAST, defender: STAND_FAST };
  const check = (v: CampaignState, at: number, g: NonNullable<CampaignState['battle']>) => {
    const preview = P.preview.combatPreview(v, v.player, { target: at, selected: null, actions: [] });
    assert.ok(preview?.report, 'a preview with its report');
    const exact = analyzeState(g, policies);
    assert.ok(exact.ok, 'analysis.ts analyses the battle');
    const expected = battleReport(exact.value);
    assert.deepEqual(
      preview.report.chances,
      expected.chances,
      'the chance of each ending, as analysis.ts gives it',
    );
    for (const e of ENDINGS) {
      const c = preview.report.chances.find((x) => x.probability === exact.value.endings[e].value);
      if (exact.value.endings[e].value > 0) assert.ok(c, `${e}'s chance shown`);
    }
    assert.ok(
      preview.report.notes.some((n) => n.includes(exact.value.expectedHits.attacker.value.toFixed(3))),
      'the expected losses',
    );
    const total = preview.report.chances.reduce((s, c) => s + c.probability, 0);
    assert.ok(Math.abs(total - 1) < 1e-9, `the endings sum to 1 (${total})`);
  };
  it('previews the battle about to be fought at a point under attack, exactly', () => {
    const state = game.find(
      (x) => !x.g.state.battle && x.g.state.phase === 'combat' && x.g.state.attacks.length > 0,
    )!;
    assert.ok(state, 'a combat step with a battle to fight');
    const v = viewOf(state.g, state.side);
    const point = v.attacks[0]!;
    const at = campaignBoardView(v).points.findIndex((p) => p.id === point);
    const g = battleIfFought(v, point);
    assert.ok(g, 'the battle as it would be fought');
    check(v, at, g);
  });
  it('previews the battle being fought at each of its steps, with each decision’s own outcome', () => {
    let n = 0;
    let decide = 0;
    for (const { g, side } of game) {
      const b = g.state.battle;
      if (!b || b.stage === 'over' || n >= 40) continue;
      const v = viewOf(g, side);
      const at = campaignBoardView(v).points.findIndex((p) => p.id === b.point);
      check(v, at, b);
      if (b.stage === 'decide-attacker' || b.stage === 'decide-defender') {
        const preview = P.preview.combatPreview(v, side, { target: at, selected: null, actions: [] })!;
        assert.ok(
          preview.notes.some((x) => x.startsWith('If “Continue')),
          'the outcome of continuing',
        );
        assert.ok(
          preview.notes.some((x) => x.startsWith('If “Retreat')),
          'the outcome of retreating',
        );
        decide++;
      }
      n++;
    }
    assert.ok(n >= 3, `battles previewed (${n})`);
    assert.ok(decide >= 1, `a continue-or-retreat decision previewed (${decide})`);
  });
  it('previews an attack being planned: the selected unit moving into an enemy-held point (C-4.4)', () => {
    let checked = 0;
    for (const { g, side, legal } of game) {
      if (g.state.phase !== 'movement' || checked >= 3) continue;
      const v = viewOf(g, side);
      const bv = campaignBoardView(v);
      const move = legal.find(
        (a) =>
          a.type === 'move' &&
          bv.points.some(
            (p) =>
              p.id === a.to &&
              p.units.some((u) => u.side !== side && u.unitClass !== 'air' && !u.attackingFrom),
          ),
      );
      if (!move) continue;
      const at = bv.points.findIndex((p) => p.id === move.to);
      const preview = P.preview.combatPreview(v, side, {
        target: at,
        selected: move.unit as string,
        actions: legal,
      });
      const battle = battleIfFought(v, move.to as string, move);
      assert.ok(battle && preview?.report, 'the planned battle previewed');
      const exact = analyzeState(battle, policies);
      assert.ok(exact.ok, 'analysis.ts analyses it');
      assert.deepEqual(preview.report.chances, battleReport(exact.value).chances, 'its exact endings');
      assert.ok(
        battle.units.some((u) => u.id === move.unit && u.role === 'attacker'),
        'the moving unit attacks',
      );
      assert.match(preview.title, /\(if .* attacks /, 'the move named');
      checked++;
    }
    assert.ok(checked >= 1, 'an attack planned in the random campaign');
  });
  it('shows no preview on a point with no battle', () => {
    const v = viewOf(standardGame(), 'axis');
    assert.equal(P.preview.combatPreview(v, 'axis', { target: 0, selected: null, actions: [] }), null);
  });
});

describe("The wargamer's table: the log in words, player-turns, reference sheets", () => {
  const last = game[game.length - 1]!;
  const v = viewOf(last.g, last.side);
  const log = last.g.log;
  it('reads the log with side and point names for ids, and draws where a line happened', () => {
    const attack = log.find((e) => / attacks .+ from /.test(e.text));
    assert.ok(attack, 'an attack in the log');
    const d = P.board.logDrawing?.(v, attack);
    assert.equal(d?.arrows?.length, 1, 'an arrow from the origin to the point attacked');
    const forces = log.find((e) => /^the (axis|soviet) forces attack /.test(e.text));
    assert.ok(forces, 'a battle declared in the log');
    const text = P.words.logText?.(v, forces) ?? '';
    assert.match(text, /^the (Axis|Soviet) forces attack [A-Z]/, text);
  });
  it('marks the start of each player-turn (C-3)', () => {
    const marks = log.map((e) => P.words.turnMarker?.(e)).filter((m) => m);
    assert.ok(marks.length >= 2, 'player-turns marked');
    assert.deepEqual(marks[0], { side: 'axis', label: "Turn 1 (good), von Bock (Axis)'s player-turn" });
  });
  it('gives the legend, the provisional fire table as the battles read it, the turn track and victory points', () => {
    const sheets = P.reference?.sheets(v) ?? [];
    const fire = sheets.find((x) => x.id === 'fire-table');
    assert.ok(fire?.table, 'the fire table');
    const t = FIRE_TABLE;
    for (let r = 1; r <= t.die; r++)
      for (let c = 1; c <= t.maxFire; c++)
        assert.equal(
          fire.table.rows[r - 1]![c],
          String(t.losses[(r - 1) * t.maxFire + (c - 1)]),
          `roll ${r}, fire ${c}`,
        );
    assert.equal(sheets.find((x) => x.id === 'turns')?.table?.rows.length, typhoon().scenario.turns.length);
    assert.ok(
      sheets.find((x) => x.id === 'victory')?.table?.rows.some((r) => r[0] === 'Tula' && r[1] === '3'),
      'Tula 3 VP',
    );
    assert.ok(
      sheets.some((x) => x.id === 'legend') && sheets.some((x) => x.id === 'oob-soviet'),
      'legend and OOB',
    );
  });
});

describe('The module offers the presentation (the web then offers New game)', () => {
  it('loads it through GameModule.presentation()', async () => {
    assert.ok(pointToPointModule.presentation, 'a presentation hook');
    const p = await pointToPointModule.presentation!();
    assert.equal(p, P);
  });
});
