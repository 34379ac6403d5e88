/**
 * Barbarossa 1941's presentation, in node: what the browser is given to draw, from the
 * standard game's views. One describe per rule section the drawing carries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  directionTo,
  type GameState,
  type Highlight,
  hexAxial,
  legalActions,
  soleSubject,
  view,
} from '@stavka/engine';
import { evaluateAttack, isRefusal } from './attack.ts';
import { BARBAROSSA_CRT, barbarossaCalc } from './combat.ts';
import type { BarbarossaView } from './hidden.ts';
import { moveOptions } from './movement.ts';
import { barbarossaPresentation as P } from './presentation.ts';
import { boardOf, scenarioOf } from './presentation-board.ts';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import type { BarbarossaState } from './state.ts';
import { act, type G, legal, randomGame, started } from './test-games.ts';

const standardGame = (options: { asymmetricOdds?: boolean } = {}): G =>
  started(null, { seed: 'presentation-test', options });

const viewOf = (g: GameState<BarbarossaState>, side: string) =>
  view(barbarossaRules, g, side).state as BarbarossaView;

/** `side` takes the first action offered that `pick` chooses. */
function play(g: G, side: string, pick: (a: BarbarossaAction) => boolean): G {
  const a = legal(g, side).find(pick);
  assert.ok(a, `an action of ${side} is offered`);
  return act(g, side, a);
}

/** The standard game at the German movement step (past the B-53 choice, A.1 and A.2). */
function atGermanMovement(options: { asymmetricOdds?: boolean } = {}): GameState<BarbarossaState> {
  let g = standardGame(options);
  for (let i = 0; i < 5 && g.state.step !== 'movement'; i++)
    g = play(g, 'axis', (a) => a.type === 'choose-tank-group' || a.type === 'end-step');
  assert.equal(g.state.step, 'movement', 'the German movement step is reached');
  return g;
}

describe('The map: the whole front as the board draws it', () => {
  const v = viewOf(standardGame(), 'axis');
  const b = P.board.drawing(v);
  it('draws every hex with a fill and words, rivers and the 1941 border on hexsides, rails and roads between hexes', () => {
    assert.equal(b.kind, 'hex');
    if (b.kind !== 'hex') return;
    const n = b.map.graph.nodeCount;
    assert.equal(b.fill.length, n);
    assert.equal(b.hexLabel.length, n);
    assert.deepEqual(
      b.sides.map((x) => x.className),
      ['sea-side', 'river', 'frontline border-1941'],
    );
    assert.deepEqual(
      b.links.map((x) => x.className),
      ['rail', 'rail rail-german', 'road', 'road brown-road'],
    );
    assert.ok(
      (b.labels ?? []).some((l) => l.text === 'Dnieper' || l.text === 'Dnepr'),
      'river names',
    );
  });
  it('draws the Neva Bay round Kronstadt as sea sides: its five hexsides facing land (B-82)', () => {
    if (b.kind !== 'hex') return;
    const kronstadt = b.map.places.find((p) => p.name.startsWith('Kronstadt'));
    assert.ok(kronstadt, 'Kronstadt on the map');
    const k = kronstadt.hex;
    // As the board draws a hexside (web map/board-layers.tsx): each side entry whose bit the hexside has.
    const drawn = [0, 1, 2, 3, 4, 5].map((d) =>
      b.sides.filter((x) => (b.map.sideFeatures[k * 6 + d]! & x.bit) !== 0).map((x) => x.className),
    );
    assert.equal(drawn.filter((c) => c.includes('sea-side')).length, 5, JSON.stringify(drawn));
    for (let d = 0; d < 6; d++)
      if (drawn[d]!.includes('sea-side'))
        assert.equal(b.map.graph.targets[k * 6 + d], -1, 'the water parts the hexes');
    const leningrad = b.map.places.find((p) => p.name.startsWith('Leningrad'))!.hex;
    const toLeningrad = directionTo(hexAxial(b.map, k), hexAxial(b.map, leningrad));
    assert.ok(toLeningrad >= 0 && drawn[toLeningrad]!.includes('sea-side'), 'Leningrad on the bay');
  });
  it('prints victory cities with their points (B-12) and the railheads (B-38)', () => {
    if (b.kind !== 'hex') return;
    const moscow = b.map.places.find((p) => p.name.startsWith('Moscow'));
    assert.equal(moscow?.name, 'Moscow ★3');
    assert.equal(b.outlines.filter((o) => o.label === 'RH').length, v.railheads.length);
    assert.ok(
      b.outlines.some((o) => o.label === 'Army Group Centre'),
      'army group boundaries',
    );
  });
  it('is drawn again only when what it shows changes (weather, railheads, places taken)', () => {
    assert.equal(P.board.drawing(viewOf(standardGame(), 'soviet')).key, b.key);
    const taken = { ...v, control: { ...v.control, Minsk: 'axis' as const } };
    const b2 = P.board.drawing(taken);
    assert.notEqual(b2.key, b.key);
    if (b2.kind === 'hex') assert.ok(b2.map.places.some((p) => p.name === 'Minsk (Axis)'));
  });
});

