/**
 * Moscow 1941 on points and lines: the campaign, a first version of the completion rules
 * (docs/rules/point-to-point-completion.md; every rule the project's) behind the engine's
 * GameRules contract, on the Operation Typhoon scenario (typhoon.ts). Battles are the
 * battle rules (battle.ts) played inside the campaign: while one is fought, the
 * campaign offers and applies the battle's own actions.
 *
 *   each player-turn (Axis, then Soviet; C-3): recovery of dispersed units in supply
 *   (C-7.3), withdrawals and reinforcements (C-12), movement along lines with capacities
 *   (C-4; moving into an enemy-held point is an attack, C-4.4), then the battles in the
 *   order the phasing player picks (the text's A and B; air units within 3 segments
 *   join, C-5.1), control following the battles (C-2); after each turn the weather of the
 *   next (C-11) and victory (C-13).
 *
 * Not yet in this version (so the game log never cites them): choosing which air units
 * join a battle (all within range join), breakthrough movement (C-6), field fortifications
 * (C-8), factories (C-9), partisans (C-10), rail movement (C-4.2), the Axis winter
 * attrition of C-7.2. The battle rules' own readings (P-6..P-12) apply.
 */
import {
  type GameOutcome,
  type GameRules,
  ok,
  type PointMap,
  type RulesContext,
  SearchSpace,
} from '@stavka/engine';
import { type BattleAction, battleRules } from './battle.ts';
import { type BattleScenario, type BattleState, battleFromSetup } from './battle-scenario.ts';
import {
  type CampaignBoard,
  type CampaignWeather,
  lineBetween,
  moveOptions,
  supplyStatus,
} from './campaign-board.ts';
import { FIRE_TABLE } from './combat.ts';
import { type Formation, lossLimit, other, retreatHalves, type Side } from './forces.ts';
import { compileTyphoon, type Typhoon } from './typhoon.ts';

export const CAMPAIGN_RULES_VERSION = 'point-to-point-campaign/1';

const C = {
  sequence: 'completion C-3 Sequence of play',
  move: 'completion C-4 Movement along lines',
  air: 'completion C-5 Air units',
  control: 'completion C-2 Control',
  recovery: 'completion C-7.3 Recovery of Dispersed Units',
  reinforce: 'completion C-12 Reinforcements and withdrawals',
  weather: 'completion C-11 Weather',
  victory: 'completion C-13 Victory',
} as const;

export interface CampaignUnit {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  readonly unitClass: 'major' | 'minor' | 'air';
  readonly value: number;
  readonly formation: Formation;
  readonly mobile: boolean;
  readonly arrives: number;
  readonly withdraws: number | null;
  /** Where it stands (an attacker: the point it attacks). */
  at: string;
  losses: number;
  dispersed: boolean;
  place: 'waiting' | 'map' | 'destroyed' | 'withdrawn';
  /** Moved this player-turn. */
  moved: boolean;
  /** An attacker's point of origin this player-turn (B.4: it retreats there). */
  from: string | null;
}

export type CampaignAction =
  | { type: 'move'; unit: string; to: string }
  | { type: 'end-movement' }
  | { type: 'fight'; at: string }
  | BattleAction;

export interface CampaignState {
  readonly scenario: 'typhoon';
  /** 1 = 1-15 Oct 1941 ... 8 = 16-31 Jan 1942. */
  turn: number;
  /** The phasing side. */
  player: Side;
  phase: 'movement' | 'combat' | 'over';
  weather: CampaignWeather;
  units: CampaignUnit[];
  /** Who controls each point, by point id (C-2). */
  control: Record<string, Side>;
  /** Line capacity used this player-turn in half units, by line index (C-1.2). */
  used: number[];
  /** Points attacked this player-turn and not yet fought. */
  attacks: string[];
  /** Air units that joined a battle this player-turn. */
  airUsed: string[];
  /** Axis railheads: where the converted railway reaches (C-7.1, completion rules). */
  railheads: string[];
  /** The battle being fought, and where. */
  battle: BattleState | null;
  result: { winner: Side | null; axis: number; soviet: number; reason: string } | null;
}

let typhoonCache: Typhoon | null = null;
function typhoon(): Typhoon {
  if (!typhoonCache) {
    const r = compileTyphoon();
    if (!r.ok) throw new Error(`the Typhoon data is invalid: ${JSON.stringify(r.error.slice(0, 3))}`);
    typhoonCache = r.value;
  }
  return typhoonCache;
}
const mapOf = (): PointMap => typhoon().map;
const idx = (id: string) => mapOf().pointIds.indexOf(id);

