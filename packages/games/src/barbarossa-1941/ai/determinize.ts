/**
 * A full Barbarossa state a viewer could be in (engine `GameModule.determinize`), drawn
 * from what that viewer may see, never from what it may not.
 *
 * What a side cannot see (barbarossa-1941 "Hidden and/vs. Revealed Russian units",
 * RULINGS B-18, B-53): the units under face-down pieces it may not look at, which tank
 * group lies under which label, and the dice to come. All are drawn afresh:
 *
 * - the **pile** of rifle armies: the 42 drawn at set-up are "unknown to both the Axis
 *   and Russian players" (issue #41), so which armies the pile holds is drawn afresh
 *   among the armies nobody has seen there (its size and the lost armies returned to it,
 *   which both saw eliminated, are kept);
 * - a face-down **rifle army** is either never yet revealed (undecided: drawn from the
 *   pile at its first combat, B-18) or a revealed army turned face down again,
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
 * alone: tank units from the scenario's tank units seen nowhere, the pile from the hidden
 * armies seen nowhere (besides the returned ones), every face-down rifle army undecided (a
 * view does not say which of them were re-hidden), and the tank groups' labels not
 * drawn (a view does not say which units each label holds).
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
    const r = redrawPile(g, shuffleRifles(g, sideOf(viewer), rng));
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

/** Hidden armies (the pool's) under a piece that is eliminated: back in the pile, as both saw (`returnToPile`). */
function returnedArmies(g: Pick<BarbarossaState, 'order' | 'pieces'>, faceUp: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side === 'soviet' && p.status === 'eliminated' && p.unit !== null && !faceUp.has(p.unit))
      if (!out.includes(p.unit)) out.push(p.unit);
  }
  return out;
}

/** Units under face-up pieces in play (not eliminated). */
function faceUpUnits(g: Pick<BarbarossaState, 'order' | 'pieces'>): Set<string> {
  const out = new Set<string>();
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.unit !== null && p.status !== 'eliminated') out.add(p.unit);
  }
  return out;
}

/**
 * The pile drawn afresh (a full state): the armies returned to it kept; the rest, as many
 * as it holds, drawn from those it holds and those removed from the game at the draw
 * (the pool's armies under no piece and in no identity), in a new order.
 */
function redrawPile(g: BarbarossaState, rng: RngState): RngState {
  const s = rulesScenarioByKey(g.scenario);
  const faceUp = faceUpUnits(g);
  const returned = returnedArmies(g, faceUp).filter((u) => g.riflePile.includes(u));
  const inPieces = new Set([...faceUp, ...returned]);
  for (const h of Object.values(g.secret.identities)) if (h.unit !== null) inPieces.add(h.unit);
  const unseen = s.unitIds.filter((id) => {
    const u = s.units[id]!;
    return u.side === 'soviet' && u.tags.includes('hidden') && !inPieces.has(id);
  });
  let r = shuffle(unseen, rng);
  const pile = [...returned, ...unseen.slice(0, g.riflePile.length - returned.length)];
  r = shuffle(pile, r);
  g.riflePile = pile;
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
  const { known, riflePileSize, ...open } = seen;
  const g: BarbarossaState = { ...structuredClone(open), riflePile: [], secret: { identities: {} } };
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
  // Rifle armies: undecided, drawn at their first combat from a pile of the view's size:
  // the armies returned to it, then armies seen nowhere.
  const rifles = faceDown.filter((id) => g.pieces[id]!.face === 'rifle-army');
  rifles.forEach((id) => {
    identities[id] = { unit: known[id] ?? null, knownTo: known[id] !== undefined ? side : null };
  });
  const returned = returnedArmies(g, visible);
  const armies: string[] = [];
  for (const id of s.unitIds) {
    const u = s.units[id]!;
    if (u.side === 'soviet' && u.tags.includes('hidden') && !visible.has(id) && !returned.includes(id))
      armies.push(id);
  }
  r = shuffle(armies, r);
  g.riflePile = [...returned, ...armies].slice(0, riflePileSize);
  r = shuffle(g.riflePile, r);
  g.secret = { identities };
  return { ...state, rng: r, state: g };
}
