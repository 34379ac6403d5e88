/**
 * Moscow 1941 point-to-point (the Operation Typhoon campaign) in the browser, as data
 * (engine `Presentation`), pure functions of the view (the campaign hides nothing: its view
 * is its state). This file: what an action lights on the board, the buttons (every battle
 * decision is one: loss distribution, continue or retreat, retreat routes, advance), the
 * exact battle preview (analysis.ts through battle-presentation.ts and battle-calc.ts: the
 * chance of each ending and the expected losses, never sampled), a point's facts, the
 * supply overlay and the score; put together with:
 *   presentation-board.ts  the points and lines, the counters (NATO symbols)
 *   presentation-words.ts  each step's prompt, every action in words
 *   presentation-table.ts  the log in words, player-turn markers, log drawings, reference sheets
 */
import {
  type Action,
  type CombatPreviewData,
  type GameOutcome,
  type Highlight,
  type MovePreview,
  type NodeFacts,
  type PieceFacts,
  type Presentation,
  type RulesContext,
  type ScoreSheet,
  soleSubject,
} from '@stavka/engine';
import { pointToPointAfterAction } from './after-action.ts';
import { analyzeState, type BattleAnalysis } from './analysis.ts';
import { firingValue } from './battle.ts';
import { battleReport } from './battle-calc.ts';
import { battleView } from './battle-presentation.ts';
import type { BattleState } from './battle-scenario.ts';
import {
  boardOf,
  type CampaignAction,
  campaignRules,
  inSupply,
  movesOf,
  railsOf,
  victoryPoints,
} from './campaign.ts';
import { FIRE_TABLE } from './combat.ts';
import { retreatHalves } from './forces.ts';
import { STAND_FAST } from './policy.ts';
import {
  boardDrawing,
  boardView,
  factorsText,
  POINT_TO_POINT_SYMBOLS,
  pieceDrawings,
  pointIndexer,
  pointNamer,
  sideWord,
  type View,
} from './presentation-board.ts';
import { rollBanner, turnSummary } from './presentation-results.ts';
import { logDrawing, logText, reference, turnMarker } from './presentation-table.ts';
import { describe, prompt, result, sideName } from './presentation-words.ts';

export { sideName };

/* ---------------------------------------------------------------------------------- */
/* What the board lights                                                                */

/** Actions chosen on the board, not offered as buttons. */
const ON_BOARD = new Set(['move', 'rail', 'rebase', 'breakthrough', 'breakthrough-air', 'place-partisan']);

function targets(
  v: View,
  actions: readonly Action[],
  selected: string | null,
): { at: number; kind: Highlight; action: Action }[] {
  const b = boardView(v);
  const at = pointIndexer(b);
  const out: { at: number; kind: Highlight; action: Action }[] = [];
  const mark = (n: number, kind: Highlight, action: Action) => {
    if (n >= 0) out.push({ at: n, kind, action });
  };
  const sel = selected ?? soleSubject(actions, 'unit');
  const enemyHeld = (to: unknown, side: string) => {
    const p = b.points[at(to)];
    return !!p && p.units.some((u) => u.side !== side && u.unitClass !== 'air' && !u.attackingFrom);
  };
  for (const a of actions) {
    const mine = a.unit === sel;
    switch (a.type) {
      case 'move':
        if (mine) mark(at(a.to), enemyHeld(a.to, v.player) ? 'attack' : 'move', a);
        break;
      case 'rail':
      case 'rebase':
      case 'breakthrough':
      case 'breakthrough-air':
        if (mine)
          mark(at(a.to), a.type === 'breakthrough' && enemyHeld(a.to, v.player) ? 'attack' : 'move-bonus', a);
        break;
      case 'commit-air':
        if (mine) mark(at(a.at), 'target', a);
        break;
      case 'place-partisan':
      case 'fortify':
        mark(at(a.at), 'deploy', a);
        break;
      case 'fight':
        mark(at(a.at), 'attack', a);
        break;
      case 'retreat-to':
        if (mine) mark(at(a.to), 'retreat', a);
        break;
      case 'advance':
        // Only the advance without air is a click on the point; the others are buttons.
        if (v.battle && Array.isArray(a.air) && a.air.length === 0) mark(at(v.battle.point), 'advance', a);
        break;
      default: {
        // An action of a kind added later that names a point (and the selected unit, if any).
        const n = at(a.to ?? a.at);
        if (n >= 0 && (a.unit === undefined || mine)) mark(n, 'target', a);
      }
    }
  }
  return out;
}

