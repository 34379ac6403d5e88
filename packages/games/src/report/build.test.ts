/**
 * The after-action report (issue #48) on a seeded short game of each game: the turns are
 * recorded once each, holdings change when a place changes hands, the losses sum to the
 * log's eliminations, every roll's luck is a probability.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replay } from '@stavka/engine';
import { GAMES } from '../registry.ts';
import { buildReport, type GameReport, luckOf } from './build.ts';
import { reportCharts, reportHtml } from './html.ts';
import { playTurns } from './test-games.ts';

function consistent(r: GameReport): void {
  assert.ok(r.turns.length >= 1);
  // One record a turn, in order.
  r.turns.forEach((t, i) => {
    if (i > 0) assert.ok(t.turn > r.turns[i - 1]!.turn, `turn ${t.turn} after ${r.turns[i - 1]!.turn}`);
  });
  const nodes = r.board.kind === 'hex' ? r.board.map.onMap.length : r.board.points.length;
  for (const t of r.turns) {
    assert.equal(t.holders.length, nodes);
    for (const h of t.holders) assert.ok(h === null || r.sides.some((s) => s.id === h), `holder ${h}`);
    const held = Object.values(t.held).reduce((a, b) => a + b, 0);
    assert.equal(held, t.holders.filter((h) => h !== null).length);
  }
  // Losses: the turns' losses sum to the eliminations counted from the log, and the running totals agree.
  for (const s of r.sides) {
    const units = r.turns.reduce((a, t) => a + (t.losses[s.id]?.units ?? 0), 0);
    assert.equal(units, r.eliminated[s.id] ?? 0, `${s.id} units lost`);
    assert.equal(r.turns.at(-1)!.totalLosses[s.id]?.units ?? 0, units);
  }
  for (const b of r.battles) {
    assert.ok(b.luck >= 0 && b.luck <= 1, `${b.title} luck ${b.luck}`);
    for (const roll of b.rolls) {
      assert.ok(roll.luck >= 0 && roll.luck <= 1);
      assert.ok(roll.chance > 0 && roll.chance <= 1);
    }
  }
  // A place that changed hands: the holder at the end of that turn is the last side to take it that turn.
  for (const c of r.captures) {
    const last = r.captures.filter((x) => x.turn === c.turn && x.at === c.at).at(-1)!;
    const t = r.turns.find((x) => x.turn === c.turn);
    if (t) assert.equal(t.holders[c.at], last.by, `${c.place} on turn ${c.turn}`);
  }
}

describe('after-action report: luck', () => {
  it('is the chance of a worse result plus half the chance of the one rolled', () => {
    const chances = [
      { result: 'AE', probability: 1 / 6 },
      { result: '-', probability: 3 / 6 },
      { result: 'DE', probability: 2 / 6 },
    ];
    assert.equal(luckOf(chances, 'AE')!.luck, 1 / 12);
    assert.equal(luckOf(chances, '-')!.luck, 1 / 6 + 3 / 12);
    assert.ok(Math.abs(luckOf(chances, 'DE')!.luck - (4 / 6 + 2 / 12)) < 1e-12);
    assert.equal(luckOf(chances, 'DR'), null);
  });
});

/** The toy game (named by nothing outside its folder but the registries: adding-a-game.test.ts). */
const toy = Object.values(GAMES).find((m) => m.meta.listed === false)!;