describe('Hidden and Revealed Russian units (B-18, B-53): counters as each side may see them', () => {
  const g = play(standardGame(), 'axis', (a) => a.type === 'choose-tank-group');
  it('draws face-down pieces with no symbol, no factors and no name for the German', () => {
    const pieces = P.board.pieces(viewOf(g, 'axis'));
    const down = pieces.filter((p) => p.sidc === null);
    assert.ok(down.length > 20, 'face-down Russian pieces');
    for (const p of down) {
      assert.equal(p.designation, '?');
      assert.equal(p.factors, '');
      assert.match(p.label, /^Soviet (rifle army|tank korps), face down/);
    }
  });
  it("marks the Russian player's own peeks at his face-down tank korps, still face down", () => {
    const v = viewOf(g, 'soviet');
    const peeks = P.board.pieces(v).filter((p) => p.marks?.includes('P'));
    assert.ok(peeks.length > 0, 'peeks');
    for (const p of peeks) {
      assert.equal(p.sidc, null);
      assert.equal(p.designation, scenarioOf(v).units[v.known[p.id]!]!.designation);
    }
  });
  it('never names a face-down unit in any text shown to the German (pieces, facts, reference)', () => {
    const v = viewOf(g, 'axis');
    const s = scenarioOf(v);
    const secret = Object.values(viewOf(g, 'soviet').known).map((u) => s.units[u]!.name);
    assert.ok(secret.length > 0, 'the Russian knows units the German does not');
    const text = JSON.stringify([
      P.board.pieces(v),
      P.reference!.sheets(v),
      v.order
        .filter((id) => v.pieces[id]!.status === 'map')
        .map((id) => P.board.nodeFacts(v, v.pieces[id]!.at)),
    ]);
    for (const name of secret) assert.ok(!text.includes(name), `the German is shown ${name}`);
  });
  it('German armies: strong or weak side, Disrupted and entrenched marked (B-39, B-6)', () => {
    const v = viewOf(g, 'axis');
    const army = v.order.find((id) => scenarioOf(v).units[id]?.factors.weakAttack !== undefined)!;
    const weak = {
      ...v,
      pieces: { ...v.pieces, [army]: { ...v.pieces[army]!, weak: true, disrupted: true } },
    };
    const strong = P.board.pieces(v).find((p) => p.id === army)!;
    const flipped = P.board.pieces(weak).find((p) => p.id === army)!;
    const u = scenarioOf(v).units[army]!;
    assert.equal(strong.factors, `${u.factors.attack}-${u.factors.defense}`);
    assert.equal(flipped.factors, `${u.factors.weakAttack}-${u.factors.weakDefense}`);
    assert.deepEqual(flipped.marks, ['D', 'w']);
    assert.match(flipped.label, /weak side, Disrupted/);
  });
});

