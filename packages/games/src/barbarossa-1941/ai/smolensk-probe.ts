/**
 * Why Smolensk does not fall by game-turn 4 (issue #44, docs/barbarossa-balance.md): from
 * replays of whole games (`stavka simulate --game barbarossa-1941 --save DIR`), per game and
 * for the Axis player-turns 3 and 4: Army Group Centre's mobile units (the counters of
 * `armyGroup` center that are mobile ground units, as `AxisPlan.fieldAt` assigns them) at the
 * start of the turn's A.2 (after A.1's supply determination): their distance to Smolensk,
 * how many adjacent, their supply and Disruption; the Axis supply trace next to Smolensk and
 * the nearest railhead; who holds Minsk; the Smolensk garrison (true identities) and the
 * start hexes of its pieces; at the start of A.3 the Axis units that could attack Smolensk
 * (`Reach`) and the air in range; the attacks on Smolensk in the turn (the log's odds line and
 * result); and what the centre's mobile units attacked instead (their allocations, by
 * distance of the target from Smolensk) and where they stood at the end of the player-turn.
 * A diagnosis tool, read only: it changes nothing in the AI (issue #44, "Smolensk by turn 4").
 *
 *   node --import tsx packages/games/src/barbarossa-1941/ai/smolensk-probe.ts DIR... [--json]
 *
 * stdout: a markdown table, a row a game (or the data with --json); stderr: each game's detail.
 * `--table FILE.json` reads a --json output back and prints the table.
 */

import { readFileSync } from 'node:fs';
import { applyUnchecked, type GameState, type ReplayFile, setup } from '@stavka/engine';
import { airSupporters } from '../air.ts';
import { modifiedDefense } from '../attack.ts';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { moveOptions } from '../movement.ts';
import { barbarossaRules } from '../rules.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import { attackFactor, type BarbarossaState, defenseFactor, type PieceState, publicUnit } from '../state.ts';
import { supplyDistances } from '../supply.ts';
import { isGroundUnit, isMobile } from '../unit-kinds.ts';
import { savedGames } from './saved-games.ts';

const SMOLENSK = '2420';
const TURNS = [3, 4] as const;

interface Snapshot {
  /** Centre mobile units on the map. */
  readonly mobile: number;
  /** Their distances to Smolensk, sorted. */
  readonly dist: number[];
  readonly adjacent: number;
  readonly within2: number;
  /** Their supply trace lengths (hexes to a source; -1 beyond 12), sorted. */
  readonly trace: number[];
  readonly supply: Record<string, number>;
  readonly disrupted: number;
  /** The Axis supply trace length (hexes from a source) at the best hex next to Smolensk; -1 beyond 12. */
  readonly supplyNextTo: number;
  /** The nearest Axis railhead as the crow flies, and the centre's conversion unit. */
  readonly railhead: number;
  readonly eisb: number;
  readonly control: string;
  /** Who holds Minsk (the centre's first objective) and how many Axis ground units stand in it. */
  readonly minsk: string;
  readonly minskAxis: number;
  /** Russian units in Smolensk: count, defense factors (true identity; an unrevealed rifle army by its face). */
  readonly garrison: number;
  readonly garrisonDef: number;
  readonly garrisonUnits: string[];
  /** Russian ground units next to Smolensk. */
  readonly ring: number;
  /** Russian ground units within 6 hexes of Smolensk; Isolated Russian units on the map within 12 hexes west of it (pockets). */
  readonly near6: number;
  readonly pocketsWest: number;
}

/**
 * At the start of the Axis operational movement (A.3): the Axis ground units that could attack
 * Smolensk this step (next to it, or a move within their OMF, without the OMB, ends next to
 * it; stacking not counted: an upper bound), their attack factors (the mobile ones apart) and
 * how many are in Limited Supply or Isolated, and the garrison's modified defense (terrain,
 * city: `modifiedDefense`).
 */
interface Reach {
  readonly units: number;
  readonly attack: number;
  readonly mobileAttack: number;
  readonly notFull: number;
  readonly defense: number;
  /** Axis air units that could support an attack on Smolensk now (`airSupporters`), and the nearest one's hexes beyond its range (its airfield to Smolensk, less the range; 0 or less: in range). */
  readonly air: number;
  readonly airShort: number;
}