function marks(v: View, _side: string | null): { at: number; kind: Highlight; reason?: string }[] {
  const b = boardView(v);
  const names = pointNamer(b);
  const at = pointIndexer(b);
  const out: { at: number; kind: Highlight; reason?: string }[] = [];
  for (const p of v.attacks)
    out.push({ at: at(p), kind: 'attack', reason: `${names(p)}: attacked this player-turn (C-4.4)` });
  if (v.battle)
    out.push({
      at: at(v.battle.point),
      kind: 'attack',
      reason: `${names(v.battle.point)}: the battle being fought`,
    });
  return out.filter((m) => m.at >= 0);
}

function buttons(_v: View, actions: readonly Action[]): Action[] {
  return actions.filter((a) => !ON_BOARD.has(a.type));
}

function buttonGroup(v: View, a: Action): string | null {
  switch (a.type) {
    case 'fight':
      return null;
    case 'fortify':
      return 'Fortify (C-8)';
    case 'rebuild':
    case 'repair':
      return 'Replacements (C-9.1)';
    case 'entrain':
    case 'factory-move':
      return 'Factories (C-9.2)';
    case 'commit-air':
      return 'Commit air units (C-5.1)';
    case 'retreat-to':
      return v.battle ? null : 'Retreat';
    default:
      return null;
  }
}

function movePreview(v: View, piece: string, to: number): MovePreview | null {
  const u = v.units.find((x) => x.id === piece);
  if (u?.place !== 'map') return null;
  const board = boardOf(v);
  const move = movesOf(v, u, board).find((o) => o.to === to);
  if (move)
    return {
      path: move.path,
      cost: `${move.lines.length} segment${move.lines.length === 1 ? '' : 's'}${move.attack ? ', an attack (C-4.4)' : ''}`,
    };
  const rail = railsOf(v, u, board, inSupply(v, u.side)).find((o) => o.to === to);
  return rail ? { path: rail.path, cost: `by rail, ${rail.lines.length} segments (C-4.2)` } : null;
}

/* ---------------------------------------------------------------------------------- */
/* The exact battle preview                                                             */

const ENDING_MEANINGS: Readonly<Record<string, string>> = {
  'point cleared: defenders destroyed': 'every defender destroyed: the attacker takes the point (B.3, C-2)',
  'point cleared: defenders retreat': 'the defenders retreat: the attacker takes the point (B.4, C-2)',
  'attacker retreats': 'the attacker breaks off and goes back to its points of origin, dispersed (B.4)',
  'attacker retreats: both sides dispersed (B.3c)': 'both sides dispersed: the attacker retreats (B.3c)',
  'attackers destroyed': 'every attacker destroyed: the defender keeps the point',
  'both destroyed: defender keeps the point (B.3d)':
    'mutual destruction: the defender keeps the point (B.3d)',
};

/** A context for an action that rolls no die (declaring the battle), applied to a copy. */
const NO_DICE: RulesContext = {
  roll: () => {
    throw new Error('battle preview: this action rolls dice');
  },
  log: () => {},
  reveal: () => {},
};

/**
 * The battle the phasing player would fight at `point` now (the 'fight' action on a copy),
 * after `first` (a move into the point, while planning an attack), or null.
 */
export function battleIfFought(v: View, point: string, first?: Action): BattleState | null {
  // The same battle object for the same view, point and move: its preview is then worked out once.
  const key = `${point} ${first ? JSON.stringify(first) : ''}`;
  let known = fought.get(v);
  if (!known) {
    known = new Map();
    fought.set(v, known);
  }
  if (known.has(key)) return known.get(key)!;
  const g = fight(v, point, first);
  known.set(key, g);
  return g;
}
const fought = new WeakMap<View, Map<string, BattleState | null>>();

