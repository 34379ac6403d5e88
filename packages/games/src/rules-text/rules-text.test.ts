import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ruleExcerpt } from './index.ts';

describe('the rule behind a citation', () => {
  it('finds a ruling by id', () => {
    const r = ruleExcerpt('M-6');
    assert.ok(r);
    assert.match(r.text, /Disrupted defenders/);
    assert.equal(ruleExcerpt('B-7')?.source, 'RULINGS.md');
  });
  it('finds a section of the rules text', () => {
    const r = ruleExcerpt('mars-1942 Retreats and Advances after Combat');
    assert.ok(r);
    assert.match(r.text, /cannot retreat into a hex adjacent to a hex it was attacked from/);
    assert.match(ruleExcerpt('mars-1942 Zones of Control')!.text, /must stop and move no further/);
    assert.match(ruleExcerpt('mars-1942 GAMETURN SEQUENCE B.4')!.text, /Recovery from Disruption/);
  });
  it('says nothing for an unknown citation', () => {
    assert.equal(ruleExcerpt('M-99'), null);
    assert.equal(ruleExcerpt('chess Castling'), null);
  });
});
