import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { stavka } from './run-cli.ts';

async function json(...argv: string[]) {
  const r = await stavka(...argv, '--json');
  assert.equal(r.code, 0, r.err || r.out);
  return JSON.parse(r.out) as Record<string, unknown>;
}

const sum = (o: unknown) => Object.values(o as Record<string, number>).reduce((a, b) => a + b, 0);

describe('stavka calc --json (the contract)', () => {
  it('mars-1942 12:4 with a shift', async () => {
    const j = await json('calc', '--game', 'mars-1942', '--attack', '12', '--defense', '4', '--shift', '-1');
    assert.equal(j.game, 'mars-1942');
    assert.equal(j.ratio, '3:1');
    assert.equal(j.column, '2:1');
    assert.deepEqual(j.shifts, [{ by: -1, reason: 'an extra column shift' }]);
    assert.equal(j.provisional, false);
    assert.deepEqual(j.outcomes, { '-': 1 / 6, D: 1 / 6, DW: 2 / 6, DR: 2 / 6 });
  });
  it('mars-1942 --disrupted and --probe', async () => {
    const d = await json('calc', '--game', 'mars-1942', '--attack', '12', '--defense', '4', '--disrupted');
    assert.deepEqual(d.outcomes, { DW: 2 / 6, DR: 2 / 6, DE: 2 / 6 });
    const p = await json('calc', '--game', 'mars-1942', '--attack', '20', '--defense', '4', '--probe');
    assert.equal(p.column, '2:1');
  });
  it('barbarossa-1941 round-up 17:5 to 4:1', async () => {
    const j = await json(
      'calc',
      '--game',
      'barbarossa-1941',
      '--attack',
      '17',
      '--defense',
      '5',
      '--round-up',
      '4:1',
    );
    // The round-up roll as the game's section (it was a `gamble` object before issue #47).
    assert.deepEqual(j.sections, [
      {
        title: 'Round-up roll',
        rows: [
          { label: 'Chance', value: '2 in 6 (a roll of 1-2)', rule: 'B-7' },
          { label: 'Success reads', value: '4:1' },
          { label: 'Failure reads', value: '3:1' },
        ],
        columns: ['4:1', '3:1'],
      },
    ]);
    assert.equal(j.provisional, true);
    assert.ok(Math.abs(sum(j.outcomes) - 1) < 1e-12);
  });
  it('barbarossa-1941 round-up with a fall-back column', async () => {
    const j = await json(
      'calc',
      '--game',
      'barbarossa-1941',
      '--attack',
      '15',
      '--defense',
      '4',
      '--round-up',
      '5:1',
      '--fall-back',
      '2:1',
      '--expanded-odds',
    );
    const [roll] = j.sections as { rows: { label: string; value: string }[] }[];
    assert.deepEqual(
      roll!.rows.map((r) => r.value),
      ['3 in 6 (a roll of 1-3)', '5:1', '2:1'],
    );
  });
  it('barbarossa-1941 pressing, both procedures', async () => {
    for (const procedure of ['roll', 'split']) {
      const j = await json(
        'calc',
        '--game',
        'barbarossa-1941',
        '--attack',
        '15',
        '--defense',
        '4',
        '--press',
        '2',
        '--procedure',
        procedure,
        '--side',
        'axis',
      );
      assert.ok(Math.abs(sum(j.outcomes) - 1) < 1e-12);
    }
  });
  it('point-to-point fire 37 in groups 19 and 18', async () => {
    const j = await json('calc', '--game', 'point-to-point', '--fire', '37');
    // The split fire as the game's section (it was a `groups` array before issue #47).
    assert.deepEqual(j.sections, [
      {
        title: 'Fire',
        rows: [
          { label: 'Firing value', value: '37' },
          { label: 'In groups', value: '19 + 18', rule: 'P-2' },
        ],
        note: 'one die each, losses added',
        columns: ['19', '18'],
      },
    ]);
    assert.equal(j.provisional, true);
    assert.ok(Object.keys(j.outcomes as object).every((k) => /^\d+$/.test(k)));
    assert.ok(Math.abs(sum(j.outcomes) - 1) < 1e-12);
  });
});

