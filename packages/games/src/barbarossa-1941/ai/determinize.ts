/**
 * A full Barbarossa state a viewer could be in (engine `GameModule.determinize`), drawn
 * from what that viewer may see, never from what it may not.
 *
 * What a side cannot see (barbarossa-1941 "Hidden and/vs. Revealed Russian units",
 * RULINGS B-18, B-53): the units under face-down pieces it may not look at, which tank
 * group lies under which label, and the dice to come. All are drawn afresh:
 *
 * - a face-down **rifle army** is either never yet revealed (undecided: drawn from the
 *   public pile at its first combat, B-18) or a revealed army turned face down again,
 *   which nobody may look at ("can't peek"): which face-down pieces hold which re-hidden
 *   units (and which are still undecided) is drawn here;
 * - a face-down **tank korps** the viewer may not look at (the Axis never may) is one of
 *   the tank units seen nowhere in the view, in a random order; and the blind tank group
 *   choice (B-53): from a full state both are the rules' own `determinize` (play.ts),
 *   called after the rifle armies are drawn;
 * - the dice: the state's `rng` becomes the one given.
 *
 * Everything the viewer sees is kept as it is (the conformance suite checks that the view
 * and the legal actions are unchanged). From a side's view made a state (engine
 * `knownState`), which carries no secret at all, the secret is made up from the view
 * alone: tank units from the scenario's tank units seen nowhere, re-hidden rifle armies
 * from the hidden armies neither in the pile nor face up (the tank groups' labels are not
 * drawn: a view does not say which units each label holds).
 */
import { type GameState, type RngState, rollDie, type Viewer } from '@stavka/engine';
import type { BarbarossaView } from '../hidden.ts';
import { barbarossaPlay } from '../play.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import type { BarbarossaState, HiddenIdentity } from '../state.ts';

function shuffle<T>(items: T[], rng: RngState): RngState {
  let r = rng;
  for (let i = items.length - 1; i > 0; i--) {
    const d = rollDie(r, i + 1);
    r = d.next;
    const j = d.value - 1;
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return r;
}

/** The viewer's side, or null for a spectator or the server (no peeks of their own). */
function sideOf(viewer: Viewer): 'axis' | 'soviet' | null {
  return viewer === 'axis' || viewer === 'soviet' ? viewer : null;
}

/**
 * A state consistent with `viewer`'s view of `state` (a full state, or a side's view
 * made a state): the same view, with everything hidden from the viewer drawn afresh.
 */
export function determinizeBarbarossa(
  state: GameState<BarbarossaState>,
  viewer: Viewer,
  rng: RngState,
): GameState<BarbarossaState> {
  const raw = state.state as BarbarossaState | BarbarossaView;
  if ('secret' in raw && raw.secret) {
    if (viewer === '@server') return { ...state, rng };
    const g = structuredClone(raw) as BarbarossaState;
    const r = shuffleRifles(g, sideOf(viewer), rng);
    const next = { ...state, rng: r, state: g };
    const base = barbarossaPlay.determinize;
    return base ? base(next, viewer, r) : next;
  }
  return fromView(state, raw as BarbarossaView, sideOf(viewer), rng);
}

/**
 * Face-down rifle armies the viewer may not look at (re-hidden, or never revealed and
 * undecided): their identities (a unit, or none yet) dealt afresh among those pieces.
 */
function shuffleRifles(g: BarbarossaState, side: 'axis' | 'soviet' | null, rng: RngState): RngState {
  const ids = g.order.filter((id) => {
    const p = g.pieces[id]!;
    const h = g.secret.identities[id];
    return (
      p.unit === null && p.face === 'rifle-army' && h !== undefined && (side === null || h.knownTo !== side)
    );
  });
  const units = ids.map((id) => g.secret.identities[id]!.unit);
  const r = shuffle(units, rng);
  ids.forEach((id, i) => {
    g.secret.identities[id] = { ...g.secret.identities[id]!, unit: units[i] ?? null };
  });
  return r;
}

/** A full state from a side's view made a state (engine `knownState`): the secret made up. */
function fromView(
  state: GameState<BarbarossaState>,
  seen: BarbarossaView,
  side: 'axis' | 'soviet' | null,
  rng: RngState,
): GameState<BarbarossaState> {
  const s = rulesScenarioByKey(seen.scenario);
  const { known, ...open } = seen;
  const g = structuredClone(open) as BarbarossaState;
  const identities: Record<string, HiddenIdentity> = {};
  const faceDown = g.order.filter((id) => {
    const p = g.pieces[id]!;
    return p.unit === null && p.face !== null && p.side === 'soviet';
  });
  // Units visible anywhere: under face-up pieces in play, or peeked at by the viewer.
  const visible = new Set<string>();
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.unit !== null && p.status !== 'eliminated') visible.add(p.unit);
  }
  for (const u of Object.values(known)) visible.add(u);
  let r = rng;
  // Tank korps: the viewer's peeks kept; the others are the tank units seen nowhere.
  const tanks = faceDown.filter((id) => g.pieces[id]!.face === 'tank-korps');
  const unseen: string[] = [];
  if (tanks.some((id) => known[id] === undefined))
    for (const id of s.unitIds) {
      const u = s.units[id]!;
      if (u.side !== 'soviet' || u.type !== 'tank' || u.tags.includes('hidden')) continue;
      if (!visible.has(id) && g.pieces[id] === undefined) unseen.push(id);
    }
  r = shuffle(unseen, r);
  let t = 0;
  for (const id of tanks) {
    const mine = known[id];
    // The Russian player always gets to look at his tank units (B-18).
    identities[id] = { unit: mine ?? unseen[t++] ?? null, knownTo: 'soviet' };
  }
  // Rifle armies: the re-hidden units (in no pile, under no face-up piece) over random face-down pieces.
  const pile = new Set(g.riflePile);
  const rifles = faceDown.filter((id) => g.pieces[id]!.face === 'rifle-army');
  const rehidden: string[] = [];
  for (const id of s.unitIds) {
    const u = s.units[id]!;
    if (u.side === 'soviet' && u.tags.includes('hidden') && !pile.has(id) && !visible.has(id))
      rehidden.push(id);
  }
  const slots: (string | null)[] = rifles.map((_, i) => rehidden[i] ?? null);
  r = shuffle(slots, r);
  rifles.forEach((id, i) => {
    identities[id] = { unit: known[id] ?? slots[i] ?? null, knownTo: known[id] !== undefined ? side : null };
  });
  g.secret = { identities };
  return { ...state, rng: r, state: g };
}
