/**
 * Checking a set-up against the text's "Setup" and "Stacking Limits" sections; every error
 * names the unit or hex ("setup.axis.<id>", "setup.soviet.<id>", "hex 0827"). `checkSetup`
 * reads as the sections: the Axis placements and stacks, the Soviet draw and placements, the
 * Soviet stacks, the border cover and the extra armies.
 */
import type { BarbarossaScenario } from './compiled.ts';
import type { BarbarossaUnit } from './schema.ts';
import { type BarbarossaSetupError, setupError } from './setup-errors.ts';

/** A complete set-up: where every unit starts (hex indexes), which armies were drawn, which hidden group. */
export interface SetupPlacement {
  readonly axis: Readonly<Record<string, number>>;
  readonly soviet: Readonly<Record<string, number>>;
  /**
   * The drawn rifle armies (all 42, on the board or waiting as reinforcements), when the
   * set-up names them (an old file's historical draw); absent: the game draws its own at
   * set-up, and the armies on the board need only be of the pool.
   */
  readonly sovietDraw?: readonly string[] | undefined;
  readonly hiddenTankGroup: 'a' | 'b';
}

/** What the parts of a check share: the scenario, the set-up, the errors so far. */
interface Checking {
  readonly s: BarbarossaScenario;
  readonly p: SetupPlacement;
  readonly errors: BarbarossaSetupError[];
  readonly hexName: (h: number) => string;
}

/**
 * Checks a set-up against the text's Setup and Stacking Limits sections; every error names
 * the unit or hex ("setup.axis.<id>", "setup.soviet.<id>", "hex 0827"). The standard
 * historical set-up passes; a player's own set-up can be checked before it is accepted.
 */
export function checkSetup(s: BarbarossaScenario, p: SetupPlacement): BarbarossaSetupError[] {
  const c: Checking = { s, p, errors: [], hexName: (h) => s.hexNumbers[h] ?? String(h) };
  checkAxisPlacements(c);
  checkAxisStacking(c);
  const { armiesOnBoard, tanks } = checkSovietPlacements(c);
  checkSovietStacking(c);
  checkBorderCover(c, armiesOnBoard, tanks);
  return c.errors;
}

/** Units that do not count against stacking ("Airfields, Katyusha regiments, rail conversion units, and cavalry units do not count"). */
function stacksFree(u: BarbarossaUnit): boolean {
  return ['air', 'factory', 'katyusha', 'rail-conversion', 'cavalry'].includes(u.type);
}

/** Axis: every unit placed, on a hex its placement rule allows ("Germans"); none that does not start. */
function checkAxisPlacements({ s, p, errors, hexName }: Checking): void {
  for (const [id, allowed] of Object.entries(s.axisSetupHexes)) {
    const h = p.axis[id];
    if (h === undefined)
      errors.push(setupError('setup/missing-position', `setup.axis.${id}`, `${id} is not set up`));
    else if (!allowed.includes(h))
      errors.push(
        setupError('setup/illegal-position', `setup.axis.${id}`, `${id} may not start in ${hexName(h)}`),
      );
  }
  for (const id of Object.keys(p.axis)) {
    if (!s.axisSetupHexes[id])
      errors.push(setupError('setup/not-at-start', `setup.axis.${id}`, `${id} does not start on the map`));
  }
}

/**
 * Axis stacking: 1 army and 1 motorized korps at most, 3 units plus a panzer/SS division
 * attached to a motorized korps or army; Rumanian and Hungarian units never together.
 */
function checkAxisStacking({ s, p, errors, hexName }: Checking): void {
  const axisAt = new Map<number, BarbarossaUnit[]>();
  for (const [id, h] of Object.entries(p.axis)) {
    const u = s.units[id];
    if (u && !stacksFree(u)) axisAt.set(h, [...(axisAt.get(h) ?? []), u]);
  }
  for (const [h, us] of axisAt) {
    const armies = us.filter((u) => u.size === 'army').length;
    const motKorps = us.filter((u) => u.type === 'motorized' && u.size === 'korps').length;
    const attachable =
      armies + motKorps > 0 &&
      us.some((u) => u.size === 'division' && ['panzer', 'motorized'].includes(u.type));
    if (armies > 1 || motKorps > 1 || us.length > 3 + (attachable ? 1 : 0))
      errors.push(
        setupError(
          'setup/stacking',
          `hex ${hexName(h)}`,
          `too many Axis units: ${us.map((u) => u.id).join(', ')}`,
        ),
      );
    if (us.some((u) => u.nationality === 'rumanian') && us.some((u) => u.nationality === 'hungarian'))
      errors.push(
        setupError(
          'setup/stacking',
          `hex ${hexName(h)}`,
          'Rumanian and Hungarian units may not be stacked together',
        ),
      );
  }
}

/**
 * Soviet: the draw, the armies on the board, the tank korps, the fixed units ("Sorting
 * Russian Arrays"). Returns the rifle armies on the board and the tank korps in play.
 */