interface TurnProbe {
  readonly start: Snapshot | null;
  readonly reach: Reach | null;
  /** The log lines of the attacks on Smolensk in the Axis player-turn (odds, roll, result), and the air over it. */
  readonly smolenskAttacks: string[];
  /** Centre mobile units allocated to Smolensk / to each other target (hex: count), by target distance from Smolensk. */
  readonly allocSmolensk: number;
  /** Close air support missions the Axis flew in the player-turn (any target). */
  readonly airFlown: number;
  readonly allocByDist: Record<string, number>;
  readonly allocTargets: Record<string, number>;
  /** Centre mobile units that neither attacked nor moved. */
  readonly idle: number;
  /** Their distances at the end of the Axis player-turn, and their supply trace lengths there (-1: beyond 12). */
  readonly endDist: number[];
  readonly endTrace: number[];
  readonly heldAfter: boolean;
  /** Who held Minsk at the end of the Axis player-turn. */
  readonly minskAfter: string;
}

export interface SmolenskProbe {
  readonly seed: string | number;
  readonly taken: number | null;
  readonly turns: Record<number, TurnProbe>;
  /** Origins of the units in the Smolensk garrison at turns 3-4: unit -> where it was at the start or when it entered. */
  readonly origins: Record<string, string>;
}

type G = BarbarossaState;