describe('GAME-TURN SEQUENCE: every step prompts the side to move, and words every action', () => {
  it('asks the German for the blind tank-group choice first, then A.1', () => {
    let g = standardGame();
    assert.match(P.words.prompt(viewOf(g, 'axis'), 'axis', true, null).help, /B-53/);
    assert.match(P.words.prompt(viewOf(g, 'soviet'), 'axis', false, null).help, /^Waiting for OKH \(Axis\)/);
    g = play(g, 'axis', (a) => a.type === 'choose-tank-group');
    assert.match(P.words.prompt(viewOf(g, 'axis'), 'axis', true, null).help, /^A\.1:/);
  });
  it('words every action offered at German movement, and an action of a kind added later', () => {
    const g = atGermanMovement();
    const v = viewOf(g, 'axis');
    for (const a of legalActions(barbarossaRules, g, 'axis') as Action[]) {
      const words = P.words.describe(v, a);
      assert.ok(words.length > 0 && !words.includes('undefined'), `${a.type} in words: ${words}`);
    }
    const id = v.order[0]!;
    const at = v.pieces[id]!.at;
    const words = P.words.describe(v, { type: 'dig-in-deep', piece: id, to: at });
    assert.match(words, /^Dig in deep: /);
    assert.ok(words.includes(scenarioOf(v).hexNumbers[at]!), words);
    assert.ok(!words.includes(id), 'the piece by its name, not its id');
  });
});

describe('Rules added later: a step, a field or an action the presentation does not know yet', () => {
  it('still prompts, draws and words them', () => {
    const v = viewOf(
      play(standardGame(), 'axis', (a) => a.type === 'choose-tank-group'),
      'axis',
    );
    // A newer server's view, as it arrives over the wire (JSON): a step and a field these types do not know.
    const later: BarbarossaView = JSON.parse(
      JSON.stringify({ ...v, step: 'naval-phase', navalZones: [1, 2] }),
    );
    const pr = P.words.prompt(later, 'axis', true, null);
    assert.match(pr.step, /naval-phase/);
    assert.equal(pr.help, 'Choose one of the actions offered.');
    assert.equal(P.board.pieces(later).length, P.board.pieces(v).length);
    const a = { type: 'bombard', target: v.railheads[0]! };
    assert.match(P.words.describe(later, a), /^Bombard: target \S/);
    assert.deepEqual(
      P.controls.targets(later, [a], null).map((x) => [x.at, x.kind]),
      [[v.railheads[0], 'target']],
      'a new action naming a hex is lit there',
    );
    assert.deepEqual(P.controls.buttons(later, [a]), [a], 'and offered as a button');
  });
});

describe('Operational Movement: the legal moves of the selected unit are lit, and only those', () => {
  it('lights each move of the selected piece, OMB moves apart, with the path and its cost', () => {
    const g = atGermanMovement();
    const v = viewOf(g, 'axis');
    const actions = legalActions(barbarossaRules, g, 'axis') as Action[];
    const move = actions.find((a) => a.type === 'move')!;
    const piece = String(move.piece);
    const lit = P.controls
      .targets(v, actions, piece)
      .filter((t) => t.kind === 'move' || t.kind === 'move-bonus');
    const legal = actions.filter((a) => a.type === 'move' && a.piece === piece);
    assert.equal(lit.length, legal.length);
    assert.deepEqual(new Set(lit.map((t) => t.at)), new Set(legal.map((a) => a.to as number)));
    const preview = P.preview.movePreview(v, piece, move.to as number)!;
    assert.equal(preview.path[0], v.pieces[piece]!.at);
    assert.equal(preview.path[preview.path.length - 1], move.to);
    assert.match(preview.cost, /MF/);
  });
});

describe("Combat results: the preview is the rules' evaluation read by the calculator", () => {
  it('itemizes attack and defense, lists every shift, and gives each result its exact chance', () => {
    const g = atGermanMovement();
    const v = viewOf(g, 'axis');
    const actions = legalActions(barbarossaRules, g, 'axis') as Action[];
    const board = boardOf(v);
    const supply = Object.fromEntries(v.order.map((id) => [id, v.pieces[id]!.supply]));
    const allocate = actions.find(
      (a) =>
        a.type === 'allocate' &&
        !isRefusal(evaluateAttack(board, [String(a.piece)], a.target as number, { supply })),
    )!;
    assert.ok(allocate, 'an attack at legal odds is offered');
    const target = allocate.target as number;
    const p = P.preview.combatPreview(v, 'axis', { target, selected: String(allocate.piece), actions })!;
    const ev = evaluateAttack(board, [String(allocate.piece)], target, { supply });
    assert.ok(!isRefusal(ev));
    assert.equal(p.attack, ev.attack);
    assert.equal(p.defense, ev.defense);
    assert.equal(
      p.attackItems.reduce((t, x) => t + x.value, 0),
      ev.attack,
    );
    assert.equal(
      p.defenseItems.reduce((t, x) => t + x.value, 0),
      ev.defense,
    );
    const calc = barbarossaCalc({ attack: ev.attack, defense: ev.defense, shifts: ev.shifts });
    assert.ok(calc.ok);
    assert.deepEqual(p.report, calc.report);
    assert.equal(p.report!.column, ev.label);
    const total = p.report!.chances.reduce((t, c) => t + c.probability, 0);
    assert.ok(Math.abs(total - 1) < 1e-9, 'the chances add up to 1');
    // Not the other side's to see before it is declared.
    assert.equal(P.preview.combatPreview(v, 'soviet', { target, selected: null, actions }), null);
  });
});

