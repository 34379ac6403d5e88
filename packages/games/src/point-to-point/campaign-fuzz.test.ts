/**
 * Random-play fuzzer over whole Typhoon campaigns (campaign.ts, the completion rules
 * C-1..C-13 around the battle rules): after every action the invariants below hold; every
 * game ends after turn 8 (or Moscow, C-13.1) with a result; its replay gives the same hash.
 * STAVKA_FUZZ_GAMES sets the number of games (default 20).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  type GameState,
  legalActions,
  replay,
  rngFromSeed,
  rollDie,
  setup,
  stateHash,
  UNDO,
} from '@stavka/engine';
import { type CampaignState, campaignLossLimit, campaignRules, typhoon, victoryPoints } from './campaign.ts';

const GAMES = Number(process.env.STAVKA_FUZZ_GAMES ?? 20);

function checkInvariants(g: CampaignState, where: string): void {
  const t = typhoon();
  const lines = t.map.capacity;
  // C-1.2: no line carries more than its capacity in a player-turn (half units).
  g.used.forEach((u, l) => {
    assert.ok(u >= 0 && u <= 2 * lines[l]!, `${where}: line ${l} used ${u} halves of ${2 * lines[l]!}`);
  });
  const groundAt = new Map<string, Set<string>>();
  for (const u of g.units) {
    // B.2, P-5: no unit on the map carries more losses than its limit; losses mean dispersed.
    if (u.place === 'map' && u.unitClass !== 'air') {
      assert.ok(u.losses <= campaignLossLimit(u), `${where}: ${u.id} carries ${u.losses} losses`);
      if (u.losses > 0) assert.ok(u.dispersed, `${where}: ${u.id} has losses but is not dispersed`);
      if (u.from === null) {
        const sides = groundAt.get(u.at) ?? new Set<string>();
        sides.add(u.side);
        groundAt.set(u.at, sides);
      }
    }
    if (u.place === 'map') assert.ok(t.map.pointIds.includes(u.at), `${where}: ${u.id} at no point`);
    // C-12.1: reinforcements arrive in their owner's player-turn of their turn.
    if (u.place === 'waiting')
      assert.ok(
        u.arrives > g.turn || (u.arrives === g.turn && u.side === 'soviet' && g.player === 'axis'),
        `${where}: ${u.id} should have arrived`,
      );
  }
  for (const [p, sides] of groundAt) {
    // C-2: ground units of one side only at a point (attackers aside), and it controls it.
    assert.equal(sides.size, 1, `${where}: both sides' ground units at ${p}`);
    const [side] = [...sides];
    assert.equal(g.control[p], side, `${where}: ${side} units at ${p} it does not control`);
  }
  // C-8: one field fortification a point at most.
  assert.equal(new Set(g.fortified).size, g.fortified.length, `${where}: a point fortified twice`);
  // C-10: partisans stand at distinct points.
  assert.equal(new Set(g.partisans).size, g.partisans.length, `${where}: partisans twice at a point`);
  // C-9: factories are counted once; replacement points never negative.
  assert.ok(g.replacements >= 0, `${where}: replacement points below 0`);
  assert.equal(
    g.factories.length,
    t.scenario.factories.reduce((a, f) => a + f.count, 0),
    `${where}: factories lost`,
  );
  // C-11: the weather is the scenario's for the turn.
  assert.equal(g.weather, t.scenario.turns[g.turn - 1]!.weather, `${where}: weather`);
  assert.ok(g.turn >= 1 && g.turn <= 8, `${where}: turn ${g.turn}`);
}

describe(`C-1..C-13 random-play fuzzer: ${GAMES} whole campaigns`, () => {
  it('every action keeps the invariants; every game ends with a result by victory points or Moscow; replays match', () => {
    for (let n = 1; n <= GAMES; n++) {
      const seed = `fuzz-${n}`;
      const made = setup(campaignRules, null, seed, {});
      assert.ok(made.ok, 'setup');
      let s: GameState<CampaignState> = made.value;
      let rng = rngFromSeed(`${seed}:moves`);
      const actions: { side: string; action: Action }[] = [];
      for (let k = 0; k < 20000; k++) {
        const active = campaignRules.activeSides(s.state);
        if (active.length === 0) break;
        const side = active[0]!;
        const legal = legalActions(campaignRules, s, side).filter((a) => a.type !== UNDO.type);
        assert.ok(legal.length > 0, `${seed}: ${side} to act with nothing to do (phase ${s.state.phase})`);
        const d = rollDie(rng, legal.length);
        rng = d.next;
        const action = legal[d.value - 1]!;
        const next = apply(campaignRules, s, side, action);
        assert.ok(next.ok, `${seed}: a legal action refused: ${JSON.stringify(action)}`);
        s = next.value;
        actions.push({ side, action });
        checkInvariants(s.state, `${seed} after ${JSON.stringify(action)}`);
      }
      const g = s.state;
      assert.equal(g.phase, 'over', `${seed}: the game ends`);
      assert.ok(g.result, `${seed}: a result`);
      const vp = victoryPoints(g);
      if (!g.result.reason.includes('C-13.1')) {
        assert.equal(g.turn, 8, `${seed}: played to the last turn`);
        const winner = vp.axis > vp.soviet ? 'axis' : vp.soviet > vp.axis ? 'soviet' : null;
        assert.equal(g.result.winner, winner, `${seed}: the higher total wins (C-13.3)`);
      }
      const again = replay(campaignRules, {
        game: campaignRules.id,
        rulesVersion: campaignRules.rulesVersion,
        scenario: null,
        seed,
        actions,
      });
      assert.ok(again.ok, `${seed}: replays`);
      assert.equal(stateHash(again.value as GameState<CampaignState>), stateHash(s), `${seed}: same hash`);
    }
  });
});
