/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The panels around the map: what to do now, the selected unit and why it can or
 * cannot act, the combat preview with every shift and the chance of each result, the
 * log with the rule behind each entry, and the victory-point tally.
 */
import {
  type Action,
  chancesOf,
  columnDistribution,
  type GameOutcome,
  hexNumberOf,
  type LogEntry,
  perUnitDistribution,
} from '@stavka/engine';
import {
  type AttackEvaluation,
  attackRange,
  type Board,
  canAttack,
  canMove,
  disruptedReading,
  isInfantry,
  isMobile,
  MARS_CRT,
  type MarsState,
  type Scenario,
  victoryTally,
} from '@stavka/games';
import { ruleExcerpt } from '@stavka/games/rules-text';
import { factorsText, SIDE_COLOR } from './counters.ts';

const STEP_HELP: Record<string, string> = {
  setup: 'Deploy your units (or accept the standard historical set-up), then end the set-up.',
  fortify:
    'Fortify any undisrupted rifle/infantry units (they may then neither move nor attack this player-turn), then continue.',
  reinforce:
    'Bring in the next panzer division on the southern edge, withdraw a reserve division for points, or continue.',
  movement:
    'Select a unit: blue hexes are within attack range, pale blue only with the movement bonus. End movement when done.',
  allocation:
    'Select a unit and click an enemy hex (orange) to add it to an attack; the preview shows the odds. End allocation when every attack is legal and the must-attack rule is met.',
  combat: 'Resolve the declared attacks one by one; each result offers its choices.',
  over: 'The game is over.',
};

const PHASE_HELP: Record<string, string> = {
  orders: 'Defender: give No Retreat! orders (or none) before the roll (M-8).',
  losses: 'Attacker: choose the attacking units to eliminate.',
  'rout-distance': 'Attacker: choose how far the routed defenders withdraw (0-2 hexes).',
  retreat: 'Defender: choose a retreat route for each unit (pink hexes).',
  advance: 'Attacker: advance into the vacated hex (green); tanks and panzers may go one hex further.',
};

const SIDE_NAMES: Readonly<Record<string, string>> = {
  german: 'von Kluge (German)',
  soviet: 'Zhukov (Soviet)',
};

/** A side as players call it: its commander and nationality. */
export const sideName = (side: string): string => SIDE_NAMES[side] ?? side;

/** A finished game's result in words: who wins and the victory points (Victory Conditions, M-15). */
export function resultText(o: GameOutcome): string {
  const vp = (side: string) => o.score[side] ?? 0;
  if (o.winner === null) return `A draw, ${vp('soviet')} to ${vp('german')} victory points.`;
  const lost = o.winner === 'soviet' ? 'german' : 'soviet';
  return `${sideName(o.winner)} wins, ${vp(o.winner)} to ${vp(lost)} victory points.`;
}

export function StatusBar(p: {
  s: Scenario;
  g: MarsState;
  active: readonly string[];
  seats: readonly string[];
  canUndo: boolean;
  onUndo: () => void;
  /** The result, once the game is over. */
  outcome?: GameOutcome | null;
}) {
  const { g, s } = p;
  const side = p.active[0];
  const mine = side !== undefined && p.seats.includes(side);
  const phase = g.combat ? PHASE_HELP[g.combat.phase] : undefined;
  const over = p.outcome ? resultText(p.outcome) : STEP_HELP.over;
  const help = mine ? (phase ?? STEP_HELP[g.step]) : g.step === 'over' ? over : `Waiting for ${side}…`;
  return (
    <header class="status" aria-live="polite">
      <div class="turn">
        Turn {g.turn} of {s.turns} <span class="dates">{s.turnDates[g.turn - 1]}</span>
      </div>
      <div class="step">
        {g.step === 'over' ? (
          <strong>Game over</strong>
        ) : (
          <>
            <span class="side-chip" style={{ background: SIDE_COLOR[side ?? ''] }}>
              {sideName(side ?? 'soviet')}
            </span>{' '}
            <strong>{g.step === 'setup' ? 'set-up' : g.step}</strong>
            {g.combat ? ` — combat at ${hexNumberOf(s.map, g.combat.target)}: ${g.combat.phase}` : ''}
          </>
        )}
      </div>
      <div class="help">{help}</div>
      {p.canUndo && (
        <button type="button" onClick={p.onUndo} title="Take back the last action (until a die roll)">
          Undo
        </button>
      )}
    </header>
  );
}

