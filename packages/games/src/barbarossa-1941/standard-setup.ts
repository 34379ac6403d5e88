/**
 * The standard game's opening position from the scenario data (scenario.ts, issue #23):
 * the Axis on the standard set-up's hexes; the Russian straight rifle armies face down
 * under opaque piece ids, their identities drawn at their first combat (RULINGS B-18)
 * from the 42 armies this game drew at set-up; the extra tank group face down, to be
 * chosen blindly by the German from the two groups (B-53: hidden.ts), then known to the
 * Russian player ("like cards in a poker game"); every other Russian unit face up.
 *
 * The draw: "42 of the 62 Russian straight rifle/infantry armies are faced down and
 * randomly selected and the unselected/unknown armies removed from the game", and "Until
 * their moment of first combat, Russian infantry units are unknown to both the Axis and
 * Russian players" (issue #41 item 9): the 42 come from the game's own dice, rolled for
 * the server alone (`visibleTo: []`, out of every viewer's log until the game is over),
 * and stay in the state's pile, which no view lists (hidden.ts `viewOf` gives its size).
 */
import type { RulesContext, SetupError } from '@stavka/engine';
import { hashValue, ok, type Result } from '@stavka/engine';
import { CITE_HIDDEN } from './hidden.ts';
import {
  onStandardScenarioMissing,
  type RulesScenario,
  registerRulesScenario,
  rulesScenarioFromCompiled,
} from './rules-scenario.ts';
import {
  type BarbarossaScenario,
  compileParsedScenario,
  compileScenario,
  drawArmiesWith,
  standardScenarioFile,
  standardScenarioParsed,
} from './scenario.ts';
import { type BarbarossaState, freshPiece, newGameState } from './state.ts';

export const STANDARD_KEY = 'standard';

let standard: {
  readonly rules: RulesScenario;
  readonly compiled: BarbarossaScenario;
} | null = null;

/**
 * The standard scenario compiled from the file as its schema parsed it once
 * (`standardScenarioParsed`): a browser opening a game compiles it first, and each
 * parse of the whole front is tens of milliseconds there (issue #49).
 */
function loadStandard(): Result<NonNullable<typeof standard>, SetupError[]> {
  if (standard) return ok(standard);
  const compiled = compileParsedScenario(standardScenarioParsed());
  if (!compiled.ok) return compiled;
  standard = { rules: rulesScenarioFromCompiled(STANDARD_KEY, compiled.value), compiled: compiled.value };
  registerRulesScenario(standard.rules);
  return ok(standard);
}

/** The standard file's hash, worked out when a scenario file is first compared with it. */
let standardHash: string | null = null;

/** The standard scenario under the rules' contract (compiled once, registered as "standard"). */
export function standardRulesScenario(): Result<RulesScenario, SetupError[]> {
  const made = loadStandard();
  return made.ok ? ok(made.value.rules) : made;
}

/**
 * A scenario file (`stavka scenario --game barbarossa-1941` writes the standard one) as
 * the rules read it: validated once (`compileScenario`: a broken file is refused, every
 * error naming its field) and registered under its key. The standard file itself is the
 * standard scenario ("standard": the same game, the same hashes); any other file is
 * `custom:` and the hash of its canonical JSON, as Mars's (a state names its scenario by
 * key: whoever reads the state sets the game up from the file first, as the server does).
 */
export function scenarioFromFile(
  file: unknown,
): Result<{ readonly rules: RulesScenario; readonly compiled: BarbarossaScenario }, SetupError[]> {
  const std = loadStandard();
  if (!std.ok) return std;
  const hash = hashValue(file);
  standardHash ??= hashValue(standardScenarioFile());
  if (hash === standardHash) return std;
  const compiled = compileScenario(file);
  if (!compiled.ok) return compiled;
  const rules = rulesScenarioFromCompiled(`custom:${hash}`, compiled.value);
  registerRulesScenario(rules);
  return ok({ rules, compiled: compiled.value });
}

onStandardScenarioMissing((key) => {
  if (key !== STANDARD_KEY) return;
  const made = standardRulesScenario();
  if (!made.ok) throw new Error('the standard Barbarossa scenario does not compile');
});

