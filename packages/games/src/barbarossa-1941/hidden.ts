/**
 * barbarossa-1941 "Hidden and/vs. Revealed Russian units": "Until their moment of first
 * combat, Russian infantry units are unknown to both the Axis and Russian players.  Once
 * revealed, if they are UnDisrupted the Russian player may or may not re-hide them but
 * then can't peek to see/confirm what they are.  The Russian player always gets to look
 * at (re-)hidden elite/"tank" units."
 *
 * What a face-down piece is lives in `state.secret`, which no view carries: `viewOf`
 * drops it and lists, for the side asking, only the identities that side may look at.
 * A rifle army never yet revealed is not even decided: it is drawn from the pile at its
 * first combat, by a roll both players see (RULINGS B-18), so nothing about it exists to
 * leak before then.
 */
import type { RulesContext } from '@stavka/engine';
import type { RulesScenario, Side } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';

/** A side's view: the state without the secret, plus the face-down identities it may look at. */
export type BarbarossaView = Omit<BarbarossaState, 'secret'> & {
  /** Piece id -> unit id of face-down pieces this side may look at (tank units, for the Russian player). */
  readonly known: Readonly<Record<string, string>>;
};

export const CITE_HIDDEN = 'barbarossa-1941 "Hidden and/vs. Revealed Russian units"';

/**
 * The state as `side` may see it (null: the server, or an observer once the game is
 * over, who sees every identity decided; 'spectator': what every side may see). Never the secret itself; pieces are the state's own objects,
 * which hold nothing hidden (a face-down piece's `unit` is null).
 */
export function viewOf(g: BarbarossaState, side: Side | 'spectator' | null): BarbarossaView {
  const known: Record<string, string> = {};
  for (const [id, h] of Object.entries(g.secret.identities)) {
    if (h.unit === null) continue;
    if (side === null || h.knownTo === side) known[id] = h.unit;
  }
  const { secret: _secret, ...open } = g;
  return { ...open, known };
}

/**
 * Turns face-down pieces face up at their moment of combat: a rifle army never revealed
 * is drawn from the pile now (a roll both see, B-18); the identity goes into the state
 * and the public log, and undo closes (`ctx.reveal`).
 */
export function revealPieces(
  g: BarbarossaState,
  s: RulesScenario,
  ids: readonly string[],
  ctx: RulesContext,
): void {
  for (const id of ids) {
    const p = g.pieces[id];
    if (!p || p.unit !== null) continue;
    const h = g.secret.identities[id];
    if (!h) throw new Error(`face-down piece ${id} has no identity`);
    let unit = h.unit;
    if (unit === null) {
      if (g.riflePile.length === 0) throw new Error('the rifle army pile is empty');
      const roll =
        g.riflePile.length === 1
          ? 1
          : ctx.roll(
              `draw of a hidden rifle army from the pile of ${g.riflePile.length}`,
              ['B-18'],
              g.riflePile.length,
            );
      unit = g.riflePile.splice(roll - 1, 1)[0]!;
    }
    p.unit = unit;
    p.face = null;
    delete g.secret.identities[id];
    const u = s.units[unit]!;
    ctx.reveal();
    ctx.log({
      kind: 'reveal',
      text: `${id} revealed at its first combat: ${u.name} (${u.factors.attack ?? 0}-${u.factors.defense ?? 0})`,
      cite: [CITE_HIDDEN, 'B-18'],
      data: { piece: id, unit },
    });
  }
}

/** "if they are UnDisrupted the Russian player may ... re-hide them": which pieces may be. */
export function mayRehide(g: BarbarossaState, s: RulesScenario, id: string): boolean {
  const p = g.pieces[id];
  if (p?.side !== 'soviet' || p.status !== 'map' || p.disrupted || p.unit === null) return false;
  return s.units[p.unit]!.tags.includes('hidden');
}

/** Re-hides a revealed rifle army: "but then can't peek" (known to nobody). */
export function rehide(g: BarbarossaState, id: string, ctx: RulesContext): void {
  const p = g.pieces[id]!;
  const unit = p.unit!;
  p.unit = null;
  p.face = 'rifle-army';
  g.secret.identities[id] = { unit, knownTo: null };
  ctx.log({ kind: 'hide', text: `${id} is turned face down again`, cite: [CITE_HIDDEN] });
}

/**
 * An eliminated Russian rifle army's unit: "Lost Russian infantry units go back into
 * the same extra units pile for random selection, so the same unit could be re-drawn".
 */
export function returnToPile(g: BarbarossaState, s: RulesScenario, unit: string): void {
  if (s.units[unit]?.tags.includes('hidden') && !g.riflePile.includes(unit)) g.riflePile.push(unit);
}
