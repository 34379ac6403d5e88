/** Barbarossa against the 1941 timeline: the data both `ai/city-falls.ts` (node) and the after-action report (browser) read. */

/**
 * The cities of the 1941 timeline: name, when it fell, and the game-turn of that date (turn
 * 1 June II 1941 .. 15 January II 1942: data/generated/turns.json), null for never.
 */
export const TIMELINE_CITIES = [
  ['Minsk', '28 Jun', 1],
  ['Smolensk', 'mid-Jul', 3],
  ['Kiev', '19 Sep', 7],
  ['Odessa', '16 Oct', 9],
  ['Kharkov', '24 Oct', 9],
  ['Rostov', '21 Nov (lost 29 Nov)', 11],
  ['Sevastopol', 'never (1942)', null],
  ['Leningrad', 'never', null],
  ['Moscow', 'never', null],
] as const;
