/**
 * barbarossa-1941 "Setup", Sorting Russian Arrays: "a faced-down group of 10 more 2-1s or
 * of 8 4-3s! and 2 3-2s - blindly chosen by the German player.  The Russian player may
 * always look at his hidden elite/"tank" units (like cards in a poker game)." (RULINGS
 * B-53.) The two groups are shuffled by a roll only the server sees; the German picks a
 * label; nothing he sees tells which group it was until its units fight.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, legalActions, rngFromSeed, rollDie, view } from '@stavka/engine';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import { act, type G, started } from './test-games.ts';

const standard = (seed: number): G => started(null, { seed });

/** Group A is the 4-3 group ("-b" counters) in one game, the 2-1 group in the other. */
function twoShuffles(): [G, G] {
  let four: G | null = null;
  let two: G | null = null;
  for (let seed = 1; seed < 40 && (!four || !two); seed++) {
    const s = standard(seed);
    if (s.state.secret.tankGroups!.A[0]!.endsWith('-b')) four ??= s;
    else two ??= s;
  }
  assert.ok(four && two, 'both shuffles within 40 seeds');
  return [four, two];
}

/** Every unit id of both groups, quoted as JSON writes it. */
function groupIds(s: G): string[] {
  const { A, B } = s.state.secret.tankGroups!;
  return [...A, ...B].map((u) => JSON.stringify(u));
}

/** What the German sees: his view, his log, his legal actions (JSON). */
function germanSees(s: G): string {
  const v = view(barbarossaRules, s, 'axis');
  return JSON.stringify({ state: v.state, log: v.log, legal: legalActions(barbarossaRules, s, 'axis') });
}

describe('Setup: the German blind choice of the extra tank group (B-53)', () => {
  it('the choice comes first, offered to the German alone: group A or group B', () => {
    const s = standard(1);
    assert.deepEqual(legalActions(barbarossaRules, s, 'axis'), [
      { type: 'choose-tank-group', group: 'A' },
      { type: 'choose-tank-group', group: 'B' },
    ]);
    assert.deepEqual(legalActions(barbarossaRules, s, 'soviet'), [], 'not the Russian');
    const shuffle = s.log.find((e) => e.kind === 'roll' && (e.cite ?? []).includes('B-53'));
    assert.deepEqual(shuffle?.visibleTo, [], 'the shuffle is a roll only the server sees');
    assert.equal(apply(barbarossaRules, s, 'axis', { type: 'end-step' }).ok, false, 'nothing else first');
    assert.equal(
      apply(barbarossaRules, s, 'soviet', { type: 'choose-tank-group', group: 'A' }).ok,
      false,
      'the Russian may not choose',
    );
  });

  it('after the choice the Russian sees his ten tank units; the German sees the same whichever group it was', () => {
    const [four, two] = twoShuffles().map((s) => act(s, 'axis', { type: 'choose-tank-group', group: 'A' }));
    const knownFour = (view(barbarossaRules, four!, 'soviet').state as { known: Record<string, string> })
      .known;
    const knownTwo = (view(barbarossaRules, two!, 'soviet').state as { known: Record<string, string> }).known;
    assert.equal(Object.keys(knownFour).length, 10);
    assert.ok(
      Object.values(knownFour).every((u) => u.endsWith('-b')),
      'the 4-3 group in one game',
    );
    assert.ok(
      Object.values(knownTwo).every((u) => !u.endsWith('-b')),
      'the 2-1 group in the other',
    );
    // Through the German's first steps, what he sees is the same in both games, and names no group unit.
    let a = four!;
    let b = two!;
    for (let i = 0; i < 3; i++) {
      assert.equal(germanSees(a), germanSees(b), `step ${i}: the German cannot tell the games apart`);
      for (const id of groupIds(a)) assert.ok(!germanSees(a).includes(id), `${id} never shown to the German`);
      if (i === 2) break; // at A.3 operational movement: the whole front's moves
      a = act(a, 'axis', { type: 'end-step' });
      b = act(b, 'axis', { type: 'end-step' });
    }
    const spectator = JSON.stringify(view(barbarossaRules, a, '@spectator'));
    for (const id of groupIds(a)) assert.ok(!spectator.includes(id), `${id} not shown to a spectator`);
  });

  it('the units are told when they fight: the first combat of a tank piece names its counter in the log', () => {
    let game = 3;
    let s = act(standard(game), 'axis', { type: 'choose-tank-group', group: 'B' });
    let ids = groupIds(s);
    let rng = rngFromSeed('blind-group');
    for (let i = 0; i < 3000; i++) {
      let side = barbarossaRules.activeSides(s.state)[0];
      if (side === undefined) {
        // That game ended before a tank piece fought (a sudden death, say): the next one.
        s = act(standard(++game), 'axis', { type: 'choose-tank-group', group: 'B' });
        ids = groupIds(s);
        side = 'axis';
      }
      const revealed = s.log.some((e) => e.kind === 'reveal' && String(e.text).startsWith('sov-tank-'));
      if (revealed) {
        const entry = s.log.find((e) => e.kind === 'reveal' && String(e.text).startsWith('sov-tank-'))!;
        assert.ok(
          ids.some((id) => JSON.stringify(entry).includes(id)),
          'the reveal names the counter',
        );
        return;
      }
      const seen = germanSees(s);
      for (const id of ids)
        assert.ok(!seen.includes(id), `${id} shown to the German before its first combat`);
      const legal = legalActions(barbarossaRules, s, side);
      // Prefer attacks (allocate/resolve) so that combat comes soon.
      const fights = legal.filter((x) => ['allocate', 'resolve', 'end-movement'].includes(x.type));
      const pool = fights.length > 0 && side === 'axis' ? fights : legal;
      const d = rollDie(rng, pool.length);
      rng = d.next;
      s = act(s, side, pool[d.value - 1] as BarbarossaAction);
    }
    assert.fail('no tank piece fought within 3000 actions');
  });
});