/* ----------------------------------------------------------------------------- */
/* The board as the searches read it                                                */

function boardOf(g: CampaignState): CampaignBoard {
  const map = mapOf();
  const occupant: (Side | null)[] = map.pointIds.map(() => null);
  for (const u of g.units)
    if (u.place === 'map' && u.unitClass !== 'air' && u.from === null) occupant[idx(u.at)] = u.side;
  return {
    map,
    control: map.pointIds.map((id) => g.control[id]!),
    occupant,
    partisans: map.pointIds.map(() => false),
    usedHalves: g.used,
  };
}

function inSupply(g: CampaignState, side: Side): Uint8Array {
  const sources = side === 'axis' ? g.railheads : typhoon().scenario.supplySources[side];
  return supplyStatus(boardOf(g), side, sources.map(idx));
}

/** Railway segments the Axis converts to its gauge in a turn (project, C-7.1). */
export const GAUGE_PER_TURN = 2;

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
    {
      stepCost: (_from, slot, to) =>
        map.lineKinds[map.graph.edges[slot]!]!.includes('rr') && open(to) ? 1 : -1,
    },
    { sources: start, maxCost: GAUGE_PER_TURN },
  );
  g.railheads = map.pointIds.filter((_, p) => space.has(p));
}

/* ----------------------------------------------------------------------------- */
/* Player-turns                                                                     */

function startPlayerTurn(g: CampaignState, ctx: RulesContext): void {
  g.phase = 'movement';
  if (g.player === 'axis') advanceRailheads(g);
  g.used = g.used.map(() => 0);
  g.airUsed = [];
  ctx.log({
    kind: 'phase',
    text: `turn ${g.turn} (${g.weather}): ${g.player} player-turn`,
    cite: [C.sequence],
  });
  // C-7.3 Recovery of Dispersed Units: friendly dispersed units in supply recover.
  const supplied = inSupply(g, g.player);
  for (const u of g.units) {
    u.moved = false;
    u.from = null;
    if (u.side !== g.player || u.place !== 'map' || !u.dispersed) continue;
    if (!supplied[idx(u.at)]) continue;
    u.losses = 0;
    u.dispersed = false;
    ctx.log({ kind: 'phase', text: `${u.name} recovers`, cite: [C.recovery, 'P-5'] });
  }
  // C-5.1: air units stand at points of their own side; one left on an enemy point flies back
  // to the first of its supply sources (project: air bases are not fought over).
  for (const u of g.units) {
    if (u.unitClass !== 'air' || u.place !== 'map' || g.control[u.at] === u.side) continue;
    u.at = typhoon().scenario.supplySources[u.side].find((p) => g.control[p] === u.side) ?? u.at;
    ctx.log({ kind: 'move', text: `${u.name} flies back to ${u.at}`, cite: [C.air] });
  }
  // C-12 withdrawals, then reinforcements at their point if friendly, else a supply source.
  for (const u of g.units) {
    if (u.side !== g.player) continue;
    if (u.withdraws === g.turn && u.place === 'map') {
      u.place = 'withdrawn';
      ctx.log({ kind: 'phase', text: `${u.name} is withdrawn`, cite: [C.reinforce] });
    }
    if (u.arrives === g.turn && u.place === 'waiting') {
      const sources = typhoon().scenario.supplySources[g.player];
      const friendly = (p: string) => g.control[p] === g.player && !enemyGroundAt(g, p, g.player);
      u.at = friendly(u.at) ? u.at : (sources.find(friendly) ?? sources[0]!);
      u.place = 'map';
      ctx.log({ kind: 'phase', text: `${u.name} arrives at ${u.at}`, cite: [C.reinforce] });
    }
  }
}

const enemyGroundAt = (g: CampaignState, p: string, side: Side) =>
  g.units.some(
    (u) => u.place === 'map' && u.side !== side && u.unitClass !== 'air' && u.at === p && u.from === null,
  );

function endPlayerTurn(g: CampaignState, ctx: RulesContext): void {
  if (g.player === 'axis') {
    g.player = 'soviet';
    startPlayerTurn(g, ctx);
    return;
  }
  // End of the turn: sudden death (C-13.1), then the next turn or the final count.
  const moscow = idx(typhoon().scenario.suddenDeath);
  if (g.control[typhoon().scenario.suddenDeath] === 'axis' && inSupply(g, 'axis')[moscow]) {
    finishGame(g, 'axis', 'the Axis holds Moscow in supply (C-13.1)', ctx);
    return;
  }
  if (g.turn === typhoon().scenario.turns.length) {
    const vp = victoryPoints(g);
    const winner = vp.axis > vp.soviet ? 'axis' : vp.soviet > vp.axis ? 'soviet' : null;
    finishGame(
      g,
      winner,
      `victory points after the last turn: axis ${vp.axis}, soviet ${vp.soviet} (C-13.2)`,
      ctx,
    );
    return;
  }
  g.turn += 1;
  g.weather = typhoon().scenario.turns[g.turn - 1]!.weather;
  ctx.log({ kind: 'phase', text: `weather for turn ${g.turn}: ${g.weather}`, cite: [C.weather] });
  g.player = 'axis';
  startPlayerTurn(g, ctx);
}

