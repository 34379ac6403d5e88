/**
 * barbarossa-1941 "Hidden and/vs. Revealed Russian units" (RULINGS B-18): what each
 * side's view holds, the draw at the first combat, re-hiding, the pile.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SPECTATOR, view } from '@stavka/engine';
import { mayRehide, nextArmyId, rehide, returnToPile, revealPieces, viewOf } from './hidden.ts';
import { barbarossaRules } from './rules.ts';
import { compileScenario, standardScenarioFile } from './scenario.ts';
import { testContext } from './test-context.ts';
import { started } from './test-games.ts';
import { position } from './test-positions.ts';

const standard = (() => {
  const c = compileScenario(standardScenarioFile());
  if (!c.ok) throw new Error('the standard scenario does not compile');
  return c.value;
})();

const standardGame = (seed: string) => started(null, { seed });

describe('Setup: "42 of the 62 Russian straight rifle/infantry armies are faced down and randomly selected" (issue #41)', () => {
  it('each game draws its own 42 of the pool: two seeds, two different draws', () => {
    const a = standardGame('draw-a').state.riflePile;
    const b = standardGame('draw-b').state.riflePile;
    for (const pile of [a, b]) {
      assert.equal(pile.length, 42);
      assert.equal(new Set(pile).size, 42);
      for (const u of pile) assert.ok(standard.soviet.rifleArmyPool.includes(u), u);
    }
    assert.notDeepEqual([...a].sort(), [...b].sort(), 'the same 42 in two games');
    assert.deepEqual(standardGame('draw-a').state.riflePile, a, 'the same seed draws the same armies');
  });

  it('"unknown to both the Axis and Russian players": no view and no viewer\'s log names an army of the draw, only the pile\'s size', () => {
    const s = standardGame('draw-c');
    const drawn = s.state.riflePile;
    for (const viewer of ['axis', 'soviet', SPECTATOR]) {
      const seen = view(barbarossaRules, s, viewer);
      const text = JSON.stringify(seen);
      for (const u of drawn) assert.equal(text.includes(`"${u}"`), false, `${viewer} sees ${u}`);
      assert.equal((seen.state as { riflePileSize: number }).riflePileSize, 42);
      // The draw's rolls are the server's alone (a roll's value and the pool's order would name them).
      assert.equal(
        seen.log.some((e) => e.text.startsWith('the Russian draw')),
        false,
        `${viewer} reads the draw's rolls`,
      );
    }
    const server = view(barbarossaRules, s, '@server').log.filter((e) =>
      e.text.startsWith('the Russian draw'),
    );
    assert.equal(server.length, 42, 'one roll for each army drawn, kept by the server');
    assert.ok(server.every((e) => Array.isArray(e.visibleTo) && e.visibleTo.length === 0));
  });
});

/** A face-down tank korps the Russian may look at, a re-hidden army nobody may, one never drawn. */
function hiddenPosition() {
  return position({
    pieces: {
      p1: { face: 'tank-korps', secretly: 'sov-tank-korps-43', at: '0505' },
      p2: { face: 'rifle-army', secretly: 'sov-rifle-54', knownTo: null, at: '0506' },
      p3: { face: 'rifle-army', at: '0507' },
      g1: { is: 'ger-army', at: '0509' },
    },
    extraUnits: { 'r-a': 'sov-rifle-54', 'r-b': 'sov-rifle-22', 'r-c': 'sov-rifle-22' },
    riflePile: ['r-a', 'r-b', 'r-c'],
  });
}

describe('Hidden and/vs. Revealed Russian units: views', () => {
  it('no view carries the secret; the Axis view names no face-down unit', () => {
    const { g } = hiddenPosition();
    const axis = viewOf(g, 'axis');
    assert.equal('secret' in axis, false);
    assert.deepEqual(axis.known, {});
    const text = JSON.stringify(axis);
    assert.equal(text.includes('p1-unit'), false, 'the tank korps stays unknown to the Axis');
    assert.equal(text.includes('p2-unit'), false, 'the re-hidden army stays unknown');
  });

  it('"The Russian player always gets to look at (re-)hidden elite/tank units", but not at re-hidden rifle armies', () => {
    const { g } = hiddenPosition();
    const soviet = viewOf(g, 'soviet');
    assert.deepEqual(soviet.known, { p1: 'p1-unit' });
    assert.equal(JSON.stringify(soviet).includes('p2-unit'), false, '"then can\'t peek"');
  });

  it('a face-down piece shows only its face to both sides', () => {
    const { g } = hiddenPosition();
    for (const side of ['axis', 'soviet'] as const) {
      const v = viewOf(g, side);
      assert.equal(v.pieces.p3!.unit, null);
      assert.equal(v.pieces.p3!.face, 'rifle-army');
    }
  });
});

