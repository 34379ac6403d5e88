/**
 * Operation Mars's presentation, the wargamer's table (issue #25): the banner at each
 * roll, the player-turn's markers and summary, why a control is missing (the must-attack
 * rule names the hexes owed), the defender's preview at the No Retreat! prompt, clicks on
 * counters, the set-up tray with its limits, and the reference sheets.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply, type GameState, legalActions, setup, view } from '@stavka/engine';
import { marsPresentation as P } from './presentation.ts';
import { marsRules } from './rules.ts';
import type { MarsState } from './state.ts';

function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const side = (s: GameState<MarsState>) => marsRules.activeSides(s.state)[0]!;
const act = (s: GameState<MarsState>, a: Action) => must(apply(marsRules, s, side(s), a));
const legal = (s: GameState<MarsState>) => legalActions(marsRules, s, side(s));

function start(): GameState<MarsState> {
  let s = must(setup(marsRules, null, 'table', {}));
  for (let i = 0; i < 2; i++) {
    s = act(s, { type: 'historical-setup' });
    s = act(s, { type: 'end-setup' });
  }
  return s;
}

/** The Soviet turn-1 allocation, with the first attack that leaves a hex owed an attack. */
function owedPosition(): GameState<MarsState> {
  let s = act(start(), { type: 'end-fortify' });
  s = act(s, { type: 'end-movement' });
  for (const a of legal(s).filter((x) => x.type === 'assign')) {
    const t = act(s, a);
    if (P.board.marks(t.state, 'soviet').some((m) => m.kind === 'owed')) return t;
  }
  throw new Error('no single attack leaves a hex owed');
}

describe('mars-1942 Setup and 1st Turn: the set-up tray', () => {
  it('lists the undeployed units with the deployment limits, and a tray unit deploys where lit', () => {
    const s = must(setup(marsRules, null, 'tray', {}));
    const t = P.controls.tray!(s.state, 'german', legal(s))!;
    assert.ok(t.pieces.length > 20, 'every German unit is in the tray');
    assert.match(t.limits.join(' '), /0 of 21 zones garrisoned/);
    const first = t.pieces.find((p) => p.placeable)!;
    const target = P.controls.targets(s.state, legal(s), first.id).find((x) => x.kind === 'deploy')!;
    const after = act(s, target.action);
    assert.equal(P.controls.tray!(after.state, 'german', legal(after))!.pieces.length, t.pieces.length - 1);
    assert.ok(
      P.controls.missing!(after.state, 'german', legal(after)).some((m) => m.control === 'End set-up'),
    );
  });
  it('counts the Kalinin Front zone limits for Zhukov', () => {
    let s = must(setup(marsRules, null, 'tray', {}));
    s = act(s, { type: 'historical-setup' });
    s = act(s, { type: 'end-setup' });
    const t = P.controls.tray!(s.state, 'soviet', legal(s))!;
    assert.match(t.limits[0]!, /korps 0 of 3, tank brigades 0 of 6, rifle divisions 0 of 9/);
  });
});

describe('mars-1942 Fortification: a click on a counter', () => {
  it('fortifies the clicked unit', () => {
    const s = start();
    const f = legal(s).find((a) => a.type === 'fortify')!;
    const at = s.state.units[String(f.unit)]!.at;
    const a = P.controls.nodeAction!(s.state, legal(s), at, null);
    assert.equal(a?.type, 'fortify');
  });
});

describe('mars-1942 COMBAT RESULTS TABLE notes: the must-attack rule', () => {
  it('lights the hexes owed in red with the reason, and says why End allocation is missing', () => {
    const s = owedPosition();
    const owed = P.board.marks(s.state, 'soviet').filter((m) => m.kind === 'owed');
    assert.ok(owed.every((m) => /owed an attack: .*must-attack rule/.test(m.reason ?? '')));
    assert.ok(!legal(s).some((a) => a.type === 'end-allocation'));
    const why = P.controls.missing!(s.state, 'soviet', legal(s)).find(
      (m) => m.control === 'End allocation' && m.nodes,
    );
    assert.ok(why, 'End allocation says why it is missing');
    assert.deepEqual([...why.nodes!].sort(), owed.map((m) => m.at).sort());
    assert.ok(P.board.arrows!(s.state, 'soviet').length > 0, 'the allocated attack is drawn as arrows');
  });
  it('takes an attacker out when it is clicked again while selected, and groups the buttons', () => {
    const s = owedPosition();
    const unit = s.state.attacks[0]!.units[0]!;
    const at = s.state.units[unit]!.at;
    assert.deepEqual(P.controls.nodeAction!(s.state, legal(s), at, unit), { type: 'unassign', unit });
    assert.equal(P.controls.nodeAction!(s.state, legal(s), at, null), null, 'a first click selects');
    assert.equal(
      P.controls.buttonGroup!(s.state, { type: 'unassign', unit }),
      'Take a unit out of its attack',
    );
    assert.equal(P.controls.buttonGroup!(s.state, { type: 'end-allocation' }), null);
  });
});

