/**
 * The Axis's opening attacks of 22 June on 3. Panzergruppe's front (`PolicyParams.openingColumn`
 * with `openingFront`, issue #44): level 2's `reduce` plan attacks from 4:1 only, and on
 * game-turn 1 that opened no gap before operational movement (A.2), so 3. Panzergruppe ended the
 * turn 7-8 hexes short of Minsk. With `openingColumn` at 3:1 and `openingFront` `pzgr-3` the
 * attacks before operational movement of game-turn 1 on the targets within OPENING_REACH hexes
 * of 3. Panzergruppe's units are made from 3:1, the others (and those of later turns) from the
 * plan's minimum.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply } from '@stavka/engine';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { type G, started } from '../test-games.ts';
import { BarbarossaAiPlayer } from './ai.ts';
import { COL, DEFAULT_PARAMS, OPENING_REACH, type PolicyParams } from './policy.ts';
import { aiRules as rules } from './test-games.ts';

/** 3. Panzergruppe's units in the standard set-up (`setup.json`: near `pzgr-3`). */
const PZGR_3 = ['ger-xxxix-mot', 'ger-7pz', 'ger-20pz', 'ger-lvii-mot', 'ger-12pz', 'ger-19pz'];

/** The standard game at the Axis's attacks before operational movement (A.2) of 22 June, its game-turn read as `turn`. */
function opening(turn: number): G {
  let s = started(null, { seed: 1, tweak: (g) => Object.assign(g, { turn }) });
  // The set-up's choices and the reinforcements (A.1), by level 1.
  const p = new BarbarossaAiPlayer('opening:setup', DEFAULT_PARAMS);
  for (let n = 0; n < 200 && s.state.step !== 'attacks-first'; n++) {
    const side = rules.activeSides(s.state)[0]!;
    const r = apply(rules, s, side, p.choose(rules, s, side));
    if (!r.ok) throw new Error(r.error.message);
    s = r.value as G;
  }
  return s;
}

/** `reduce`'s minimum (4:1), with `extra` on top. */
const reduce = (extra: Partial<PolicyParams> = {}): PolicyParams => ({
  ...DEFAULT_PARAMS,
  minColumn: { ...DEFAULT_PARAMS.minColumn, axis: COL['4:1']! },
  ...extra,
});

/** The attacks (allocations) the Axis makes in its attacks before operational movement (A.2), played with `params`. */
function openingAttacks(params: PolicyParams, turn: number): { piece: string; target: number }[] {
  const p = new BarbarossaAiPlayer('opening', params);
  let s = opening(turn);
  assert.equal(s.state.step, 'attacks-first');
  const out: { piece: string; target: number }[] = [];
  for (
    let n = 0;
    n < 50 && s.state.step === 'attacks-first' && rules.activeSides(s.state).includes('axis');
    n++
  ) {
    const a: Action = p.choose(rules, s, 'axis');
    if (a.type === 'allocate') out.push({ piece: String(a.piece), target: Number(a.target) });
    if (a.type === 'end-step') break;
    const r = apply(rules, s, 'axis', a);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value as G;
  }
  return out;
}

const targets = (as: readonly { target: number }[]): number[] => [...new Set(as.map((a) => a.target))].sort();

describe("the Axis's opening attacks on 3. Panzergruppe's front, game-turn 1 (issue #44)", () => {
  const board = new Board(opening(1).state);
  const nearPzGr3 = (t: number) =>
    PZGR_3.some((id) => hexDistance(board, board.g.pieces[id]!.at, t) <= OPENING_REACH);
  const everywhere = openingAttacks(DEFAULT_PARAMS, 1);
  const sure = openingAttacks(reduce(), 1);
  const front = openingAttacks(reduce({ openingColumn: COL['3:1']!, openingFront: 'pzgr-3' }), 1);
  const whole = openingAttacks(reduce({ openingColumn: COL['3:1']! }), 1);

  it('from 3:1 along the whole line more targets are attacked on 22 June than from 4:1', () => {
    assert.ok(targets(sure).length < targets(everywhere).length);
    assert.deepEqual(targets(whole), targets(everywhere));
  });
  it("with the opening on 3. Panzergruppe's front, the 4:1 attacks and those from 3:1 next to its units", () => {
    const added = targets(front).filter((t) => !targets(sure).includes(t));
    assert.ok(added.length > 0, 'a target next to 3. Panzergruppe attacked from 3:1');
    for (const t of added) assert.ok(nearPzGr3(t), `target ${t} within ${OPENING_REACH} of 3. Panzergruppe`);
    for (const t of targets(sure)) assert.ok(targets(front).includes(t), `the 4:1 attack on ${t} kept`);
    // The 3:1 attacks elsewhere (Army Groups North and South) are not made.
    const elsewhere = targets(everywhere).filter((t) => !nearPzGr3(t) && !targets(sure).includes(t));
    assert.ok(elsewhere.length > 0);
    for (const t of elsewhere)
      assert.ok(!targets(front).includes(t), `no 3:1 attack on ${t} away from the front`);
  });
  it('on game-turn 2 the opening column is not used', () => {
    assert.deepEqual(
      openingAttacks(reduce({ openingColumn: COL['3:1']!, openingFront: 'pzgr-3' }), 2),
      openingAttacks(reduce(), 2),
    );
  });
});