function fight(v: View, point: string, first?: Action): BattleState | null {
  try {
    const copy = campaignRules.clone!(v);
    if (first) campaignRules.applyAction(copy, v.player, first as CampaignAction, NO_DICE);
    const attackers = copy.units.some(
      (u) => u.place === 'map' && u.at === point && u.from !== null && u.side === v.player,
    );
    if (!attackers) return null;
    campaignRules.applyAction(copy, v.player, { type: 'fight', at: point }, NO_DICE);
    return copy.battle;
  } catch {
    return null;
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** An analysis in a line: each possible ending with its chance, and the expected losses. */
function summaryWords(a: BattleAnalysis): string {
  const endings = battleReport(a, FIRE_TABLE)
    .chances.map((c) => `${c.result} ${pct(c.probability)}`)
    .join(', ');
  return `${endings}; expected losses: attacker ${a.expectedHits.attacker.value.toFixed(2)}, defender ${a.expectedHits.defender.value.toFixed(2)}`;
}

/**
 * The exact preview of a battle (being fought, or about to be at `target`): both forces
 * itemized, and analysis.ts's exact chance of each ending with the expected losses (both
 * sides standing fast and spreading their losses from here on), each decision's own
 * outcome in the notes.
 */
export function battlePreview(v: View, g: BattleState): CombatPreviewData | null {
  // Worked out once per battle state (a hover over the map asks again and again).
  const known = previews.get(g);
  if (known !== undefined) return known;
  const made = battlePreviewOf(v, g);
  previews.set(g, made);
  return made;
}
const previews = new WeakMap<BattleState, CombatPreviewData | null>();

/**
 * A force's firing value item by item, adding up to it (issue #45 item 13): each undispersed
 * ground unit at its own value; each German air unit as what it adds, the ground units with
 * it multiplied (A.4: x2 with one, x3 with two, up to x5); each surviving Soviet air unit +1
 * (A.3); a dispersed unit 0 (B.2).
 */
function forceItems(g: BattleState, role: 'attacker' | 'defender'): CombatPreviewData['attackItems'] {
  const units = g.units.filter((u) => u.role === role && u.status === 'fighting');
  const ground = units.filter((u) => u.unitClass !== 'air');
  if (ground.length === 0)
    return units.map((u) => ({
      value: 0,
      reason: `${u.name}: no ground unit with it, it does not fire (A.3, A.5)`,
    }));
  const firing = ground.filter((u) => !u.dispersed);
  const losses = (u: BattleState['units'][number]) =>
    u.losses > 0 ? ` (${u.losses} loss${u.losses === 1 ? '' : 'es'})` : '';
  const out: { value: number; reason: string; cite?: string }[] = ground.map((u) => ({
    value: u.dispersed ? 0 : Math.min(u.value, u.fire),
    reason: `${u.name}${u.dispersed ? ' (dispersed: does not fire)' : ''}${losses(u)}`,
    cite: 'B.2',
  }));
  let k = 0;
  for (const u of units) {
    if (u.unitClass !== 'air') continue;
    if (u.side === 'soviet') {
      out.push({ value: 1, reason: `${u.name}: +1, a surviving Soviet air unit`, cite: 'A.3, P-4' });
      continue;
    }
    k++;
    // What this German air unit adds: the value of each undispersed ground unit it multiplies.
    const adds = firing.filter((x) => x.value > 0 && x.fire >= x.value * (k + 1));
    const value = adds.reduce((t, x) => t + x.value, 0);
    out.push({
      value,
      reason:
        value > 0
          ? `${u.name}: ×${k + 1} on the ground units with it (${adds.map((x) => x.value).join(' + ')} more)`
          : `${u.name}: ${k > 4 ? 'no more: ×5 at most' : 'no undispersed ground unit it multiplies'}`,
      cite: 'A.4',
    });
  }
  return out;
}

function battlePreviewOf(v: View, g: BattleState): CombatPreviewData | null {
  const names = pointNamer(boardView(v));
  const analysed = analyzeState(g, { attacker: STAND_FAST, defender: STAND_FAST }, FIRE_TABLE);
  const bv = g.stage === 'over' ? null : battleView(g);
  // Where each choice offered now leads, every one of them (the buttons), issue #45 item 13.
  const decisionNotes =
    bv?.decisions
      .filter((d) => d.action.type !== 'attack')
      .map(
        (d) =>
          `If “${describe(v, d.action)}”: ${d.preview ? summaryWords(d.preview) : 'no exact outcome can be worked out from there'}`,
      ) ?? [];
  const attacker = sideWord(g.attacker);
  const report = analysed.ok
    ? {
        ...battleReport(analysed.value, FIRE_TABLE),
        ratio: `${firingValue(g, 'attacker')} to ${firingValue(g, 'defender')} (firing values)`,
        column:
          g.stage === 'declare'
            ? 'the whole battle, exact'
            : `the rest of the battle from round ${g.round}, exact`,
      }
    : null;
  return {
    title: `Battle at ${names(g.point)}: ${attacker} attacks${g.fortified ? ' a field fortification (C-8.2)' : ''}${g.mode ? `, ${g.mode} combat` : ''}`,
    attack: firingValue(g, 'attacker'),
    attackItems: forceItems(g, 'attacker'),
    defense: firingValue(g, 'defender'),
    defenseItems: forceItems(g, 'defender'),
    report,
    refusal: analysed.ok ? null : analysed.error.map((e) => e.message).join('; '),
    notes: [
      ...(report?.notes ?? []),
      'Both sides standing fast and spreading their losses from here on (the exact battle, analysis.ts).',
      ...decisionNotes,
    ],
    meanings: ENDING_MEANINGS,
  };
}

function combatPreview(
  v: View,
  _side: string | null,
  p: { readonly target: number; readonly selected: string | null; readonly actions: readonly Action[] },
): CombatPreviewData | null {
  const b = boardView(v);
  const point = b.points[p.target];
  if (!point) return null;
  if (v.battle) return v.battle.point === point.id ? battlePreview(v, v.battle) : null;
  if ((v.phase === 'combat' || v.phase === 'breakthrough-combat') && v.attacks.includes(point.id)) {
    const g = battleIfFought(v, point.id);
    return g ? battlePreview(v, g) : null;
  }
  if (v.phase === 'movement' || v.phase === 'breakthrough' || v.phase === 'air') {
    // Planning an attack: the selected unit's move into the point added to the attackers there.
    const move = p.actions.find(
      (a) => (a.type === 'move' || a.type === 'breakthrough') && a.unit === p.selected && a.to === point.id,
    );
    if (!move && !v.attacks.includes(point.id)) return null;
    const g = battleIfFought(v, point.id, move);
    if (!g) return null;
    const preview = battlePreview(v, g);
    return preview && v.phase !== 'air'
      ? {
          ...preview,
          title: `${preview.title}${move ? ` (if ${describe(v, move)})` : ''}`,
          notes: [...preview.notes, 'Air units are committed after movement (C-5.1): none counted yet.'],
        }
      : preview;
  }
  return null;
}

/* ---------------------------------------------------------------------------------- */
/* Facts, overlays, score                                                               */

/** What a unit may do now, from the actions its side is offered (nothing if it is not its side's move). */
function canWords(v: View, unit: string, side: string, names: (id: string) => string): string {
  if (!campaignRules.activeSides(v).includes(side)) return 'nothing now: not its side to act';
  const mine = campaignRules.legalActions(v, side).filter((a) => 'unit' in a && a.unit === unit);
  if (mine.length === 0) return 'nothing more this step';
  const to = (type: string) =>
    mine.filter((a) => a.type === type).map((a) => names(String('to' in a ? a.to : 'at' in a ? a.at : '')));
  const parts = [
    to('move').length > 0 ? `move to ${to('move').join(', ')}` : '',
    to('rail').length > 0
      ? `go by rail to ${to('rail').length} point${to('rail').length === 1 ? '' : 's'}`
      : '',
    to('rebase').length > 0 ? `rebase to ${to('rebase').join(', ')}` : '',
    to('commit-air').length > 0 ? `fly to the battle at ${to('commit-air').join(', ')}` : '',
    to('breakthrough').length > 0 ? `break through to ${to('breakthrough').join(', ')}` : '',
    mine.some((a) => a.type === 'rebuild' || a.type === 'repair') ? 'be rebuilt or repaired (C-9.1)' : '',
    mine.some((a) => a.type === 'absorb') ? 'absorb a loss (B.2)' : '',
    mine.some((a) => a.type === 'retreat-to') ? 'retreat (B.4)' : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : mine.map((a) => describe(v, a)).join('; ');
}

function nodeFacts(v: View, at: number): NodeFacts {
  const b = boardView(v);
  const names = pointNamer(b);
  const p = b.points[at];
  if (!p) return { heading: `point ${at}`, about: '', pieces: [] };
  const lines = b.lines
    .filter((l) => l.from === p.id || l.to === p.id)
    .map(
      (l) =>
        `${names(l.from === p.id ? l.to : l.from)} by ${l.kind} (capacity ${l.capacity}${l.used > 0 ? `, ${l.used} used` : ''})`,
    );
  const about = [
    `${sideWord(p.control)} controls it (C-2)`,
    p.victoryPoints > 0 ? `${p.victoryPoints} victory point${p.victoryPoints === 1 ? '' : 's'} (C-13.2)` : '',
    p.fortified ? 'field fortification (C-8)' : '',
    p.partisans ? 'partisans (C-10)' : '',
    ...p.factories.map((f) => `factory ${f.status} (C-9)`),
    `supply: Axis ${p.supply.axis ? 'yes' : 'no'}, Soviet ${p.supply.soviet ? 'yes' : 'no'} (C-7)`,
    p.railhead ? 'Axis railhead (C-7.1)' : '',
    p.underAttack ? 'under attack' : '',
    lines.length > 0 ? `lines to ${lines.join('; ')}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const pieces: PieceFacts[] = p.units.map((u) => {
    const why: string[] = [];
    if (u.dispersed) why.push('dispersed: neither fires nor moves until it recovers in supply (B.2, C-7.3)');
    if (u.moved) why.push('moved this player-turn: may not fortify (C-8.1)');
    if (u.attackingFrom)
      why.push(`attacking from ${names(u.attackingFrom)}: retreats there if it breaks off (B.4)`);
    return {
      id: u.id,
      name: u.name,
      side: u.side,
      facts: [
        u.unitClass === 'air' ? 'air unit' : `${u.unitClass} unit`,
        factorsText(u),
        u.mobile ? 'mobile' : '',
        u.unitClass === 'air' ? '' : `losses ${u.losses} of ${u.limit}`,
      ]
        .filter(Boolean)
        .join(' · '),
      can: canWords(v, u.id, u.side, names),
      why,
    };
  });
  return { heading: `${p.name} (${p.kind})`, about, pieces };
}

function score(v: View, over: boolean): ScoreSheet {
  const vp = victoryPoints(v);
  const b = boardView(v);
  return {
    // The numbers in the heading (issue #45 item 14).
    heading: `${over ? 'Final victory points' : 'Victory points now'}: Axis ${vp.axis}, Soviet ${vp.soviet}`,
    items: [
      {
        side: 'axis',
        points: vp.axis,
        reason: 'Soviet start points held, captured factories, 1 per 3 Soviet units destroyed',
      },
      {
        side: 'soviet',
        points: vp.soviet,
        reason: 'Axis start points retaken, evacuated factories, 1 per 2 Axis units destroyed',
      },
    ],
    toWin: [
      'The Axis wins at once by holding Moscow in supply at the end of a turn (C-13.1).',
      `Otherwise the higher total after turn ${b.turns} wins; equal is a draw (C-13.2, C-13.3).`,
    ],
  };
}

/**
 * Why a click on a point does nothing for the selected unit (issue #45 item 14): a line to
 * it is full this player-turn (C-1.2), or the unit may not move now; null when there is
 * nothing particular to say (the point is simply out of its reach, or it is no move).
 */
function whyNot(v: View, actions: readonly Action[], at: number, selected: string): string | null {
  if (v.phase !== 'movement' && v.phase !== 'breakthrough') return null;
  const b = boardView(v);
  const to = b.points[at];
  const from = b.points.find((p) => p.units.some((u) => u.id === selected));
  const u = from?.units.find((x) => x.id === selected);
  if (!to || !from || !u || u.side !== v.player || u.unitClass === 'air' || from.id === to.id) return null;
  if (actions.some((a) => a.unit === selected && (a.to === to.id || a.at === to.id))) return null;
  const full = b.lines.find(
    (l) =>
      ((l.from === from.id && l.to === to.id) || (l.to === from.id && l.from === to.id)) &&
      l.used + retreatHalves(u) / 2 > l.capacity,
  );
  if (full)
    return `${u.name} cannot go to ${to.name}: the ${full.kind.includes('rr') ? 'railway' : 'road'} from ${from.name} is full this player-turn (${full.used} of ${full.capacity} unit${full.capacity === 1 ? '' : 's'} ${full.used === 1 ? 'has' : 'have'} used it, C-1.2, C-11.2).`;
  if (u.moved) return `${u.name} has moved this player-turn (C-4.1).`;
  if (u.dispersed) return `${u.name} is dispersed: it may not move until it recovers (B.2, C-7.3).`;
  if (u.attackingFrom) return `${u.name} is attacking ${from.name}: it stays for the battle (C-4.4).`;
  return null;
}

export const pointToPointPresentation: Presentation<View> = {
  board: {
    drawing: boardDrawing,
    pieces: pieceDrawings,
    symbols: POINT_TO_POINT_SYMBOLS,
    marks,
    nodeFacts,
    piecesAt: (v, at) => boardView(v).points[at]?.units.map((u) => u.id) ?? [],
    pieceAt: (v, piece) => {
      const b = boardView(v);
      return b.points.findIndex((p) => p.units.some((u) => u.id === piece));
    },
    overlays: [{ id: 'supply', label: 'Supply (C-7)' }],
    overlay(v, id, side) {
      if (id !== 'supply') return null;
      const s = side === 'axis' || side === 'soviet' ? side : v.player;
      return {
        kind: 'cells',
        nodes: boardView(v).points.map((p, at) => ({ at, className: p.supply[s] ? 'full' : 'isolated' })),
      };
    },
    logDrawing,
    focus: (v) => (v.battle ? pointIndexer(boardView(v))(v.battle.point) : null),
    arrows(v) {
      const b = boardView(v);
      const at = pointIndexer(b);
      const seen = new Set<string>();
      const out: { from: number; to: number; kind: 'attack' }[] = [];
      for (const p of b.points)
        for (const u of p.units)
          if (u.attackingFrom && !seen.has(`${u.attackingFrom}>${p.id}`)) {
            seen.add(`${u.attackingFrom}>${p.id}`);
            out.push({ from: at(u.attackingFrom), to: at(p.id), kind: 'attack' });
          }
      return out.filter((a) => a.from >= 0 && a.to >= 0);
    },
  },
  words: {
    prompt,
    describe,
    score,
    result: (o: GameOutcome) => result(o),
    sideName,
    logDetail: () => '',
    logText,
    turnMarker,
    rollBanner,
    turnSummary,
  },
  controls: {
    targets,
    buttons,
    buttonGroup,
    keepsSelection: () => false,
    actionPiece: (a) => (typeof a.unit === 'string' ? a.unit : null),
  },
  preview: {
    whyNot,
    movePreview,
    combatPreview,
    /**
     * Where an action shows on the map, for the analyst's suggestion (issue #48): a march,
     * rail move, rebasing or breakthrough from the unit's point to where it goes — an
     * attack when that point is the enemy's (C-4: a unit moving into an enemy point attacks
     * it); an air unit committed to a battle (C-5) from its base to the battle. Null for an
     * action with no unit on the map behind it.
     */
    actionArrow(v, a) {
      const unit = typeof a.unit === 'string' ? v.units.find((u) => u.id === a.unit) : undefined;
      if (unit?.place !== 'map') return null;
      const moves = ['move', 'rail', 'rebase', 'breakthrough', 'breakthrough-air'];
      const dest = a.type === 'commit-air' ? a.at : moves.includes(a.type) ? a.to : null;
      if (typeof dest !== 'string') return null;
      const at = pointIndexer(boardView(v));
      const from = at(unit.from ?? unit.at);
      const to = at(dest);
      if (from < 0 || to < 0) return null;
      const attack = a.type === 'commit-air' || v.control[dest] !== unit.side;
      return { from, to, kind: attack ? 'attack' : 'move' };
    },
  },
  reference: {
    sheets: reference,
  },
  afterAction: pointToPointAfterAction,
};
