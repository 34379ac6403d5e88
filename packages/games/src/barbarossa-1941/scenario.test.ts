/**
 * The scenario file and its checker (issue #23 acceptance): the standard scenario is
 * accepted; a broken copy is refused with every bad field named; the 42-of-62 draw
 * ("Sorting Russian Arrays") is seeded and reproducible.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rngFromSeed, sameRng } from '@stavka/engine';
import { compileRulesScenario, rulesScenarioFromCompiled } from './rules-scenario.ts';
import { scenarioSchema } from './scenario/schema.ts';
import {
  checkScenario,
  compileParsedScenario,
  compileScenario,
  drawArmies,
  type ScenarioFile,
  standardScenarioFile,
  standardScenarioParsed,
} from './scenario.ts';

const paths = (file: unknown) => checkScenario(file).map((e) => e.path);

describe('checkScenario (stavka validate)', () => {
  it('accepts the standard scenario', () => {
    assert.deepEqual(checkScenario(standardScenarioFile()), []);
    const s = compileScenario(standardScenarioFile());
    assert.ok(s.ok);
    assert.equal(s.value.turns.length, 15);
  });

  it("reads the shipped files unchanged through the file's schema (so they are taken as they are, unparsed)", () => {
    const parsed = scenarioSchema.safeParse(standardScenarioFile());
    assert.ok(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3)));
    // No field added (a default), dropped (a key the schema does not know) or altered.
    assert.deepStrictEqual(parsed.data, standardScenarioFile());
    assert.deepStrictEqual(standardScenarioParsed(), parsed.data);
  });

  it('compiles the standard scenario parsed once as it compiles the file (the map not parsed twice)', () => {
    const once = compileParsedScenario(standardScenarioParsed());
    const file = compileScenario(standardScenarioFile());
    assert.ok(once.ok && file.ok);
    assert.deepEqual(once.value, file.value);
  });

  it('refuses a file whose fields have the wrong shape, naming each field', () => {
    const f: ScenarioFile = standardScenarioFile();
    Object.assign(f, { game: 'barbarossa-1942' });
    Object.assign(f.turns[2]!, { weather: 'rain' });
    f.turns[4]!.weatherRoll = ['good'];
    delete f.units[0]!.factors.attack;
    Object.assign(f.units[1]!, { side: 'german' });
    f.setup.soviet.draw = -1;
    const got = paths(f);
    for (const p of [
      'game',
      'turns[2].weather',
      'turns[4].weatherRoll',
      'units[1].side',
      'setup.soviet.draw',
    ])
      assert.ok(got.includes(p), `expected an error at ${p}, got ${got.join(', ')}`);
  });

  it('refuses a file that is well formed but wrong, naming each field', () => {
    const f = standardScenarioFile();
    const units = f.units;
    delete units[0]!.factors.attack; // no attack factor
    f.places.Atlantis = { victoryPoints: 1 }; // no such place
    f.setup.soviet.rifleArmyPool[0] = 'sov-nonexistent-a';
    const firstAxis = Object.keys(f.setup.standard.axis)[0]!;
    f.setup.standard.axis[firstAxis] = f.map.places!.find((p) => p.name === 'Moscow')!.hex; // far from its position
    const firstSoviet = Object.keys(f.setup.standard.soviet)[0]!;
    f.setup.standard.soviet[firstSoviet] = f.map.places!.find((p) => p.name === 'Warsaw')!.hex; // not Soviet
    f.reinforcements[0]!.at = 'Atlantis';
    f.turns[0]!.turn = 9;
    f.airTable.rows['3'] = ['D'];
    f.crt.rows['1'] = ['BK'];
    const errors = checkScenario(f);
    const got = errors.map((e) => e.path);
    for (const p of [
      'units[0].factors.attack',
      'places.Atlantis',
      'setup.soviet.rifleArmyPool[0]',
      `setup.standard.axis.${firstAxis}`,
      `setup.standard.soviet.${firstSoviet}`,
      'reinforcements[0].at',
      'airTable.rows.3',
      'crt.rows.1',
    ])
      assert.ok(got.includes(p), `expected an error at ${p}, got ${got.join(', ')}`);
    assert.ok(
      got.some((p) => p.startsWith('turns[')),
      'the turn numbering is refused',
    );
    for (const e of errors) {
      assert.match(e.code, /^setup\//);
      assert.ok(e.message.length > 0);
    }
  });

  it('refuses a map the engine cannot compile, naming the map field', () => {
    const f = standardScenarioFile();
    f.map.hexsides![0]!.between[0] = ['0101', '0909'];
    assert.deepEqual(paths(f), ['map.hexsides[0].between[0]']);
  });

  it('refuses a map without the zones and edges the rules need', () => {
    const f = standardScenarioFile();
    f.map.zones = f.map.zones!.filter((z) => z.id !== 'ussr-1941');
    f.map.edges = f.map.edges!.filter((e) => e.id !== 'siberia');
    const errors = checkScenario(f);
    assert.ok(errors.some((e) => e.code === 'setup/missing-zone' && e.message.includes('ussr-1941')));
    assert.ok(errors.some((e) => e.code === 'setup/missing-edge' && e.message.includes('siberia')));
  });
});

describe('One terrain vocabulary (scenario/vocabulary.ts TERRAINS) for the file, the data and the rules', () => {
  const allowed = 'a terrain is one of clear, forest, swamp, swamp-forest, hills, mountain, lake, sea';

  it('reads the standard map\'s mountains under the rules\' own word, "mountain"', () => {
    const s = compileScenario(standardScenarioFile());
    assert.ok(s.ok);
    assert.ok(s.value.terrainOf.includes('mountain'));
    const rules = rulesScenarioFromCompiled('vocabulary-test', s.value);
    assert.deepEqual(rules.terrain, s.value.terrainOf);
  });

  it('refuses a scenario file that spells it "mountains", naming the hex and the allowed words', () => {
    const f = standardScenarioFile();
    const terrain = f.map.terrain!;
    const hexes = Object.keys(terrain).filter((h) => terrain[h] === 'mountain');
    assert.ok(hexes.length > 1);
    for (const h of hexes) terrain[h] = 'mountains';
    const errors = checkScenario(f);
    assert.deepEqual(errors, [
      {
        code: 'setup/terrain',
        path: `map.terrain.${hexes[0]}`,
        message: `unknown terrain "mountains": ${allowed}`,
      },
    ]);
    assert.equal(compileScenario(f).ok, false);
  });

  it('refuses an unknown default terrain', () => {
    const f = standardScenarioFile();
    f.map.defaultTerrain = 'plains';
    assert.deepEqual(checkScenario(f), [
      { code: 'setup/terrain', path: 'map.defaultTerrain', message: `unknown terrain "plains": ${allowed}` },
    ]);
  });

  it('refuses a hexside feature or a connection kind not in the vocabulary, naming the field and the words', () => {
    const f = standardScenarioFile();
    const rail = f.map.connections!.findIndex((c) => c.kind === 'rail');
    f.map.connections![rail]!.kind = 'railway';
    const river = f.map.hexsides!.findIndex((g) => g.feature === 'river');
    f.map.hexsides![river]!.feature = 'rivers';
    assert.deepEqual(checkScenario(f), [
      {
        code: 'setup/hexside-feature',
        path: `map.hexsides[${river}].feature`,
        message: 'unknown hexside feature "rivers": a hexside feature is one of river, border-1941, sea',
      },
      {
        code: 'setup/connection',
        path: `map.connections[${rail}].kind`,
        message: 'unknown connection "railway": a connection is one of rail, rail-german, road, brown-road',
      },
    ]);
  });

  it('refuses a small position with the other spelling too, not reading it as clear', () => {
    const r = compileRulesScenario({
      key: 'vocabulary-position',
      map: { kind: 'hex', columns: 3, rows: 3, defaultTerrain: 'clear', terrain: { '0202': 'mountains' } },
      units: [],
      turns: [{ label: 'Jun II 41', weather: 'good' }],
    });
    assert.ok(!r.ok);
    assert.deepEqual(r.error, [
      { code: 'setup/terrain', path: 'map.terrain.0202', message: `unknown terrain "mountains": ${allowed}` },
    ]);
  });
});

describe('Setup: Sorting Russian Arrays (the seeded 42-of-62 draw)', () => {
  const pool = standardScenarioFile().setup.soviet.rifleArmyPool;

  it('draws 42 different armies of the 62 and removes the other 20', () => {
    const d = drawArmies(pool, 42, rngFromSeed(1941));
    assert.equal(pool.length, 62);
    assert.equal(d.drawn.length, 42);
    assert.equal(new Set(d.drawn).size, 42);
    assert.equal(d.removed.length, 20);
    assert.deepEqual([...d.drawn, ...d.removed].sort(), [...pool].sort());
  });

  it('is reproducible from the seed and advances the dice', () => {
    const a = drawArmies(pool, 42, rngFromSeed('game-7'));
    const b = drawArmies(pool, 42, rngFromSeed('game-7'));
    assert.deepEqual(a.drawn, b.drawn);
    assert.ok(sameRng(a.rng, b.rng));
    assert.ok(!sameRng(a.rng, rngFromSeed('game-7')));
  });

  it('differs between seeds', () => {
    const a = drawArmies(pool, 42, rngFromSeed(1));
    const b = drawArmies(pool, 42, rngFromSeed(2));
    assert.notDeepEqual(a.drawn, b.drawn);
  });

  it('does not change the pool it is given', () => {
    const copy = [...pool];
    drawArmies(pool, 42, rngFromSeed(3));
    assert.deepEqual(pool, copy);
  });

  it("needs no historical draw in the file: each game draws its own (issue #41); an old file's draw is still checked", () => {
    const none = standardScenarioFile();
    delete (none.setup.standard as { sovietDraw?: unknown }).sovietDraw;
    assert.deepEqual(checkScenario(none), []);
    const short = standardScenarioFile();
    const old = (short.setup.standard as { sovietDraw?: string[] }).sovietDraw ?? pool.slice(0, 42);
    (short.setup.standard as { sovietDraw?: string[] }).sovietDraw = old.slice(1);
    assert.ok(paths(short).includes('setup.standard.sovietDraw'), paths(short).join('; '));
  });
});
