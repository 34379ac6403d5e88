import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { findGame, standardScenarioFile } from '@stavka/games';
import { stavka } from './run-cli.ts';

/** `stavka simulate` of Mars: `games` games between `players` from `seed`, as JSON. */
const marsGames = (players: string, games: number, seed: number): string[] => [
  'simulate',
  '--game',
  'mars-1942',
  '--players',
  players,
  '--games',
  String(games),
  '--seed',
  String(seed),
  '--json',
];

describe('stavka simulate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-sim-'));
  it('plays whole games to a result after 11 turns, the same output twice', async () => {
    const args = marsGames('random,random', 2, 5);
    const a = await stavka(...args, '--save', dir);
    const b = await stavka(...args);
    assert.equal(a.code, 0, a.err);
    assert.equal(a.out, b.out, 'deterministic');
    const j = JSON.parse(a.out) as {
      games: { seed: number; winner: string; vp: Record<string, number>; turns: number; actions: number }[];
      summary: { games: number };
    };
    assert.equal(j.games.length, 2);
    for (const g of j.games) {
      assert.ok(['german', 'soviet', 'draw'].includes(g.winner));
      assert.equal(g.turns, 11);
      assert.ok(g.actions > 0);
      assert.equal(typeof g.vp.german, 'number');
    }
    assert.deepEqual(readdirSync(dir).sort(), ['mars-1942-5.json', 'mars-1942-6.json']);
  });
  it('refuses an unknown player or the wrong number of players', async () => {
    assert.equal((await stavka('simulate', '--game', 'mars-1942', '--players', 'random,genius')).code, 1);
    assert.equal((await stavka('simulate', '--game', 'mars-1942', '--players', 'random')).code, 1);
    assert.equal((await stavka('simulate', '--game', 'mars-1942', '--games', '0')).code, 1);
  });

  it('the balance lab: ai and greedy players, the same games with --workers 2, a summary with intervals, a plot', async () => {
    const args = marsGames('greedy,ai1', 2, 3);
    const one = await stavka(...args);
    const plot = join(dir, 'lab.svg');
    const two = await stavka(...args, '--workers', '2', '--plot', plot);
    assert.equal(one.code, 0, one.err);
    assert.equal(two.code, 0, two.err);
    const a = JSON.parse(one.out) as {
      games: unknown[];
      summary: {
        perSide: Record<string, { wins: number; draws: number; losses: number; winRateCi95: number[] }>;
        aiTurnMs: { median: number };
      };
    };
    const b = JSON.parse(two.out) as typeof a;
    assert.deepEqual(b.games, a.games, 'identical to --workers 1');
    const g = a.summary.perSide.german!;
    assert.equal(g.wins + g.draws + g.losses, 2);
    assert.ok(g.winRateCi95[0]! <= g.winRateCi95[1]!);
    assert.ok(a.summary.aiTurnMs.median > 0);
    assert.match(readFileSync(plot, 'utf8'), /^<svg/);
    assert.equal((await stavka('simulate', '--game', 'mars-1942', '--plot', join(dir, 'x.pdf'))).code, 1);
  });

  it('--option switches an optional rule in every game: saved in each replay, which verifies; a bad option is refused', async () => {
    const out = mkdtempSync(join(tmpdir(), 'stavka-sim-opt-'));
    const args = marsGames('ai1,ai1', 1, 5);
    const off = await stavka(...args, '--option', 'firstTurnDoubling=false', '--save', out);
    const on = await stavka(...args, '--option', 'firstTurnDoubling=true');
    const plain = await stavka(...args);
    assert.equal(off.code, 0, off.err);
    // The games, not the summary's thinking times (they vary).
    const games = (r: { out: string }) => JSON.stringify((JSON.parse(r.out) as { games: unknown }).games);
    assert.equal(games(on), games(plain), 'the default, given or not, is the same game');
    assert.notEqual(
      games(off),
      games(plain),
      'without the doubled first turn (M-16) the game goes otherwise',
    );
    const file = join(out, 'mars-1942-5.json');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).options, { firstTurnDoubling: false });
    const replayed = await stavka('replay', file, '--json');
    assert.equal(replayed.code, 0, replayed.err);
    assert.equal((JSON.parse(replayed.out) as { matches: boolean }).matches, true);
    for (const [flag, says] of [
      ['fog=true', /"fog" is no option of mars-1942 \(its options: firstTurnDoubling\)/],
      ['firstTurnDoubling=maybe', /KEY=true or KEY=false, not "firstTurnDoubling=maybe"/],
      ['weatherRoll=true', /"weatherRoll" is no option of mars-1942/],
    ] as const) {
      const r = await stavka('simulate', '--game', 'mars-1942', '--option', flag);
      assert.equal(r.code, 1, flag);
      assert.match(r.err, says);
    }
  });

  it('stavka replay verifies a saved game: result and final hash', async () => {
    const file = join(dir, 'mars-1942-5.json');
    const r = await stavka('replay', file, '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { hash: string; matches: boolean; outcome: { winner: string | null } };
    assert.equal(j.matches, true);
    assert.equal(j.hash, JSON.parse(readFileSync(file, 'utf8')).finalHash);
  });
  it('stavka replay rejects a tampered game, naming the action', async () => {
    const saved = JSON.parse(readFileSync(join(dir, 'mars-1942-5.json'), 'utf8'));
    saved.actions[3] = {
      side: saved.actions[3].side,
      action: { type: 'deploy', unit: 'ger-6id', hex: '0101' },
    };
    const file = join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(saved));
    const r = await stavka('replay', file);
    assert.equal(r.code, 1);
    assert.match(r.err, /actions\[3\]/);
    const hashOnly = JSON.parse(readFileSync(join(dir, 'mars-1942-6.json'), 'utf8'));
    hashOnly.finalHash = 'f'.repeat(64);
    writeFileSync(file, JSON.stringify(hashOnly));
    assert.equal((await stavka('replay', file)).code, 1);
    writeFileSync(file, '{"game": 3');
    assert.equal((await stavka('replay', file)).code, 1);
  });
});