export function probe(file: ReplayFile): SmolenskProbe {
  const made = setup(barbarossaRules, file.scenario, file.seed, (file.options ?? {}) as never);
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  let st: GameState<G> = made.value as GameState<G>;
  const s = rulesScenarioByKey(st.state.scenario);
  const hexNo = (h: number) => s.hexNumbers[h] ?? String(h);
  const smol = s.hexNumbers.indexOf(SMOLENSK);
  if (smol < 0) throw new Error('no Smolensk');
  const placeName = new Map<number, string>();
  for (const [name, hex] of Object.entries(s.placeHex)) placeName.set(hex as number, name);
  const smolName = placeName.get(smol) ?? '?';
  const neighbours = (h: number): number[] => {
    const { offsets, targets } = s.map.graph;
    const out: number[] = [];
    for (let k = offsets[h]!; k < offsets[h + 1]!; k++) if (targets[k]! >= 0) out.push(targets[k]!);
    return out;
  };
  const trueUnit = (g: G, id: string, p: PieceState) => {
    const known = g.secret.identities[id]?.unit;
    return known ? s.units[known]! : publicUnit(s, p);
  };
  const centreMobile = (g: G): string[] =>
    g.order.filter((id) => {
      const p = g.pieces[id]!;
      if (p.side !== 'axis' || p.status !== 'map' || p.at < 0 || p.unit === null) return false;
      const u = s.units[p.unit]!;
      return (u as { armyGroup?: string }).armyGroup === 'center' && isMobile(u) && isGroundUnit(u);
    });

  const snapshot = (g: G): Snapshot => {
    const board = new Board(g, s);
    const ids = centreMobile(g);
    const dist = ids.map((id) => hexDistance(board, g.pieces[id]!.at, smol)).sort((a, b) => a - b);
    const sdNow = supplyDistances(board, 'axis');
    const trace = ids.map((id) => sdNow[g.pieces[id]!.at]!).sort((a, b) => a - b);
    const supply: Record<string, number> = { full: 0, limited: 0, isolated: 0 };
    for (const id of ids) supply[g.pieces[id]!.supply]!++;
    // The trace to each hex next to Smolensk as if an Axis unit stood there (B-33).
    let best = -1;
    for (const n of neighbours(smol)) {
      const sd = supplyDistances(board, 'axis', n);
      if (sd[n]! >= 0 && (best < 0 || sd[n]! < best)) best = sd[n]!;
    }
    const railhead = Math.min(...g.railheads.map((h) => hexDistance(board, h, smol)));
    const eisbId = g.order.find(
      (id) => g.pieces[id]!.unit !== null && id.includes('eisb') && id.includes('cent'),
    );
    const eisbP = eisbId ? g.pieces[eisbId]! : null;
    const eisb = eisbP && eisbP.status === 'map' && eisbP.at >= 0 ? hexDistance(board, eisbP.at, smol) : -1;
    const garrisonIds = board.at[smol]!.filter((id) => g.pieces[id]!.side === 'soviet');
    const garrisonUnits = garrisonIds.map((id) => {
      const u = trueUnit(g, id, g.pieces[id]!);
      return `${u.name ?? id} ${defenseFactor(u, g.pieces[id]!)}${g.pieces[id]!.disrupted ? 'D' : ''}`;
    });
    const garrisonDef = garrisonIds.reduce(
      (a, id) => a + defenseFactor(trueUnit(g, id, g.pieces[id]!), g.pieces[id]!),
      0,
    );
    let ring = 0;
    for (const n of neighbours(smol))
      ring += board.at[n]!.filter(
        (id) => g.pieces[id]!.side === 'soviet' && isGroundUnit(board.unit(id)),
      ).length;
    let near6 = 0;
    let pocketsWest = 0;
    const sx = Number(SMOLENSK.slice(0, 2));
    for (const id of g.order) {
      const p = g.pieces[id]!;
      if (p.side !== 'soviet' || p.status !== 'map' || p.at < 0 || !isGroundUnit(board.unit(id))) continue;
      const d = hexDistance(board, p.at, smol);
      if (d <= 6) near6++;
      if (p.supply === 'isolated' && d <= 12 && Number(hexNo(p.at).slice(0, 2)) < sx) pocketsWest++;
    }
    return {
      mobile: ids.length,
      dist,
      adjacent: dist.filter((d) => d === 1).length,
      within2: dist.filter((d) => d <= 2).length,
      trace,
      supply,
      disrupted: ids.filter((id) => g.pieces[id]!.disrupted).length,
      supplyNextTo: best,
      railhead,
      eisb,
      control: g.control[smolName] ?? 'soviet',
      minsk: g.control.Minsk ?? 'soviet',
      minskAxis: board.at[s.placeHex.Minsk!]!.filter((id) => g.pieces[id]!.side === 'axis').length,
      garrison: garrisonIds.length,
      garrisonDef,
      garrisonUnits,
      ring,
      near6,
      pocketsWest,
    };
  };

  const reachOf = (g: G): Reach => {
    const board = new Board(g, s);
    const adj = new Set(neighbours(smol));
    const ids: string[] = [];
    let attack = 0;
    let mobileAttack = 0;
    let notFull = 0;
    for (const id of g.order) {
      const p = g.pieces[id]!;
      if (p.side !== 'axis' || p.status !== 'map' || p.at < 0 || p.unit === null || p.disrupted) continue;
      const u = s.units[p.unit]!;
      if (!isGroundUnit(u) || attackFactor(u, p) <= 0 || p.attacked || p.moved === 'bonus') continue;
      if (hexDistance(board, p.at, smol) > 14) continue;
      const can =
        adj.has(p.at) ||
        (p.moved === 'no' && moveOptions(board, id, { paths: false }).some((o) => adj.has(o.to) && !o.bonus));
      if (!can) continue;
      ids.push(id);
      attack += attackFactor(u, p);
      if (isMobile(u)) mobileAttack += attackFactor(u, p);
      if (p.supply !== 'full') notFull++;
    }
    const soviet = board.at[smol]!.some((id) => g.pieces[id]!.side === 'soviet');
    const defense = soviet ? modifiedDefense(board, smol, ids).reduce((a, d) => a + d.modified, 0) : 0;
    let airShort = 99;
    for (const id of g.order) {
      const p = g.pieces[id]!;
      if (p.side !== 'axis' || p.status !== 'map' || p.at < 0 || p.unit === null) continue;
      const u = s.units[p.unit]!;
      if (u.type === 'air' && (u.factors.shifts ?? 0) > 0)
        airShort = Math.min(airShort, hexDistance(board, p.at, smol) - (u.factors.range ?? 0));
    }
    const air = airSupporters(board, smol, []).length;
    return { units: ids.length, attack, mobileAttack, notFull, defense, air, airShort };
  };

  // Where each Russian piece was at the start, and when and where it entered the map.
  const origin = new Map<string, string>();
  for (const id of st.state.order) {
    const p = st.state.pieces[id]!;
    if (p.side === 'soviet' && p.status === 'map' && p.at >= 0)
      origin.set(
        id,
        `on the map at the start, ${hexNo(p.at)} (${hexDistance(new Board(st.state, s), p.at, smol)} hexes)`,
      );
  }
  const wasOnMap = new Set(origin.keys());

  const turns: Record<number, TurnProbe> = {};
  const origins: Record<string, string> = {};
  let taken: number | null = null;
  let cur: {
    turn: number;
    start: Snapshot | null;
    reach: Reach | null;
    logFrom: number;
    alloc: Map<string, number>;
    moved: Set<string>;
    ids: Set<string>;
  } | null = null;

  const finish = (g: GameState<G>) => {
    if (!cur) return;
    const board = new Board(g.state, s);
    const lines = g.log.slice(cur.logFrom).map((e) => e.text);
    const smolenskAttacks: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const t = lines[i]!;
      if (t.startsWith(`attack on ${SMOLENSK}`)) {
        smolenskAttacks.push(t);
        for (let j = i + 1; j < Math.min(lines.length, i + 6); j++)
          if (/^rolled \d+ on /.test(lines[j]!)) {
            smolenskAttacks.push(lines[j]!);
            break;
          }
      } else if (t.includes(`supports the attack on ${SMOLENSK}`)) smolenskAttacks.push(t);
    }
    const allocByDist: Record<string, number> = {};
    const allocTargets: Record<string, number> = {};
    let allocSmolensk = 0;
    for (const [, target] of cur.alloc) {
      const d = hexDistance(board, target, smol);
      if (d === 0) allocSmolensk++;
      const k = d === 0 ? '0' : d <= 2 ? '1-2' : d <= 5 ? '3-5' : '6+';
      allocByDist[k] = (allocByDist[k] ?? 0) + 1;
      const name = `${hexNo(target)}${placeName.has(target) ? ` ${placeName.get(target)}` : ''} (${d})`;
      allocTargets[name] = (allocTargets[name] ?? 0) + 1;
    }
    const c = cur;
    const idle = [...c.ids].filter((id) => !c.alloc.has(id) && !c.moved.has(id)).length;
    const endDist = [...cur.ids]
      .filter((id) => g.state.pieces[id]!.status === 'map' && g.state.pieces[id]!.at >= 0)
      .map((id) => hexDistance(board, g.state.pieces[id]!.at, smol))
      .sort((a, b) => a - b);
    const sdEnd = supplyDistances(board, 'axis');
    const endTrace = [...cur.ids]
      .filter((id) => g.state.pieces[id]!.status === 'map' && g.state.pieces[id]!.at >= 0)
      .map((id) => sdEnd[g.state.pieces[id]!.at]!)
      .sort((a, b) => a - b);
    turns[cur.turn] = {
      start: cur.start,
      reach: cur.reach,
      airFlown: lines.filter((l) => l.includes('supports the attack on')).length,
      smolenskAttacks,
      allocSmolensk,
      allocByDist,
      allocTargets,
      idle,
      endDist,
      endTrace,
      heldAfter: g.state.control[smolName] === 'axis',
      minskAfter: g.state.control.Minsk ?? 'soviet',
    };
    cur = null;
  };

  const actions = file.actions as {
    side: string;
    action: { type: string; piece?: string; target?: number; to?: number; hex?: number };
  }[];
  for (const step of actions) {
    const before = st.state;
    // A piece's first appearance on the map.
    st = applyUnchecked(barbarossaRules, st, step.side, step.action as never) as GameState<G>;
    const g = st.state;
    if (step.side === 'soviet' && step.action.piece && !origin.has(step.action.piece)) {
      const p = g.pieces[step.action.piece];
      if (p && p.status === 'map' && p.at >= 0 && !wasOnMap.has(step.action.piece))
        origin.set(
          step.action.piece,
          `entered turn ${g.turn} at ${hexNo(p.at)} (${hexDistance(new Board(g, s), p.at, smol)} hexes)`,
        );
    }
    if (taken === null && before.turn < g.turn && g.control[smolName] === 'axis') taken = before.turn;
    // The turn's probe: from A.2 of the Axis player-turn to the Russian player-turn.
    if (cur && (g.player !== 'axis' || g.turn !== cur.turn)) finish(st);
    if (
      !cur &&
      g.player === 'axis' &&
      (TURNS as readonly number[]).includes(g.turn) &&
      turns[g.turn] === undefined &&
      g.step !== 'reinforce'
    ) {
      const ids = new Set(centreMobile(g));
      cur = {
        turn: g.turn,
        start: snapshot(g),
        reach: null,
        logFrom: 0,
        alloc: new Map(),
        moved: new Set(),
        ids,
      };
      // The log from the start of the Axis player-turn.
      let from = st.log.length - 1;
      while (from > 0 && !/German player-turn/.test(st.log[from]!.text)) from--;
      cur.logFrom = from;
      for (const id of new Board(g, s).at[smol]!)
        if (g.pieces[id]!.side === 'soviet') {
          const u = trueUnit(g, id, g.pieces[id]!);
          origins[`${u.name ?? id} (turn ${g.turn})`] = origin.get(id) ?? '?';
        }
    }
    if (cur && cur.reach === null && g.step === 'movement' && g.control[smolName] !== 'axis')
      cur.reach = reachOf(g);
    if (cur && step.side === 'axis' && step.action.piece && cur.ids.has(step.action.piece)) {
      if (step.action.type === 'allocate' && step.action.target !== undefined)
        cur.alloc.set(step.action.piece, step.action.target);
      if (step.action.type === 'move') cur.moved.add(step.action.piece);
    }
    if (g.turn > 4 && taken !== null) break;
  }
  if (cur) finish(st);
  return { seed: file.seed as string | number, taken, turns, origins };
}