describe('Surrounded/Retreat Impossible/No Retreat! Orders (B-4): the defender sees the attack before the roll', () => {
  it('shows both sides the combat fixed at its start, and asks the defender for orders', () => {
    let g = atGermanMovement();
    const v0 = viewOf(g, 'axis');
    const board = boardOf(v0);
    const supply = Object.fromEntries(v0.order.map((id) => [id, v0.pieces[id]!.supply]));
    g = play(
      g,
      'axis',
      (a) =>
        a.type === 'allocate' &&
        !isRefusal(evaluateAttack(board, [String(a.piece)], a.target as number, { supply })),
    );
    g = play(g, 'axis', (a) => a.type === 'end-movement');
    g = play(g, 'axis', (a) => a.type === 'resolve' && !a.gamble && !a.ignoreRiver);
    const c = g.state.combat!;
    assert.equal(c.phase, 'orders');
    const soviet = viewOf(g, 'soviet');
    const actions = legalActions(barbarossaRules, g, 'soviet') as Action[];
    const mine = P.preview.combatPreview(soviet, 'soviet', { target: c.target, selected: null, actions })!;
    const theirs = P.preview.combatPreview(viewOf(g, 'axis'), 'axis', {
      target: c.target,
      selected: null,
      actions: [],
    })!;
    assert.deepEqual(mine, theirs, 'the same preview for attacker and defender');
    assert.equal(mine.report!.column, BARBAROSSA_CRT.columnLabels[c.column]);
    assert.match(mine.notes.join(' '), /^Resolved on /);
    assert.match(P.words.prompt(soviet, 'soviet', true, null).help, /No Retreat!/);
    assert.equal(P.board.focus!(soviet), c.target);
    assert.ok(
      P.controls.buttons(soviet, actions).some((a) => a.type === 'orders-done'),
      'the roll is a button',
    );
  });
});

describe('Asymmetric Combat Odds Calculations (B-7, B-8): the gambles offered, each with its chances', () => {
  it('previews every round-up and press offered on a declared attack, by the calculator', () => {
    let g = atGermanMovement({ asymmetricOdds: true });
    const v0 = viewOf(g, 'axis');
    const board = boardOf(v0);
    const supply = Object.fromEntries(v0.order.map((id) => [id, v0.pieces[id]!.supply]));
    g = play(
      g,
      'axis',
      (a) =>
        a.type === 'allocate' &&
        !isRefusal(evaluateAttack(board, [String(a.piece)], a.target as number, { supply })),
    );
    g = play(g, 'axis', (a) => a.type === 'end-movement');
    const v = viewOf(g, 'axis');
    const actions = legalActions(barbarossaRules, g, 'axis') as Action[];
    const target = v.attacks[0]!.target;
    const offered = actions.filter((a) => a.type === 'resolve' && a.target === target && a.gamble);
    assert.ok(offered.length > 0, 'gambles are offered on a German attack');
    const p = P.preview.combatPreview(v, 'axis', { target, selected: null, actions })!;
    const lines = p.notes.filter((n) => n.startsWith('Gamble offered'));
    assert.equal(lines.length, offered.length);
    for (const l of lines) assert.match(l, /\d+%/);
    for (const a of offered) assert.match(P.words.describe(v, a), /B-7|B-8/);
  });
});

