/**
 * barbarossa-1941 "Stacking" Limits and "Zones of Control (ZOCs)" (B-15), on small positions.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from './board.ts';
import { position } from './test-positions.ts';

describe('"Stacking" Limits', () => {
  it('Axis: 1 army and 1 motorized korps together, but not 2 armies or 2 motorized korps', () => {
    const p = position({
      pieces: {
        a1: { is: 'ger-army', at: '0505' },
        m1: { is: 'ger-mot-korps', at: '0506' },
        a2: { is: 'ger-army', at: '0507' },
        m2: { is: 'ger-mot-korps', at: '0508' },
      },
    });
    const b = new Board(p.g, p.s);
    assert.equal(b.fits(p.hx('0505'), ['m1']), true);
    assert.equal(b.fits(p.hx('0505'), ['a2']), false);
    assert.equal(b.fits(p.hx('0506'), ['m2']), false);
  });

  it('Axis: 3 units, plus a panzer or SS division attached to a motorized korps or army', () => {
    const p = position({
      pieces: {
        k1: { is: 'ger-inf-korps', at: '0505' },
        k2: { is: 'ger-inf-korps', at: '0505' },
        k3: { is: 'ger-inf-korps', at: '0505' },
        pz: { is: 'ger-pz-div', at: '0506' },
        a1: { is: 'ger-army', at: '0507' },
        k4: { is: 'ger-inf-korps', at: '0507' },
        k5: { is: 'ger-inf-korps', at: '0507' },
        ss: { is: 'ger-ss-div', at: '0508' },
      },
    });
    const b = new Board(p.g, p.s);
    assert.equal(b.fits(p.hx('0505'), ['pz']), false, 'no army or motorized korps to attach to');
    assert.equal(b.fits(p.hx('0507'), ['pz']), true, 'attached to the army: a 4th unit');
    assert.equal(b.fits(p.hx('0507'), ['ss']), true);
    assert.equal(b.fits(p.hx('0507'), ['pz', 'ss']), false, 'only one extra division');
  });

  it('Cavalry, Katyusha and rail conversion units do not count; Rumanian and Hungarian never together', () => {
    const p = position({
      pieces: {
        k1: { is: 'ger-inf-korps', at: '0505' },
        k2: { is: 'ger-inf-korps', at: '0505' },
        k3: { is: 'ger-inf-korps', at: '0505' },
        cav: { is: 'ger-cav-div', at: '0506' },
        rum: { is: 'rum-army', at: '0605' },
        hun: { is: 'hun-korps', at: '0606' },
      },
    });
    const b = new Board(p.g, p.s);
    assert.equal(b.fits(p.hx('0505'), ['cav']), true);
    assert.equal(b.fits(p.hx('0605'), ['hun']), false);
  });

  it('Russian: no more than 2 armies and/or korps, plus the 1.MoscMotRflDiv', () => {
    const p = position({
      pieces: {
        s1: { is: 'sov-army', at: '0505' },
        s2: { is: 'sov-tank-korps', at: '0505' },
        s3: { is: 'sov-army', at: '0506' },
        mm: { is: 'sov-mmrd', at: '0507' },
        kat: { is: 'sov-katyusha', at: '0508' },
      },
    });
    const b = new Board(p.g, p.s);
    assert.equal(b.fits(p.hx('0505'), ['s3']), false);
    assert.equal(b.fits(p.hx('0505'), ['mm']), true);
    assert.equal(b.fits(p.hx('0505'), ['mm', 'kat']), true);
  });

  it('Mountain: only division-level panzer/motorized units, 1 per hex', () => {
    const p = position({
      map: { terrain: { '0505': 'mountain' } },
      pieces: {
        m1: { is: 'ger-mot-korps', at: '0506' },
        pz: { is: 'ger-pz-div', at: '0505' },
        ss: { is: 'ger-ss-div', at: '0507' },
      },
    });
    const b = new Board(p.g, p.s);
    assert.equal(b.fits(p.hx('0505'), ['m1']), false);
    assert.equal(b.fits(p.hx('0505'), ['ss']), false);
  });
});

describe('"Zones of Control (ZOCs)" (B-15)', () => {
  it('armies and korps exert ZOCs, divisions none; Disrupted Russian korps none, Disrupted armies and German korps keep theirs', () => {
    const p = position({
      pieces: {
        army: { is: 'sov-army', at: '0303', disrupted: true },
        tk: { is: 'sov-tank-korps', at: '0307', disrupted: true },
        mm: { is: 'sov-mmrd', at: '0707' },
        gk: { is: 'ger-inf-korps', at: '0903', disrupted: true },
      },
    });
    const b = new Board(p.g, p.s);
    assert.equal(b.inEnemyZoc('axis', p.hx('0304')), true, 'Disrupted army keeps its ZOC');
    assert.equal(b.inEnemyZoc('axis', p.hx('0308')), false, 'Disrupted Russian korps has none (B-15)');
    assert.equal(b.inEnemyZoc('axis', p.hx('0708')), false, 'divisions have no ZOC');
    assert.equal(b.inEnemyZoc('soviet', p.hx('0904')), true, 'Disrupted German korps keeps its ZOC');
    p.g.pieces.tk!.disrupted = false;
    assert.equal(new Board(p.g, p.s).inEnemyZoc('axis', p.hx('0308')), true);
  });

  it('"Only all armies and German korps still have ... ZOCs if Disrupted": a Disrupted Axis allied korps has none', () => {
    const p = position({
      pieces: {
        hun: { is: 'hun-korps', at: '0505', disrupted: true },
        rum: { is: 'rum-army', at: '0208', disrupted: true },
      },
    });
    const b = new Board(p.g, p.s);
    assert.equal(b.inEnemyZoc('soviet', p.hx('0506')), false, 'the Disrupted Hungarian korps: no ZOC');
    assert.deepEqual(b.zocOwners('soviet', p.hx('0506')), []);
    assert.equal(b.inEnemyZoc('soviet', p.hx('0209')), true, 'a Disrupted allied army keeps its ZOC');
    p.g.pieces.hun!.disrupted = false;
    assert.equal(new Board(p.g, p.s).inEnemyZoc('soviet', p.hx('0506')), true, 'UnDisrupted, it has one');
  });
});