const med = (xs: readonly number[]) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]! : NaN;

export function report(ps: readonly SmolenskProbe[]): string {
  const out: string[] = [];
  for (const p of ps) {
    out.push(`## seed ${p.seed}: Smolensk taken at the end of turn ${p.taken ?? '-'}`);
    for (const t of TURNS) {
      const tp = p.turns[t];
      if (!tp?.start) continue;
      const a = tp.start;
      out.push(
        `turn ${t} start: ${a.mobile} centre mobile, dist min ${a.dist[0]} med ${med(a.dist)} [${a.dist.join(',')}], adjacent ${a.adjacent}, within 2 ${a.within2}; trace [${a.trace.join(',')}]; supply F/L/I ${a.supply.full}/${a.supply.limited}/${a.supply.isolated}; disrupted ${a.disrupted}; trace next to Smolensk ${a.supplyNextTo}, railhead ${a.railhead}, Eisb ${a.eisb}; control ${a.control}; Minsk ${a.minsk} (${a.minskAxis} Axis in it); garrison ${a.garrison} (${a.garrisonDef} def: ${a.garrisonUnits.join(', ')}), ring ${a.ring}, Russians within 6 ${a.near6}, Isolated Russians west ${a.pocketsWest}`,
        `  reach at A.3: ${tp.reach ? `${tp.reach.units} units (${tp.reach.notFull} not in Full supply), ${tp.reach.attack} attack (${tp.reach.mobileAttack} mobile) against ${tp.reach.defense}; air in range ${tp.reach.air} (nearest ${tp.reach.airShort} beyond range); air flown ${tp.airFlown}` : '-'}`,
        `  attacks on Smolensk: ${tp.smolenskAttacks.length ? tp.smolenskAttacks.join(' // ') : 'none'}`,
        `  centre mobile allocations: on Smolensk ${tp.allocSmolensk}, by distance ${JSON.stringify(tp.allocByDist)}, idle ${tp.idle}; targets ${JSON.stringify(tp.allocTargets)}`,
        `  end of Axis turn: dist [${tp.endDist.join(',')}], trace [${tp.endTrace.join(',')}], Smolensk held ${tp.heldAfter}, Minsk ${tp.minskAfter}`,
      );
    }
    for (const [u, o] of Object.entries(p.origins)) out.push(`  garrison ${u}: ${o}`);
  }
  return out.join('\n');
}

