/**
 * `stavka calc` and play agree on the Barbarossa gambles (RULINGS B-63, B-64): for each
 * attack of a few small positions and each choice of odds rules, the round-up rolls and
 * presses play offers on the attack are exactly those the calculator accepts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, type GameRules, hexIndex, legalActions, setup } from '@stavka/engine';
import { BARBAROSSA_CRT, findGame } from '@stavka/games';
import { rulesScenarioByKey } from '../../games/src/barbarossa-1941/rules-scenario.ts';
import { type PositionInput, positionFile } from '../../games/src/barbarossa-1941/test-positions.ts';
import { runCalc } from './calc.ts';

type Options = { asymmetricOdds?: boolean; classicOdds?: boolean };
type Resolve = {
  type: string;
  gamble?: { kind: string; target?: number; fallBack?: number; columns?: number };
};

const rules = findGame('barbarossa-1941')!.rules as GameRules<unknown, { type: string }>;
const col = (c: number) =>
  Array.from({ length: 10 }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);

/** Play's gambles on the attack of `attackers` on 0505 (labels: round-up target/fall-back, press k). */
function offered(pieces: PositionInput['pieces'], attackers: string[], options: Options): string[] {
  const file = positionFile({
    pieces,
    map: {
      zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
      edges: [{ id: 'soviet-supply', hexes: col(10) }],
      connections: [{ kind: 'rail', path: col(10) }],
    },
  });
  const made = setup(rules, file, 3, options);
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  let s = made.value;
  const step = (action: { type: string; [k: string]: unknown }) => {
    const r = apply(rules, s, 'axis', action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
  };
  step({ type: 'end-step' });
  step({ type: 'end-step' });
  const target = hexIndex(rulesScenarioByKey((s.state as { scenario: string }).scenario).map, '0505');
  for (const piece of attackers) step({ type: 'allocate', piece, target });
  step({ type: 'end-movement' });
  const labels = BARBAROSSA_CRT.columnLabels;
  return (legalActions(rules, s, 'axis') as readonly Resolve[])
    .filter((a) => a.type === 'resolve' && a.gamble)
    .map((a) =>
      a.gamble!.kind === 'round-up'
        ? `round-up ${labels[a.gamble!.target!]}/${labels[a.gamble!.fallBack!]}`
        : `press ${a.gamble!.columns}`,
    )
    .filter((x, i, all) => all.indexOf(x) === i)
    .sort();
}

/** The calculator's: every round-up target/fall-back pair and press it accepts for a German attack. */
function accepted(attack: number, defense: number, options: Options): string[] {
  const out: string[] = [];
  const flags = { expandedOdds: options.asymmetricOdds === true, classicOdds: options.classicOdds === true };
  for (const target of BARBAROSSA_CRT.columnLabels)
    for (const fallBack of BARBAROSSA_CRT.columnLabels) {
      const r = runCalc({
        game: 'barbarossa-1941',
        attack,
        defense,
        attacker: 'axis',
        roundUp: target,
        fallBack,
        ...flags,
      });
      if (r.ok) out.push(`round-up ${target}/${fallBack}`);
    }
  for (let k = 1; k <= 9; k++) {
    const r = runCalc({
      game: 'barbarossa-1941',
      attack,
      defense,
      attacker: 'axis',
      press: k,
      procedure: 'roll',
      side: 'axis',
      ...flags,
    });
    if (r.ok) out.push(`press ${k}`);
  }
  return out.sort();
}

const POSITIONS: {
  name: string;
  attack: number;
  defense: number;
  pieces: PositionInput['pieces'];
  attackers: string[];
}[] = [
  {
    name: "15:4 (the text's example)",
    attack: 15,
    defense: 4,
    pieces: {
      a1: { is: 'ger-army', at: '0504' },
      a2: { is: 'ger-army', at: '0404' },
      k: { is: 'ger-inf-korps', at: '0405' },
      t: { is: 'sov-tank-korps-43', at: '0505' },
      d: { is: 'sov-weak-div', at: '0505' },
    },
    attackers: ['a1', 'a2', 'k'],
  },
  {
    name: "17:5 (the text's example)",
    attack: 17,
    defense: 5,
    pieces: {
      a1: { is: 'ger-army', at: '0504' },
      a2: { is: 'ger-army', at: '0404' },
      k: { is: 'ger-inf-korps', at: '0405' },
      c1: { is: 'ger-cav-div', at: '0405' },
      c2: { is: 'ger-cav-div', at: '0604' },
      r: { is: 'sov-rifle-54', at: '0505' },
      d: { is: 'sov-weak-div', at: '0505' },
    },
    attackers: ['a1', 'a2', 'k', 'c1', 'c2'],
  },
  {
    name: '10:3',
    attack: 10,
    defense: 3,
    pieces: {
      a1: { is: 'ger-army', at: '0504' },
      m: { is: 'ger-mot-korps', at: '0404' },
      r: { is: 'sov-army', at: '0505' },
    },
    attackers: ['a1', 'm'],
  },
];

describe('stavka calc and play agree on the gambles (B-63, B-64)', () => {
  for (const options of [{}, { asymmetricOdds: true }, { classicOdds: true }] as Options[]) {
    for (const p of POSITIONS) {
      it(`${p.name}, ${JSON.stringify(options)}`, () => {
        const play = offered(p.pieces, p.attackers, options);
        assert.deepEqual(play, accepted(p.attack, p.defense, options));
        if (options.classicOdds) assert.deepEqual(play, [], 'classic odds: none');
        else assert.ok(play.length > 0);
      });
    }
  }
});
