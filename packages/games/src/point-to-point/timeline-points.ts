/** The Typhoon campaign against the 1941 timeline: the data both `typhoon-timeline.ts` (node) and the after-action report (browser) read. */

/** The points of the 1941 timeline, with the date each fell (research 5.1). */
export const TIMELINE_POINTS = [
  ['orel', 'Orel', '3 Oct'],
  ['bryansk', 'Bryansk', '6 Oct'],
  ['vyazma', 'Vyazma', '7 Oct'],
  ['kaluga', 'Kaluga', '12-13 Oct'],
  ['kalinin', 'Kalinin', '14 Oct'],
  ['mozhaisk', 'Mozhaisk', '18 Oct'],
  ['volokolamsk', 'Volokolamsk', 'late Oct'],
  ['klin', 'Klin', '23 Nov'],
  ['tula', 'Tula', 'never'],
] as const;