describe('mars-1942 No Retreat! (M-8) and the CRT: what each side sees of an attack', () => {
  it("shows the defender the attacker's preview, then a banner with the result in words", () => {
    let s = act(start(), { type: 'end-fortify' });
    s = act(s, { type: 'end-movement' });
    // A legal single attack at the best odds available.
    let chosen: GameState<MarsState> | null = null;
    for (const a of legal(s).filter((x) => x.type === 'assign')) {
      const t = act(s, a);
      if (legal(t).some((x) => x.type === 'end-allocation')) {
        chosen = t;
        break;
      }
    }
    assert.ok(chosen);
    s = act(chosen, { type: 'end-allocation' });
    const target = s.state.attacks[0]!.target;
    const attacker = P.preview.combatPreview(s.state, 'soviet', {
      target,
      selected: null,
      actions: legal(s),
    })!;
    s = act(s, legal(s).find((a) => a.type === 'resolve')!);
    if (s.state.combat?.phase === 'orders') {
      assert.equal(side(s), 'german');
      assert.equal(P.board.focus!(s.state), target);
      const defender = P.preview.combatPreview(s.state, 'german', {
        target,
        selected: null,
        actions: legal(s),
      })!;
      assert.deepEqual(defender.report, attacker.report);
      assert.equal(defender.attack, attacker.attack);
      s = act(s, { type: 'no-retreat', units: [] });
    }
    const log = view(marsRules, s, null).log;
    const i = log.findLastIndex((_, k) => P.words.rollBanner!(s.state, log, k) !== null);
    const b = P.words.rollBanner!(s.state, log, i)!;
    assert.equal(b.side, 'soviet');
    assert.match(b.title, /^Attack on /);
    assert.equal(b.column, attacker.report!.column);
    assert.ok(b.meaning.length > 10);
  });
});

describe('mars-1942 GAMETURN SEQUENCE: player-turns in the log', () => {
  it("marks each player-turn's start and sums it up", () => {
    const s = start();
    const log = view(marsRules, s, null).log;
    const marks = log.map((e) => P.words.turnMarker!(e)).filter((m) => m !== null);
    assert.equal(marks.at(-1)!.side, 'soviet');
    assert.match(marks.at(-1)!.label, /^Turn 1 .*Zhukov/);
    assert.ok(P.words.turnSummary!(s.state, log).length > 0);
  });
  it('words an undo and names the hexes a move passed through', () => {
    let s = act(start(), { type: 'end-fortify' });
    const mv = legal(s).find((a) => a.type === 'move')!;
    s = act(s, mv);
    const log = view(marsRules, s, null).log;
    const d = P.board.logDrawing!(s.state, log.at(-1)!)!;
    assert.ok(d.path && d.path.length >= 2);
    s = must(apply(marsRules, s, 'soviet', { type: 'undo' }));
    const undo = view(marsRules, s, null).log.at(-1)!;
    assert.equal(P.words.logText!(s.state, undo), 'Zhukov (Soviet) takes back a move');
  });
});

describe('reference sheets', () => {
  it('spells out every CRT result and the victory conditions', () => {
    const sheets = P.reference!.sheets(start().state);
    const crt = sheets.find((x) => x.id === 'crt')!;
    assert.equal(crt.table!.rows.length, 6);
    for (const code of ['DE', 'X/2', 'DR', 'DW', 'D', '-', 'DAE', 'DA/2', 'AE'])
      assert.ok(crt.items!.some((i) => i.term === code));
    assert.ok(sheets.some((x) => x.id === 'victory'));
    assert.ok(sheets.some((x) => x.id === 'turns' && x.table!.rows.length === 11));
    assert.ok(P.words.score(start().state, false).toWin!.length > 0);
  });
  it('words the rout distances and the losses with their factors', () => {
    const g = start().state;
    assert.equal(P.words.describe(g, { type: 'rout', hexes: 1 }), 'Rout 1 hex');
    assert.match(P.words.describe(g, { type: 'rout', hexes: 0 }), /stay/);
  });
});
