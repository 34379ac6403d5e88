/**
 * What Barbarossa hides, for the engine's conformance suite (its leak checks): a copy of
 * a state with a marker written into each face-down piece's identity, with the viewers
 * that may not see it — the Axis and spectators for the Russian-known tank units, every
 * side for the rifle armies nobody may look at ("Hidden and/vs. Revealed Russian units"),
 * every side for the two shuffled tank groups of the German's blind choice (B-53), and
 * every side for the pile of rifle armies, the 42 drawn at set-up ("unknown to both the
 * Axis and Russian players", issue #41): an army of it swapped for the marker, or the
 * pile in another order, must change no view.
 */
import { type SecretPlanter, SPECTATOR } from '@stavka/engine';
import type { BarbarossaState } from './state.ts';

export const barbarossaSecrets: SecretPlanter<BarbarossaState> = {
  plant(state, marker) {
    const out: { state: BarbarossaState; hiddenFrom: string[] }[] = [];
    const everyone = ['axis', 'soviet', SPECTATOR];
    if (state.riflePile.length > 0) {
      const copy = structuredClone(state);
      copy.riflePile[copy.riflePile.length - 1] = marker;
      out.push({ state: copy, hiddenFrom: everyone });
    }
    if (state.riflePile.length > 1) {
      const turned = structuredClone(state);
      turned.riflePile.reverse();
      out.push({ state: turned, hiddenFrom: everyone });
    }
    const groups = state.secret.tankGroups;
    if (groups) {
      const copy = structuredClone(state);
      copy.secret.tankGroups = { A: [marker, ...groups.A.slice(1)], B: [marker, ...groups.B.slice(1)] };
      out.push({ state: copy, hiddenFrom: everyone });
    }
    let pieces = 0;
    for (const [id, h] of Object.entries(state.secret.identities)) {
      const copy = structuredClone(state);
      copy.secret.identities[id] = { ...h, unit: marker };
      out.push({ state: copy, hiddenFrom: h.knownTo === 'soviet' ? ['axis', SPECTATOR] : everyone });
      if (++pieces >= 4) break; // a few pieces say enough per state
    }
    return out;
  },
};
