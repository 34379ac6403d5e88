/**
 * The campaign board as a client draws it (campaign-view.ts): points, lines with their
 * capacities (C-1, C-11.2), control (C-2), the units at each point with side, class and
 * values (B.2), fortifications (C-8), factories (C-9) and supply (C-7.1).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setup } from '@stavka/engine';
import { campaignRules } from './campaign.ts';
import { campaignBoardView } from './campaign-view.ts';

const between = (v: ReturnType<typeof campaignBoardView>, a: string, b: string) =>
  v.lines.find((x) => (x.from === a && x.to === b) || (x.from === b && x.to === a))!;

describe('C-1 the campaign board as drawn', () => {
  const made = setup(campaignRules, null, 'view', {});
  assert.ok(made.ok, 'setup');
  const v = campaignBoardView(made.value.state);
  it('every point with its place, controller, victory points and units; every line once with its capacity', () => {
    assert.equal(v.points.length, 75);
    assert.equal(v.lines.length, 125);
    const moscow = v.points.find((p) => p.id === 'moscow')!;
    assert.equal(moscow.control, 'soviet');
    assert.ok(moscow.lat !== null && Math.abs(moscow.lat - 55.754) < 1e-6, 'Moscow on the earth');
    assert.equal(moscow.factories.length, 3, 'three factories (C-9)');
    assert.equal(moscow.supply.soviet, true);
    const glukhov = v.points.find((p) => p.id === 'glukhov')!;
    assert.equal(glukhov.control, 'axis');
    assert.ok(glukhov.railhead, 'an Axis railhead at the start (C-7.1)');
    const pz = glukhov.units.find((u) => u.id === 'xxiv-pz')!;
    assert.deepEqual([pz.side, pz.unitClass, pz.value, pz.limit, pz.mobile], ['axis', 'major', 5, 5, true]);
    assert.ok(v.points.find((p) => p.id === 'mozhaisk')!.fortified, 'the Mozhaisk line (C-8.1)');
    const l = between(v, 'smolensk', 'yartsevo');
    assert.deepEqual([l.kind, l.capacity, l.used], ['hw-rr', 4, 0]);
  });
  it('reinforcements to come are listed with their turn; the weather halves capacities in Mud (C-11.2)', () => {
    assert.ok(v.waiting.some((u) => u.id === '1-gds-mrd' && u.arrives === 2));
    const mud = campaignBoardView({ ...made.value.state, weather: 'mud' });
    assert.equal(between(mud, 'smolensk', 'yartsevo').capacity, 2);
  });
});
