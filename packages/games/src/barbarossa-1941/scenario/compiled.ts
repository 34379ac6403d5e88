/** The compiled, indexed scenario the rules read (compile.ts builds it from a file). */
import type { HexMap, OddsTable } from '@stavka/engine';
import type { BarbarossaUnit } from './schema.ts';
import type { ArmyGroup, PlaceKind, Sea, Side, Terrain, Weather } from './vocabulary.ts';

export interface AirTable {
  readonly id: string;
  readonly title: string;
  readonly provisional: boolean;
  readonly die: number;
  readonly columns: readonly string[];
  readonly results: Readonly<Record<string, { readonly name: string; readonly text: string }>>;
  /** cells[(roll - 1) * columns.length + column]: a result code. */
  readonly cells: readonly string[];
  readonly modifiers: readonly { readonly when: string; readonly shift: number }[];
  readonly sources: string;
}

export interface PlaceInfo {
  readonly name: string;
  /** Hex index. */
  readonly hex: number;
  readonly kind: PlaceKind;
  readonly victoryPoints: number;
  readonly port: Sea | null;
  readonly controls: Sea | null;
  readonly replacementFactors: number;
  readonly tankFactory: boolean;
}

export interface TurnInfo {
  readonly turn: number;
  readonly label: string;
  readonly dates: string;
  readonly monthStart: boolean;
  readonly weather: Weather;
  readonly weatherRoll: readonly Weather[];
}

export interface Reinforcement {
  readonly turn: number;
  readonly side: Side;
  readonly units: readonly string[];
  /** Edge id, zone id, place name or "any-railhead". */
  readonly at: string;
  /** Hexes where they may enter (edge or zone hexes, the place's hex), empty for "any-railhead". */
  readonly hexes: readonly number[];
  readonly note: string;
}

export interface BarbarossaScenario {
  /** Title of the scenario. */
  readonly name: string;
  /** The compiled hex map (engine HexMap: graph, terrain, hexsides, connections, places, zones, edges). */
  readonly map: HexMap;
  /** Every counter by id. */
  readonly units: Readonly<Record<string, BarbarossaUnit>>;
  /** Unit ids in file order: the canonical order of actions. */
  readonly unitIds: readonly string[];
  /** Printed hex number of every hex index. */
  readonly hexNumbers: readonly string[];
  /** Terrain per hex index (the map's terrain by name, once). */
  readonly terrainOf: readonly Terrain[];
  /** 1 where the hex is land (not sea or lake). */
  readonly land: Uint8Array;
  /** Places with their rules, index = map.places index. */
  readonly places: readonly PlaceInfo[];
  /** Place info by hex index, or null. */
  readonly placeAtHex: readonly (PlaceInfo | null)[];
  /** The victory cities (B-12) with their points. */
  readonly victoryCities: readonly PlaceInfo[];
  /** Hex of the place whose holder controls each sea (Azov: both Kerch sides, so two). */
  readonly seaControl: Readonly<Record<Sea, readonly number[]>>;
  /** Ports by sea. */
  readonly ports: Readonly<Record<Sea, readonly number[]>>;
  /** Ploesti and Grozny hexes ("Supply": mobile OMF 4 for the side that loses one). */
  readonly ploesti: number;
  readonly grozny: number;
  /** 1 where the hex was Soviet on 22 June 1941. */
  readonly sovietTerritory: Uint8Array;
  /** 1 where the hex is an Axis country (German supply source: "back to an Axis country"). */
  readonly axisCountry: Uint8Array;
  /** 1 where the hex is Rumanian, Hungarian, German (Reich + Generalgouvernement). */
  readonly rumania: Uint8Array;
  readonly hungary: Uint8Array;
  readonly germany: Uint8Array;
  /** Army group of each hex (index into ARMY_GROUPS) or -1: boundaries for set-up and the allies. */
  readonly armyGroupOf: Int8Array;
  /** 1 in "the south" where Axis allied units must remain (B-17). */
  readonly theSouth: Uint8Array;
  /** Soviet hexes along the border with Germany or Rumania (set-up cover: "Sorting Russian Arrays"). */
  readonly sovietBorderHexes: readonly number[];
  /** Feature bits in map.sideFeatures. */
  readonly riverBit: number;
  readonly borderBit: number;
  /** Connection bits in map.links. */
  readonly railBit: number;
  readonly germanRailBit: number;
  readonly roadBit: number;
  /** Brown roads: no road bonus in Mud and Light Mud. */
  readonly brownRoadBit: number;
  /** Supply and entry edges (hex indexes) by edge id (REQUIRED_EDGES). */
  readonly edges: Readonly<Record<string, readonly number[]>>;
  /** Russian supply edges: northeastern, eastern and southeastern together. */
  readonly sovietSupplyEdge: readonly number[];
  /** The Axis printed set-up positions (hex indexes) by id. */
  readonly positions: Readonly<
    Record<
      string,
      { readonly name: string; readonly hex: number; readonly armyGroup: ArmyGroup; readonly kind: string }
    >
  >;
  /** Axis unit id -> every hex where it may be set up (sorted). */
  readonly axisSetupHexes: Readonly<Record<string, readonly number[]>>;
  /** Soviet set-up: pools, counts and fixed starts (hex indexes). */
  readonly soviet: {
    readonly rifleArmyPool: readonly string[];
    readonly draw: number;
    readonly onBoard: number;
    readonly borderArmies: number;
    readonly borderTankKorps: number;
    readonly reinforcementsPerTurn: number;
    readonly tankKorps: readonly string[];
    readonly hiddenTankGroups: { readonly a: readonly string[]; readonly b: readonly string[] };
    /** Unit id -> hex index; -1 for off-map (Tankograd in Siberia). */
    readonly fixed: Readonly<Record<string, number>>;
    /** Hexes of the cities and fortresses that get one extra army each. */
    readonly extraArmyHexes: readonly number[];
  };
  /** The five Axis railheads at the start (hex indexes). */
  readonly railheads: readonly number[];
  /** The standard historical set-up (hex indexes). */
  readonly standard: {
    readonly axis: Readonly<Record<string, number>>;
    /** An old file's historical draw (checked, never played: the game draws its own); absent: none. */
    readonly sovietDraw?: readonly string[];
    readonly hiddenTankGroup: 'a' | 'b';
    readonly soviet: Readonly<Record<string, number>>;
  };
  /** The turn record track, index = turn - 1. */
  readonly turns: readonly TurnInfo[];
  /** Scheduled reinforcements, by turn then file order. */
  readonly reinforcements: readonly Reinforcement[];
  readonly siberianReserve: { readonly units: readonly string[]; readonly safeFromTurn: number };
  readonly panzerReplacements: { readonly factorsPerMonth: number; readonly fromTurn: number };
  readonly hiddenArmyAssumedFactors: number;
  /** The CRT (B-1). */
  readonly crt: OddsTable;
  /** The ground-and-air combat table. */
  readonly airTable: AirTable;
  readonly sources: string;
}