describe('Overlays: supply, enemy zones of control, air range (B-46)', () => {
  it('colours every piece of the side by its supply, and the hexes its air units reach', () => {
    const v = viewOf(standardGame(), 'axis');
    const supply = P.board.overlay(v, 'supply', 'axis')!;
    const onMap = v.order.filter((id) => v.pieces[id]!.side === 'axis' && v.pieces[id]!.status === 'map');
    assert.equal(supply.nodes.length, onMap.length);
    const air = P.board.overlay(v, 'air', 'axis')!;
    assert.ok(
      air.nodes.some((n) => n.className === 'full') && air.nodes.some((n) => n.className === 'rationed'),
    );
    assert.ok(
      P.board.overlay(v, 'zoc', 'axis')!.nodes.length > 0,
      'the Russian armies have zones of control',
    );
    assert.equal(P.board.overlay(v, 'air', null), null, 'a spectator has no side to show');
  });
});

describe('Victory Conditions (B-12, B-33): the victory cities and the turn record track', () => {
  it('scores the Axis points held in supply, lists every victory city, and tracks the weather by turn', () => {
    const v = viewOf(standardGame(), 'axis');
    const sc = P.words.score(v, false);
    assert.match(sc.heading, /the Axis holds \d+ victory points? in supply/);
    const onMap = scenarioOf(v).victoryPoints.reduce((t, x) => t + x, 0);
    assert.equal(
      sc.items.reduce((t, i) => t + i.points, 0),
      onMap,
      'every victory city is listed',
    );
    const track = P.reference!.sheets(v).find((r) => r.id === 'turns')!;
    assert.equal(track.table!.rows.length, scenarioOf(v).turns.length);
    assert.match(track.table!.rows[0]![0]!, /\(now\)/);
    assert.match(track.table!.rows[0]![2]!, /Good/);
  });
});

describe('A random game: every view drawn, every step prompted, every action worded', () => {
  it('draws 300 plies of a seeded random game for the side to move and for the other', () => {
    let g = standardGame();
    let seed = 20261127;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const kinds = new Set<string>();
    for (let ply = 0; ply < 300; ply++) {
      const side = barbarossaRules.activeSides(g.state)[0];
      if (!side) break;
      const actions = legalActions(barbarossaRules, g, side) as Action[];
      const v = viewOf(g, side);
      const other = viewOf(g, side === 'axis' ? 'soviet' : 'axis');
      kinds.add(v.combat ? `combat:${v.combat.phase}` : v.step);
      assert.ok(P.words.prompt(v, side, true, null).help.length > 0, 'a prompt');
      assert.match(P.words.prompt(other, side, false, null).help, /^Waiting for/);
      P.board.pieces(v);
      P.board.pieces(other);
      for (const a of actions)
        assert.ok(
          !P.words.describe(v, a).includes('undefined'),
          `${a.type} worded: ${P.words.describe(v, a)}`,
        );
      const chosen = actions[next(actions.length)]!;
      const piece = typeof chosen.piece === 'string' ? chosen.piece : null;
      P.controls.targets(v, actions, piece);
      P.controls.buttons(v, actions);
      P.board.marks(v, side);
      P.controls.missing!(v, side, actions);
      P.board.arrows!(v, side);
      P.controls.tray!(v, side, actions);
      const focus = P.board.focus!(v);
      if (focus !== null) P.preview.combatPreview(v, side, { target: focus, selected: null, actions });
      for (const a of v.attacks)
        P.preview.combatPreview(v, side, { target: a.target, selected: piece, actions });
      if (piece && v.pieces[piece] && v.pieces[piece]!.at >= 0) P.board.nodeFacts(v, v.pieces[piece]!.at);
      if (ply % 100 === 0) P.reference!.sheets(v);
      const r = apply(barbarossaRules, g, side, chosen);
      assert.ok(r.ok, `${chosen.type} applies`);
      g = r.value;
    }
    assert.ok(
      kinds.size >= 4 && [...kinds].some((k) => k.startsWith('combat:')),
      `steps and combat phases drawn: ${[...kinds].join(' ')}`,
    );
  });
});