export const CITE_DRAW = 'barbarossa-1941 "Setup" Sorting Russian Arrays: "42 ... randomly selected"';

/**
 * The opening position. The extra tank group's ten pieces stand on the hexes of the
 * set-up's group (`standard.hiddenTankGroup`; both groups have ten counters), undecided:
 * the two groups wait in the secret for the server's shuffle (`shuffleTankGroups`, at
 * `setup`) and the German's blind choice (B-53). The rifle armies' pile is drawn now, on
 * `ctx`'s dice, for the server alone. The standard set-up's army ids on the board name
 * places only (who stands there is drawn at the first combat, B-18).
 */
export function standardPosition(
  asymmetricOdds: boolean,
  weatherRoll: boolean,
  ctx: RulesContext,
): Result<BarbarossaState, SetupError[]> {
  const made = loadStandard();
  if (!made.ok) return made;
  return ok(openingPosition(made.value.rules, made.value.compiled, asymmetricOdds, weatherRoll, ctx));
}

/** The opening position of a scenario file's set-up (`scenarioFromFile`), as `standardPosition` of the standard one. */
export function scenarioPosition(
  file: unknown,
  asymmetricOdds: boolean,
  weatherRoll: boolean,
  ctx: RulesContext,
): Result<BarbarossaState, SetupError[]> {
  const made = scenarioFromFile(file);
  if (!made.ok) return made;
  return ok(openingPosition(made.value.rules, made.value.compiled, asymmetricOdds, weatherRoll, ctx));
}

function openingPosition(
  s: RulesScenario,
  bs: BarbarossaScenario,
  asymmetricOdds: boolean,
  weatherRoll: boolean,
  ctx: RulesContext,
): BarbarossaState {
  const g = newGameState(s.key, {
    railheads: [...s.railheads],
    riflePile: drawArmiesWith(bs.soviet.rifleArmyPool, bs.soviet.draw, (sides) =>
      ctx.roll(
        `the Russian draw: one army of ${sides} left in the pool`,
        [CITE_DRAW, CITE_HIDDEN],
        sides,
        [],
      ),
    ).drawn,
    options: { asymmetricOdds, weatherRoll },
  });
  for (const [unit, hex] of Object.entries(bs.standard.axis)) {
    g.pieces[unit] = freshPiece('axis', unit, null, hex);
    g.order.push(unit);
  }
  const placed = bs.soviet.hiddenTankGroups[bs.standard.hiddenTankGroup];
  const group = new Set(placed);
  // B-53: each piece may be either group's counter of the same korps (the lists pair them by place).
  const tankGroups = { A: [] as string[], B: [] as string[] };
  let hiddenArmies = 0;
  let hiddenTanks = 0;
  for (const [unit, hex] of Object.entries(bs.standard.soviet)) {
    const u = s.units[unit]!;
    if (u.tags.includes('hidden')) {
      // B-18: the standard set-up's army ids on the map name positions only; who stands there is drawn at the first combat.
      const id = `sov-army-${String(++hiddenArmies).padStart(2, '0')}`;
      g.pieces[id] = freshPiece('soviet', null, 'rifle-army', hex);
      g.order.push(id);
      g.secret.identities[id] = { unit: null, knownTo: null };
    } else if (group.has(unit)) {
      const id = `sov-tank-${String(++hiddenTanks).padStart(2, '0')}`;
      g.pieces[id] = freshPiece('soviet', null, 'tank-korps', hex);
      g.order.push(id);
      g.secret.identities[id] = { unit: null, knownTo: 'soviet' };
      const k = placed.indexOf(unit);
      tankGroups.A.push(bs.soviet.hiddenTankGroups.a[k]!);
      tankGroups.B.push(bs.soviet.hiddenTankGroups.b[k]!);
    } else {
      g.pieces[unit] = freshPiece('soviet', unit, null, hex);
      g.order.push(unit);
    }
  }
  g.secret.tankGroups = tankGroups;
  g.tankGroupChoice = 'pending';
  // "Leftover Russian armies enter the game as reinforcements from the eastern mapboard edge ... 3 per turn".
  g.armiesToEnter = g.riflePile.length - hiddenArmies;
  return g;
}
