import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, analyse, legalActions, SERVER, sameJson, setup, view } from '@stavka/engine';
import type { BarbarossaView } from '../hidden.ts';
import { barbarossaPresentation } from '../presentation.ts';
import { hexOf, toMovement } from '../test-games.ts';
import { barbarossaAnalyst, barbarossaChances } from './analyst.ts';
import { aiRules, moscowFront } from './test-games.ts';

/** Moscow (3 points) at 0905, eight hexes from Germany: in Axis supply once taken. */
const MOSCOW = { moscow: '0905' };

/** The start: the Germans on their border, a Russian army in Moscow and one before it. */
const start = () =>
  moscowFront(
    {
      a1: { is: 'ger-inf-korps', at: '0403' },
      pz: { is: 'ger-mot-korps', at: '0304' },
      r1: { is: 'sov-army', at: '0503' },
      m: { is: 'sov-army', at: '0905' },
    },
    MOSCOW,
  );

describe('the Barbarossa analyst: the rules of thumb played on, victory cities read (barbarossa-1941 "Victory Conditions")', () => {
  it('reads Moscow about to fall as worse for the Russians than the start', () => {
    // Moscow about to fall: the Germans around it, empty, the Russians far to the east.
    const falling = moscowFront(
      {
        a1: { is: 'ger-inf-korps', at: '0804' },
        pz: { is: 'ger-mot-korps', at: '0805' },
        a2: { is: 'ger-inf-korps', at: '0806' },
        r1: { is: 'sov-army', at: '1503' },
      },
      MOSCOW,
    );
    const opts = { rollouts: 2, seed: 'moscow' };
    const before = analyse(aiRules, barbarossaAnalyst, start(), SERVER, opts);
    const after = analyse(aiRules, barbarossaAnalyst, falling, SERVER, opts);
    assert.equal(after.rollouts, 2);
    assert.deepEqual(after.plans, []);
    assert.ok(
      after.chances.soviet! < before.chances.soviet!,
      `Russian ${after.chances.soviet} about to fall, ${before.chances.soviet} at the start`,
    );
  });

  it('reads Moscow held by the Axis in supply (3 points, B-33) better for the Axis, worse for the Russians', () => {
    const s = start();
    const held = structuredClone(s.state);
    held.control.Moscow = 'axis';
    held.pieces.m!.status = 'eliminated';
    held.pieces.m!.at = -1;
    const before = barbarossaChances(s.state);
    const after = barbarossaChances(held);
    assert.ok(after.axis > before.axis && after.soviet < before.soviet, JSON.stringify({ before, after }));
    assert.ok(after.axis + after.soviet <= 1);
  });
});

describe('the Barbarossa analyst on the standard game', () => {
  it("reads the start from the Axis's view, the blind tank-group choice (B-53) still to make", () => {
    const made = setup(aiRules, null, 1, {});
    assert.ok(made.ok);
    const s = made.value;
    const a = analyse(aiRules, barbarossaAnalyst, s, 'axis', { rollouts: 1, seed: 'standard' });
    assert.equal(a.toMove, 'axis');
    assert.ok(Math.abs(a.chances.axis! + a.chances.soviet! + a.chances.draw! - 1) < 1e-9);
    assert.ok(a.suggestion.length > 0);
    const legal = legalActions(aiRules, s, 'axis');
    assert.ok(legal.some((l) => sameJson(l, a.suggestion[0])));
  });
});

describe('barbarossa-1941 presentation: where a suggested action shows on the map (actionArrow)', () => {
  const s = toMovement(start());
  const v = view(aiRules, s, 'axis').state as BarbarossaView;
  const legal: readonly Action[] = legalActions(aiRules, s, 'axis');

  it("a move: from the piece's hex to its destination (A.3 operational movement)", () => {
    const a = legal.find((x) => x.type === 'move' && x.piece === 'pz')!;
    assert.deepEqual(barbarossaPresentation.preview.actionArrow!(v, a), {
      from: hexOf(s, '0304'),
      to: a.to,
      kind: 'move',
    });
  });

  it("an attack allocated: from the piece's hex to its target", () => {
    const a = legal.find((x) => x.type === 'allocate' && x.piece === 'a1')!;
    assert.ok(a);
    assert.deepEqual(barbarossaPresentation.preview.actionArrow!(v, a), {
      from: hexOf(s, '0403'),
      to: hexOf(s, '0503'),
      kind: 'attack',
    });
  });

  it('an action with no place: none', () => {
    assert.equal(barbarossaPresentation.preview.actionArrow!(v, { type: 'end-movement' }), null);
  });
});