describe('Roll banners: every die roll a player watches, not only combat', () => {
  const v = viewOf(standardGame(), 'axis');
  const roll = (
    purpose: string,
    value: number,
    sides = 6,
    cite = ['barbarossa-1941 "Air Attack and Combat Results"', 'B-58'],
  ) => ({
    kind: 'roll' as const,
    text: `${purpose}: rolled ${value}`,
    cite,
    data: { value, sides, purpose },
  });
  it('an interception: what was rolled for, the roll, the result and what it means, with its rule', () => {
    const log = [
      roll('interception of I FK (Luftwaffe, intercepted)', 6),
      { kind: 'air', text: 'interception roll 6 +1 beyond half range, -1 interceptor beyond half range: SD' },
    ];
    const b = P.words.rollBanner!(v, log, 0)!;
    assert.equal(b.title, 'Interception of I FK (Luftwaffe, intercepted)');
    assert.equal(b.roll, 6);
    assert.equal(b.column, '', 'no table column: the roll line reads "Rolled 6: SD"');
    assert.equal(b.result, 'SD');
    assert.match(b.meaning, /interception roll 6/);
    assert.equal(b.cite, 'barbarossa-1941 "Air Attack and Combat Results"');
    assert.equal(P.words.rollBanner!(v, log, 1), null, 'the entry it caused is no second banner');
    assert.ok(
      P.words.turnSummary!(v, log).includes('Interception of I FK (Luftwaffe, intercepted): rolled 6: SD'),
    );
  });
  it('the weather roll shows the weather the turn got', () => {
    const log = [
      roll('weather for turn 3', 4, 6, ['barbarossa-1941 "Weather"', 'B-11']),
      { kind: 'phase', text: 'turn 3 (July II 1941, mud): German player-turn' },
    ];
    const b = P.words.rollBanner!(v, log, 0)!;
    assert.equal(b.result, 'mud');
    assert.equal(b.cite, 'barbarossa-1941 "Weather"');
  });
  it('a combat has its own banner (not its roll twice); draws from a pile and hidden rolls have none', () => {
    const log = [
      roll('combat at 0718', 1, 6, ['barbarossa-1941 "Combat Results Definitions"', 'B-1']),
      {
        kind: 'combat',
        text: 'rolled 1 on 9:1: Coastal D2',
        data: { roll: 1, results: { 'sov-army-02': 'D2' } },
      },
      roll('draw of a hidden rifle army from the pile of 42', 42, 42, ['B-18']),
      { ...roll('the two face-down tank groups shuffled', 2, 2, ['B-53']), visibleTo: [] },
      { ...roll('Katyusha strike on sov-x', 3, 6, ['B-10']), visibleTo: [] },
    ];
    assert.equal(P.words.rollBanner!(v, log, 0), null);
    assert.equal(P.words.rollBanner!(v, log, 1)!.column, '9:1');
    for (const i of [2, 3, 4]) assert.equal(P.words.rollBanner!(v, log, i), null, `entry ${i}`);
  });
});

/**
 * What a selection lights, read from the whole legal list as presentation.ts first did
 * (kept as the reference: targets() now reads only the selected piece's actions).
 */
function targetsReadingAll(
  v: BarbarossaView,
  actions: readonly Action[],
  selected: string | null,
): { at: number; kind: Highlight; action: Action }[] {
  const out: { at: number; kind: Highlight; action: Action }[] = [];
  const hex = (x: unknown) => (typeof x === 'number' && x >= 0 ? x : -1);
  const mark = (at: number, kind: Highlight, action: Action) => {
    if (at >= 0) out.push({ at, kind, action });
  };
  // An arrival waits off the map: with nothing selected, the first one's entry hexes are lit.
  const firstArrival = v.arrivals.find((id) => actions.some((a) => a.type === 'place' && a.piece === id));
  const sel =
    selected ?? soleSubject(actions, 'piece') ?? (v.step === 'reinforce' ? (firstArrival ?? null) : null);
  let bonus: Set<number> | null = null;
  if (
    sel &&
    v.step === 'movement' &&
    v.pieces[sel] &&
    actions.some((a) => a.type === 'move' && a.piece === sel)
  ) {
    bonus = new Set(
      moveOptions(boardOf(v), sel, { paths: false })
        .filter((m) => m.bonus)
        .map((m) => m.to),
    );
  }
  // Resolving first: a unit selected to join an attack lights the same hex, and wins.
  for (const a of actions)
    if (a.type === 'resolve' && !a.gamble && !a.ignoreRiver) mark(hex(a.target), 'attack', a);
  for (const a of actions) {
    const mine = a.piece === sel;
    switch (a.type) {
      case 'move':
        if (mine) mark(hex(a.to), bonus?.has(hex(a.to)) ? 'move-bonus' : 'move', a);
        break;
      case 'allocate':
      case 'katyusha':
      case 'air-support':
      case 'airstrike':
      case 'air-supply':
        if (mine) mark(hex(a.target), 'target', a);
        break;
      case 'overrun':
        if (sel && (a.pieces as string[]).includes(sel)) mark(hex(a.target), 'target', a);
        break;
      case 'rail':
      case 'sea':
      case 'convert':
        if (mine) mark(hex(a.to), 'move-bonus', a);
        break;
      case 'place':
        if (mine) mark(hex(a.hex), 'deploy', a);
        break;
      case 'airfield':
        if (mine) mark(hex(a.to), 'deploy', a);
        break;
      case 'railhead':
        if (sel === null) mark(hex(a.to), 'deploy', a);
        break;
      case 'retreat':
      case 'survivor':
        if (mine) mark(hex(a.to), 'retreat', a);
        break;
      case 'advance':
        if (mine) mark(hex(a.to), 'advance', a);
        break;
      default:
        // An action of a kind added later that names a hex and the selected piece.
        if (!['resolve', 'cancel', 'undo'].includes(a.type) && (a.piece === undefined || mine)) {
          const h = hex(a.to ?? a.target ?? a.hex);
          if (h >= 0 && (a.piece !== undefined || sel === null)) mark(h, 'target', a);
        }
    }
  }
  return out;
}

