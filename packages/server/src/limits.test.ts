/**
 * What a client may take of the server (issue #22): JSON nesting, per-address quotas,
 * whose X-Forwarded-For is believed, and the settings that set them, checked at start.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-limits.ts';
import { envLimits, envTrustProxy } from './main.ts';
import { clientKey, OpenQuota, proxyEntryProblem, trustedProxy, WindowQuota } from './quotas.ts';

describe('JSON nesting', () => {
  test('counts arrays and objects, the outermost too, and nothing inside strings', () => {
    const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    assert.equal(nestsDeeperThan(nest(MAX_JSON_DEPTH)), false);
    assert.equal(nestsDeeperThan(nest(MAX_JSON_DEPTH + 1)), true);
    assert.equal(nestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 4), false);
    assert.equal(nestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 3), true);
    // Brackets in strings, escaped quotes included, are text.
    assert.equal(nestsDeeperThan(`{"s":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 1), false);
    assert.equal(nestsDeeperThan(`${'['.repeat(6000)}${']'.repeat(6000)}`), true);
  });

  test('a real export (shallow) passes', () => {
    const file = {
      game: 'mars-1942',
      actions: [{ side: 'soviet', action: { type: 'move', unit: 'u1', path: ['1411', '1412'] } }],
      dice: { contributions: { soviet: 'x' } },
    };
    assert.equal(nestsDeeperThan(JSON.stringify(file)), false);
  });
});

describe('per-address quotas', () => {
  test('a window quota gives each address its count, then refuses until the window ends', async () => {
    const q = new WindowQuota(2, 60);
    assert.deepEqual([q.take('a'), q.take('a'), q.take('a'), q.take('b')], [true, true, false, true]);
    assert.equal(q.spent('a'), true);
    assert.equal(q.spent('b'), false);
    await new Promise((r) => setTimeout(r, 70));
    assert.equal(q.spent('a'), false);
    assert.equal(q.take('a'), true);
  });

  test('an IPv4 address counts as itself, an IPv6 one as its /64 (a host holds a whole /64)', () => {
    assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:db8:1:2::9'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:0db8:0001:0002:ffff::1'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientKey('::1'), '0:0:0:0::/64');
    assert.equal(clientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  });

  test('an open quota counts what is open at once, per address', () => {
    const q = new OpenQuota(2);
    assert.deepEqual([q.acquire('a'), q.acquire('a'), q.acquire('a')], [true, true, false]);
    q.release('a');
    assert.equal(q.acquire('a'), true);
    assert.equal(q.acquire('b'), true);
    assert.equal(q.count('a'), 2);
  });

  test('trusted proxies: addresses, networks and names; an IPv4-mapped address judged as IPv4', () => {
    const trusted = trustedProxy(['10.0.0.0/8', '192.0.2.7', 'loopback']);
    for (const a of ['10.1.2.3', '192.0.2.7', '127.0.0.1', '::1', '::ffff:10.9.9.9'])
      assert.ok(trusted(a), a);
    for (const a of ['192.0.2.8', '11.0.0.1', '2001:db8::1', '']) assert.ok(!trusted(a), a);
    assert.equal(trustedProxy(false)('127.0.0.1'), false);
    assert.equal(proxyEntryProblem('10.0.0.0/33') !== null, true);
    assert.equal(proxyEntryProblem('proxy.example') !== null, true);
    assert.equal(proxyEntryProblem('uniquelocal'), null);
  });
});

describe('settings, checked at start', () => {
  test('STAVKA_TRUST_PROXY: a list of addresses, networks or names, or off; anything else says which', () => {
    assert.equal(envTrustProxy({}), false);
    assert.equal(envTrustProxy({ STAVKA_TRUST_PROXY: 'off' }), false);
    assert.deepEqual(envTrustProxy({ STAVKA_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }), [
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    for (const bad of ['true', '1', 'proxy.example', '10.0.0.0/40', '10.0.0.1,'])
      assert.throws(() => envTrustProxy({ STAVKA_TRUST_PROXY: bad }), /STAVKA_TRUST_PROXY/, bad);
  });

  test('quotas: whole numbers in range; a bad one names its setting', () => {
    assert.deepEqual(envLimits({}), {});
    assert.deepEqual(
      envLimits({
        STAVKA_GAMES_PER_HOUR: '5',
        STAVKA_CONNECTIONS_PER_ADDRESS: '100',
        STAVKA_UNJOINED_HOURS: '24',
      }),
      {
        gamesPerWindow: 5,
        gamesWindowMs: 3_600_000,
        connectionsPerAddress: 100,
        unjoinedTtlMs: 24 * 3_600_000,
      },
    );
    for (const [name, bad] of [
      ['STAVKA_GAMES_PER_HOUR', '0'],
      ['STAVKA_GAMES_PER_HOUR', 'lots'],
      ['STAVKA_CONNECTIONS_PER_ADDRESS', '1.5'],
      ['STAVKA_UNJOINED_HOURS', '-1'],
      ['STAVKA_UNJOINED_HOURS', '9000'],
    ] as const) {
      assert.throws(() => envLimits({ [name]: bad }), new RegExp(name), `${name}=${bad}`);
    }
  });
});
