/**
 * barbarossa-1941 "Russian Reinforcements and Replacements" (B.1, RULINGS B-48): "Each
 * turn, the Russians receive one 1 rifle/infantry reinforcement/replacement factor from
 * each major city – 2 from Moscow – and from the eastern mapboard edge (Siberia).  Without
 * seeing the faced-down Russian army, it is assumed all are worth 2 factors, and the
 * Russian player may die-roll up for odd factors.  Each tank factory, including 1
 * (Tankograd) in Siberia can produce 1 replacement tank factor which can be cumulated
 * between turns. ... Lost Russian tank units go into a replacement pile to be brought back
 * in as such, weakest units first.  Lost Russian infantry units go back into the same extra
 * units pile for random selection".
 */
import type { RulesContext } from '@stavka/engine';
import { Board } from './board.ts';
import { siberianFactories } from './factories.ts';
import { nextArmyId } from './hidden.ts';
import type { RulesScenario } from './rules-scenario.ts';
import { type BarbarossaState, freshPiece } from './state.ts';
import { supplyDistances } from './supply.ts';
import { holder } from './victory.ts';

export const CITE_REPLACEMENTS = 'barbarossa-1941 "Russian Reinforcements and Replacements"';

/** Face-down armies that could still be drawn: the pile less the undecided pieces already out. */
function armiesAvailable(g: BarbarossaState): number {
  const undecided = Object.values(g.secret.identities).filter((h) => h.unit === null).length;
  return g.riflePile.length - undecided - g.armiesToEnter;
}

/** The lost tank units, weakest first (then by id): the replacement pile. */
export function tankPile(g: BarbarossaState, s: RulesScenario): string[] {
  return g.order
    .filter((id) => {
      const p = g.pieces[id]!;
      const u = p.unit ? s.units[p.unit] : undefined;
      return (
        p.side === 'soviet' &&
        p.status === 'eliminated' &&
        u?.type === 'tank' &&
        !u.tags.includes('irreplaceable')
      );
    })
    .sort((a, b) => {
      const ua = s.units[g.pieces[a]!.unit!]!;
      const ub = s.units[g.pieces[b]!.unit!]!;
      return (ua.factors.attack ?? 0) - (ub.factors.attack ?? 0) || a.localeCompare(b);
    });
}

/**
 * B.1: the factors of the turn, then every army and tank unit they buy joins the arrivals
 * (entering from the eastern edge, B-37). A rifle army costs 2 factors; with 1 left over,
 * one die: 4-6 buys an army anyway (B-48). A tank unit costs its attack factors.
 */
export function sovietReplacements(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  const board = new Board(g, s);
  const dist = supplyDistances(board, 'soviet');
  let rifle = s.siberia.length > 0 ? 1 : 0;
  for (let h = 0; h < s.replacementFactors.length; h++) {
    const f = s.replacementFactors[h]!;
    if (f > 0 && holder(g, s, h) === 'soviet' && dist[h]! >= 0) rifle += f;
  }
  let tanks = (s.siberia.length > 0 ? 1 : 0) + siberianFactories(g); // Tankograd, and factories evacuated there
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (
      p.side === 'soviet' &&
      p.status === 'map' &&
      p.unit &&
      s.units[p.unit]?.type === 'factory' &&
      !g.evacuation[id] && // a loading factory produces nothing (B-51)
      holder(g, s, p.at) === 'soviet'
    )
      tanks += 1;
  }
  g.rifleFactors += rifle;
  g.tankFactors += tanks;
  const bought: string[] = [];
  const buyArmy = () => {
    const id = nextArmyId(g); // never an id used before, a re-hidden army's included (hidden.ts)
    g.pieces[id] = freshPiece('soviet', null, 'rifle-army', -1);
    g.secret.identities[id] = { unit: null, knownTo: null };
    g.order.push(id);
    g.arrivals.push(id);
    bought.push('a rifle army');
  };
  while (g.rifleFactors >= 2 && armiesAvailable(g) > 0) {
    g.rifleFactors -= 2;
    buyArmy();
  }
  if (g.rifleFactors === 1 && armiesAvailable(g) > 0 && s.siberia.length > 0) {
    const roll = ctx.roll('odd rifle replacement factor: 4-6 rounds it up to an army', [
      CITE_REPLACEMENTS,
      'B-48',
    ]);
    if (roll >= 4) {
      g.rifleFactors = 0;
      buyArmy();
    }
  }
  for (const id of tankPile(g, s)) {
    const cost = s.units[g.pieces[id]!.unit!]!.factors.attack ?? 0;
    if (cost > g.tankFactors) break; // weakest first
    g.tankFactors -= cost;
    const p = g.pieces[id]!;
    p.status = 'pool';
    p.disrupted = false;
    p.weak = false;
    g.arrivals.push(id);
    bought.push(s.units[p.unit!]!.designation);
  }
  ctx.log({
    kind: 'reinforcements',
    text: `replacements: ${rifle} rifle and ${tanks} tank factor(s)${bought.length > 0 ? `; ${bought.join(', ')} to enter` : ''} (${g.rifleFactors} rifle, ${g.tankFactors} tank factors kept)`,
    cite: [CITE_REPLACEMENTS, 'B.1', 'B-48'],
  });
}

export const CITE_PANZERS = 'barbarossa-1941 "Axis Reinforcements and Replacements Panzers"';

/**
 * A.1 (RULINGS B-49): "Germans get 2 panzer replacement factors at the start of each month
 * beginning with August.  They may be used to build ... a lost 2-factor pzdiv." Kept
 * between months; each lost panzer division whose attack factors they cover returns (by
 * any railhead, B-37), cheapest first.
 */
export function germanReplacements(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  const t = s.turns[Math.min(g.turn, s.turns.length) - 1];
  const { factorsPerMonth, fromTurn } = s.panzerReplacements;
  if (!t?.monthStart || g.turn < fromTurn || factorsPerMonth <= 0) return;
  g.panzerFactors += factorsPerMonth;
  const lost = g.order
    .filter((id) => {
      const p = g.pieces[id]!;
      const u = p.unit ? s.units[p.unit] : undefined;
      return p.side === 'axis' && p.status === 'eliminated' && u?.type === 'panzer' && u.size === 'division';
    })
    .sort(
      (a, b) =>
        (s.units[g.pieces[a]!.unit!]!.factors.attack ?? 0) -
          (s.units[g.pieces[b]!.unit!]!.factors.attack ?? 0) || a.localeCompare(b),
    );
  const back: string[] = [];
  for (const id of lost) {
    const cost = s.units[g.pieces[id]!.unit!]!.factors.attack ?? 0;
    if (cost > g.panzerFactors) break;
    g.panzerFactors -= cost;
    const p = g.pieces[id]!;
    p.status = 'pool';
    p.disrupted = false;
    g.arrivals.push(id);
    back.push(s.units[p.unit!]!.designation);
  }
  ctx.log({
    kind: 'reinforcements',
    text: `${factorsPerMonth} panzer replacement factors${back.length > 0 ? `: ${back.join(', ')} rebuilt` : ''} (${g.panzerFactors} kept)`,
    cite: [CITE_PANZERS, 'A.1', 'B-49'],
  });
}