describe('stavka simulate --ladder', () => {
  it('plays a round robin (each pairing on both sides, the same seeds) and rates it', async () => {
    const args = [
      'simulate',
      '--game',
      'mars-1942',
      '--ladder',
      '--players',
      'random,greedy',
      '--games',
      '1',
    ];
    const r = await stavka(...args, '--seed', '7', '--json');
    assert.equal(r.code, 0, r.err);
    const l = JSON.parse(r.out) as {
      ladder: { player: string; elo: number; ci95: number[]; games: number }[];
      pairings: { a: string; b: string; asSide: Record<string, { games: number; meanMargin: number }> }[];
      games: { kinds: string[]; seed: number }[];
      sideAdvantage: Record<string, number>;
    };
    assert.deepEqual(
      l.games.map((g) => `${g.kinds.join('-')}@${g.seed}`),
      ['random-greedy@7', 'greedy-random@7'],
    );
    assert.deepEqual(
      l.ladder.map((x) => x.games),
      [2, 2],
    );
    const random = l.ladder.find((x) => x.player === 'random')!;
    assert.equal(random.elo, 0, 'the first player is the anchor');
    for (const x of l.ladder)
      assert.ok(x.ci95[0]! <= x.elo + 1 && x.elo - 1 <= x.ci95[1]!, JSON.stringify(x));
    assert.equal(l.pairings.length, 1);
    assert.deepEqual(Object.keys(l.pairings[0]!.asSide), ['soviet', 'german']);
    assert.equal(typeof l.sideAdvantage.german, 'number');
    const text = await stavka(...args, '--seed', '7');
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /player +Elo +95% interval/);
    assert.match(text.out, /random v greedy: as Soviet \d\/1 won/);
    assert.equal((await stavka(...args, '--players', 'random', '--seed', '7')).code, 1);
  });

  it('--rungs plays each player against the next only, and says whether each holds its rung', async () => {
    const args = ['simulate', '--game', 'mars-1942', '--ladder', '--rungs', '--players', 'random,greedy,ai1'];
    const r = await stavka(...args, '--games', '2', '--seed', '7', '--json');
    assert.equal(r.code, 0, r.err);
    const l = JSON.parse(r.out) as {
      games: { kinds: string[]; seed: number }[];
      pairings: { a: string; b: string }[];
    };
    assert.deepEqual(
      [...new Set(l.games.map((g) => g.kinds.join('-')))],
      ['greedy-random', 'random-greedy', 'ai1-greedy', 'greedy-ai1'],
      'no random against ai1',
    );
    assert.equal(l.games.length, 8, 'two games a pairing on each side');
    assert.deepEqual(
      l.pairings.map((p) => `${p.a}<${p.b}`),
      ['random<greedy', 'greedy<ai1'],
    );
    const text = await stavka(...args, '--games', '2', '--seed', '7');
    assert.equal(text.code, 0, text.err);
    // Greedy beats random on both sides whatever the seed (random never wins a game of Mars).
    assert.match(text.out, /random v greedy: .* — greedy won 2\/2 as German, 2\/2 as Soviet: holds its rung/);
    assert.match(
      text.out,
      /greedy v ai1: .* — ai1 won \d\/2 as German, \d\/2 as Soviet: (holds|does not hold) its rung/,
    );
    const bare = await stavka('simulate', '--game', 'mars-1942', '--rungs', '--players', 'random,greedy');
    assert.equal(bare.code, 1, 'without --ladder');
    assert.match(bare.err, /--rungs goes with --ladder/);
  });
});