describe('stavka calc (readable)', () => {
  it('prints the column, each shift and why, each result with "n in 6" and %', async () => {
    const r = await stavka('calc', '--game', 'mars-1942', '--attack', '12', '--defense', '4', '--river');
    assert.equal(r.code, 0);
    assert.match(r.out, /odds column\s+3:1/);
    assert.match(r.out, /shift -1\s+more than half the attack factors attack across a river \(M-10\)/);
    assert.match(r.out, /final column\s+2:1/);
    assert.match(r.out, /DW\s+2 in 6\s+33\.3%/);
  });
  it("prints each game's section on a line: the round-up roll (B-7), pressing (B-8), a split fire (P-2)", async () => {
    const up = await stavka(
      'calc',
      '--game',
      'barbarossa-1941',
      '--attack',
      '17',
      '--defense',
      '5',
      '--round-up',
      '4:1',
    );
    assert.equal(up.code, 0, up.err);
    assert.match(
      up.out,
      /^Round-up roll: chance 2 in 6 \(a roll of 1-2\) \(B-7\), success reads 4:1, failure reads 3:1$/m,
    );
    const pressed = await stavka(
      'calc',
      '--game',
      'barbarossa-1941',
      '--attack',
      '15',
      '--defense',
      '4',
      '--press',
      '2',
      '--procedure',
      'split',
      '--side',
      'axis',
    );
    assert.equal(pressed.code, 0, pressed.err);
    assert.match(
      pressed.out,
      /^Pressing the attack: procedure split .* \(B-8\), higher column 5:1, lower column 3:2$/m,
    );
    const fire = await stavka('calc', '--game', 'point-to-point', '--fire', '37');
    assert.match(fire.out, /^point-to-point:$/m);
    assert.match(
      fire.out,
      /^Fire: firing value 37, in groups 19 \+ 18 \(P-2\) \(one die each, losses added\)$/m,
    );
  });
  it('says PROVISIONAL for a reconstructed table', async () => {
    const r = await stavka('calc', '--game', 'point-to-point', '--fire', '5');
    assert.match(r.out, /PROVISIONAL/);
  });
});

describe('forbidden attacks exit 2 with the rule quoted; bad input exits 1', () => {
  it('mars-1942 below 1:4', async () => {
    const r = await stavka('calc', '--game', 'mars-1942', '--attack', '2', '--defense', '12');
    assert.equal(r.code, 2);
    assert.match(r.out, /Final attacking odds less than 1:4 are not allowed/);
  });
  it('mars-1942 below 1:4 shifted up: the columns run on 1:5, 1:6, 1:7 (M-2a)', async () => {
    // 2 against 14 with +2: 1:7 -> 1:5, refused; as play refuses it (rules.test.ts M-2a).
    const low = await stavka(
      'calc',
      '--game',
      'mars-1942',
      '--attack',
      '2',
      '--defense',
      '14',
      '--shift',
      '2',
    );
    assert.equal(low.code, 2);
    assert.match(low.out, /Final attacking odds less than 1:4 are not allowed/);
    assert.match(low.out, /1:7; shifted \+2 it is 1:5/);
    const iso = await stavka(
      'calc',
      '--game',
      'mars-1942',
      '--attack',
      '2',
      '--defense',
      '14',
      '--defender-isolated',
    );
    assert.equal(iso.code, 2);
    // 1 against 5 with +1: 1:5 -> 1:4, allowed.
    const ok = await json(
      'calc',
      '--game',
      'mars-1942',
      '--attack',
      '1',
      '--defense',
      '5',
      '--defender-rationed',
    );
    assert.equal(ok.ratio, '1:5');
    assert.equal(ok.column, '1:4');
    const shifted = await json(
      'calc',
      '--game',
      'mars-1942',
      '--attack',
      '1',
      '--defense',
      '5',
      '--shift',
      '1',
    );
    assert.equal(shifted.column, '1:4');
  });
  it('a round-up with 0 in 6', async () => {
    const r = await stavka(
      'calc',
      '--game',
      'barbarossa-1941',
      '--attack',
      '31',
      '--defense',
      '10',
      '--round-up',
      '4:1',
      '--json',
    );
    assert.equal(r.code, 2);
    assert.equal(
      (JSON.parse(r.out) as { error: { code: string } }).error.code,
      'combat/round-up-zero-chance',
    );
  });
  it('not a number, a missing flag, a flag of another game, an unknown game', async () => {
    for (const argv of [
      ['calc', '--game', 'mars-1942', '--attack', 'x', '--defense', '4'],
      ['calc', '--game', 'mars-1942', '--attack', '3'],
      ['calc', '--game', 'mars-1942', '--attack', '3', '--defense', '1', '--fire', '3'],
      ['calc', '--game', 'chess', '--attack', '3', '--defense', '1'],
      ['calc', '--game', 'mars-1942', '--attack', '3', '--defense', '0'],
      ['calc', '--game', 'barbarossa-1941', '--attack', '15', '--defense', '4', '--press', '2'],
    ]) {
      const r = await stavka(...argv);
      assert.equal(r.code, 1, argv.join(' '));
      assert.ok(r.err.length > 0, `says why: ${argv.join(' ')}`);
    }
  });
});