export function UnitPanel(p: {
  board: Board;
  hex: number | null;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { board, hex } = p;
  if (hex === null || hex < 0) return <section class="panel unit">Select a hex or a unit.</section>;
  const s = board.s;
  const ids = board.at[hex] ?? [];
  const place = s.map.placeAt[hex]!;
  const zone = s.zoneOf[hex]!;
  return (
    <section class="panel unit" aria-label="unit panel">
      <h3>
        Hex {hexNumberOf(s.map, hex)}
        {place >= 0 ? ` — ${s.map.places[place]!.name} (${s.map.places[place]!.kind})` : ''}
      </h3>
      <p class="hexinfo">
        {s.map.terrainNames[s.map.terrain[hex]!]},{' '}
        {s.germanTerritory[hex] ? 'German-held on 25 Nov' : 'originally Russian'}
        {zone >= 0 ? `, ${s.defenseZones[zone]!.name}` : ''}
      </p>
      <ul class="stack">
        {ids.map((id) => {
          const u = s.units[id]!;
          const st = board.state.units[id]!;
          const why: string[] = [];
          if (st.disrupted) why.push('Disrupted: may not move or attack');
          if (st.fortifiedNow) why.push('fortified this player-turn: may not move or attack');
          if (st.moved === 'bonus') why.push('used its movement bonus: may not attack');
          if (st.moved === 'attack') why.push('has moved this turn');
          if (st.supply === 'rationed')
            why.push('rationed: attack move 1 hex, -1 column attacking, +1 against it (M-9)');
          if (st.supply === 'isolated') why.push('isolated: cannot attack, +2 columns against it (M-9)');
          const zoc =
            u.side === 'german' || u.size === 'korps' || (u.size === 'division' && st.fortified)
              ? 'active ZOC'
              : 'inactive ZOC (blocks supply only)';
          return (
            <li key={id} class={id === p.selected ? 'selected' : ''}>
              <button type="button" onClick={() => p.onSelect(id)} aria-pressed={id === p.selected}>
                <span class="side-chip" style={{ background: SIDE_COLOR[u.side] }} /> {u.name}
              </button>
              <div class="facts">
                {u.designation} · {factorsText(u)} · {u.type} {u.size} ·{' '}
                {isMobile(u) ? 'mobile' : isInfantry(u) ? 'rifle/infantry' : 'foot'} · supply {st.supply} ·{' '}
                {zoc}
                {st.fortified ? ' · fortified' : ''}
                {st.disrupted ? ' · Disrupted' : ''}
              </div>
              <div class="can">
                {canMove(board, id)
                  ? `may move: ${attackRange(board, id)} hexes to attack, +2 bonus`
                  : 'may not move now'}
                {canAttack(board, id) ? ' · may attack' : ''}
              </div>
              {why.length > 0 && <div class="why">{why.join('; ')}</div>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The chance of each result of an attack: per unit when defenders are Disrupted (M-6). */
export function CombatPreview(p: {
  s: Scenario;
  ev: AttackEvaluation | null;
  title: string;
  disrupted: boolean;
}) {
  const { ev } = p;
  if (!ev) return null;
  const column = ev.column;
  const dist = p.disrupted
    ? perUnitDistribution(MARS_CRT, column, disruptedReading)
    : columnDistribution(MARS_CRT, column);
  const rolls = new Map<string, number[]>();
  for (let roll = 1; roll <= 6; roll++) {
    const base = MARS_CRT.resultCodes[MARS_CRT.cells[(roll - 1) * MARS_CRT.columns.length + column]!]!;
    const hi =
      MARS_CRT.resultCodes[MARS_CRT.cells[(roll - 1) * MARS_CRT.columns.length + Math.min(column + 1, 9)]!]!;
    const label = p.disrupted ? disruptedReading(base, hi) : base;
    rolls.set(label, [...(rolls.get(label) ?? []), roll]);
  }
  const chances = chancesOf(dist, rolls);
  return (
    <section class="panel combat" aria-label="combat preview">
      <h3>{p.title}</h3>
      <table class="odds">
        <tbody>
          <tr>
            <th>Attack</th>
            <td>{ev.attack}</td>
          </tr>
          <tr>
            <th>Defense</th>
            <td>
              {ev.defense}
              <ul class="items">
                {ev.defenseItems.map((i, k) => (
                  <li key={k}>
                    {i.value > 0 ? `+${i.value}` : i.value} {i.reason}
                    {i.cite ? ` (${i.cite})` : ''}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
          <tr>
            <th>Odds</th>
            <td>{MARS_CRT.columnLabels[ev.raw] ?? 'below 1:4'}</td>
          </tr>
          {ev.shifts.map((sh, k) => (
            <tr key={`s${k}`} class="shift">
              <th>{sh.by > 0 ? `+${sh.by}` : sh.by}</th>
              <td>
                {sh.reason}
                {sh.cite ? ` (${sh.cite})` : ''}
              </td>
            </tr>
          ))}
          <tr>
            <th>Column</th>
            <td>
              <strong>{MARS_CRT.columnLabels[column]}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {ev.refusal ? (
        <p class="refusal" role="alert">
          Not allowed: {ev.refusal}
        </p>
      ) : (
        <ul class="chances">
          {chances.map((c) => (
            <li key={c.result}>
              <span class="result" title={MARS_CRT.resultInfo[c.result]?.text ?? c.result}>
                {c.result}
              </span>
              <span class="bar" style={{ width: `${Math.round(c.probability * 120)}px` }} />
              <span class="chance">
                {c.chance} ({Math.round(c.probability * 100)}%) · roll {c.rolls?.join(', ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {p.disrupted && <p class="note">Disrupted defenders read the next column, individually (M-6).</p>}
    </section>
  );
}

export function LogPanel(p: { log: readonly LogEntry[]; onCite: (cite: string) => void }) {
  const entries = p.log.slice(-200);
  return (
    <section class="panel log" aria-label="game log">
      <h3>Log</h3>
      <ol reversed>
        {[...entries].reverse().map((e, i) => (
          <li key={p.log.length - i} class={`log-${e.kind}`}>
            {e.kind === 'roll' ? '🎲 ' : ''}
            {e.text}
            {e.data && typeof e.data.row === 'number' ? ` [row ${e.data.row}, column ${e.data.column}]` : ''}
            {e.cite?.map((c) => (
              <button type="button" key={c} class="cite" onClick={() => p.onCite(c)}>
                {c}
              </button>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function RulePanel(p: { cite: string | null; onClose: () => void }) {
  if (!p.cite) return null;
  const r = ruleExcerpt(p.cite);
  return (
    <aside class="panel rule" aria-label="rule text">
      <button type="button" class="close" onClick={p.onClose} aria-label="close rule text">
        ×
      </button>
      <h3>{p.cite}</h3>
      {r ? (
        <>
          <p class="source">{r.source}</p>
          <pre>{r.text}</pre>
        </>
      ) : (
        <p>No text found for this citation.</p>
      )}
    </aside>
  );
}

export function VpPanel(p: { board: Board }) {
  const t = victoryTally(p.board);
  return (
    <section class="panel vp" aria-label="victory points">
      <h3>
        {p.board.state.step === 'over' ? 'Final victory points' : 'Victory points now'}: German {t.german} —
        Soviet {t.soviet}
      </h3>
      <ul>
        {t.items.map((i, k) => (
          <li key={k}>
            <span class="side-chip" style={{ background: SIDE_COLOR[i.side] }} /> +{i.points} {i.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Describes an action in words for buttons and screen readers. */
export function describeAction(s: Scenario, a: Action): string {
  const name = (id: unknown) => s.units[String(id)]?.name ?? String(id);
  switch (a.type) {
    case 'historical-setup':
      return 'Accept the standard historical set-up';
    case 'end-setup':
      return 'End set-up';
    case 'end-fortify':
      return 'Done fortifying';
    case 'fortify':
      return `Fortify ${name(a.unit)}`;
    case 'reinforce':
      return `Bring in the next panzer division at ${String(a.hex)}`;
    case 'withdraw-reserve':
      return 'Withdraw the next reserve panzer division for points';
    case 'end-reinforcement':
      return 'Continue to movement';
    case 'end-movement':
      return 'End movement';
    case 'withdraw':
      return `Withdraw ${name(a.unit)} by the southern edge`;
    case 'end-allocation':
      return 'End allocation: resolve the attacks';
    case 'unassign':
      return `Take ${name(a.unit)} out of its attack`;
    case 'probe':
      return `Toggle the 2:1 probe on ${String(a.target)} (M-7)`;
    case 'resolve':
      return `Resolve the attack on ${String(a.target)}`;
    case 'no-retreat':
      return (a.units as string[]).length
        ? `No Retreat! for ${(a.units as string[]).map(name).join(', ')}`
        : 'No orders: roll';
    case 'lose':
      return `Eliminate ${name(a.unit)}`;
    case 'rout':
      return `Rout ${String(a.hexes)} hex(es)`;
    case 'stand':
      return `${name(a.unit)} stands`;
    case 'end-advance':
      return 'End advance';
    case 'retreat':
      return `Retreat ${name(a.unit)} to ${String(a.to)}`;
    case 'advance':
      return `Advance ${name(a.unit)} to ${String(a.to)}`;
    case 'undo':
      return 'Undo';
    default:
      return `${a.type} ${Object.entries(a)
        .filter(([k]) => k !== 'type')
        .map(([, v]) => String(v))
        .join(' ')}`;
  }
}
