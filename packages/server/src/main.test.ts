/**
 * Where a server says other machines reach it: the addresses a player types for a
 * server on the LAN (and where the seat links of a game created there point).
 */
import assert from 'node:assert/strict';
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, test } from 'node:test';
import { networkUrls } from './main.ts';

const net = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
  ({
    address,
    family,
    internal,
    netmask: family === 'IPv4' ? '255.255.255.0' : 'ffff:ffff:ffff:ffff::',
    mac: '00:00:00:00:00:00',
    cidr: null,
    ...(family === 'IPv6' ? { scopeid: 0 } : {}),
  }) as NetworkInterfaceInfo;

const machine = {
  lo: [net('127.0.0.1', 'IPv4', true), net('::1', 'IPv6', true)],
  eth0: [net('192.168.1.20', 'IPv4'), net('fe80::1', 'IPv6')],
  wlan0: [net('10.0.0.7', 'IPv4')],
  docker0: undefined,
};

describe('the network addresses stavka serve prints', () => {
  test('listening on every address: each IPv4 address of the machine but loopback', () => {
    assert.deepEqual(networkUrls('0.0.0.0', 8080, machine), [
      'http://192.168.1.20:8080',
      'http://10.0.0.7:8080',
    ]);
    assert.deepEqual(networkUrls('::', 9000, machine), ['http://192.168.1.20:9000', 'http://10.0.0.7:9000']);
  });

  test('listening on loopback only: none (no other machine reaches it)', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      assert.deepEqual(networkUrls(host, 8080, machine), [], host);
  });

  test('listening on one address: that one, an IPv6 one in brackets', () => {
    assert.deepEqual(networkUrls('192.168.1.20', 8080, machine), ['http://192.168.1.20:8080']);
    assert.deepEqual(networkUrls('fd00::5', 8080, machine), ['http://[fd00::5]:8080']);
  });

  test('a machine with no network but loopback: none', () => {
    assert.deepEqual(networkUrls('0.0.0.0', 8080, { lo: [net('127.0.0.1', 'IPv4', true)] }), []);
  });
});
