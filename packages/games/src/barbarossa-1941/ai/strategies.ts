/**
 * Where the Axis drives (issue #44): operational plans that differ from level 1's (`plan.ts`
 * `PLAN_1941`) in *where* — which army group the panzer groups serve and which cities each
 * army group makes for — rather than in how boldly it attacks.
 */
import { ARMY_GROUPS, type ArmyGroup, type AxisStrategy, PLAN_1941 } from './plan.ts';

/** `ARMY_GROUPS` with the fields given for the groups named replaced. */
function withGroups(changes: Readonly<Record<string, Partial<ArmyGroup>>>): readonly ArmyGroup[] {
  return ARMY_GROUPS.map((g) => {
    const c = changes[g.name];
    return c === undefined ? g : { ...g, ...c };
  });
}

/** `ARMY_GROUPS` with the objectives of the groups named replaced. */
function withObjectives(objectives: Readonly<Record<string, readonly string[]>>): readonly ArmyGroup[] {
  return withGroups(
    Object.fromEntries(Object.entries(objectives).map(([name, o]) => [name, { objectives: o }])),
  );
}

/**
 * Schwerpunkt Moscow: Army Group North's mobile units (4. Panzergruppe) drive with the centre
 * (Minsk, Smolensk, Moscow: Moscow's 3 points with Warsaw, Bucharest, Smolensk and Kiev are
 * the 7 of the Axis's sudden victory, "Victory Conditions"); its infantry goes on to Leningrad.
 */
export const CENTRE_PANZERS: AxisStrategy = {
  ...PLAN_1941,
  mobileFronts: { north: ['centre'] },
};

/** Army Group South on the victory cities only: Kiev then Rostov (Kharkov, no victory city, passed by). */
export const SOUTH_ON_CITIES: AxisStrategy = {
  ...PLAN_1941,
  groups: withObjectives({ south: ['Kiev', 'Rostov'] }),
};

/** Both: the panzers of the north with the centre, the south on the victory cities. */
export const MOSCOW_AND_CITIES: AxisStrategy = {
  ...CENTRE_PANZERS,
  groups: SOUTH_ON_CITIES.groups,
};

/**
 * The centre's panzers past Minsk: Army Group Centre's mobile units make for Smolensk and
 * Moscow from the start (a front of their own on the centre's route), its infantry for Minsk
 * first, as in 1941 (the pincers closed behind Minsk while the panzer groups drove on to the
 * Dnepr: Smolensk in mid-July, turn 3).
 */
export const PAST_MINSK: AxisStrategy = {
  groups: [
    ...ARMY_GROUPS,
    {
      name: 'centre-panzers',
      route: ARMY_GROUPS.find((g) => g.name === 'centre')?.route ?? [],
      objectives: ['Smolensk', 'Moscow'],
    },
  ],
  fronts: PLAN_1941.fronts,
  mobileFronts: { center: ['centre-panzers'] },
};

/**
 * The victory cities of the south: Army Group Centre's mobile units, Minsk and Smolensk
 * taken, turn south on Kiev and Rostov (as 2. Panzergruppe did in August 1941), Army Group
 * South on Kiev and Rostov (Kharkov passed by), the Rumanian front on Odessa and Sevastopol:
 * Warsaw, Bucharest, Smolensk, Kiev, Odessa, Rostov and Sevastopol are the 7 points of an
 * Axis win at the game's end (B-70).
 */
export const SOUTHERN_CITIES: AxisStrategy = {
  groups: [
    ...SOUTH_ON_CITIES.groups,
    {
      name: 'centre-south',
      route: ARMY_GROUPS.find((g) => g.name === 'centre')?.route ?? [],
      objectives: ['Minsk', 'Smolensk', 'Kiev', 'Rostov'],
    },
  ],
  fronts: PLAN_1941.fronts,
  mobileFronts: { center: ['centre-south'] },
};

/**
 * Leningrad first: Army Group Centre's mobile units, Minsk and Smolensk taken, turn north on
 * Leningrad (as 3. Panzergruppe was lent to the north in August 1941): Leningrad's 2 points
 * with Odessa and the five the Axis holds by then are its sudden victory ("Victory Conditions").
 */
