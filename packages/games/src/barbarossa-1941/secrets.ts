/**
 * What Barbarossa hides, for the engine's conformance suite (its leak checks): a copy of
 * a state with a marker written into each face-down piece's identity, with the viewers
 * that may not see it — the Axis and spectators for the Russian-known tank units, every
 * side for the rifle armies nobody may look at ("Hidden and/vs. Revealed Russian units"),
 * and every side for the two shuffled tank groups of the German's blind choice (B-53).
 */
import { type SecretPlanter, SPECTATOR } from '@stavka/engine';
import type { BarbarossaState } from './state.ts';

export const barbarossaSecrets: SecretPlanter<BarbarossaState> = {
  plant(state, marker) {
    const out: { state: BarbarossaState; hiddenFrom: string[] }[] = [];
    const groups = state.secret.tankGroups;
    if (groups) {
      const copy = structuredClone(state);
      copy.secret.tankGroups = { A: [marker, ...groups.A.slice(1)], B: [marker, ...groups.B.slice(1)] };
      out.push({ state: copy, hiddenFrom: ['axis', 'soviet', SPECTATOR] });
    }
    for (const [id, h] of Object.entries(state.secret.identities)) {
      const copy = structuredClone(state);
      copy.secret.identities[id] = { ...h, unit: marker };
      out.push({
        state: copy,
        hiddenFrom: h.knownTo === 'soviet' ? ['axis', SPECTATOR] : ['axis', 'soviet', SPECTATOR],
      });
      if (out.length >= 4) break; // a few pieces say enough per state
    }
    return out;
  },
};
