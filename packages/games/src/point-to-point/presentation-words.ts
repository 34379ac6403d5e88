/**
 * The Typhoon campaign's prompts and actions in words, for the browser: what each step of
 * the sequence of play (completion C-3) and each step of a battle (the surviving text's A
 * and B) asks, and every action as a sentence with its rule (a generic sentence for an
 * action of a kind added later).
 */
import type { Action, GameOutcome, Prompt } from '@stavka/engine';
import { battleRules, retreatOptions } from './battle.ts';
import type { BattleState } from './battle-scenario.ts';
import type { CampaignBoardView } from './campaign-view.ts';
import { lossLimit } from './forces.ts';
import { PHASE_NAMES } from './module.ts';
import { boardView, pointNamer, sideWord, unitsById, type View } from './presentation-board.ts';

const COMMANDERS: Readonly<Record<string, string>> = { axis: 'von Bock', soviet: 'Zhukov' };

/** "von Bock (Axis)". */
export function sideName(side: string): string {
  return `${COMMANDERS[side] ?? side} (${sideWord(side)})`;
}

export function result(o: GameOutcome): string {
  const score = Object.entries(o.score)
    .map(([s, n]) => `${sideWord(s)} ${n}`)
    .join(' — ');
  const who = o.winner ? `${sideName(o.winner)} wins` : 'A draw';
  return `${who}${score ? ` (victory points: ${score})` : ''}: ${o.summary}`;
}

const STAGE_WORDS: Readonly<Record<BattleState['stage'], string>> = {
  declare: 'about to be fought',
  'absorb-attacker': 'the attacker takes its losses',
  'absorb-defender': 'the defender takes its losses',
  'decide-attacker': 'the attacker continues or retreats',
  'decide-defender': 'the defender continues or retreats',
  route: 'retreat routes',
  advance: 'advance after combat',
  over: 'over',
};

function battleHelp(g: BattleState, names: (id: string) => string): string {
  const name = names(g.point);
  switch (g.stage) {
    case 'declare':
      return `Fight the battle at ${name}: air combat first (A.1-A.3), then the fire combat rounds (B). The preview gives the exact chance of each ending.`;
    case 'absorb-attacker':
      return `Distribute the attacker's ${g.pending.attacker} loss${g.pending.attacker === 1 ? '' : 'es'} (repulse, B.2): choose the unit that absorbs each; a loss past a unit's limit destroys it.`;
    case 'absorb-defender':
      return `Distribute the defender's ${g.pending.defender} loss${g.pending.defender === 1 ? '' : 'es'} (breakthrough, B.2): choose the unit that absorbs each${g.fortified ? '; the field fortification absorbs the first of each volley (C-8.2)' : ''}.`;
    case 'decide-attacker':
    case 'decide-defender':
      return `Round ${g.round}: continue the action or retreat (B.3). The preview shows where each choice leads.`;
    case 'route':
      return 'Retreat: choose each unit’s route, all or nothing, by the priorities of B.4 (a friendly point first, then half capacity, then a point under attack); line capacities count.';
    case 'advance':
      return `Advance after combat into ${name} (B.5): choose the air units that go with the ground units.`;
    case 'over':
      return `The battle at ${name} is over.`;
  }
}

function stepHelp(v: View, b: CampaignBoardView): string {
  switch (v.phase) {
    case 'partisans':
      return `Place ${b.partisansToPlace} partisan${b.partisansToPlace === 1 ? '' : 's'}: click a lit point behind the Axis lines (C-10.1).`;
    case 'movement':
      return `Select a unit: the points it may reach light up (its march in km along the lines, capacities counted, C-4.1, C-4.6; rail C-4.2). Moving into an enemy-held point attacks it (C-4.4).${v.player === 'soviet' && b.replacements > 0 ? ` ${b.replacements} replacement point${b.replacements === 1 ? '' : 's'} to spend (C-9.1).` : ''} End movement when done.`;
    case 'air':
      return `${sideWord(v.airSide ?? v.player)} air allocation: select an air unit and click a lit battle within ${3} segments of its base (C-5.1), or end the allocation.`;
    case 'combat':
    case 'breakthrough-combat':
      return 'Pick the next battle: click a point under attack (or its button). Battles are fought one at a time, in the order you pick (C-3).';
    case 'breakthrough':
      return 'Breakthrough movement: mobile units that advanced after combat may move on up to half their march this turn, the first line always open (C-6.1); a German air unit goes with one group up one line segment (A.4). End breakthrough movement when done.';
    case 'fortify':
      return 'Field fortifications: click a lit point to fortify it with units that did not move (C-8.1), then end the turn.';
    case 'over':
      return 'The game is over.';
  }
}

export function prompt(v: View, side: string | null, mine: boolean, outcome: GameOutcome | null): Prompt {
  const b = boardView(v);
  const names = pointNamer(b);
  if (v.phase === 'over' || outcome)
    return {
      step: 'Game over',
      help: outcome ? result(outcome) : (v.result?.reason ?? 'The game is over.'),
    };
  const g = v.battle;
  const toAct = g ? battleRules.activeSides(g)[0] : undefined;
  const who = sideWord(v.phase === 'air' ? (v.airSide ?? v.player) : v.player);
  const step = `${who} ${PHASE_NAMES[v.phase]}${g ? `: battle at ${names(g.point)}` : ''}`;
  const help = mine
    ? g
      ? battleHelp(g, names)
      : stepHelp(v, b)
    : `Waiting for ${side ? sideName(side) : 'the other side'}…`;
  return {
    step,
    ...(g
      ? {
          detail: `${g.mode === 'simultaneous' ? 'simultaneous combat' : 'normal combat'}, ${g.stage === 'declare' ? 'before the first round' : `round ${g.round}`}: ${STAGE_WORDS[g.stage]}${toAct ? ` (${sideWord(toAct)} to act)` : ''}`,
        }
      : {}),
    help,
  };
}

