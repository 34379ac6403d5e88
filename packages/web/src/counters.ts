/**
 * NATO counters (milsymbol, APP-6 / MIL-STD-2525C letter codes), rendered once per
 * unit and state into an SVG data URL and cached: never redrawn per frame.
 */
import type { UnitData } from '@stavka/engine';
import ms from 'milsymbol';

/** Colour-blind-safe side colours (Okabe-Ito blue and orange). */
export const SIDE_COLOR: Record<string, string> = { german: '#56B4E9', soviet: '#E69F00' };
export const SIDE_INK: Record<string, string> = { german: '#0b3c5d', soviet: '#6b3a00' };

const FUNCTION_ID: Record<string, string> = {
  infantry: 'UCI---',
  mountain: 'UCIL--',
  cavalry: 'UCRH--',
  motorized: 'UCIM--',
  panzergrenadier: 'UCIZ--',
  mechanized: 'UCIZ--',
  panzer: 'UCA---',
  tank: 'UCA---',
  parachute: 'UCIA--',
  katyusha: 'UCFRMR',
};

const ECHELON: Record<string, string> = {
  regiment: 'G',
  kampfgruppe: 'G',
  brigade: 'H',
  division: 'I',
  korps: 'J',
  army: 'K',
  'army-group': 'L',
  front: 'L',
};

export function sidcOf(u: UnitData): string {
  const fn = FUNCTION_ID[u.type] ?? 'U-----';
  const echelon = ECHELON[u.size] ?? '-';
  return `SFGP${fn}-${echelon}---`;
}

const cache = new Map<string, string>();

/** The counter's symbol as an SVG data URL; `damaged` for Disrupted mobile units. */
export function symbolUrl(u: UnitData, opts: { disrupted?: boolean } = {}): string {
  const key = `${u.id}|${opts.disrupted ? 1 : 0}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const sym = new ms.Symbol(sidcOf(u), {
    size: 22,
    fillColor: opts.disrupted ? '#bbbbbb' : (SIDE_COLOR[u.side] ?? '#cccccc'),
    frameColor: {
      Friend: '#111',
      Hostile: '#111',
      Neutral: '#111',
      Unknown: '#111',
      Civilian: '#111',
      Suspect: '#111',
    },
    infoFields: false,
    padding: 2,
  });
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sym.asSVG())}`;
  cache.set(key, url);
  return url;
}

/** "4-6" or "3-4(6)": attack-defense, fortified defense in brackets. */
export function factorsText(u: UnitData): string {
  const f = u.factors;
  return `${f.attack ?? 0}-${f.defense ?? 0}${f.fortified !== undefined ? `(${f.fortified})` : ''}`;
}
