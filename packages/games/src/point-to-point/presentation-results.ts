/**
 * The Typhoon campaign's results as players read them (issue #45 item 12): the banner of
 * each roll (a volley of fire, flak, air-to-air) and of each battle's ending (who holds
 * the point, after how many rounds, the losses and what followed), and the summary of a
 * finished player-turn (moves, battles and their endings, points taken, units destroyed).
 * Read from the log alone, a pure function of the view.
 */
import type { LogEntry, RollBanner } from '@stavka/engine';
import { sideWord, type View } from './presentation-board.ts';
import { logText, turnMarker } from './presentation-table.ts';

const BATTLE_START = /^(battle|breakthrough combat) at (.+?): \d+ attacking/;
const ATTACK = /^the (axis|soviet) forces attack /;
/** The last entry of a battle: the attackers occupy the point, or the defenders may not advance (B.5). */
const isBattleEnd = (e: LogEntry) =>
  (e.kind === 'advance' && /^the attackers occupy /.test(e.text)) ||
  e.text === 'the defenders may not advance after combat';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : word.endsWith('s') ? 'es' : 's'}`;

/** The battle an entry belongs to: where its first entry is, its point's name and its attacker. */
function battleOf(
  log: readonly LogEntry[],
  index: number,
): { at: number; point: string; attacker: string | null } | null {
  for (let i = index; i >= 0; i--) {
    const e = log[i]!;
    const m = BATTLE_START.exec(e.text);
    if (e.kind === 'combat' && m) {
      let attacker: string | null = null;
      for (let k = i + 1; k <= index; k++) {
        const a = ATTACK.exec(log[k]!.text);
        if (a) {
          attacker = a[1]!;
          break;
        }
      }
      return { at: i, point: m[2]!, attacker };
    }
    if (turnMarker(e) || (i < index && isBattleEnd(e))) return null;
  }
  return null;
}

const other = (side: string) => (side === 'axis' ? 'soviet' : 'axis');

/** The rolls just before a result entry (a volley split in groups rolls once a group, P-2). */
function rollsBefore(log: readonly LogEntry[], index: number): number[] {
  const out: number[] = [];
  for (let i = index - 1; i >= 0 && log[i]!.kind === 'roll'; i--) {
    const value = log[i]!.data?.value;
    if (typeof value === 'number') out.unshift(value);
  }
  return out;
}

/** What followed a result up to the next roll or battle: losses absorbed, retreats, points passing. */
function followed(v: View, log: readonly LogEntry[], index: number): string[] {
  const out: string[] = [];
  for (let i = index + 1; i < log.length; i++) {
    const e = log[i]!;
    if (e.kind === 'roll' || turnMarker(e) || (e.kind === 'combat' && BATTLE_START.test(e.text))) break;
    if (e.kind === 'decision' || /^round \d+/.test(e.text)) break;
    if (['loss', 'retreat', 'advance'].includes(e.kind) || / passes to the /.test(e.text))
      out.push(logText(v, e));
  }
  return out;
}

/** A volley of fire (B.2): its firing value's column, the roll, the losses it deals. */
function volleyBanner(v: View, log: readonly LogEntry[], index: number): RollBanner | null {
  const e = log[index]!;
  const d = e.data;
  if (
    typeof d?.total !== 'number' ||
    typeof d.losses !== 'number' ||
    (d.role !== 'attacker' && d.role !== 'defender')
  )
    return null;
  const battle = battleOf(log, index);
  const rolls = rollsBefore(log, index);
  if (rolls.length === 0) return null;
  const round = (() => {
    for (let i = index; i >= (battle?.at ?? 0); i--) {
      const m = /^round (\d+)/.exec(log[i]!.text);
      if (m) return Number(m[1]);
    }
    return 1;
  })();
  const firing = battle?.attacker ? (d.role === 'attacker' ? battle.attacker : other(battle.attacker)) : null;
  const what = d.role === 'attacker' ? 'breakthrough' : 'repulse';
  const target = firing
    ? `the ${sideWord(other(firing))} ${d.role === 'attacker' ? 'defenders' : 'attackers'}`
    : 'the other side';
  const then = followed(v, log, index);
  return {
    title: `Battle at ${battle?.point ?? 'the point'}, round ${round}: ${firing ? sideWord(firing) : `the ${d.role}`} fires`,
    // The attacker of the battle (the banner says who attacks; the title who fires).
    side: battle?.attacker ?? null,
    roll: rolls[0]!,
    column: `fire ${d.total}`,
    row: rolls.join(' + '),
    result: plural(d.losses, what),
    meaning:
      d.losses === 0
        ? `no loss dealt to ${target}`
        : `${plural(d.losses, 'loss')} dealt to ${target}, each absorbed by a unit (dispersed; past its limit, destroyed)`,
    ...(then.length > 0 ? { next: `Then: ${then.join('; ')}` } : {}),
    cite: 'point-to-point Firing Procedure B.2',
  };
}

/** Flak or air-to-air (A.1): the column of Soviet air units, the roll, how many are left. */
function airBanner(v: View, log: readonly LogEntry[], index: number): RollBanner | null {
  const e = log[index]!;
  const d = e.data;
  if (typeof d?.roll !== 'number' || typeof d.column !== 'number') return null;
  const battle = battleOf(log, index);
  const text = logText(v, e);
  const [what, result] = text.split(/:\s*/, 2);
  return {
    title: `Battle at ${battle?.point ?? 'the point'}: ${what}`,
    side: battle?.attacker ?? null,
    roll: d.roll,
    column: `${d.column} Soviet air`,
    row: String(d.roll),
    result: typeof d.survivors === 'number' ? `${d.survivors} survive` : `${d.lost} lost`,
    meaning: result ?? text,
    cite: 'point-to-point Air-to-ground A.1',
  };
}

/** The ending of a battle in a short result and its meaning. */
function ending(
  log: readonly LogEntry[],
  from: number,
  to: number,
  attacker: string,
): { result: string; meaning: string } {
  const texts = log.slice(from, to + 1).map((e) => e.text);
  const has = (re: RegExp) => texts.some((t) => re.test(t));
  const a = sideWord(attacker);
  const d = sideWord(other(attacker));
  if (has(/^the attackers occupy /)) {
    const how = has(/^the defending ground units are destroyed/)
      ? `every ${d} defender destroyed`
      : has(/^the defender retreats/)
        ? `the ${d} defenders retreated`
        : `the ${d} defenders gone`;
    return { result: `${a} takes the point`, meaning: `${how}: the ${a} attackers occupy the point (B.5)` };
  }
  if (has(/^both sides are destroyed/))
    return {
      result: 'Both destroyed',
      meaning: `both sides destroyed: the ${d} side still controls the point (B.3d)`,
    };
  if (has(/^the attacking ground units are destroyed/))
    return {
      result: `${d} holds`,
      meaning: `every ${a} attacker destroyed: the ${d} defenders hold the point`,
    };
  if (has(/^both sides have only dispersed units left/))
    return {
      result: `${d} holds`,
      meaning: `both sides dispersed: the ${a} attackers go back down their lines, dispersed (B.3c, B.4)`,
    };
  if (has(/^the field fortification absorbs all/))
    return {
      result: `${d} holds`,
      meaning: `the field fortification holds: the ${a} attackers retreat (C-8.5)`,
    };
  if (has(/^the attacker retreats$/))
    return {
      result: `${d} holds`,
      meaning: `the ${a} attackers broke off: back down their lines, dispersed (B.4)`,
    };
  return { result: `${d} holds`, meaning: `the ${a} attack failed: the ${d} defenders hold the point` };
}

/** A battle's losses by side: "Axis: LVII AK 1 loss; Soviet: 50th Army destroyed". */
function battleLosses(v: View, log: readonly LogEntry[], from: number, to: number): string {
  const hit = new Map<string, { losses: number; destroyed: boolean }>();
  for (let i = from; i <= to; i++) {
    const t = logText(v, log[i]!);
    const m = /^(.+?) absorbs a loss: (.*)$/.exec(t);
    if (m) {
      const h = hit.get(m[1]!) ?? { losses: 0, destroyed: false };
      h.losses += 1;
      if (/destroyed$/.test(m[2]!)) h.destroyed = true;
      hit.set(m[1]!, h);
    }
    const gone =
      /^(.+?) (?:cannot retreat|retreated here from another battle and the point is lost|may not defend alone): destroyed/.exec(
        t,
      );
    if (gone) hit.set(gone[1]!, { losses: hit.get(gone[1]!)?.losses ?? 0, destroyed: true });
  }
  const words = [...hit].map(([name, h]) =>
    h.destroyed ? `${name} destroyed` : `${name} ${plural(h.losses, 'loss')} (dispersed)`,
  );
  return words.length > 0 ? `Losses: ${words.join('; ')}` : 'No losses';
}

/** What a battle's end leads to at once (C-2.2, C-8.2, C-9.3, C-10.3, C-5.5). */
const AFTER_BATTLE =
  / passes to the |^the field fortification at .* is removed|^the partisans at .* are removed|^the Axis captures a factory|has no Axis ground unit at /;

const sentence = (t: string) => `${t.charAt(0).toUpperCase()}${t.slice(1)}`;

/** The end of a battle: who holds the point, after how many rounds, the losses, what followed. */
function battleEndBanner(v: View, log: readonly LogEntry[], index: number): RollBanner | null {
  const battle = battleOf(log, index);
  if (!battle?.attacker) return null;
  let rounds = 0;
  for (let i = battle.at; i <= index; i++) if (/^round \d+/.test(log[i]!.text)) rounds++;
  const { result, meaning } = ending(log, battle.at, index, battle.attacker);
  // What the battle's end led to in the same breath: the point passing, units left behind.
  const after: string[] = [];
  for (let i = index + 1; i < log.length; i++) {
    const e = log[i]!;
    if (e.kind === 'roll' || e.kind === 'phase' || e.kind === 'decision' || BATTLE_START.test(e.text)) break;
    if (AFTER_BATTLE.test(e.text)) after.push(logText(v, e));
    else break;
  }
  const retreats = log
    .slice(battle.at, index + 1)
    .filter((e) => e.kind === 'retreat' && !/^the defender retreats:/.test(e.text))
    .map((e) => logText(v, e));
  return {
    title: `Battle at ${battle.point}`,
    side: battle.attacker,
    roll: 0,
    column: '',
    row: rounds === 0 ? 'no round fought' : `${plural(rounds, 'round')} fought`,
    result,
    meaning,
    next: `${[battleLosses(v, log, battle.at, index), ...retreats, ...after].map(sentence).join('. ')}.`,
    cite: 'point-to-point Advance After Combat B.5',
  };
}

/**
 * The banner for `log[index]`: a volley's, an air roll's, or a battle's end (its roll 0:
 * a battle is many rolls, its banner says its ending); null for any other entry.
 */
export function rollBanner(v: View, log: readonly LogEntry[], index: number): RollBanner | null {
  const e = log[index];
  if (!e) return null;
  if (e.kind === 'combat' && e.data && 'role' in e.data) return volleyBanner(v, log, index);
  if (e.kind === 'air' && e.data) return airBanner(v, log, index);
  if (isBattleEnd(e)) return battleEndBanner(v, log, index);
  return null;
}

/**
 * A finished player-turn in a few lines (issue #45 item 12): the moves, each battle and
 * its ending, the points that changed hands, the units destroyed, what else was done.
 */
export function turnSummary(v: View, entries: readonly LogEntry[]): string[] {
  let moves = 0;
  let attacks = 0;
  let rail = 0;
  let breakthroughs = 0;
  let fortified = 0;
  const battles: string[] = [];
  const taken: string[] = [];
  const destroyed: string[] = [];
  const other: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const t = logText(v, e);
    if (e.kind === 'move') {
      if (/ attacks .+ from /.test(t)) attacks++;
      else if (/ moves to /.test(t)) moves++;
      else if (/ by rail/.test(t)) rail++;
      else if (/ breaks through to /.test(t)) breakthroughs++;
      else if (/^a field fortification is built/.test(t)) fortified++;
    }
    const passes = / passes to the (axis|soviet)$/.exec(e.text);
    if (passes) taken.push(`${t.replace(/ passes to the .*$/, '')} (${sideWord(passes[1]!)})`);
    if (/: destroyed$|: destroyed with the defenders$/.test(t))
      destroyed.push(
        t.replace(/ (absorbs a loss|cannot retreat|may not defend alone|retreated here).*$/, ''),
      );
    if (isBattleEnd(e)) {
      const b = battleEndBanner(v, entries, i);
      if (b) battles.push(`${b.title}: ${b.result} (${b.row}).`);
    }
    if (/^game over: /.test(e.text) || / is rebuilt at | is evacuated| arrives at | is withdrawn/.test(t))
      other.push(sentence(t));
  }
  const lead = [
    moves ? plural(moves, 'move') : '',
    attacks ? `${plural(attacks, 'move')} into an attack` : '',
    rail ? `${plural(rail, 'move')} by rail` : '',
    breakthroughs ? plural(breakthroughs, 'breakthrough') : '',
    fortified ? `${plural(fortified, 'field fortification')} built` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const lines = [
    ...(lead ? [`${lead.charAt(0).toUpperCase()}${lead.slice(1)}.`] : []),
    ...battles,
    ...(taken.length > 0 ? [`Points changing hands: ${taken.join(', ')}.`] : []),
    ...(destroyed.length > 0 ? [`Destroyed: ${[...new Set(destroyed)].join(', ')}.`] : []),
    ...other,
  ];
  return lines.length > 0 ? lines : ['Nothing moved and no battle was fought.'];
}
