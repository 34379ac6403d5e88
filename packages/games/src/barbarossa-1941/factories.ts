/**
 * barbarossa-1941 "Factory Evacuation": "Russian factories may be evacuated by rail to
 * Siberia.  The first turn they are flipped over to their Loading side and the next turn
 * they are moved to the Turn Record Track, to go back into production 3 turns later."
 * And the A.1 / B.1 "UnDisrupted units' Entrenchment" (RULINGS B-51).
 */
import type { RulesContext } from '@stavka/engine';
import type { RulesScenario } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';

export const CITE_FACTORIES = 'barbarossa-1941 "Factory Evacuation"';

/** Factories the Russian player may start loading now (B.1): on the map, not loading yet. */
export function mayLoadFactory(g: BarbarossaState, s: RulesScenario, id: string): boolean {
  const p = g.pieces[id]!;
  if (g.player !== 'soviet' || p.side !== 'soviet' || p.status !== 'map' || p.unit === null) return false;
  return s.units[p.unit]?.type === 'factory' && !g.evacuation[id];
}

/** B.1: loading factories leave for the track; factories back from it produce in Siberia (tank factors, B-48). */
export function advanceEvacuations(g: BarbarossaState, ctx: RulesContext): void {
  for (const [id, e] of Object.entries(g.evacuation)) {
    const p = g.pieces[id]!;
    if (e.phase === 'loading' && e.since < g.turn) {
      g.evacuation[id] = { phase: 'track', since: g.turn };
      p.status = 'pool';
      p.at = -1;
      ctx.log({ kind: 'rail', text: `${id} leaves by rail for Siberia`, cite: [CITE_FACTORIES] });
    } else if (e.phase === 'track' && g.turn >= e.since + 3) {
      g.evacuation[id] = { phase: 'siberia', since: g.turn };
      ctx.log({
        kind: 'reinforcements',
        text: `${id} is back in production in Siberia`,
        cite: [CITE_FACTORIES],
      });
    }
  }
}

/** Factories producing in Siberia (each 1 tank factor a turn, like Tankograd). */
export function siberianFactories(g: BarbarossaState): number {
  return Object.values(g.evacuation).filter((e) => e.phase === 'siberia').length;
}

/** "UnDisrupted units' Entrenchment" (A.1 / B.1): who may entrench now. */
export function mayEntrench(g: BarbarossaState, s: RulesScenario, id: string): boolean {
  const p = g.pieces[id]!;
  if (p.side !== g.player || p.status !== 'map' || p.disrupted || p.entrenched || p.moved !== 'no')
    return false;
  const u = p.unit ? s.units[p.unit] : undefined;
  return u === undefined || (u.type !== 'air' && u.type !== 'factory' && u.type !== 'rail-conversion');
}
