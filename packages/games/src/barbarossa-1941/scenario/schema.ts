/**
 * The scenario file's shape (issue #23): plain JSON validated by `scenarioSchema`; every
 * field says which rule it carries. compile.ts turns a valid file into the indexed scenario.
 */
import { hexMapSchema, oddsTableSchema, unitSchema } from '@stavka/engine';
import { z } from 'zod';
import { ARMY_GROUPS, NATIONALITIES, PLACE_KINDS, SEAS, SIDES, WEATHERS } from './vocabulary.ts';

const unitId = z.string().min(1);
const hexNumber = z.string().regex(/^\d{4}$/, 'a hex number is four digits, column then row (e.g. "1207")');

/** A counter: the engine's unit record with the game's sides and nationalities. */
export const barbarossaUnitSchema = unitSchema.extend({
  /** Which player commands it. */
  side: z.enum(SIDES),
  /** The counter's army: German, Rumanian, Hungarian, Italian, Slovak or Soviet. */
  nationality: z.enum(NATIONALITIES),
  /** German and allied units: the army group they belong to at the start (or on entry). */
  armyGroup: z.enum(ARMY_GROUPS).optional(),
  /**
   * factors: `attack`, `defense` and `movement` (the OMF) on every unit; German armies also
   * `weakAttack` / `weakDefense` (the weak side; the printed attack/defense are the strong
   * side); air units `range`; factories `production`. Tags: "hidden" (Russian straight
   * rifle army, face down until its first combat), "guards" (red label), "rm" (the three
   * German units that may start anywhere in Rumania), "siberian", "elite", "provisional"
   * (values reconstructed, OOB-SOURCES.md), "irreplaceable" (Katyusha, parachute, railway guns).
   */
  factors: z.record(z.string(), z.number().int().min(0)),
});
export type BarbarossaUnitFile = z.input<typeof barbarossaUnitSchema>;
export type BarbarossaUnit = z.output<typeof barbarossaUnitSchema>;

/** Rules attached to a map place by name (victory points, ports, factories...). */
export const placeRuleSchema = z.object({
  /** Victory points while held (Moscow 3, Leningrad 2, others 1; B-12). */
  victoryPoints: z.number().int().min(1).optional(),
  /** A port on this sea ("By Sea"). */
  port: z.enum(SEAS).optional(),
  /** Holding it controls this sea: Koenigsberg the Baltic, Sevastopol the Black Sea; both Kerch sides the Azov. */
  controls: z.enum(SEAS).optional(),
  /** Russian rifle replacement factors a turn (1 per major city, 2 from Moscow). */
  replacementFactors: z.number().int().min(1).optional(),
  /** A Soviet tank factory stands here at the start (its counter is in units). */
  tankFactory: z.boolean().optional(),
});

/** Where an Axis unit may be set up ("Setup", Germans): near printed positions, or anywhere in a zone. */
export const axisPlacementSchema = z.union([
  z.object({
    /** Printed positions (setup.positions ids) the unit must start near. */
    near: z.array(z.string().min(1)).min(1),
    /** Within this many hexes of one of them (0 = on it). */
    within: z.number().int().min(0).max(6),
  }),
  z.object({
    /** Anywhere in this map zone (e.g. "rumania" for the Rm units and the Rumanian army). */
    zone: z.string().min(1),
  }),
]);

export const setupSchema = z.object({
  /** Printed set-up positions of the Axis armies and panzer groups ("Armies' locations are on the maps"). */
  positions: z
    .array(
      z.object({
        /** Id used by placements, e.g. "pzgr-4". */
        id: z.string().min(1),
        /** What the map prints there: "4. Panzergruppe". */
        name: z.string().min(1),
        hex: hexNumber,
        armyGroup: z.enum(ARMY_GROUPS),
        /** "army" or "panzer-group". */
        kind: z.enum(['army', 'panzer-group']),
      }),
    )
    .min(1),
  /** Every Axis unit on the map at the start, with where it may be placed. */
  axis: z.record(unitId, axisPlacementSchema),
  /** Soviet set-up ("Sorting Russian Arrays"). */
  soviet: z.object({
    /** The 62 straight rifle armies, face down. */
    rifleArmyPool: z.array(unitId).min(1),
    /** How many are drawn (42); the others leave the game. */
    draw: z.number().int().min(1),
    /** How many of the drawn go on the board (21); the rest are reinforcements. */
    onBoard: z.number().int().min(0),
    /** Armies (10) that with the border tank korps cover every border hex with Rumania or Germany. */
    borderArmies: z.number().int().min(0),
    /** Tank korps (10) that cover the border with them. */
    borderTankKorps: z.number().int().min(0),
    /** Leftover armies entering from the eastern edge each turn, the first turn included (3). */
    reinforcementsPerTurn: z.number().int().min(0),
    /** The starting mech/tank korps array: six 3-2 and eight 2-1. */
    tankKorps: z.array(unitId),
    /** The face-down group the German player chooses blindly: ten 2-1s, or eight 4-3s and two 3-2s. */
    hiddenTankGroups: z.object({ a: z.array(unitId).min(1), b: z.array(unitId).min(1) }),
    /** Units with a fixed start: unit id -> place name (parachute korps, Katyusha, 1st Moscow MRD, factories). */
    fixed: z.record(unitId, z.string().min(1)),
    /** Kinds of places that get one extra army each ("one on each city (not O town) and fortress"). */
    extraArmyPlaceKinds: z.array(z.enum(PLACE_KINDS)),
  }),
  /** The five Axis railheads at the start (hex numbers), supply sources that advance 2 rail hexes a turn. */
  railheads: z.array(hexNumber).min(1),
  /** The standard historical set-up a player may accept in one action. */
  standard: z.object({
    /** Axis unit id -> hex number. */
    axis: z.record(unitId, hexNumber),
    /**
     * Accepted for old files, never played: the game draws its 42 armies from its own
     * secret dice at set-up (issue #41, "42 ... randomly selected"; standard-setup.ts).
     * When given it is checked as before (armies of the pool, the set-up's count, the
     * standard set-up's armies on the board among them).
     */
    sovietDraw: z.array(unitId).optional(),
    /** Which hidden tank group ("a" or "b") the standard game uses. */
    hiddenTankGroup: z.enum(['a', 'b']),
    /** Soviet unit id -> hex number (armies on the board, tank korps, extras on cities). */
    soviet: z.record(unitId, hexNumber),
  }),
});