describe('stavka validate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-val-'));
  it('accepts the standard scenario', async () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify(standardScenarioFile()));
    const r = await stavka('validate', file);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /valid/);
  });
  it('names the field of every error', async () => {
    const bad = standardScenarioFile();
    bad.units[0]!.factors = { attack: -1 };
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    const r = await stavka('validate', file);
    assert.equal(r.code, 1);
    assert.match(r.err, /units\[0\]\.factors\.attack/);
    const badHex = standardScenarioFile();
    badHex.map.places![0]!.hex = '9999';
    writeFileSync(file, JSON.stringify(badHex));
    const h = await stavka('validate', file);
    assert.equal(h.code, 1);
    assert.match(h.err, /map\.places\[0\]\.hex/);
  });
  it('checks a Barbarossa scenario too: the standard one valid, a broken copy refused naming each field', async () => {
    const scenarios = findGame('barbarossa-1941')!.scenarios!;
    const file = join(dir, 'barbarossa.json');
    writeFileSync(file, JSON.stringify(scenarios.standardFile()));
    const ok = await stavka('validate', file);
    assert.equal(ok.code, 0, ok.err);
    assert.match(ok.out, /valid — .*58x51 hexes/);
    const bad = scenarios.standardFile() as { units: { factors: Record<string, number> }[]; turns: unknown };
    bad.units[0]!.factors.attack = -3;
    bad.turns = 'fifteen';
    writeFileSync(file, JSON.stringify(bad));
    const r = await stavka('validate', file);
    assert.equal(r.code, 1);
    assert.match(r.err, /units\[0\]\.factors\.attack/);
    assert.match(r.err, /turns/);
  });
  it('finds the game from the file\'s "game" field, and says when it names none', async () => {
    for (const [game, said] of [
      [undefined, /game: missing/],
      ['toString', /"toString" is no game with scenarios/],
      ['chess', /"chess" is no game with scenarios/],
    ] as const) {
      const file = join(dir, 'which.json');
      writeFileSync(file, JSON.stringify({ ...standardScenarioFile(), game }));
      const r = await stavka('validate', file);
      assert.equal(r.code, 1, String(game));
      assert.match(r.err, said);
    }
  });
});