describe('after-action report: a seeded short game of each game', () => {
  it('Operation Mars: three turns', async () => {
    const file = playTurns(GAMES['mars-1942']!, 3, 3);
    const r = await buildReport(GAMES['mars-1942']!, file);
    assert.ok(r.ok);
    consistent(r.value);
    assert.deepEqual(
      r.value.turns.map((t) => t.turn),
      [1, 2, 3, 4],
    );
    // Seed 3: the Russians attack on turn 1 and lose two units; the rolls are measured.
    assert.ok(r.value.battles.length >= 1);
    assert.equal(r.value.eliminated.soviet, 2);
    // The turns' losses sum to the log's own eliminations, side by side (Mars ids say the side).
    const end = replay(GAMES['mars-1942']!.rules, file);
    assert.ok(end.ok);
    const logged = end.value.log.filter((e) => e.kind === 'eliminated').map((e) => String(e.data?.unit));
    for (const [side, prefix] of [
      ['soviet', 'sov-'],
      ['german', 'ger-'],
    ] as const) {
      const lost: number = r.value.turns.reduce((a: number, t) => a + (t.losses[side]?.units ?? 0), 0);
      assert.equal(lost, logged.filter((u) => u.startsWith(prefix)).length, side);
    }
    assert.equal(r.value.history.length, 11);
    // A place taken shows in the holders: Sychevka's hex is Russian at the end of turn 3.
    const sychevka = r.value.captures.find((c) => c.place === 'Sychevka');
    assert.ok(sychevka);
    assert.match(sychevka.unit ?? '', /Soviet/, 'the unit that took it');
    assert.equal(r.value.turns.find((t) => t.turn === 3)!.holders[sychevka.at], 'soviet');
    assert.equal(r.value.turns[0]!.holders[sychevka.at], 'german');
    const html = reportHtml(r.value, { vp: '<svg id="vp"></svg>', losses: '<svg id="l"></svg>' });
    assert.equal(html.match(/class="turn-map"/g)?.length, r.value.turns.length);
    assert.ok(!/<script/i.test(html));
    // Turn 3's map rings the places taken on turn 3 (Sychevka among them).
    const turn3 = html.slice(html.indexOf('id="turn-3"'), html.indexOf('id="turn-4"'));
    assert.equal(
      turn3.match(/class="taken"/g)?.length,
      new Set(r.value.captures.filter((c) => c.turn === 3).map((c) => c.at)).size,
    );
    // Without vega: both charts drawn plainly, a line a side.
    const plain = reportHtml(r.value);
    for (const chart of ['chart-vp', 'chart-losses']) {
      const at = plain.indexOf(`id="${chart}"`);
      assert.match(plain.slice(at, plain.indexOf('</svg>', at)), /(<polyline class="series"[^>]*>.*){2}/s);
    }
    const charts = reportCharts(r.value) as { vp: { data: { values: unknown[] } } };
    assert.equal(charts.vp.data.values.length, r.value.turns.length * 2);
  });

  it('Moscow 1941 point-to-point: two turns', async () => {
    const file = playTurns(GAMES['point-to-point']!, 3, 1);
    const r = await buildReport(GAMES['point-to-point']!, file);
    assert.ok(r.ok);
    consistent(r.value);
    assert.ok(r.value.battles.length >= 1);
    assert.ok(r.value.captures.some((c) => c.by === 'axis'));
    // Places by their words, without the board's marks ("Kaluga ★2 ▲").
    for (const c of r.value.captures) assert.doesNotMatch(c.place, /[★▲]/);
    assert.equal(r.value.history.length, 9);
    assert.ok(r.value.turns[0]!.totalLosses.soviet!.steps > 0);
  });

  it('the toy game (the one not listed) to its end', async () => {
    const file = playTurns(toy, 3, 99);
    const r = await buildReport(toy, file);
    assert.ok(r.ok);
    consistent(r.value);
    assert.ok(r.value.result);
    assert.deepEqual(r.value.battles, []);
  });

  it('Barbarossa: the first turn', async () => {
    const file = playTurns(GAMES['barbarossa-1941']!, 3, 1, 'random', 400);
    const r = await buildReport(GAMES['barbarossa-1941']!, file);
    assert.ok(r.ok);
    consistent(r.value);
    assert.equal(r.value.turns[0]!.turn, 1);
    // Seed 3: the Axis attacks on turn 1; every attack is measured on its column, and the sea is nobody's.
    assert.ok(r.value.battles.filter((b) => b.attacker === 'axis').length >= 5);
    assert.ok(r.value.battles.every((b) => b.rolls.every((x) => x.column)));
    const board = r.value.board;
    assert.equal(board.kind, 'hex');
    if (board.kind === 'hex') {
      const sea = board.map.terrainNames.indexOf('sea');
      const seaHex = [...board.map.terrain].findIndex((t, h) => t === sea && board.map.onMap[h] === 1);
      assert.equal(r.value.turns[0]!.holders[seaHex], null);
    }
    assert.equal(r.value.history.find((h) => h.text.startsWith('Minsk'))?.turn, 1);
  });

  it('refuses a replay with an illegal action, naming it', async () => {
    const file = playTurns(toy, 3, 99);
    const bad = {
      ...file,
      actions: [...file.actions.slice(0, 2), { side: file.actions[2]!.side, action: { type: 'fly' } }],
    };
    const r = await buildReport(toy, bad);
    assert.ok(!r.ok);
    assert.equal(r.error[0]!.path, 'actions[2]');
  });
});
