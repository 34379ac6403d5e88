/**
 * The whole stack in the attack preview (issue #45 items 3 and 9): a stack selected whole
 * and pointed at an enemy hex is previewed as the attack it would make, each of its units
 * that may join with its own contribution; one unit picked from the stack, that unit alone.
 * Barbarossa's and Mars's presentations alike.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply, type GameState, legalActions, setup, view } from '@stavka/engine';
import { marsPresentation } from '../mars-1942/presentation.ts';
import { marsRules } from '../mars-1942/rules.ts';
import type { MarsState } from '../mars-1942/state.ts';
import type { BarbarossaView } from './hidden.ts';
import { barbarossaPresentation as P } from './presentation.ts';
import { barbarossaRules } from './rules.ts';
import { act, legal, started } from './test-games.ts';

/** A hex holding `side`'s units of which at least two may attack one target: its units, and the target. */
function stackAttack(
  pres: typeof P | typeof marsPresentation,
  v: unknown,
  actions: readonly Action[],
  may: (a: Action, unit: string) => number | null,
): { stack: string[]; joining: string[]; target: number } | null {
  const byTarget = new Map<string, string[]>();
  for (const a of actions) {
    const unit = String(a.piece ?? a.unit ?? '');
    const target = may(a, unit);
    if (target === null) continue;
    const at = (pres.board.pieceAt as (v: unknown, p: string) => number)(v, unit);
    const key = `${at}>${target}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), unit]);
  }
  for (const [key, units] of byTarget) {
    const [at, target] = key.split('>').map(Number) as [number, number];
    if (units.length < 2) continue;
    const stack = [...(pres.board.piecesAt as (v: unknown, h: number) => readonly string[])(v, at)].reverse();
    return { stack, joining: [...new Set(units)], target };
  }
  return null;
}

describe('the attack preview of a whole stack (issue #45 items 3 and 9)', () => {
  it('Barbarossa: every unit of the stack selected that may join, each with its attack factor', () => {
    let g = started(null, { seed: 'preview-group' });
    for (let i = 0; i < 5 && g.state.step !== 'movement'; i++)
      g = act(
        g,
        'axis',
        legal(g, 'axis').find((a) => a.type === 'choose-tank-group' || a.type === 'end-step')!,
      );
    const v = view(barbarossaRules, g, 'axis').state as BarbarossaView;
    const actions = legalActions(barbarossaRules, g, 'axis') as Action[];
    const found = stackAttack(P, v, actions, (a) => (a.type === 'allocate' ? Number(a.target) : null));
    assert.ok(found, 'a German stack two of whose units may attack one hex');
    const { stack, joining, target } = found;
    const whole = P.preview.combatPreview(v, 'axis', { target, selected: stack[0]!, group: stack, actions })!;
    assert.equal(whole.attackItems.length, joining.length, 'one item per unit that may join');
    assert.equal(
      whole.attack,
      whole.attackItems.reduce((t, x) => t + x.value, 0),
      'the items add up to the attack',
    );
    // One unit picked from the stack: that unit alone, as before.
    const one = P.preview.combatPreview(v, 'axis', { target, selected: joining[0]!, group: null, actions })!;
    assert.equal(one.attackItems.length, 1);
    assert.ok(whole.attack > one.attack, `the stack attacks with more: ${whole.attack} > ${one.attack}`);
    // A group its `selected` is not in is no group (a stale selection): the one unit.
    const stale = P.preview.combatPreview(v, 'axis', {
      target,
      selected: joining[0]!,
      group: ['nobody', 'else'],
      actions,
    })!;
    assert.equal(stale.attackItems.length, 1);
  });

  it('Mars: every unit of the Soviet stack selected that may be assigned, each with its attack factor', () => {
    const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      return r.value;
    };
    const side = (s: GameState<MarsState>) => marsRules.activeSides(s.state)[0]!;
    const step = (s: GameState<MarsState>, a: Action) => must(apply(marsRules, s, side(s), a));
    let s = must(setup(marsRules, null, 'preview-group', {}));
    for (let i = 0; i < 2; i++) {
      s = step(s, { type: 'historical-setup' });
      s = step(s, { type: 'end-setup' });
    }
    s = step(s, { type: 'end-fortify' });
    s = step(s, { type: 'end-movement' });
    assert.equal(s.state.step, 'allocation');
    const actions = legalActions(marsRules, s, 'soviet');
    // The hex an assignment attacks: where the map lights it for its unit.
    const hexOfAssign = (a: Action) =>
      marsPresentation.controls.targets(s.state, actions, String(a.unit)).find((x) => x.action === a)?.at ??
      null;
    const found = stackAttack(marsPresentation, s.state, actions, (a) =>
      a.type === 'assign' ? hexOfAssign(a) : null,
    );
    assert.ok(found, 'a Soviet stack two of whose units may attack one hex');
    const { stack, joining, target } = found;
    const whole = marsPresentation.preview.combatPreview(s.state, 'soviet', {
      target,
      selected: stack[0]!,
      group: stack,
      actions,
    })!;
    assert.equal(whole.attackItems.length, joining.length, 'one item per unit that may join');
    assert.equal(
      whole.attack,
      whole.attackItems.reduce((t, x) => t + x.value, 0),
    );
    const one = marsPresentation.preview.combatPreview(s.state, 'soviet', {
      target,
      selected: joining[0]!,
      actions,
    })!;
    assert.equal(one.attackItems.length, 1);
  });
});
