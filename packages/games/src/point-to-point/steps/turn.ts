/**
 * The turn and the player-turn (completion C-3): each turn the Axis, then the Soviet
 * player-turn. A player-turn starts by itself: the Axis railheads advance (C-7.1), the
 * player-turn's counts are cleared, then step a (steps/recovery.ts; the Soviet factories,
 * steps/factories.ts) and step b (steps/reinforcements.ts; the Soviet partisans,
 * steps/partisans.ts); the steps the players act in follow: movement, air allocation,
 * combat, breakthrough, field fortifications. After each turn: sudden death (C-13.1), the
 * final count after the last turn (C-13.2), else the weather of the next (C-11) and its
 * scenario fortifications (C-8.1).
 */
import { type RulesContext, SearchSpace } from '@stavka/engine';
import { isRailway } from '../campaign-board.ts';
import { type CampaignState, typhoon } from '../campaign-state.ts';
import { factoriesProduce } from './factories.ts';
import { partisansArrive } from './partisans.ts';
import { recovery } from './recovery.ts';
import { withdrawalsAndReinforcements } from './reinforcements.ts';
import { boardOf, C, idx, inSupply, mapOf, pointName } from './step.ts';
import { finalCount, finishGame } from './victory.ts';

/** Railway segments the Axis converts to its gauge in a turn (project, C-7.1). */
const GAUGE_PER_TURN = 2;

/**
 * C-7.1 railheads: at the start of each Axis player-turn the converted railway runs on up
 * to GAUGE_PER_TURN more railway segments from the railheads, through points the Axis
 * controls and no Soviet ground unit holds; a railhead the Axis no longer controls is lost.
 */
function advanceRailheads(g: CampaignState): void {
  const map = mapOf();
  const board = boardOf(g);
  const open = (p: number) => board.control[p] === 'axis' && board.occupant[p] !== 'soviet';
  const start = [...new Set([...typhoon().scenario.supplySources.axis, ...g.railheads])]
    .map(idx)
    .filter(open);
  const space = new SearchSpace(map.graph).run(
    { stepCost: (_from, slot, to) => (isRailway(map, map.graph.edges[slot]!) && open(to) ? 1 : -1) },
    { sources: start, maxCost: GAUGE_PER_TURN },
  );
  g.railheads = map.pointIds.filter((_, p) => space.has(p));
}

/** The start of a turn: the scenario's field fortifications of this turn (C-8.1). */
export function startTurn(g: CampaignState, ctx: RulesContext): void {
  // C-8.1: the scenario's fortifications of this turn, at points the Soviets still hold.
  for (const f of typhoon().scenario.fortifications) {
    if (f.turn !== g.turn || g.control[f.at] !== 'soviet' || g.fortified.includes(f.at)) continue;
    g.fortified.push(f.at);
    ctx.log({ kind: 'phase', text: `field fortification at ${pointName(f.at)}`, cite: [C.fortify] });
  }
}

/** A new player-turn of `g.player`: its counts cleared, then steps a and b, up to its movement (or partisans). */
export function startPlayerTurn(g: CampaignState, ctx: RulesContext): void {
  g.phase = 'movement';
  if (g.player === 'axis') advanceRailheads(g);
  g.used = g.used.map(() => 0);
  g.airUsed = [];
  g.airSide = null;
  g.airCommitted = [];
  g.groups = [];
  g.attacks = [];
  ctx.log({
    kind: 'phase',
    text: `turn ${g.turn} (${g.weather}): ${g.player} player-turn`,
    cite: [C.sequence],
  });
  const supplied = inSupply(g, g.player);
  for (const u of g.units) {
    u.moved = false;
    u.from = null;
    u.advanced = false;
    u.sheltering = false;
  }
  for (const f of g.factories) f.moved = false;
  recovery(g, supplied, ctx);
  if (g.player === 'soviet') factoriesProduce(g, supplied, ctx);
  withdrawalsAndReinforcements(g, supplied, ctx);
  if (g.player === 'soviet') partisansArrive(g, ctx);
}

/** The phasing player's turn is over: the Soviet player-turn next, or the end of the turn. */
export function endPlayerTurn(g: CampaignState, ctx: RulesContext): void {
  if (g.player === 'axis') {
    g.player = 'soviet';
    startPlayerTurn(g, ctx);
    return;
  }
  // End of the turn: sudden death (C-13.1), then the next turn or the final count.
  const moscow = typhoon().scenario.suddenDeath;
  if (g.control[moscow] === 'axis' && inSupply(g, 'axis')[idx(moscow)]) {
    finishGame(g, 'axis', 'the Axis holds Moscow in supply (C-13.1)', ctx);
    return;
  }
  if (g.turn === typhoon().scenario.turns.length) {
    finalCount(g, ctx);
    return;
  }
  g.turn += 1;
  g.weather = typhoon().scenario.turns[g.turn - 1]!.weather;
  ctx.log({ kind: 'phase', text: `weather for turn ${g.turn}: ${g.weather}`, cite: [C.weather] });
  g.player = 'axis';
  startTurn(g, ctx);
  startPlayerTurn(g, ctx);
}