export const HOTH_NORTH: AxisStrategy = {
  groups: [
    ...ARMY_GROUPS,
    {
      name: 'centre-north',
      route: ARMY_GROUPS.find((g) => g.name === 'centre')?.route ?? [],
      objectives: ['Minsk', 'Smolensk', 'Leningrad'],
    },
  ],
  fronts: PLAN_1941.fronts,
  mobileFronts: { center: ['centre-north'] },
};

/**
 * Leningrad cut off before it is stormed: Army Group North makes for Novgorod and Volkhov
 * (2506, on the Leningrad-Tikhvin-Vologda railway) before Leningrad, as it did in
 * August-November 1941 (the research notes' timeline: Novgorod and Chudovo in mid-late
 * August, Shlisselburg on 8 September, "Leningrad cut off by land", the Tikhvin axis by 1
 * November). The Russians' supply and their reserves reach Leningrad along its railways to
 * the eastern edge ("Supply": "6 hexes back to a friendly railroad and then to a
 * northeastern, eastern, or southeastern mapboard edge hex"), the Tikhvin line and the
 * October railway past Chudovo; an Axis unit on them, or its zone of control, blocks the
 * trace, and attacks on defenders in Limited Supply are raised a column. Screened as level
 * 2's in every plan and not kept: Leningrad fell less often (docs/barbarossa-balance.md,
 * "When Moscow and Leningrad can be reached in supply").
 */
export const LENINGRAD_CUT: AxisStrategy = {
  ...PLAN_1941,
  groups: withObjectives({ north: ['Pskov', 'Novgorod', 'Volkhov', 'Leningrad'] }),
};

/**
 * Leningrad cut off if the race for it is lost: Army Group North makes for Pskov and
 * Leningrad as in 1941's plan; from game-turn 8 on, Leningrad still Russian (its railhead
 * within reach of it from turn 6 in most games, the Russians' ring two hexes deep around it
 * by then where it holds: docs/barbarossa-balance.md "Leningrad never approached"), for
 * Volkhov first, on the Tikhvin railway (as `LENINGRAD_CUT`), then Leningrad.
 */
export const LENINGRAD_CUT_LATE: AxisStrategy = leningradCutFrom(8);

/** `LENINGRAD_CUT_LATE` from another game-turn. */
export function leningradCutFrom(fromTurn: number): AxisStrategy {
  return {
    ...PLAN_1941,
    groups: withGroups({
      north: { later: { fromTurn, unless: ['Leningrad'], objectives: ['Volkhov', 'Leningrad'] } },
    }),
  };
}

/**
 * Odessa once Leningrad is held: while the Axis holds Leningrad and not Odessa, from game-turn
 * `fromTurn` on, Army Group South makes for Odessa once Kiev is held (Kiev, Odessa, then
 * Kharkov and Rostov). With Warsaw, Bucharest, Smolensk, Kiev and Leningrad (6 points)
 * Odessa is the seventh of the Axis's sudden victory ("Victory Conditions"): every draw of
 * level 2 against level 1 ends on those six, Odessa short (docs/barbarossa-balance.md
 * "Odessa"). Until then every army group keeps 1941's objectives (`PLAN_1941`).
 */
export function odessaOnceLeningradFrom(fromTurn: number): AxisStrategy {
  return {
    ...PLAN_1941,
    groups: withGroups({
      south: {
        later: {
          fromTurn,
          when: ['Leningrad'],
          unless: ['Odessa'],
          objectives: ['Kiev', 'Odessa', 'Kharkov', 'Rostov'],
        },
      },
    }),
  };
}

export const AXIS_STRATEGIES: Readonly<Record<string, AxisStrategy>> = {
  '1941': PLAN_1941,
  'centre-panzers': CENTRE_PANZERS,
  'south-on-cities': SOUTH_ON_CITIES,
  'moscow-and-cities': MOSCOW_AND_CITIES,
  'past-minsk': PAST_MINSK,
  'southern-cities': SOUTHERN_CITIES,
  'hoth-north': HOTH_NORTH,
  'leningrad-cut': LENINGRAD_CUT,
  'leningrad-cut-late': LENINGRAD_CUT_LATE,
};
