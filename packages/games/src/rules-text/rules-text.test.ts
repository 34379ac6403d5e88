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
  it('a heading alone on its line brings its body, up to the next heading (point-to-point B.4, B.2, B.6)', () => {
    const retreat = ruleExcerpt('point-to-point Retreat from combat B.4')!.text;
    assert.match(
      retreat,
      /Retreat is an all or nothing affair/,
      'the body after "4) **Retreat from combat:**"',
    );
    assert.match(retreat, /Units must retreat to adjacent points/, 'its lettered priorities too');
    assert.doesNotMatch(retreat, /Advance After Combat/, 'not the next section');
    const firing = ruleExcerpt('point-to-point Firing Procedure B.2')!.text;
    assert.match(
      firing,
      /The firing player totals all undispersed unit values/,
      'the body of "Firing Procedure:"',
    );
    assert.doesNotMatch(firing, /Simultaneous combat follows/, 'stops at "3) **Simultaneous:**"');
    assert.match(
      ruleExcerpt('point-to-point Large Combats B.6')!.text,
      /fewest number of the most equal groups/,
      'B.6 body',
    );
    assert.match(
      ruleExcerpt('point-to-point German Air Units In Combat A.4')!.text,
      /doubles the combat value/,
      'A.4 body',
    );
  });
  it('says nothing for an unknown citation', () => {
    assert.equal(ruleExcerpt('M-99'), null);
    assert.equal(ruleExcerpt('chess Castling'), null);
  });
});

describe("rules texts registered from each game's folder (issue #47)", () => {
  it('texts.json is exactly what the games declare (in the registry order), then the rulings', async () => {
    const { readFileSync } = await import('node:fs');
    const { packedRulesTexts } = await import('./sources.ts');
    const packed = await packedRulesTexts();
    const file = JSON.parse(readFileSync(new URL('./texts.json', import.meta.url), 'utf8')) as Record<
      string,
      string
    >;
    assert.deepEqual(Object.keys(file), Object.keys(packed));
    assert.deepEqual(file, packed);
  });
  it('every registered game with a rules text declares it in its folder, under its own id', async () => {
    const { GAMES } = await import('../registry.ts');
    const { declaredRulesTexts } = await import('./sources.ts');
    const declared = await declaredRulesTexts();
    for (const d of declared) assert.equal(d.key, d.game);
    const withText = Object.values(GAMES)
      .filter((m) => m.meta.rulesText !== 'none')
      .map((m) => m.id);
    assert.deepEqual(
      declared.map((d) => d.game),
      withText,
    );
    assert.deepEqual(
      declared.map((d) => d.rulings),
      ['M', 'B', 'P'],
    );
  });
  it('a citation of a game with no rules text, or of the rulings as a text, quotes nothing', () => {
    assert.equal(ruleExcerpt('rulings M-6'), null);
    assert.equal(ruleExcerpt('toString Retreats'), null);
  });
});