/* ---------------------------------------------------------------------------------- */
/* Actions in words                                                                     */

const str = (x: unknown): string => (typeof x === 'string' ? x : String(x));

export function describe(v: View, a: Action): string {
  const b = boardView(v);
  const names = pointNamer(b);
  const units = unitsById(b);
  const battleUnit = (id: string) => v.battle?.units.find((u) => u.id === id);
  const unit = (x: unknown) => {
    const id = str(x);
    return units.get(id)?.name ?? battleUnit(id)?.name ?? id;
  };
  const point = (x: unknown) => names(str(x));
  const enemyAt = (to: unknown, id: unknown) => {
    const u = units.get(str(id));
    const p = b.points.find((q) => q.id === to);
    return !!u && !!p && p.units.some((w) => w.side !== u.side && w.unitClass !== 'air' && !w.attackingFrom);
  };
  switch (a.type) {
    case 'place-partisan':
      return `Place partisans at ${point(a.at)} (C-10.1)`;
    case 'move':
      return enemyAt(a.to, a.unit)
        ? `${unit(a.unit)} attacks ${point(a.to)} (C-4.4)`
        : `${unit(a.unit)} moves to ${point(a.to)} (C-4.1)`;
    case 'rail':
      return `${unit(a.unit)} goes by rail to ${point(a.to)} (C-4.2)`;
    case 'rebase':
      return `${unit(a.unit)} flies to a new base at ${point(a.to)} (C-5.3)`;
    case 'entrain': {
      const f = v.factories.find((x) => x.id === a.factory);
      return `Entrain the factory at ${f ? point(f.at) : str(a.factory)} (C-9.2)`;
    }
    case 'factory-move': {
      const f = v.factories.find((x) => x.id === a.factory);
      return `Move the factory ${f ? `at ${point(f.at)} ` : ''}by rail to ${point(a.to)} (C-9.2)`;
    }
    case 'rebuild':
      return `Rebuild ${unit(a.unit)} at Moscow with a replacement point (C-9.1)`;
    case 'repair':
      return `Repair ${unit(a.unit)}: its losses paid with replacement points (C-9.1, C-9.4)`;
    case 'end-movement':
      return 'End movement';
    case 'commit-air':
      return `${unit(a.unit)} flies to the battle at ${point(a.at)} (C-5.1)`;
    case 'end-air':
      return 'End the air allocation';
    case 'fight':
      return `Fight the battle at ${point(a.at)}`;
    case 'breakthrough':
      return `${unit(a.unit)} breaks through to ${point(a.to)} (C-6.1)`;
    case 'breakthrough-air':
      return `${unit(a.unit)} flies with the group to ${point(a.to)} (C-6.2)`;
    case 'end-breakthrough':
      return 'End breakthrough movement';
    case 'fortify':
      return `Fortify ${point(a.at)} (C-8.1)`;
    case 'end-turn':
      return 'End the player-turn';
    case 'attack':
      return `Attack ${v.battle ? point(v.battle.point) : ''}: air combat, then fire (A, B)`.replace(
        ' :',
        ':',
      );
    case 'absorb': {
      const u = battleUnit(str(a.unit));
      if (!u) return `${unit(a.unit)} absorbs a loss (B.2)`;
      return `${u.name} absorbs a loss${u.losses + 1 > lossLimit(u) ? ' and is destroyed' : ' and is dispersed'} (B.2)`;
    }
    case 'continue':
      return 'Continue the action (B.3)';
    case 'retreat':
      return 'Retreat (B.3, B.4)';
    case 'retreat-to': {
      const u = battleUnit(str(a.unit));
      const priority =
        v.battle && u ? retreatOptions(v.battle, u).find((o) => o.to === a.to)?.priority : undefined;
      return `${unit(a.unit)} retreats to ${point(a.to)}${priority ? ` (B.4 priority ${priority})` : ' (B.4)'}`;
    }
    case 'advance': {
      const air = Array.isArray(a.air) ? a.air.map(unit) : [];
      return air.length > 0
        ? `Advance into ${v.battle ? point(v.battle.point) : 'the point'} with ${air.join(', ')} (B.5)`
        : `Advance into ${v.battle ? point(v.battle.point) : 'the point'}; air units go back to base (B.5)`;
    }
    default: {
      // An action of a kind added later: its kind and whatever it names, in words.
      const bits = Object.entries(a)
        .filter(([k]) => k !== 'type')
        .map(
          ([k, x]) =>
            `${k} ${typeof x === 'string' && names(x) !== x ? names(x) : (units.get(str(x))?.name ?? JSON.stringify(x))}`,
        );
      return `${a.type.replace(/-/g, ' ')}${bits.length > 0 ? `: ${bits.join(', ')}` : ''}`;
    }
  }
}