/** The ground-and-air combat table for airstrikes ("Air Attack and Combat Results"): d6 by column. */
export const airTableSchema = z.object({
  id: z.string().min(1),
  game: z.string().min(1),
  title: z.string().min(1),
  /** True: the printed table is lost; this one is the project's reconstruction. */
  provisional: z.boolean(),
  die: z.number().int().min(2).max(20),
  /** Column labels, e.g. "fliegerkorps", "fliegerkorps beyond half range", "Soviet front air". */
  columns: z.array(z.string().min(1)).min(1),
  /** Results used, with the text's definition (D, D*, AA, SD, I, -). */
  results: z.record(z.string().min(1), z.object({ name: z.string().min(1), text: z.string().min(1) })),
  /** Results from worst to best for the attacking air unit. */
  order: z.array(z.string().min(1)),
  /** Results by die roll ("1".."6"), one per column. */
  rows: z.record(z.string(), z.array(z.string().min(1))),
  /** Die-roll modifiers the text gives (e.g. +1 against a Disrupted unit). */
  modifiers: z.array(z.object({ when: z.string().min(1), shift: z.number().int() })),
  sources: z.string().min(1),
});
export type AirTableFile = z.input<typeof airTableSchema>;

export const turnSchema = z.object({
  /** 1..15. */
  turn: z.number().int().min(1),
  /** As the track prints it: "June II 1941". */
  label: z.string().min(1),
  /** Calendar dates: "22-30 Jun 1941". */
  dates: z.string().min(1),
  /** First month of the half-month pair? German panzer replacements come "at the start of each month". */
  monthStart: z.boolean(),
  /** The historical weather of the standard schedule (B-11). */
  weather: z.enum(WEATHERS),
  /** The optional weather roll (B-11): weather for a d6 roll of 1..6. */
  weatherRoll: z.array(z.enum(WEATHERS)).length(6),
});

export const reinforcementSchema = z.object({
  turn: z.number().int().min(1),
  side: z.enum(SIDES),
  units: z.array(unitId).min(1),
  /** Where they enter: an edge id ("axis-west", "siberia"), a zone id ("hungary"), a place name, or "any-railhead". */
  at: z.string().min(1),
  /** Historical note (which formation, which month). */
  note: z.string().optional(),
});

export const scenarioSchema = z.object({
  game: z.literal('barbarossa-1941'),
  name: z.string().min(1),
  map: hexMapSchema,
  /** Rules attached to places by place name. */
  places: z.record(z.string().min(1), placeRuleSchema),
  units: z.array(barbarossaUnitSchema).min(1),
  setup: setupSchema,
  turns: z.array(turnSchema).min(1),
  reinforcements: z.array(reinforcementSchema),
  /** The Siberian Reserve: four shock armies, one a turn, safe from `safeFromTurn` (Dec 41). */
  siberianReserve: z.object({ units: z.array(unitId).min(1), safeFromTurn: z.number().int().min(1) }),
  /** German panzer replacement factors at the start of each month from `fromTurn` (August). */
  panzerReplacements: z.object({
    factorsPerMonth: z.number().int().min(0),
    fromTurn: z.number().int().min(1),
  }),
  /** What an unrevealed Russian rifle army is assumed worth ("assumed all are worth 2 factors"). */
  hiddenArmyAssumedFactors: z.number().int().min(1),
  /** The CRT (B-1); the shipped one is provisional and replaceable by a file. */
  crt: oddsTableSchema,
  /** The ground-and-air combat table for airstrikes; provisional, replaceable. */
  airTable: airTableSchema,
  sources: z.string().optional(),
});
export type ScenarioFile = z.input<typeof scenarioSchema>;