/** The attack on Smolensk in a turn's log lines: odds and result, or null. */
function smolenskAttack(
  lines: readonly string[],
): { att: number; def: number; odds: string; result: string; air: number }[] {
  const out: { att: number; def: number; odds: string; result: string; air: number }[] = [];
  let air = 0;
  for (const l of lines) {
    if (l.includes('supports the attack on')) air++;
    const m = /^attack on \d+ \([^)]*\): (\d+) against (\d+), (.*)$/.exec(l);
    if (m) {
      out.push({ att: Number(m[1]), def: Number(m[2]), odds: m[3]!, result: '?', air });
      air = 0;
    }
    const r = /^rolled (\d+) on (?:\d+:\d+|[^:]+): (.*)$/.exec(l);
    if (r && out.length) out[out.length - 1]!.result = `${r[1]}: ${r[2]}`;
  }
  return out;
}

/** One markdown row a game: the start of turns 3 and 4 and the attacks on Smolensk. */
export function table(ps: readonly SmolenskProbe[]): string {
  const cell = (tp: TurnProbe | undefined): string[] => {
    if (!tp?.start) return ['-', '-', '-', '-', '-', '-', '-', '-', '-'];
    const a = tp.start;
    const att = smolenskAttack(tp.smolenskAttacks);
    return [
      `${a.dist[0]} / ${med(a.dist)} (${a.adjacent})`,
      `${a.supply.full}/${a.supply.limited}/${a.supply.isolated}, ${a.disrupted}`,
      `${a.supplyNextTo} (${a.railhead})`,
      `${a.garrison} (${a.garrisonDef}), ${a.ring}`,
      `${a.minsk} (${a.minskAxis})`,
      tp.reach ? `${tp.reach.units}: ${tp.reach.attack} v ${tp.reach.defense}` : '-',
      att.length
        ? att.map((x) => `${x.att}:${x.def} ${x.odds.replace(/ \([^)]*\)/g, '')} -> ${x.result}`).join('; ')
        : 'no',
      `${tp.allocSmolensk} / ${Object.values(tp.allocByDist).reduce((x, y) => x + y, 0) - tp.allocSmolensk}`,
      `${tp.endDist[0]} / ${med(tp.endDist)}, ${Math.max(...tp.endTrace)}`,
    ];
  };
  const head = ['seed', 'taken'];
  for (const t of TURNS)
    head.push(
      `T${t} dist min / med (adj)`,
      `T${t} F/L/I, Disr`,
      `T${t} trace next to Smolensk (railhead)`,
      `T${t} garrison (def), ring`,
      `T${t} Minsk (Axis in it)`,
      `T${t} reach at A.3: units: att v def`,
      `T${t} attack on Smolensk`,
      `T${t} alloc Smolensk / elsewhere`,
      `T${t} end dist min / med, max trace`,
    );
  const rows = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const p of [...ps].sort((a, b) => Number(a.seed) - Number(b.seed)))
    rows.push(
      `| ${[String(p.seed), String(p.taken ?? '-'), ...TURNS.flatMap((t) => cell(p.turns[t]))].join(' | ')} |`,
    );
  return rows.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ti = process.argv.indexOf('--table');
  if (ti > 0) {
    const ps = process.argv
      .slice(ti + 1)
      .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as SmolenskProbe[]);
    console.log(table(ps));
    process.exit(0);
  }
  const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (dirs.length === 0) throw new Error('usage: smolensk-probe.ts DIR... [--json]');
  const ps: SmolenskProbe[] = [];
  for (const dir of dirs)
    for (const { file } of savedGames(dir)) {
      const p = probe(file);
      ps.push(p);
      // The per-game detail on stderr, so that --json keeps stdout to the data.
      console.error(report([p]));
    }
  console.log(process.argv.includes('--json') ? JSON.stringify(ps) : table(ps));
}