/** C-13.2 (factories not yet in play). */
export function victoryPoints(g: CampaignState): { axis: number; soviet: number } {
  const s = typhoon().scenario;
  const axisStart = new Set(s.control.axis);
  let axis = 0;
  let soviet = 0;
  for (const [p, vp] of Object.entries(s.victoryPoints)) {
    if (!axisStart.has(p) && g.control[p] === 'axis') axis += vp;
    if (axisStart.has(p) && g.control[p] === 'soviet') soviet += vp;
  }
  const destroyed = (side: Side) =>
    g.units.filter((u) => u.side === side && u.place === 'destroyed' && u.unitClass !== 'air').length;
  axis += Math.floor(destroyed('soviet') / 3);
  soviet += Math.floor(destroyed('axis') / 2);
  return { axis, soviet };
}

function finishGame(g: CampaignState, winner: Side | null, reason: string, ctx: RulesContext): void {
  const vp = victoryPoints(g);
  g.phase = 'over';
  g.result = { winner, ...vp, reason };
  ctx.log({ kind: 'phase', text: `game over: ${winner ?? 'draw'}; ${reason}`, cite: [C.victory] });
}

/* ----------------------------------------------------------------------------- */
/* Movement (C-4)                                                                   */

function unitHalves(u: CampaignUnit): number {
  return retreatHalves(u);
}

function movesOf(g: CampaignState, u: CampaignUnit) {
  if (u.place !== 'map' || u.side !== g.player || u.moved || u.unitClass === 'air' || u.from !== null)
    return [];
  return moveOptions(
    boardOf(g),
    { at: idx(u.at), side: u.side, mobile: u.mobile, dispersed: u.dispersed, halves: unitHalves(u) },
    g.weather,
  );
}

function move(g: CampaignState, u: CampaignUnit, to: string, ctx: RulesContext): void {
  const option = movesOf(g, u).find((o) => mapOf().pointIds[o.to] === to)!;
  for (const line of option.lines) g.used[line] = (g.used[line] ?? 0) + unitHalves(u);
  u.moved = true;
  const path = option.path.map((p) => mapOf().pointIds[p]!);
  // Points passed through and reached change control (C-2.2); an enemy-held one is attacked.
  for (const p of path.slice(1, option.attack ? -1 : undefined)) {
    if (g.control[p] !== u.side) {
      g.control[p] = u.side;
      ctx.log({ kind: 'move', text: `${p} passes to the ${u.side}`, cite: [C.control] });
    }
  }
  if (option.attack) {
    u.from = path[path.length - 2]!;
    if (!g.attacks.includes(to)) g.attacks.push(to);
    ctx.log({ kind: 'move', text: `${u.name} attacks ${to} from ${u.from}`, cite: [C.move] });
  } else {
    ctx.log({ kind: 'move', text: `${u.name} moves to ${to}`, cite: [C.move] });
  }
  u.at = to;
}

/* ----------------------------------------------------------------------------- */
/* Battles                                                                          */

/** Air units within 3 segments of a point (C-5.1). */
function airInRange(g: CampaignState, side: Side, at: string): CampaignUnit[] {
  const map = mapOf();
  const space = new SearchSpace(map.graph).run(
    { enterCost: new Array(map.graph.nodeCount).fill(1) },
    { sources: [idx(at)], maxCost: 3 },
  );
  return g.units.filter(
    (u) =>
      u.side === side &&
      u.unitClass === 'air' &&
      g.control[u.at] === side &&
      u.place === 'map' &&
      !g.airUsed.includes(u.id) &&
      space.has(idx(u.at)),
  );
}

