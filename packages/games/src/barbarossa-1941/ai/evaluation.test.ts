/**
 * Level 2's evaluation (issue #44, `evaluation.ts`): each side's chance read from the
 * victory points the Axis holds in supply (B-33) and each side's ground strength, the units
 * that can trace no supply ("Isolated", barbarossa-1941 "Supply") counted apart. The fitted
 * models must bear out what the rules say these are worth, on the standard game: a Russian
 * army destroyed is better for the Axis, a city held in supply is, and an Axis unit
 * destroyed is never better for the Axis.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setup } from '@stavka/engine';
import { barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { chancesOf, strengthChances } from './evaluation.ts';
import { type StrengthFeatures, strengthFeatures } from './strength.ts';

const standard = (): BarbarossaState => {
  const made = setup(barbarossaRules, null, 1, {});
  assert.ok(made.ok, 'the standard game sets up');
  return made.value.state;
};

describe('level 2 counts units (issue #44: the evaluation of the search)', () => {
  const g = standard();
  const f = strengthFeatures(g);

  it('reads the standard start: the Axis holds Warsaw and Bucharest and fields the stronger army', () => {
    assert.ok(f.vp >= 2, `Warsaw and Bucharest held in supply: ${f.vp}`);
    assert.ok(f.axisAttack > f.sovietDefense, `${f.axisAttack} against ${f.sovietDefense}`);
    const c = strengthChances(g);
    assert.ok(c.axis > 0 && c.axis < 1 && c.soviet > 0 && c.soviet < 1, JSON.stringify(c));
    assert.ok(c.axis + c.soviet <= 1.05, 'the two wins (and a draw) share one game');
  });

  it('a Russian army destroyed raises the Axis chance and lowers the Russian one, at every game-turn', () => {
    const army = g.order.find((id) => {
      const p = g.pieces[id]!;
      return p.side === 'soviet' && p.status === 'map' && p.face === 'rifle-army';
    });
    assert.ok(army, 'a face-down rifle army on the map');
    const fewer = {
      ...g,
      pieces: { ...g.pieces, [army]: { ...g.pieces[army]!, status: 'eliminated' as const, at: -1 } },
    };
    const lost = strengthFeatures(fewer);
    assert.ok(lost.sovietDefense < f.sovietDefense, 'one army fewer');
    for (const turn of [1, 5, 10, 12]) {
      const before = chancesOf({ ...f }, turn);
      const after = chancesOf(lost, turn);
      assert.ok(after.axis > before.axis, `turn ${turn}: Axis ${before.axis} -> ${after.axis}`);
      assert.ok(after.soviet < before.soviet, `turn ${turn}: Russians ${before.soviet} -> ${after.soviet}`);
    }
  });

  it('a victory point more in supply is better for the Axis (B-33, B-70)', () => {
    for (const turn of [1, 5, 10, 15]) {
      const more: StrengthFeatures = { ...f, vp: f.vp + 1 };
      assert.ok(chancesOf(more, turn).axis > chancesOf(f, turn).axis, `turn ${turn}`);
      assert.ok(chancesOf(more, turn).soviet < chancesOf(f, turn).soviet, `turn ${turn}`);
    }
  });

  it('an Axis unit destroyed never raises the Axis chance nor lowers the Russian one', () => {
    const korps = g.order.find((id) => {
      const p = g.pieces[id]!;
      return p.side === 'axis' && p.status === 'map' && (p.unit ?? '').includes('ak');
    });
    assert.ok(korps, 'an Axis infantry korps on the map');
    const fewer = {
      ...g,
      pieces: { ...g.pieces, [korps]: { ...g.pieces[korps]!, status: 'eliminated' as const, at: -1 } },
    };
    const lost = strengthFeatures(fewer);
    assert.ok(lost.axisAttack < f.axisAttack, 'one korps fewer');
    for (const turn of [1, 3, 5, 8, 10, 12, 15]) {
      assert.ok(chancesOf(lost, turn).axis <= chancesOf(f, turn).axis, `turn ${turn}: Axis`);
      assert.ok(chancesOf(lost, turn).soviet >= chancesOf(f, turn).soviet, `turn ${turn}: Russians`);
    }
    // Early, while the Axis has its whole army to spend, a korps lost costs it something.
    assert.ok(chancesOf(lost, 1).axis < chancesOf(f, 1).axis, 'turn 1');
  });
});