describe('Hidden and/vs. Revealed Russian units: the moment of first combat (B-18)', () => {
  it('a rifle army never revealed is drawn from the pile by a roll both players see', () => {
    const { g, s } = hiddenPosition();
    const ctx = testContext([2]);
    revealPieces(g, s, ['p3'], ctx);
    assert.equal(g.pieces.p3!.unit, 'r-b');
    assert.equal(g.pieces.p3!.face, null);
    assert.deepEqual(g.riflePile, ['r-a', 'r-c']);
    assert.equal(ctx.rolls[0]!.sides, 3);
    assert.equal(ctx.revealed, true, 'a reveal closes undo');
    const entry = ctx.entries.find((e) => e.kind === 'reveal')!;
    assert.equal(entry.visibleTo, undefined, 'the reveal is public');
    assert.equal(g.secret.identities.p3, undefined);
  });

  it('a re-hidden army is revealed as what it was, without a draw', () => {
    const { g, s } = hiddenPosition();
    const ctx = testContext([]);
    revealPieces(g, s, ['p2'], ctx);
    assert.equal(g.pieces.p2!.unit, 'p2-unit');
    assert.equal(ctx.rolls.length, 0);
  });

  it('once revealed and UnDisrupted, a rifle army may be re-hidden; Disrupted, not', () => {
    const { g, s } = hiddenPosition();
    revealPieces(g, s, ['p2'], testContext());
    assert.equal(mayRehide(g, s, 'p2'), true);
    g.pieces.p2!.disrupted = true;
    assert.equal(mayRehide(g, s, 'p2'), false);
    g.pieces.p2!.disrupted = false;
    const fresh = rehide(g, 'p2', testContext());
    assert.equal(viewOf(g, 'soviet').known[fresh], undefined);
    assert.equal(g.secret.identities[fresh]!.unit, 'p2-unit');
    assert.equal(mayRehide(g, s, 'p1'), false, 'a face-down piece is hidden already');
  });

  it('"Lost Russian infantry units go back into the same extra units pile for random selection"', () => {
    const { g, s } = hiddenPosition();
    revealPieces(g, s, ['p3'], testContext([1]));
    assert.deepEqual(g.riflePile, ['r-b', 'r-c']);
    returnToPile(g, s, 'r-a');
    assert.deepEqual(g.riflePile, ['r-b', 'r-c', 'r-a']);
  });
});

describe('Hidden and/vs. Revealed Russian units: re-hiding hides (B-35, issue #46)', () => {
  /** A revealed army, "sov-army-02", beside two face-down armies never revealed. */
  function revealedArmy() {
    const pos = position({
      pieces: {
        'sov-army-01': { face: 'rifle-army', at: '0505' },
        'sov-army-02': { face: 'rifle-army', secretly: 'sov-rifle-54', knownTo: null, at: '0506' },
        'sov-army-03': { face: 'rifle-army', at: '0507' },
        g1: { is: 'ger-army', at: '0509' },
      },
      extraUnits: { 'r-a': 'sov-rifle-22', 'r-b': 'sov-rifle-22' },
      riflePile: ['r-a', 'r-b'],
    });
    const ctx = testContext();
    revealPieces(pos.g, pos.s, ['sov-army-02'], ctx);
    assert.ok(ctx.entries.some((e) => e.kind === 'reveal' && e.text.startsWith('sov-army-02 revealed')));
    return pos;
  }

  it('the counter turned face down is a new piece under a new opaque id: the old id, named in the log with its unit, names no piece', () => {
    const { g } = revealedArmy();
    const at = g.pieces['sov-army-02']!.at;
    const ctx = testContext();
    const fresh = rehide(g, 'sov-army-02', ctx);
    assert.equal(fresh, 'sov-army-04', 'a number never used in this game');
    assert.equal(g.pieces['sov-army-02'], undefined);
    assert.equal(g.order.includes('sov-army-02'), false);
    const p = g.pieces[fresh]!;
    assert.deepEqual([p.unit, p.face, p.at], [null, 'rifle-army', at]);
    assert.deepEqual(g.secret.identities[fresh], { unit: 'sov-army-02-unit', knownTo: null });
    for (const side of ['axis', 'soviet', 'spectator'] as const) {
      const v = JSON.stringify(viewOf(g, side));
      assert.equal(v.includes('"sov-army-02"'), false, `${side}'s view still has the old id`);
      assert.equal(v.includes('sov-army-02-unit'), false, `${side}'s view names the unit`);
    }
    // The log keeps the history (B-35) and does not tie it to the new piece.
    assert.equal(
      ctx.entries.some((e) => JSON.stringify(e).includes(fresh)),
      false,
      'a log entry names the new id',
    );
  });

  it("armies bought or entering later never take a re-hidden army's id", () => {
    const { g, s } = revealedArmy();
    const fresh = rehide(g, 'sov-army-02', testContext());
    const next = nextArmyId(g);
    assert.equal(next, 'sov-army-05');
    assert.notEqual(next, fresh);
    // Re-hiding the newest piece again still gives an id never used.
    revealPieces(g, s, [fresh], testContext());
    assert.equal(rehide(g, fresh, testContext()), 'sov-army-05');
  });
});