function startBattle(g: CampaignState, at: string, ctx: RulesContext): void {
  const map = mapOf();
  const attacker = g.player;
  const defender = other(attacker);
  const supplied = { axis: inSupply(g, 'axis'), soviet: inSupply(g, 'soviet') };
  const attackers = g.units.filter(
    (u) => u.place === 'map' && u.side === attacker && u.at === at && u.from !== null,
  );
  const defenders = g.units.filter(
    (u) =>
      u.place === 'map' && u.side === defender && u.at === at && u.from === null && u.unitClass !== 'air',
  );
  const point = idx(at);
  // An air unit based at the point itself flies from the first friendly point next to it.
  const friendlyNext = (side: Side) => {
    const g0 = map.graph;
    for (let sl = g0.offsets[point]!; sl < g0.offsets[point + 1]!; sl++) {
      const p = map.pointIds[g0.targets[sl]!]!;
      if (g.control[p] === side) return p;
    }
    return null;
  };
  const baseOf = new Map<string, string>();
  const air = [...airInRange(g, attacker, at), ...airInRange(g, defender, at)].filter((a) => {
    const base = a.at === at ? friendlyNext(a.side) : a.at;
    if (base) baseOf.set(a.id, base);
    return base !== null;
  });
  for (const a of air) g.airUsed.push(a.id);
  const neighbours: BattleScenario['points'] = [];
  const g0 = map.graph;
  const seen = new Set<string>();
  for (let s = g0.offsets[point]!; s < g0.offsets[point + 1]!; s++) {
    const p = map.pointIds[g0.targets[s]!]!;
    if (seen.has(p)) continue;
    seen.add(p);
    const line = g0.edges[s]!;
    const left = Math.max(0, 2 * map.capacity[line]! - (g.used[line] ?? 0));
    const combat = g.units.some(
      (u) => u.place === 'map' && u.side === attacker && u.unitClass !== 'air' && u.at === p,
    );
    neighbours.push({
      id: p,
      control: g.control[p]!,
      capacity: Math.floor(left / 2),
      occupants: combat ? ['combat'] : [],
      underAttack: g.attacks.includes(p) && p !== at && g.control[p] === defender,
    });
  }
  for (const a of air) {
    const base = baseOf.get(a.id)!;
    if (seen.has(base)) continue;
    seen.add(base);
    neighbours.push({ id: base, control: a.side, capacity: 0 });
  }
  const unit = (u: CampaignUnit, role: 'attacker' | 'defender') => ({
    id: u.id,
    name: u.name,
    side: u.side,
    role,
    class: u.unitClass,
    ...(u.unitClass === 'air' ? { from: baseOf.get(u.id)! } : { value: u.value }),
    formation: u.formation,
    inSupply: supplied[u.side][idx(u.unitClass === 'air' ? at : role === 'attacker' ? u.from! : at)] === 1,
    ...(role === 'attacker' && u.unitClass !== 'air' ? { from: u.from! } : {}),
    losses: u.losses,
    dispersed: u.dispersed,
  });
  const scenario: BattleScenario = {
    point: at,
    weather: g.weather === 'snow' ? 'snow' : 'good', // C-11.2: Mud fights as Good
    combat: 'regular',
    attacker,
    units: [
      ...attackers.map((u) => unit(u, 'attacker')),
      ...air.filter((u) => u.side === attacker).map((u) => unit(u, 'attacker')),
      ...defenders.map((u) => unit(u, 'defender')),
      ...air.filter((u) => u.side === defender).map((u) => unit(u, 'defender')),
    ],
    points: neighbours,
  };
  const made = battleFromSetup(scenario, FIRE_TABLE.id);
  if (!made.ok)
    throw new Error(
      `campaign: battle at ${at} could not be set up: ${JSON.stringify(made.error)} ${JSON.stringify(scenario)}`,
    );
  g.battle = made.value;
  g.attacks = g.attacks.filter((p) => p !== at);
  ctx.log({
    kind: 'combat',
    text: `battle at ${at}: ${attackers.length} attacking and ${defenders.length} defending units, ${air.length} air units within range`,
    cite: [C.air],
  });
}

/** The battle is over: its units, the point and the lines it used back into the campaign. */
function endBattle(g: CampaignState, ctx: RulesContext): void {
  const b = g.battle!;
  const map = mapOf();
  for (const bu of b.units) {
    const u = g.units.find((x) => x.id === bu.id)!;
    u.losses = bu.losses;
    u.dispersed = bu.dispersed;
    u.from = null;
    if (bu.status === 'destroyed') u.place = 'destroyed';
    else if (bu.at !== null) u.at = bu.at;
    // Units retreated under priority b into an enemy point take it (C-2.2).
    if (bu.status === 'retreated' && bu.unitClass !== 'air' && bu.at && g.control[bu.at] !== u.side) {
      g.control[bu.at] = u.side;
      ctx.log({ kind: 'retreat', text: `${bu.at} passes to the ${u.side}`, cite: [C.control] });
    }
  }
  for (const [p, halves] of Object.entries(b.used)) {
    const line = lineBetween(map, idx(b.point), idx(p));
    g.used[line] = (g.used[line] ?? 0) + halves;
  }
  if (b.holder && g.control[b.point] !== b.holder) {
    g.control[b.point] = b.holder;
    ctx.log({ kind: 'combat', text: `${b.point} passes to the ${b.holder}`, cite: [C.control] });
  }
  g.battle = null;
  if (g.attacks.length === 0) endPlayerTurn(g, ctx);
}

