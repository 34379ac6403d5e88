/**
 * barbarossa-1941 "Hidden and/vs. Revealed Russian units": "Until their moment of first
 * combat, Russian infantry units are unknown to both the Axis and Russian players.  Once
 * revealed, if they are UnDisrupted the Russian player may or may not re-hide them but
 * then can't peek to see/confirm what they are.  The Russian player always gets to look
 * at (re-)hidden elite/"tank" units."
 *
 * What a face-down piece is lives in `state.secret`, which no view carries: `viewOf`
 * drops it and lists, for the side asking, only the identities that side may look at.
 * Nor does a view list the pile of rifle armies (the 42 drawn at set-up, less those
 * revealed, plus the lost ones returned): only its size.
 * A rifle army never yet revealed is not even decided: it is drawn from the pile at its
 * first combat, by a roll both players see (RULINGS B-18), so nothing about it exists to
 * leak before then.
 */
import type { RulesContext } from '@stavka/engine';
import type { RulesScenario, Side } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';

/**
 * A side's view: the state without the secret and without the rifle armies' pile, plus
 * the face-down identities it may look at and the pile's size.
 */
export type BarbarossaView = Omit<BarbarossaState, 'secret' | 'riflePile'> & {
  /** Piece id -> unit id of face-down pieces this side may look at (tank units, for the Russian player). */
  readonly known: Readonly<Record<string, string>>;
  /**
   * How many rifle armies the pile holds (the state's `riflePile`, never listed: which
   * armies were drawn is "unknown to both the Axis and Russian players", issue #41).
   */
  readonly riflePileSize: number;
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
  const { secret: _secret, riflePile, ...open } = g;
  return { ...open, known, riflePileSize: riflePile.length };
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
    if (p.face === 'tank-korps' && h.unit === null)
      throw new Error(`tank piece ${id} fights before the blind choice`);
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

const ARMY_ID = /^sov-army-(\d+)$/;

/**
 * A new face-down army's piece id: "sov-army-" and the next number, never one used before
 * in this game (the highest number held so far plus one; the piece with the highest
 * number is never removed without a higher one made: see `rehide`).
 */
export function nextArmyId(g: BarbarossaState): string {
  let max = 0;
  for (const id of Object.keys(g.pieces)) {
    const m = ARMY_ID.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `sov-army-${String(max + 1).padStart(2, '0')}`;
}

/**
 * Re-hides a revealed rifle army: "but then can't peek" (known to nobody). The counter
 * turned face down becomes a new piece under a new opaque id (issue #46): the public log
 * keeps the history of the old id (B-35: "sov-army-02 revealed ...: 21st Army"), but no
 * view and no log entry ties that id to the piece now face down, which looks like any
 * face-down army from then on. Re-hiding is the Russian B.1 step's (no attack, combat or
 * movement refers to the piece then); the lists of the player-turn that may name it are
 * renamed with it.
 */
export function rehide(g: BarbarossaState, id: string, ctx: RulesContext): string {
  const p = g.pieces[id]!;
  const unit = p.unit!;
  const fresh = nextArmyId(g);
  g.pieces[fresh] = { ...p, unit: null, face: 'rifle-army' };
  delete g.pieces[id];
  g.secret.identities[fresh] = { unit, knownTo: null };
  // A new piece at the end of the canonical order, as every army bought or entering.
  g.order = [...g.order.filter((x) => x !== id), fresh];
  const rename = (ids: string[]) => ids.map((x) => (x === id ? fresh : x));
  g.spent = rename(g.spent);
  g.attackedThisPhase = rename(g.attackedThisPhase);
  g.arrivals = rename(g.arrivals);
  if (g.airSupplied) g.airSupplied = rename(g.airSupplied);
  for (const a of g.attacks) a.attackers = rename(a.attackers);
  ctx.log({ kind: 'hide', text: `${id} is turned face down again`, cite: [CITE_HIDDEN, 'B-35'] });
  return fresh;
}

/**
 * An eliminated Russian rifle army's unit: "Lost Russian infantry units go back into
 * the same extra units pile for random selection, so the same unit could be re-drawn".
 */
export function returnToPile(g: BarbarossaState, s: RulesScenario, unit: string): void {
  if (s.units[unit]?.tags.includes('hidden') && !g.riflePile.includes(unit)) g.riflePile.push(unit);
}

/**
 * A Russian piece lost without a combat to reveal it (sunk at sea): "Lost Russian infantry
 * units go back into the same extra units pile for random selection" — a rifle army's
 * unit back into the pile, unseen when face down (a re-hidden army's unit; an army never
 * revealed was never drawn, so the pile keeps it and the piece holds no identity any
 * more, instead of staying undecided for ever); "Lost Russian tank units go into a
 * replacement pile to be brought back in as such, weakest units first": a face-down tank
 * korps is turned face up (the replacement pile is taken weakest first, by its units).
 * Call it once the piece is off the map.
 */
export function settleLostPiece(g: BarbarossaState, s: RulesScenario, id: string, ctx: RulesContext): void {
  const p = g.pieces[id]!;
  if (p.side !== 'soviet') return;
  if (p.unit !== null) {
    returnToPile(g, s, p.unit);
    return;
  }
  const h = g.secret.identities[id];
  delete g.secret.identities[id];
  if (!h || h.unit === null) return;
  if (p.face === 'tank-korps') {
    p.unit = h.unit;
    p.face = null;
    const u = s.units[h.unit]!;
    ctx.reveal();
    ctx.log({
      kind: 'reveal',
      text: `${id}, lost face down, was ${u.name} (${u.factors.attack ?? 0}-${u.factors.defense ?? 0}): into the tank replacement pile`,
      cite: [CITE_HIDDEN, 'barbarossa-1941 "Russian Reinforcements and Replacements"'],
      data: { piece: id, unit: h.unit },
    });
  } else returnToPile(g, s, h.unit);
}

export const CITE_BLIND = 'barbarossa-1941 "Setup" Sorting Russian Arrays';

/**
 * B-53, set-up: "a faced-down group of 10 more 2-1s or of 8 4-3s! and 2 3-2s - blindly
 * chosen by the German player". The two groups are shuffled face down by a roll only the
 * server sees (`visibleTo: []`): which of them is "group A" is then nobody's knowledge.
 */
export function shuffleTankGroups(g: BarbarossaState, ctx: RulesContext): void {
  const groups = g.secret.tankGroups;
  if (!groups || g.tankGroupChoice !== 'pending') return;
  const roll = ctx.roll('the two face-down tank groups shuffled', [CITE_BLIND, 'B-53'], 2, []);
  if (roll === 2) g.secret.tankGroups = { A: groups.B, B: groups.A };
}

/** The German's blind choice is still to be made (his first action, before A.1's steps). */
export function tankGroupPending(g: BarbarossaState): boolean {
  return g.tankGroupChoice === 'pending';
}

/**
 * B-53: the German picks a label; the group under it becomes the face-down tank pieces'
 * identities, known to the Russian player only ("The Russian player may always look at his
 * hidden elite/"tank" units (like cards in a poker game)"). The log names the label, never
 * the group; the units are told at their first combat.
 */
export function chooseTankGroup(g: BarbarossaState, group: 'A' | 'B', ctx: RulesContext): void {
  const units = g.secret.tankGroups![group];
  const pieces = g.order.filter(
    (id) => g.pieces[id]!.face === 'tank-korps' && g.secret.identities[id]?.unit === null,
  );
  pieces.forEach((id, i) => {
    g.secret.identities[id] = { unit: units[i] ?? null, knownTo: 'soviet' };
  });
  g.tankGroupChoice = group;
  ctx.log({
    kind: 'setup',
    text: `the German player blindly chooses face-down tank group ${group}`,
    cite: [CITE_BLIND, 'B-53'],
  });
}