function checkSovietPlacements({ s, p, errors, hexName }: Checking): {
  armiesOnBoard: string[];
  tanks: string[];
} {
  const sv = s.soviet;
  const drawn = new Set(p.sovietDraw ?? sv.rifleArmyPool);
  if (p.sovietDraw && (drawn.size !== sv.draw || p.sovietDraw.some((id) => !sv.rifleArmyPool.includes(id))))
    errors.push(setupError('setup/draw', 'setup.sovietDraw', `draw ${sv.draw} different armies of the pool`));
  const tanks = [...sv.tankKorps, ...sv.hiddenTankGroups[p.hiddenTankGroup]];
  for (const id of tanks)
    if (p.soviet[id] === undefined)
      errors.push(setupError('setup/missing-position', `setup.soviet.${id}`, `${id} is not set up`));
  for (const [id, h] of Object.entries(sv.fixed)) {
    if (h >= 0 && p.soviet[id] !== h)
      errors.push(setupError('setup/fixed', `setup.soviet.${id}`, `${id} starts in ${hexName(h)}`));
  }
  const armiesOnBoard = Object.keys(p.soviet).filter((id) => sv.rifleArmyPool.includes(id));
  for (const id of armiesOnBoard)
    if (!drawn.has(id))
      errors.push(setupError('setup/not-drawn', `setup.soviet.${id}`, `${id} was not drawn`));
  if (armiesOnBoard.length !== sv.onBoard)
    errors.push(
      setupError(
        'setup/on-board',
        'setup.soviet',
        `${sv.onBoard} drawn armies go on the board, not ${armiesOnBoard.length}`,
      ),
    );
  for (const [id, h] of Object.entries(p.soviet)) {
    const u = s.units[id];
    if (u?.side !== 'soviet')
      errors.push(setupError('setup/unknown-unit', `setup.soviet.${id}`, `no Soviet unit ${id}`));
    else if (s.land[h] !== 1 || s.sovietTerritory[h] !== 1)
      errors.push(
        setupError('setup/illegal-position', `setup.soviet.${id}`, `${hexName(h)} is not Soviet land`),
      );
    else if (u.tags.includes('hidden') || u.type === 'tank') continue;
    else if (!(id in sv.fixed) && u.type !== 'air')
      errors.push(setupError('setup/not-at-start', `setup.soviet.${id}`, `${id} does not start on the map`));
  }
  return { armiesOnBoard, tanks };
}

/** Soviet stacking: 2 armies and/or korps a hex, plus the 1st Moscow Motorized Rifle Division. */
function checkSovietStacking({ s, p, errors, hexName }: Checking): void {
  const sovAt = new Map<number, BarbarossaUnit[]>();
  for (const [id, h] of Object.entries(p.soviet)) {
    const u = s.units[id];
    if (u && !stacksFree(u) && !u.tags.includes('moscow-motor-rifle'))
      sovAt.set(h, [...(sovAt.get(h) ?? []), u]);
  }
  for (const [h, us] of sovAt)
    if (us.length > 2)
      errors.push(
        setupError(
          'setup/stacking',
          `hex ${hexName(h)}`,
          `more than 2 Soviet armies or korps: ${us.map((u) => u.id).join(', ')}`,
        ),
      );
}

/**
 * Border cover: the armies and tank korps on or next to the border (10 and 10) cover every
 * border hex with Rumania or Germany by themselves or their zones of control; the others
 * stand one on each city or fortress back from the border.
 */
function checkBorderCover(
  { s, p, errors, hexName }: Checking,
  armiesOnBoard: readonly string[],
  tanks: readonly string[],
): void {
  const sv = s.soviet;
  const border = new Set(s.sovietBorderHexes);
  const nearBorder = (h: number) => border.has(h) || neighboursOf(s, h).some((n) => border.has(n));
  const coverers = [...armiesOnBoard, ...tanks].filter(
    (id) => p.soviet[id] !== undefined && nearBorder(p.soviet[id]!),
  );
  const coverArmies = coverers.filter((id) => sv.rifleArmyPool.includes(id)).length;
  const coverTanks = coverers.length - coverArmies;
  if (coverArmies > sv.borderArmies || coverTanks > sv.borderTankKorps)
    errors.push(
      setupError(
        'setup/border',
        'setup.soviet',
        `${sv.borderArmies} armies and ${sv.borderTankKorps} tank korps cover the border, not ${coverArmies} and ${coverTanks}`,
      ),
    );
  const covered = new Set<number>();
  for (const id of coverers)
    for (const h of [p.soviet[id]!, ...neighboursOf(s, p.soviet[id]!)]) covered.add(h);
  for (const b of s.sovietBorderHexes)
    if (!covered.has(b))
      errors.push(
        setupError(
          'setup/border-uncovered',
          `hex ${hexName(b)}`,
          'a border hex with Germany or Rumania is not covered',
        ),
      );
  checkExtraArmies({ s, p, errors, hexName }, [...armiesOnBoard, ...tanks], coverers);
}

/** The units back from the border: one on each city or fortress that gets an extra army, no two on one. */
function checkExtraArmies(
  { s, p, errors, hexName }: Checking,
  inPlay: readonly string[],
  coverers: readonly string[],
): void {
  const cities = new Set(s.soviet.extraArmyHexes);
  const usedCity = new Map<number, string>();
  for (const id of inPlay) {
    const h = p.soviet[id];
    if (h === undefined || coverers.includes(id)) continue;
    if (!cities.has(h))
      errors.push(
        setupError(
          'setup/extra',
          `setup.soviet.${id}`,
          `${id} must stand on a city or fortress back from the border`,
        ),
      );
    else if (usedCity.has(h))
      errors.push(
        setupError(
          'setup/extra',
          `setup.soviet.${id}`,
          `${hexName(h)} already holds the extra unit ${usedCity.get(h)}`,
        ),
      );
    else usedCity.set(h, id);
  }
}

function neighboursOf(s: BarbarossaScenario, h: number): number[] {
  const out: number[] = [];
  for (let d = 0; d < 6; d++) {
    const j = s.map.graph.targets[h * 6 + d]!;
    if (j >= 0) out.push(j);
  }
  return out;
}