/* ----------------------------------------------------------------------------- */
/* The contract                                                                     */

function legal(g: CampaignState, side: Side): CampaignAction[] {
  if (g.phase === 'over') return [];
  if (g.battle) return battleRules.legalActions(g.battle, side);
  if (side !== g.player) return [];
  if (g.phase === 'combat') return g.attacks.map((at) => ({ type: 'fight', at }));
  const out: CampaignAction[] = [];
  for (const u of g.units)
    for (const o of movesOf(g, u)) out.push({ type: 'move', unit: u.id, to: mapOf().pointIds[o.to]! });
  out.push({ type: 'end-movement' });
  return out;
}

function apply(g: CampaignState, side: Side, a: CampaignAction, ctx: RulesContext): void {
  if (g.battle) {
    battleRules.applyAction(g.battle, side, a as BattleAction, ctx);
    if (g.battle.stage === 'over') endBattle(g, ctx);
    return;
  }
  switch (a.type) {
    case 'move':
      move(g, g.units.find((u) => u.id === a.unit)!, a.to, ctx);
      return;
    case 'end-movement':
      ctx.log({ kind: 'phase', text: `${side} movement ends`, cite: [C.sequence] });
      g.phase = 'combat';
      if (g.attacks.length === 0) endPlayerTurn(g, ctx);
      return;
    case 'fight':
      startBattle(g, a.at, ctx);
      return;
    default:
      throw new Error(`campaign: ${a.type} outside a battle`);
  }
}

function setupCampaign(ctx: RulesContext): CampaignState {
  const t = typhoon();
  const axis = new Set(t.scenario.control.axis);
  const g: CampaignState = {
    scenario: 'typhoon',
    turn: 1,
    player: 'axis',
    phase: 'movement',
    weather: t.scenario.turns[0]!.weather,
    units: t.units.map((u) => ({
      id: u.id,
      name: u.name,
      side: u.side,
      unitClass: u.class,
      value: u.value ?? 0,
      formation: u.formation ?? 'line',
      mobile: u.mobile ?? false,
      arrives: u.arrives,
      withdraws: u.withdraws ?? null,
      at: u.at,
      losses: 0,
      dispersed: false,
      place: u.arrives === 1 ? 'map' : 'waiting',
      moved: false,
      from: null,
    })),
    control: Object.fromEntries(t.map.pointIds.map((p) => [p, axis.has(p) ? 'axis' : 'soviet'])),
    used: Array.from({ length: t.map.capacity.length }, () => 0),
    attacks: [],
    airUsed: [],
    railheads: [...t.scenario.supplySources.axis],
    battle: null,
    result: null,
  };
  ctx.log({
    kind: 'phase',
    text: 'Operation Typhoon, 1 October 1941 (PROVISIONAL scenario data)',
    cite: [C.sequence],
  });
  startPlayerTurn(g, ctx);
  return g;
}

function outcome(g: CampaignState): GameOutcome | null {
  if (!g.result) return null;
  return {
    winner: g.result.winner,
    score: { axis: g.result.axis, soviet: g.result.soviet },
    summary: g.result.reason,
  };
}

export const campaignRules: GameRules<CampaignState, CampaignAction> = {
  id: 'point-to-point',
  rulesVersion: CAMPAIGN_RULES_VERSION,
  sides: ['axis', 'soviet'],
  setup(_scenario, _options, ctx) {
    return ok(setupCampaign(ctx));
  },
  activeSides(g) {
    if (g.phase === 'over') return [];
    if (g.battle) return battleRules.activeSides(g.battle);
    return [g.player];
  },
  legalActions(g, side) {
    return side === 'axis' || side === 'soviet' ? legal(g, side) : [];
  },
  applyAction(draft, side, action, ctx) {
    apply(draft, side as Side, action, ctx);
  },
  view: (g) => g,
  outcome,
};

/** Loss limit of a campaign unit (B.2), for views. */
export const campaignLossLimit = (u: CampaignUnit) => lossLimit({ unitClass: u.unitClass, value: u.value });
