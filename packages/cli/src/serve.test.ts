import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { stavka } from './run-cli.ts';

describe('stavka serve refuses what it cannot serve with, saying why', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-serve-'));

  it('a port that is no port', async () => {
    const r = await stavka('serve', '--port', '99999', '--db', join(dir, 'a.sqlite'));
    assert.equal(r.code, 1);
    assert.match(r.err, /--port: not a port: 99999/);
    assert.equal(existsSync(join(dir, 'a.sqlite')), false, 'nothing created');
  });

  it('a number of threads that is no number, or too many', async () => {
    for (const bad of ['two', '-1', '1.5', '65']) {
      const r = await stavka('serve', '--threads', bad, '--db', join(dir, 't.sqlite'));
      assert.equal(r.code, 1);
      assert.match(
        r.err,
        new RegExp(`--threads: a number of threads from 0 to 64, not ${bad.replace('.', '\\.')}`),
      );
    }
    assert.equal(existsSync(join(dir, 't.sqlite')), false, 'nothing created');
  });

  it('a port another program holds', async () => {
    const other = createServer();
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    const port = (other.address() as { port: number }).port;
    try {
      const r = await stavka(
        'serve',
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--db',
        join(dir, 'b.sqlite'),
      );
      assert.equal(r.code, 1);
      assert.match(r.err, /^stavka: serve: .*EADDRINUSE/);
    } finally {
      other.close();
    }
  });

  it('a bad STAVKA_SQLITE_SYNC, before any file is made', async () => {
    process.env.STAVKA_SQLITE_SYNC = 'sometimes';
    try {
      const r = await stavka('serve', '--port', '0', '--db', join(dir, 'c.sqlite'));
      assert.equal(r.code, 1);
      assert.match(r.err, /STAVKA_SQLITE_SYNC is "normal" or "full", not "sometimes"/);
      assert.equal(existsSync(join(dir, 'c.sqlite')), false);
    } finally {
      delete process.env.STAVKA_SQLITE_SYNC;
    }
  });

  for (const [name, value, said] of [
    ['PORT', 'eighty', /PORT is a port number, not "eighty"/],
    ['STAVKA_RATE_LIMIT', 'lots', /STAVKA_RATE_LIMIT is a number of requests a minute or "off", not "lots"/],
    ['STAVKA_WEBHOOK_PRIVATE', 'yes', /STAVKA_WEBHOOK_PRIVATE is "allow" or "deny", not "yes"/],
    ['STAVKA_THREADS', 'many', /STAVKA_THREADS is a number of threads from 0 to 64, not "many"/],
    [
      'STAVKA_PUBLIC_URL',
      'stavka.example.org',
      /STAVKA_PUBLIC_URL is the http or https address .*, not "stavka\.example\.org"/,
    ],
  ] as const) {
    it(`a bad ${name}, before any file is made`, async () => {
      process.env[name] = value;
      try {
        const r = await stavka('serve', '--db', join(dir, `${name}.sqlite`));
        assert.equal(r.code, 1);
        assert.match(r.err, said);
        assert.equal(existsSync(join(dir, `${name}.sqlite`)), false);
      } finally {
        delete process.env[name];
      }
    });
  }

  it('a database file it cannot create', async () => {
    writeFileSync(join(dir, 'a-file'), 'not a directory');
    const r = await stavka('serve', '--port', '0', '--db', join(dir, 'a-file', 'games.sqlite'));
    assert.equal(r.code, 1);
    assert.match(r.err, /^stavka: serve: .*(ENOTDIR|EEXIST)/);
  });
});
