/** The standard scenario shipped with the game: the generated data files with the place rules below. */
import type { z } from 'zod';
import crtFile from '../data/crt.provisional.json' with { type: 'json' };
import airTableFile from '../data/generated/air-table.provisional.json' with { type: 'json' };
import mapFile from '../data/generated/map.json' with { type: 'json' };
import setupFile from '../data/generated/setup.json' with { type: 'json' };
import turnsFile from '../data/generated/turns.json' with { type: 'json' };
import unitsFile from '../data/generated/units.json' with { type: 'json' };
import type { ScenarioInput } from './compile.ts';
import type { placeRuleSchema, ScenarioFile } from './schema.ts';

/** The standard scenario shipped with the game: Barbarossa, 22 June 1941 - 31 January 1942 (a fresh copy). */
export function standardScenarioFile(): ScenarioFile {
  return structuredClone(shippedFile());
}

/** The standard scenario as `scenarioSchema` parsed it, once (for `compileParsedScenario`; not to be changed). */
export function standardScenarioParsed(): ScenarioInput {
  shippedFile();
  return shippedParsed!;
}

let shipped: ScenarioFile | undefined;
let shippedParsed: ScenarioInput | undefined;

/**
 * The generated files put together. TypeScript types a JSON import by its contents (a side is
 * any string), so only the schema can say it is a scenario file, and it is data built into
 * the program, not input: the check is a test's (scenario.test.ts: the schema accepts the
 * shipped file and reads it unchanged, no field added, dropped or altered), not every
 * start's. A browser opening a Barbarossa game compiles the standard scenario first, and
 * the schema's parse of the whole front was ~25 ms of that first load (issue #49).
 */
function shippedFile(): ScenarioFile {
  if (shipped) return shipped;
  const { sources: setupSources, ...setup } = setupFile;
  const file = {
    game: 'barbarossa-1941',
    name: 'Barbarossa 1941: 22 June 1941 - 31 January 1942',
    map: mapFile,
    places: STANDARD_PLACE_RULES,
    units: unitsFile.units,
    setup,
    turns: turnsFile.turns,
    reinforcements: turnsFile.reinforcements,
    siberianReserve: turnsFile.siberianReserve,
    panzerReplacements: turnsFile.panzerReplacements,
    hiddenArmyAssumedFactors: turnsFile.hiddenArmyAssumedFactors,
    crt: crtFile,
    airTable: airTableFile,
    sources: [mapFile.sources, unitsFile.sources, setupSources, turnsFile.sources].join('\n'),
  };
  // What the schema's parse would give, as the test shows: the file itself.
  shipped = file as unknown as ScenarioFile;
  shippedParsed = file as unknown as ScenarioInput;
  return shipped;
}

/**
 * Rules attached to the standard map's places (rules "Victory Conditions", "By Sea",
 * "Reinforcements and Replacements"; B-12). Victory points: Moscow 3, Leningrad 2, the
 * other victory cities 1. Replacement factors: 1 from each Soviet major or victory city,
 * 2 from Moscow (MAP-SOURCES.md: which cities are major). Ports on each sea; Koenigsberg
 * controls the Baltic, Sevastopol the Black Sea, both Kerch Strait sides the Sea of Azov.
 */
export const STANDARD_PLACE_RULES: Record<string, z.input<typeof placeRuleSchema>> = {
  Moscow: { victoryPoints: 3, replacementFactors: 2, tankFactory: true },
  Leningrad: { victoryPoints: 2, replacementFactors: 1, tankFactory: true, port: 'baltic' },
  Warsaw: { victoryPoints: 1 },
  Bucharest: { victoryPoints: 1 },
  Smolensk: { victoryPoints: 1, replacementFactors: 1 },
  Kiev: { victoryPoints: 1, replacementFactors: 1 },
  Voronezh: { victoryPoints: 1, replacementFactors: 1 },
  Odessa: { victoryPoints: 1, replacementFactors: 1, port: 'black' },
  Rostov: { victoryPoints: 1, replacementFactors: 1, port: 'azov' },
  Stalingrad: { victoryPoints: 1, replacementFactors: 1, tankFactory: true },
  Sevastopol: { victoryPoints: 1, replacementFactors: 1, port: 'black', controls: 'black' },
  Koenigsberg: { port: 'baltic', controls: 'baltic' },
  Kerch: { port: 'azov', controls: 'azov' },
  Taman: { port: 'azov', controls: 'azov' },
  Kharkov: { replacementFactors: 1, tankFactory: true },
  Gorky: { replacementFactors: 1, tankFactory: true },
  Riga: { replacementFactors: 1, port: 'baltic' },
  Tallinn: { replacementFactors: 1, port: 'baltic' },
  Minsk: { replacementFactors: 1 },
  Lvov: { replacementFactors: 1 },
  Dnepropetrovsk: { replacementFactors: 1 },
  Zaporozhye: { replacementFactors: 1 },
  Stalino: { replacementFactors: 1 },
  Tula: { replacementFactors: 1 },
  Yaroslavl: { replacementFactors: 1 },
  Kronstadt: { port: 'baltic' },
  Memel: { port: 'baltic' },
  Libau: { port: 'baltic' },
  Windau: { port: 'baltic' },
  Pernau: { port: 'baltic' },
  Nikolayev: { port: 'black' },
  Kherson: { port: 'black' },
  Yevpatoriya: { port: 'black' },
  Yalta: { port: 'black' },
  Feodosiya: { port: 'black' },
  Novorossiysk: { port: 'black' },
  Tuapse: { port: 'black' },
  Constanta: { port: 'black' },
  Izmail: { port: 'black' },
  Berdyansk: { port: 'azov' },
  Mariupol: { port: 'azov' },
  Taganrog: { port: 'azov' },
};
