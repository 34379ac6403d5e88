/**
 * Self-checks of the standard Barbarossa 1941 data (issue #23 acceptance): places on land
 * and where they belong, rivers on hexsides and continuous, each side's rail net joined to
 * its edges, every set-up position legal, the calendar, the orders of battle as the text
 * describes them, and the generators re-creating the committed files byte for byte.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type Axial,
  axialDistance,
  axialNeighbor,
  hexAxial,
  hexNumberOf,
  parseHexNumber,
} from '@stavka/engine';
import {
  type BarbarossaScenario,
  checkSetup,
  compileScenario,
  gridProjection,
  mapGeoSchema,
  standardScenarioFile,
} from './scenario.ts';

const file = standardScenarioFile();
const compiled = compileScenario(file);
if (!compiled.ok) throw new Error(JSON.stringify(compiled.error.slice(0, 5)));
const s: BarbarossaScenario = compiled.value;
const m = s.map;
const grid = gridProjection(mapGeoSchema.parse(file.map.geo));
const hexOfPlace = (name: string): number => {
  const p = s.places.find((q) => q.name === name);
  assert.ok(p, `no place ${name}`);
  return p.hex;
};
const offsetOf = (h: number) => parseHexNumber(hexNumberOf(m, h))!;
const dist = (a: number, b: number) => axialDistance(hexAxial(m, a), hexAxial(m, b));
const neighbours = (h: number): number[] => {
  const out: number[] = [];
  for (let d = 0; d < 6; d++) {
    const j = m.graph.targets[h * 6 + d]!;
    if (j >= 0) out.push(j);
  }
  return out;
};
const unit = (id: string) => {
  const u = s.units[id];
  assert.ok(u, `no unit ${id}`);
  return u;
};

describe('Map: places ("Victory Conditions", "By Sea", "Reinforcements and Replacements")', () => {
  it('has the eleven victory cities with Moscow 3 and Leningrad 2 (B-12)', () => {
    const vp = Object.fromEntries(s.victoryCities.map((p) => [p.name, p.victoryPoints]));
    assert.deepEqual(vp, {
      Moscow: 3,
      Leningrad: 2,
      Warsaw: 1,
      Bucharest: 1,
      Smolensk: 1,
      Kiev: 1,
      Voronezh: 1,
      Odessa: 1,
      Rostov: 1,
      Stalingrad: 1,
      Sevastopol: 1,
    });
  });

  it('puts every victory city, port and factory city on land, in the hex holding its latitude/longitude', () => {
    const latlon = new Map(file.map.places!.map((p) => [p.name, [p.lon!, p.lat!] as const]));
    const checked = s.places.filter((p) => p.victoryPoints > 0 || p.port || p.tankFactory || p.controls);
    assert.ok(checked.length >= 35);
    for (const p of checked) {
      assert.equal(s.land[p.hex], 1, `${p.name} is not on land`);
      if (p.name === 'Taman') continue; // the strait's east side: the next hex east of Kerch (MAP-SOURCES.md)
      const km = grid.kmFromCentre(offsetOf(p.hex), latlon.get(p.name)!);
      // within half a hex: inside its own hex (the circumradius, 23.1 km for 40 km hexes)
      assert.ok(km <= 23.1, `${p.name} is ${km.toFixed(1)} km from its hex centre`);
    }
  });

  it('gives each sea its controlling places: Koenigsberg, Sevastopol, both sides of the Kerch Straits', () => {
    assert.deepEqual(s.seaControl.baltic, [hexOfPlace('Koenigsberg')]);
    assert.deepEqual(s.seaControl.black, [hexOfPlace('Sevastopol')]);
    const kerch = hexOfPlace('Kerch');
    const taman = hexOfPlace('Taman');
    assert.deepEqual([...s.seaControl.azov].sort(), [kerch, taman].sort());
    assert.notEqual(kerch, taman);
    assert.ok(dist(kerch, taman) <= 2, 'the two sides of the strait face each other');
    assert.ok(s.ports.baltic.length >= 5 && s.ports.black.length >= 5 && s.ports.azov.length >= 4);
  });

  it('has Ploesti in Rumania, Grozny and the tank factories in the USSR, Tankograd off the map', () => {
    assert.equal(s.rumania[s.ploesti], 1);
    assert.equal(s.sovietTerritory[s.grozny], 1);
    for (const name of ['Kharkov', 'Leningrad', 'Stalingrad', 'Gorky', 'Moscow']) {
      assert.ok(s.placeAtHex[hexOfPlace(name)]!.tankFactory, `${name} has no tank factory`);
      assert.equal(s.sovietTerritory[hexOfPlace(name)], 1);
    }
    assert.equal(s.soviet.fixed['sov-fac-tankograd'], -1);
  });

  it('has Warsaw and Koenigsberg German, Bucharest Rumanian, Brest Soviet on 22 June 1941', () => {
    assert.equal(s.germany[hexOfPlace('Warsaw')], 1);
    assert.equal(s.germany[hexOfPlace('Koenigsberg')], 1);
    assert.equal(s.rumania[hexOfPlace('Bucharest')], 1);
    assert.equal(s.sovietTerritory[hexOfPlace('Brest-Litovsk')], 1);
    assert.equal(s.sovietTerritory[hexOfPlace('Kishinev')], 1, 'Bessarabia is Soviet');
    assert.equal(s.sovietTerritory[hexOfPlace('Riga')], 1, 'the Baltic states are Soviet');
  });
});

describe('Map: terrain from real geography', () => {
  const terrainNear = (ll: [number, number]) => {
    const o = grid.hexAt(ll);
    return s.terrainOf[(o.col - 1) * m.rows + (o.row - 1)];
  };
  it('has the seas and the four named lakes', () => {
    assert.equal(terrainNear([31.5, 60.85]), 'lake', 'Ladoga');
    assert.equal(terrainNear([35.4, 61.45]), 'lake', 'Onega');
    assert.equal(terrainNear([27.5, 58.75]), 'lake', 'Peipus');
    const ilmen = grid.hexAt([31.3, 58.27]);
    const ilmenHex = (ilmen.col - 1) * m.rows + ilmen.row - 1;
    assert.ok(
      [ilmenHex, ...neighbours(ilmenHex)].some((h) => s.terrainOf[h] === 'lake'),
      'Ilmen',
    );
    assert.equal(terrainNear([32.0, 43.5]), 'sea', 'Black Sea');
    assert.equal(terrainNear([36.5, 46.2]), 'sea', 'Sea of Azov');
    assert.equal(terrainNear([20.0, 57.0]), 'sea', 'Baltic');
  });
  it('has the Pripyat marshes, the Carpathians, the Crimean mountains and the Caucasus', () => {
    assert.match(terrainNear([27.0, 52.0])!, /^swamp/);
    assert.equal(terrainNear([24.5, 47.9]), 'mountain');
    assert.equal(terrainNear([34.3, 44.75]), 'mountain');
    assert.equal(terrainNear([43.0, 43.2]), 'mountain');
    assert.equal(terrainNear([33.0, 53.3]), 'forest', 'the Bryansk forests');
  });
});

describe('Map: rivers on hexsides ("Cross-River")', () => {
  const riverGroups = file.map.hexsides!.filter((g) => g.feature === 'river');

  it('has the rivers the issue names', () => {
    const names = new Set(riverGroups.map((g) => g.name));
    for (const r of [
      'Western Dvina',
      'Dnieper',
      'Berezina',
      'Pripyat',
      'Desna',
      'Bug',
      'Dniester',
      'Prut',
      'Don',
      'Northern Donets',
      'Volga',
      'Oka',
      'Volkhov',
      'Lovat',
      'Luga',
    ])
      assert.ok(names.has(r), `no ${r}`);
  });

  it('runs every river course as one continuous chain of hexsides', () => {
    // A hexside's two corners: each is shared with one of the two common neighbours.
    const key = (a: Axial) => `${a.q},${a.r}`;
    const cornerKeys = (h1: string, h2: string): [string, string] => {
      const a = hexAxial(m, (Number(h1.slice(0, 2)) - 1) * m.rows + Number(h1.slice(2)) - 1);
      const b = hexAxial(m, (Number(h2.slice(0, 2)) - 1) * m.rows + Number(h2.slice(2)) - 1);
      const common: string[] = [];
      for (let d = 0; d < 6; d++) {
        const c = axialNeighbor(a, d);
        if (axialDistance(c, b) === 1) common.push([key(a), key(b), key(c)].sort().join('|'));
      }
      assert.equal(common.length, 2);
      return [common[0]!, common[1]!];
    };
    for (const g of riverGroups) {
      const degree = new Map<string, number>();
      const adj = new Map<string, string[]>();
      for (const [h1, h2] of g.between) {
        const [c1, c2] = cornerKeys(h1, h2);
        degree.set(c1, (degree.get(c1) ?? 0) + 1);
        degree.set(c2, (degree.get(c2) ?? 0) + 1);
        adj.set(c1, [...(adj.get(c1) ?? []), c2]);
        adj.set(c2, [...(adj.get(c2) ?? []), c1]);
      }
      const start = [...adj.keys()][0]!;
      const seen = new Set([start]);
      const stack = [start];
      while (stack.length) {
        for (const w of adj.get(stack.pop()!) ?? []) {
          if (seen.has(w)) continue;
          seen.add(w);
          stack.push(w);
        }
      }
      assert.equal(seen.size, adj.size, `${g.name} is broken into pieces`);
      assert.ok([...degree.values()].filter((d) => d % 2 === 1).length <= 2, `${g.name} branches`);
    }
  });

  it('sets the river bit on both hexes of every river hexside', () => {
    let sides = 0;
    for (let h = 0; h < m.graph.nodeCount; h++)
      for (let d = 0; d < 6; d++) if ((m.sideFeatures[h * 6 + d]! & s.riverBit) !== 0) sides++;
    assert.equal(sides % 2, 0);
    assert.ok(sides / 2 >= 500);
  });
});

describe('Map: railways ("Strategic Movement", "Supply")', () => {
  function components(bit: number): number[][] {
    const seen = new Set<number>();
    const out: number[][] = [];
    for (let h = 0; h < m.graph.nodeCount; h++) {
      if (seen.has(h) || !m.links.slice(h * 6, h * 6 + 6).some((x) => (x & bit) !== 0)) continue;
      const comp = [h];
      seen.add(h);
      for (let i = 0; i < comp.length; i++) {
        const u = comp[i]!;
        for (let d = 0; d < 6; d++) {
          const w = m.graph.targets[u * 6 + d]!;
          if (w >= 0 && (m.links[u * 6 + d]! & bit) !== 0 && !seen.has(w)) {
            seen.add(w);
            comp.push(w);
          }
        }
      }
      out.push(comp);
    }
    return out;
  }
  it('joins every part of the Russian-gauge net to a northeastern, eastern or southeastern edge', () => {
    const edge = new Set(s.sovietSupplyEdge);
    const comps = components(s.railBit);
    assert.ok(comps.length >= 1);
    for (const c of comps)
      assert.ok(
        c.some((h) => edge.has(h)),
        `rail ${hexNumberOf(m, c[0]!)}.. reaches no edge`,
      );
    assert.ok(comps[0]!.length > 300, 'one main Soviet net');
  });
  it('joins every part of the German (standard-gauge) net to the Axis western edge', () => {
    const edge = new Set(s.edges['axis-west']);
    for (const c of components(s.germanRailBit))
      assert.ok(
        c.some((h) => edge.has(h)),
        `rail ${hexNumberOf(m, c[0]!)}.. reaches no edge`,
      );
  });
  it('runs Russian gauge only inside the 1941 USSR, standard gauge only outside (one link across the border)', () => {
    for (let h = 0; h < m.graph.nodeCount; h++) {
      for (let d = 0; d < 6; d++) {
        const w = m.graph.targets[h * 6 + d]!;
        if (w < 0) continue;
        if ((m.links[h * 6 + d]! & s.germanRailBit) !== 0)
          assert.ok(s.sovietTerritory[h] !== 1 && s.sovietTerritory[w] !== 1);
        if ((m.links[h * 6 + d]! & s.railBit) !== 0)
          assert.ok(s.sovietTerritory[h] === 1 || s.sovietTerritory[w] === 1);
        if ((m.links[h * 6 + d]! & (s.railBit | s.germanRailBit | s.roadBit | s.brownRoadBit)) !== 0)
          assert.ok(s.land[h] === 1 && s.land[w] === 1, `a line runs over water at ${hexNumberOf(m, h)}`);
      }
    }
  });
  it('links Moscow by rail to Leningrad, Kiev, Kharkov, Rostov, Stalingrad and Brest', () => {
    const comp = components(s.railBit).find((c) => c.includes(hexOfPlace('Moscow')))!;
    for (const name of [
      'Leningrad',
      'Kiev',
      'Kharkov',
      'Rostov',
      'Stalingrad',
      'Brest-Litovsk',
      'Sevastopol',
      'Grozny',
    ])
      assert.ok(comp.includes(hexOfPlace(name)), `${name} is not on Moscow's net`);
  });
});

describe('Map: border, countries, edges and boundaries', () => {
  it('marks the 22 June 1941 border on hexsides between Soviet and other land', () => {
    for (let h = 0; h < m.graph.nodeCount; h++)
      for (let d = 0; d < 6; d++) {
        if ((m.sideFeatures[h * 6 + d]! & s.borderBit) === 0) continue;
        const w = m.graph.targets[h * 6 + d]!;
        assert.notEqual(s.sovietTerritory[h], s.sovietTerritory[w]);
      }
  });
  it('has Russian supply edges of Soviet land hexes on the map rim, and Siberia on the east edge', () => {
    for (const id of ['soviet-northeast', 'soviet-east', 'soviet-southeast', 'siberia']) {
      assert.ok(s.edges[id]!.length > 0);
      for (const h of s.edges[id]!) {
        assert.equal(s.sovietTerritory[h], 1);
        assert.equal(s.land[h], 1);
        assert.ok(neighbours(h).length < 6, `${hexNumberOf(m, h)} is not on the rim`);
      }
    }
  });
  it('puts Leningrad in Army Group North, Moscow in Centre, Kiev and Rostov in South; Axis allies stay south (B-17)', () => {
    assert.equal(s.armyGroupOf[hexOfPlace('Leningrad')], 0);
    assert.equal(s.armyGroupOf[hexOfPlace('Moscow')], 1);
    assert.equal(s.armyGroupOf[hexOfPlace('Kiev')], 2);
    assert.equal(s.armyGroupOf[hexOfPlace('Rostov')], 2);
    assert.equal(s.theSouth[hexOfPlace('Kiev')], 1);
    assert.equal(s.theSouth[hexOfPlace('Minsk')], 0);
  });
});

describe('Orders of battle', () => {
  const all = Object.values(s.units);
  it('has the 62 face-down straight rifle armies, each with its real (hidden) value, assumed 2', () => {
    assert.equal(s.soviet.rifleArmyPool.length, 62);
    assert.equal(new Set(s.soviet.rifleArmyPool).size, 62);
    for (const id of s.soviet.rifleArmyPool) {
      const u = unit(id);
      assert.ok(u.tags.includes('hidden'));
      assert.equal(u.factors.movement, 3, 'Russian rifle armies move 3 (B-2)');
    }
    assert.equal(s.hiddenArmyAssumedFactors, 2);
    const mean = s.soviet.rifleArmyPool.reduce((t, id) => t + unit(id).factors.attack!, 0) / 62;
    assert.ok(mean > 1.5 && mean < 2.6, `mean rifle army attack ${mean}`);
  });
  it('has six 3-2 and eight 2-1 tank korps, and the hidden choice of ten 2-1s or eight 4-3s and two 3-2s', () => {
    const v = (id: string) => `${unit(id).factors.attack}-${unit(id).factors.defense}`;
    const count = (ids: readonly string[]) => ids.map(v).sort().join(' ');
    assert.equal(count(s.soviet.tankKorps), `${'2-1 '.repeat(8)}${'3-2 '.repeat(6)}`.trim());
    assert.equal(count(s.soviet.hiddenTankGroups.a), `${'2-1 '.repeat(10)}`.trim());
    assert.equal(count(s.soviet.hiddenTankGroups.b), `${'3-2 '.repeat(2)}${'4-3 '.repeat(8)}`.trim());
    for (const id of [...s.soviet.tankKorps, ...s.soviet.hiddenTankGroups.b])
      assert.equal(unit(id).factors.movement, 4);
  });
  it('has the parachute korps (five at the start, a second 5th on turn 8: B-16), 3 Katyushas, railway guns, 1 MMRD, 4 Siberians', () => {
    assert.equal(all.filter((u) => u.type === 'parachute').length, 6);
    assert.equal(all.filter((u) => u.type === 'katyusha').length, 3);
    assert.ok(all.filter((u) => u.type === 'railway-gun').length >= 1);
    assert.equal(s.siberianReserve.units.length, 4);
    for (const id of s.siberianReserve.units) assert.equal(unit(id).type, 'shock');
    assert.ok(unit('sov-1mmrd'));
    assert.equal(all.filter((u) => u.tags.includes('interceptor')).length, 2, 'the 6th and 7th PVO korps');
  });
  it('has a pool of weak divisions per side for the DE survivor, and tags the Moscow motor rifle division and the blind groups', () => {
    for (const side of ['axis', 'soviet'] as const) {
      const weak = all.filter((u) => u.side === side && u.tags.includes('weak-division'));
      assert.ok(weak.length >= 8, side);
      for (const u of weak)
        assert.deepEqual([u.size, u.factors.attack, u.factors.defense], ['division', 1, 1]);
      for (const u of weak)
        assert.equal(s.standard.axis[u.id] ?? s.standard.soviet[u.id], undefined, 'off the map at the start');
    }
    assert.ok(unit('sov-1mmrd').tags.includes('moscow-motor-rifle'));
    for (const id of s.soviet.hiddenTankGroups.a) assert.ok(unit(id).tags.includes('blind-group-a'));
    for (const id of s.soviet.hiddenTankGroups.b) assert.ok(unit(id).tags.includes('blind-group-b'));
  });
  it('gives the German armies of North, Centre, South and Rumania a strong and a weak side', () => {
    for (const n of ['16', '18', '4', '9', '6', '17', '11']) {
      const u = unit(`ger-${n}a`);
      assert.ok(u.factors.weakAttack! < u.factors.attack! && u.factors.weakDefense! < u.factors.defense!);
      assert.equal(u.factors.movement, 3);
    }
  });
  it('has exactly 3 "Rm" units, the 8th Fliegerkorps at +3, panzer divisions of 2 factors moving 6', () => {
    assert.equal(all.filter((u) => u.tags.includes('rm')).length, 3);
    assert.equal(unit('ger-fk-viii').factors.shifts, 3);
    for (const u of all.filter((x) => x.type === 'air' && x.side === 'axis' && x.id !== 'ger-fk-viii'))
      assert.equal(u.factors.shifts, 2);
    for (const u of all.filter((x) => x.type === 'panzer')) {
      assert.equal(u.factors.attack, 2);
      assert.equal(u.factors.movement, 6);
    }
    for (const u of all.filter((x) => x.side === 'axis' && x.nationality === 'german' && x.size === 'korps'))
      assert.equal(u.factors.movement, u.type === 'motorized' ? 5 : 4);
  });
  it('has Rumanian and Hungarian units, and German reinforcements with their month of entry', () => {
    assert.ok(all.some((u) => u.nationality === 'rumanian'));
    assert.ok(all.some((u) => u.nationality === 'hungarian'));
    for (const u of all.filter((x) => x.tags.includes('reinforcement')))
      assert.ok(
        s.reinforcements.some((r) => r.units.includes(u.id)),
        `${u.id} never arrives`,
      );
    assert.deepEqual(s.panzerReplacements, { factorsPerMonth: 2, fromTurn: 4 });
    assert.equal(s.turns[3]!.label, 'August I 1941');
  });
  it('writes English ordinals in every unit name: 1st, 2nd, 3rd, 11th-13th, 21st, 22nd, 23rd (issue #42)', () => {
    const bad = all.flatMap((u) =>
      [...u.name.matchAll(/\b(\d+)(st|nd|rd|th)\b/g)]
        .filter(([, n, suffix]) => {
          const k = Number(n);
          const want = k % 100 >= 11 && k % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
          return suffix !== want;
        })
        .map(([w]) => `${u.id}: ${w}`),
    );
    assert.deepEqual(bad, []);
    assert.match(unit('sov-mk-22').name, /^22nd Mechanized Corps/);
    assert.match(unit('sov-mk-21').name, /^21st Mechanized Corps/);
    assert.match(unit('sov-mk-12').name, /^12th Mechanized Corps/);
  });
  it('gives every German motorized korps its motorized infantry (OOB-SOURCES: 4-3 for its ID (mot.) and korps troops); the 60 ID (mot.) with Panzergruppe 1', () => {
    const korps = all.filter(
      (u) => u.nationality === 'german' && u.type === 'motorized' && u.size === 'korps',
    );
    assert.equal(korps.length, 10);
    for (const k of korps) assert.match(k.name, /: .*(ID \(mot\.\)|IR "Grossdeutschland")/, k.id);
    assert.match(unit('ger-xxxxviii-mot').name, /60 ID \(mot\.\)/);
  });
  it("counts no headquarters twice: the Siberian shock armies are not the 2nd-4th Shock, which were the pool's 26th (2nd formation), 60th and 27th Armies renamed", () => {
    for (const id of ['sov-26-iia', 'sov-60a', 'sov-27a']) assert.ok(s.soviet.rifleArmyPool.includes(id), id);
    for (const id of s.siberianReserve.units) {
      assert.doesNotMatch(unit(id).name, /\b(2nd|3rd|4th) Shock\b/, id);
      assert.deepEqual(
        [unit(id).factors.attack, unit(id).factors.defense, unit(id).factors.movement],
        [5, 4, 3],
      );
    }
    assert.ok(
      !s.soviet.rifleArmyPool.some((id) => /19th Army \(2nd/.test(unit(id).name)),
      'the 1st Shock was the reserve 19th',
    );
  });
});

describe('Setup', () => {
  const std = { ...s.standard.axis, ...s.standard.soviet };
  const at = new Map<number, string[]>();
  for (const [id, h] of Object.entries(std)) at.set(h, [...(at.get(h) ?? []), id]);

  it('places every Axis unit of the set-up where the rules allow (compile checks each; here the distances)', () => {
    for (const [id, h] of Object.entries(s.standard.axis)) assert.ok(s.axisSetupHexes[id]!.includes(h), id);
    for (const [id, h] of Object.entries(s.standard.axis)) {
      const u = unit(id);
      if (u.size === 'army' && u.nationality === 'german')
        assert.equal(h, s.positions[`arm-${id.slice(4, -1)}`]!.hex);
      if (u.tags.includes('rm')) assert.equal(s.rumania[h], 1);
      assert.equal(s.sovietTerritory[h], 0);
    }
  });

  it('keeps the Axis stacking limits (1 army, 1 motorized korps, 3 units plus an attached division)', () => {
    for (const [h, ids] of at) {
      const axis = ids
        .map(unit)
        .filter((u) => u.side === 'axis' && u.type !== 'air' && u.type !== 'rail-conversion');
      if (axis.length === 0) continue;
      assert.ok(axis.filter((u) => u.size === 'army').length <= 1, hexNumberOf(m, h));
      assert.ok(
        axis.filter((u) => u.type === 'motorized' && u.size === 'korps').length <= 1,
        hexNumberOf(m, h),
      );
      const extra = axis.some((u) => u.size === 'army' || (u.type === 'motorized' && u.size === 'korps'))
        ? 1
        : 0;
      assert.ok(axis.length <= 3 + extra, `${hexNumberOf(m, h)}: ${axis.map((u) => u.id)}`);
      assert.ok(
        !(axis.some((u) => u.nationality === 'rumanian') && axis.some((u) => u.nationality === 'hungarian')),
      );
    }
  });

  it('keeps the Russian stacking limit (2 armies or korps, plus the 1st Moscow MRD)', () => {
    for (const [h, ids] of at) {
      const big = ids
        .map(unit)
        .filter((u) => u.side === 'soviet' && ['army', 'korps'].includes(u.size) && u.type !== 'air');
      assert.ok(big.length <= 2, `${hexNumberOf(m, h)}: ${big.map((u) => u.id)}`);
    }
  });

  it('draws 42 armies, puts 21 on the board and covers every border hex with Rumania or Germany by 10 of them and 10 tank korps', () => {
    // The 42 are drawn by each game's own dice at set-up (standard-setup.ts); the board's 21 name places only.
    const onBoard = s.soviet.rifleArmyPool.filter((id) => s.standard.soviet[id] !== undefined);
    assert.equal(s.soviet.draw, 42);
    assert.equal(onBoard.length, 21);
    const coverers = Object.entries(s.standard.soviet).filter(([id, h]) => {
      const u = unit(id);
      return (
        (u.tags.includes('hidden') || s.soviet.tankKorps.includes(id)) &&
        s.sovietBorderHexes.some((b) => dist(b, h) <= 1)
      );
    });
    const armies = coverers.filter(([id]) => unit(id).size === 'army');
    const tanks = coverers.filter(([id]) => unit(id).type === 'tank');
    assert.ok(armies.length >= 10 && tanks.length >= 10);
    for (const b of s.sovietBorderHexes)
      assert.ok(
        coverers.some(([, h]) => dist(b, h) <= 1),
        `border hex ${hexNumberOf(m, b)} is not covered`,
      );
  });

  it('puts the fixed units where the text says: parachute korps, the Katyusha and the 1st Moscow MRD', () => {
    const expect: Record<string, string> = {
      'sov-para-1': 'Leningrad',
      'sov-para-3': 'Minsk',
      'sov-para-5': 'Kiev',
      'sov-para-2': 'Odessa',
      'sov-para-4': 'Moscow',
      'sov-kat-1': 'Moscow',
      'sov-1mmrd': 'Moscow',
    };
    for (const [id, place] of Object.entries(expect)) {
      assert.equal(s.soviet.fixed[id], hexOfPlace(place));
      assert.equal(s.standard.soviet[id], hexOfPlace(place));
    }
  });

  it('puts the extra units one on each city or fortress back from the border', () => {
    const extras = Object.entries(s.standard.soviet).filter(([id, h]) => {
      const u = unit(id);
      return (u.size === 'army' || u.type === 'tank') && !s.sovietBorderHexes.some((b) => dist(b, h) <= 1);
    });
    assert.ok(extras.length >= 20);
    const cities = new Set(s.soviet.extraArmyHexes);
    for (const [id, h] of extras) assert.ok(cities.has(h), `${id} is not on a city`);
  });

  it('passes checkSetup (the set-up checker: placements, stacking, the draw, border cover, extras on cities)', () => {
    assert.deepEqual(checkSetup(s, s.standard), []);
  });

  it('checkSetup names what is wrong with a broken set-up', () => {
    // take away every unit covering the northernmost border hex
    const b0 = s.sovietBorderHexes[0]!;
    const soviet: Record<string, number> = { ...s.standard.soviet };
    for (const [id, h] of Object.entries(soviet)) if (dist(h, b0) <= 1) delete soviet[id];
    const axis = { ...s.standard.axis, 'ger-18a': hexOfPlace('Warsaw') };
    delete (axis as Record<string, number>)['ger-1pz'];
    const sovietDraw = s.soviet.rifleArmyPool.slice(0, s.soviet.draw - 1);
    const errors = checkSetup(s, { ...s.standard, axis, soviet, sovietDraw });
    const got = errors.map((e) => `${e.code} ${e.path}`);
    assert.ok(got.includes('setup/illegal-position setup.axis.ger-18a'), got.join('; '));
    assert.ok(got.includes('setup/missing-position setup.axis.ger-1pz'), got.join('; '));
    assert.ok(got.includes('setup/draw setup.sovietDraw'), got.join('; '));
    assert.ok(got.includes(`setup/border-uncovered hex ${hexNumberOf(m, b0)}`), got.join('; '));
    assert.ok(got.includes('setup/on-board setup.soviet'), got.join('; '));
  });

  it('checkSetup refuses three Soviet armies in a hex and an Axis unit on Soviet ground', () => {
    const armies = s.soviet.rifleArmyPool.filter((id) => s.standard.soviet[id] !== undefined).slice(0, 3);
    const h = hexOfPlace('Kharkov');
    const soviet = { ...s.standard.soviet, [armies[0]!]: h, [armies[1]!]: h, [armies[2]!]: h };
    const axis = { ...s.standard.axis, 'ger-4a': hexOfPlace('Minsk') };
    const got = checkSetup(s, { ...s.standard, axis, soviet }).map((e) => `${e.code} ${e.path}`);
    assert.ok(got.includes(`setup/stacking hex ${hexNumberOf(m, h)}`), got.join('; '));
    assert.ok(got.includes('setup/illegal-position setup.axis.ger-4a'), got.join('; '));
  });

  it('has 5 railheads on German rail at the border', () => {
    assert.equal(s.railheads.length, 5);
    for (const h of s.railheads) assert.equal(s.sovietTerritory[h], 0);
  });
});

describe('Calendar and weather (B-11)', () => {
  it('runs 15 half-month turns from June II 1941 to January II 1942', () => {
    assert.equal(s.turns.length, 15);
    assert.equal(s.turns[0]!.label, 'June II 1941');
    assert.equal(s.turns[14]!.label, 'January II 1942');
  });
  it('follows the historical schedule: summer Good, the October rasputitsa, November frost, December snow', () => {
    const w = s.turns.map((t) => t.weather);
    assert.deepEqual(w.slice(0, 7), Array(7).fill('good'));
    assert.equal(w[7], 'light-mud');
    assert.equal(w[8], 'mud');
    assert.equal(w[10], 'hard-frost');
    assert.deepEqual(w.slice(11), Array(4).fill('snow'));
  });
  it('weights the optional weather roll around the historical state of each turn', () => {
    for (const t of s.turns) {
      assert.equal(t.weatherRoll.length, 6);
      assert.ok(t.weatherRoll.filter((x) => x === t.weather).length >= 2, t.label);
    }
  });
  it('brings the Siberians safely from December (the last one then too late)', () => {
    assert.ok(s.siberianReserve.safeFromTurn >= 12 && s.siberianReserve.safeFromTurn <= 13);
  });
});

describe('Tables (B-1 and the ground-and-air table)', () => {
  it('marks both tables provisional', () => {
    assert.ok(s.crt.provisional);
    assert.ok(s.airTable.provisional);
  });
  it('uses the text\'s air results: D, D*, AA, Shot Down, Intercepted, "-"', () => {
    assert.deepEqual(Object.keys(s.airTable.results).sort(), ['-', 'AA', 'D', 'D*', 'I', 'SD']);
  });
  it('never gets better for the air unit on a higher roll in any column', () => {
    const order = file.airTable.order;
    const cols = s.airTable.columns.length;
    for (let c = 0; c < cols; c++)
      for (let roll = 2; roll <= 6; roll++) {
        const prev = order.indexOf(s.airTable.cells[(roll - 2) * cols + c]!);
        const cur = order.indexOf(s.airTable.cells[(roll - 1) * cols + c]!);
        assert.ok(cur <= prev, `column ${s.airTable.columns[c]} roll ${roll}`);
      }
  });
});

describe('Generators (the committed data is what the scripts make)', () => {
  const scripts = join(dirname(fileURLToPath(import.meta.url)), '../../scripts');
  for (const script of ['gen-barbarossa-map.ts', 'gen-barbarossa-scenario.ts']) {
    it(`${script} --check re-creates the committed files byte for byte`, () => {
      execFileSync(process.execPath, ['--import', 'tsx', join(scripts, script), '--check'], {
        stdio: 'pipe',
      });
    });
  }
});