describe('--crt FILE replaces the table', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'stavka-crt-'));
  it('reads a valid replacement and uses it', async () => {
    const crt = JSON.parse(
      readFileSync(join(here, '../../games/src/barbarossa-1941/data/crt.provisional.json'), 'utf8'),
    );
    crt.provisional = false;
    crt.id = 'found-printed-table';
    for (const k of Object.keys(crt.rows)) crt.rows[k] = crt.rows[k].map(() => 'DE');
    const file = join(dir, 'printed.json');
    writeFileSync(file, JSON.stringify(crt));
    const j = await json(
      'calc',
      '--game',
      'barbarossa-1941',
      '--attack',
      '4',
      '--defense',
      '4',
      '--crt',
      file,
    );
    assert.deepEqual(j.outcomes, { DE: 1 });
    assert.equal(j.provisional, false);
  });
  it('names the bad field of a broken table', async () => {
    const crt = JSON.parse(readFileSync(join(here, '../../games/src/mars-1942/data/crt.json'), 'utf8'));
    crt.rows['3'][2] = 'ZZ';
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(crt));
    const r = await stavka('calc', '--game', 'mars-1942', '--attack', '4', '--defense', '4', '--crt', file);
    assert.equal(r.code, 1);
    assert.match(r.err, /crt\.rows\.3\[2\]: no result "ZZ"/);
    const missing = await stavka(
      'calc',
      '--game',
      'mars-1942',
      '--attack',
      '4',
      '--defense',
      '4',
      '--crt',
      join(dir, 'nope.json'),
    );
    assert.equal(missing.code, 1);
    assert.match(missing.err, /cannot read --crt/);
  });
});

describe('the stavka binary', () => {
  it('runs as npx stavka from the repository root', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
    const r = spawnSync(
      'npx',
      ['stavka', 'calc', '--game', 'mars-1942', '--attack', '12', '--defense', '4', '--json'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).column, '3:1');
    const bad = spawnSync(
      'npx',
      ['stavka', 'calc', '--game', 'mars-1942', '--attack', '1', '--defense', '9'],
      { cwd: root, encoding: 'utf8' },
    );
    assert.equal(bad.status, 2);
  });
  it('stops quietly when its reader has gone (| head): exit 0, no EPIPE trace', async () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
    const child = spawn(
      process.execPath,
      ['packages/cli/bin/stavka.js', 'calc', '--game', 'mars-1942', '--attack', '12', '--defense', '4'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => {
      err += String(d);
    });
    // The reader closes its end before reading anything, as `head -0` (or a closed pager) does.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, err);
    assert.doesNotMatch(err, /EPIPE/);
  });
});