describe('What a selection lights reads only the actions that can light anything for it (issue #49)', () => {
  const lit = (t: readonly { at: number; kind: string; action: Action }[]) =>
    t.map((x): [number, string, Action] => [x.at, x.kind, x.action]);
  it('lights the same hexes, in the same order, as reading the whole list, over a random game', () => {
    let compared = 0;
    let litSeen = 0;
    const kinds = new Set<string>();
    randomGame(
      'targets-index',
      500,
      (s, side, i) => {
        const list = legal(s, side);
        const actions = list as Action[];
        const v = viewOf(s, side);
        const pieces = [...new Set(actions.map((a) => a.piece).filter((p) => typeof p === 'string'))];
        // Nothing selected, a piece that names no action, and a few of those that do.
        const chosen = [null, 'no-such-piece', ...pieces.filter((_, k) => (k + i) % 9 === 0)];
        for (const piece of chosen) {
          const got = lit(P.controls.targets(v, actions, piece));
          assert.deepEqual(got, lit(targetsReadingAll(v, actions, piece)), `${v.step}, ${piece}`);
          compared++;
          litSeen += got.length;
          for (const t of got) kinds.add(String(t[1]));
        }
        return list;
      },
      { movesFirst: true },
    );
    assert.ok(compared > 1000, `${compared} selections compared`);
    assert.ok(litSeen > 5000, `${litSeen} lit hexes compared`);
    for (const k of ['move', 'move-bonus', 'attack', 'target'])
      assert.ok(kinds.has(k), `the game lit some hexes as ${k} (${[...kinds].join(', ')})`);
  });

  it('and on a list of every kind: overruns, railheads, resolves, a kind added later with and without a piece', () => {
    const g = atGermanMovement();
    const v = viewOf(g, 'axis');
    const moves = legalActions(barbarossaRules, g, 'axis') as Action[];
    const piece = String(moves.find((a) => a.type === 'move')!.piece);
    const [h1, h2, h3] = [...new Set(moves.map((a) => a.to as number))];
    const actions: Action[] = [
      { type: 'bombard', target: h1 },
      ...moves,
      { type: 'overrun', pieces: ['x', piece], target: h2 },
      { type: 'railhead', to: h3 },
      { type: 'resolve', target: h1 },
      { type: 'resolve', target: h2, gamble: true },
      { type: 'recon', piece, to: h3 },
      { type: 'recon', piece: null, to: h2 },
      { type: 'move', to: h1 },
      { type: 'cancel', piece, to: h1 },
    ];
    for (const sel of [null, piece, 'x', 'no-such-piece']) {
      const got = lit(P.controls.targets(v, actions, sel));
      assert.deepEqual(got, lit(targetsReadingAll(v, actions, sel)), String(sel));
    }
    assert.ok(lit(P.controls.targets(v, actions, null)).some((t) => t[2]!.type === 'railhead'));
    assert.ok(lit(P.controls.targets(v, actions, piece)).some((t) => t[2]!.type === 'overrun'));
  });
});
