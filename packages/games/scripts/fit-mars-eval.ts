/**
 * Fits the Operation Mars AI's evaluation (src/mars-1942/ai/eval-weights.json): the chance
 * the Soviet side wins, as a logistic model of the position's features (`evalFeatures`),
 * one model per point of the game (game turns left, whose player-turn).
 *
 * The games: the standard scenario, both sides played by the rule-based policy, each
 * player-turn under one of the side's search plans drawn at random (half the time the
 * policy's own plan), so that the positions are the kind the search's rollouts reach and
 * its plans lead to. Every position at the start of a player-turn is a sample, labelled
 * with how that game ended (1 Soviet win, 0 German win, 0.5 draw).
 *
 * The fit: Newton's method (iteratively reweighted least squares) on standardized
 * features with a small L2 penalty, the linear algebra by ml-matrix. The report gives
 * each model's log loss on held-out games (the odd seeds, fitted on the even) beside the
 * base rate's; the weights written are then fitted on all the games.
 *
 *   npx tsx packages/games/scripts/fit-mars-eval.ts [--games 3000] [--seed 70000] [--workers 2]
 *
 * Deterministic: the same games and seed give the same file.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  type Action,
  type GameRules,
  type GameState,
  knownState,
  legalActions,
  type Player,
  playout,
  type RngState,
  rngFromSeed,
  rollDie,
} from '@stavka/engine';
import { Matrix, solve } from 'ml-matrix';
import { chanceFrom, EVAL_FEATURES, type EvalBucket, evalFeatures } from '../src/mars-1942/ai/evaluate.ts';
import {
  Board,
  type MarsAction,
  type MarsState,
  type Side,
  scenarioByKey,
} from '../src/mars-1942/ai/mars-games.ts';
import { MarsPolicy, PLANNER_PARAMS } from '../src/mars-1942/ai/policy.ts';
import { isPlanPoint, MARS_PLANS } from '../src/mars-1942/ai/search.ts';
import { marsRules, RULES_VERSION } from '../src/mars-1942/rules.ts';
import { victoryTally } from '../src/mars-1942/victory.ts';

interface Sample {
  readonly seed: number;
  readonly turnsLeft: number;
  readonly player: Side;
  readonly features: number[];
  readonly result: number;
}

type MarsRules = GameRules<MarsState, MarsAction, Record<string, unknown>>;
const rules = marsRules as unknown as MarsRules;

/** The policy, under a plan drawn for each of its player-turns; records every plan point. */
class SamplingPlayer implements Player {
  readonly name = 'sampling';
  private policy: MarsPolicy;
  private readonly base: MarsPolicy;
  constructor(
    private readonly side: Side,
    private rng: RngState,
    private readonly seen: Set<string>,
    private readonly record: (g: MarsState) => void,
  ) {
    this.base = new MarsPolicy(PLANNER_PARAMS[side]);
    this.policy = this.base;
  }
  choose<G>(r: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    const known = knownState(r, state, side, 'fit') as unknown as GameState<MarsState>;
    const g = known.state;
    const legal = legalActions(rules, known, side).filter((a): a is MarsAction => a.type !== 'undo');
    if (isPlanPoint(g, side) && !this.seen.has(`${g.turn}:${side}`)) {
      this.seen.add(`${g.turn}:${side}`);
      this.record(g);
      const plans = MARS_PLANS[this.side];
      const d = rollDie(this.rng, 2 * plans.length);
      this.rng = d.next;
      this.policy = new MarsPolicy((plans[d.value - 1] ?? plans[0]!).params);
    }
    return (g.player === side ? this.policy : this.base).choose(known, this.side, legal);
  }
}

function playSampleGame(seed: number): Sample[] {
  const taken: Omit<Sample, 'result'>[] = [];
  const seen = new Set<string>();
  const record = (g: MarsState) => {
    const s = scenarioByKey(g.scenario);
    taken.push({
      seed,
      turnsLeft: s.turns - g.turn,
      player: g.player,
      features: evalFeatures(new Board(s, g)),
    });
  };
  const players = {
    soviet: new SamplingPlayer('soviet', rngFromSeed(`fit-eval:${seed}:soviet`), seen, record),
    german: new SamplingPlayer('german', rngFromSeed(`fit-eval:${seed}:german`), seen, record),
  };
  const end = playout(rules, seed, players).state.state;
  const t = victoryTally(new Board(scenarioByKey(end.scenario), end));
  const result = t.soviet > t.german ? 1 : t.soviet < t.german ? 0 : 0.5;
  return taken.map((x) => ({ ...x, result }));
}

interface Job {
  readonly stavkaFitEval: true;
  readonly seeds: number[];
}

if (!isMainThread && (workerData as Job | null)?.stavkaFitEval) {
  for (const seed of (workerData as Job).seeds) parentPort!.postMessage(playSampleGame(seed));
}

function collect(seeds: number[], workers: number): Promise<Sample[]> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const out: Sample[][] = [];
  let done = 0;
  return new Promise((resolve, reject) => {
    let running = workers;
    for (let w = 0; w < workers; w++) {
      const worker = new Worker(boot, {
        eval: true,
        workerData: { stavkaFitEval: true, seeds: seeds.filter((_, i) => i % workers === w) } satisfies Job,
      });
      worker.on('message', (m: Sample[]) => {
        out.push(m);
        if (++done % 250 === 0) process.stderr.write(`${done} of ${seeds.length} games\n`);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`a worker stopped with code ${code}`));
        else if (--running === 0) resolve(out.flat().sort((a, b) => a.seed - b.seed));
      });
    }
  });
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const logLoss = (p: number, y: number) =>
  -(y * Math.log(Math.max(1e-12, p)) + (1 - y) * Math.log(Math.max(1e-12, 1 - p)));

/** L2-penalized logistic regression by Newton's method; weights on the raw features. */
export function fitLogistic(xs: readonly (readonly number[])[], ys: readonly number[], lambda = 1): number[] {
  const d = xs[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((a, x) => a + x[j]!, 0) / xs.length);
  const sd = mean.map((m, j) => Math.sqrt(xs.reduce((a, x) => a + (x[j]! - m) ** 2, 0) / xs.length));
  // A feature that never varies here (the first player-turn) carries no weight.
  const z = xs.map((x) => [1, ...x.map((v, j) => (sd[j]! > 1e-9 ? (v - mean[j]!) / sd[j]! : 0))]);
  const X = new Matrix(z);
  let w = new Array(d + 1).fill(0) as number[];
  for (let it = 0; it < 50; it++) {
    const p = z.map((row) => sigmoid(row.reduce((a, v, j) => a + v * w[j]!, 0)));
    const grad = Matrix.columnVector(p.map((pi, i) => pi - ys[i]!));
    const g = X.transpose().mmul(grad);
    const weighted = new Matrix(z.map((row, i) => row.map((v) => v * p[i]! * (1 - p[i]!))));
    const H = X.transpose().mmul(weighted);
    for (let j = 1; j <= d; j++) {
      g.set(j, 0, g.get(j, 0) + lambda * w[j]!);
      H.set(j, j, H.get(j, j) + lambda);
    }
    const step = solve(H, g).to1DArray();
    w = w.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  // Back to the raw features: w0 + sum wj (x - m)/sd.
  const raw = w.slice(1).map((v, j) => (sd[j]! > 1e-9 ? v / sd[j]! : 0));
  const intercept = w[0]! - raw.reduce((a, v, j) => a + v * mean[j]!, 0);
  return [intercept, ...raw];
}

async function main() {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    if (i < 0) return fallback;
    const v = Number(process.argv[i + 1]);
    if (!Number.isInteger(v) || v < 1)
      throw new Error(`--${name} wants a whole number, not ${process.argv[i + 1]}`);
    return v;
  };
  const games = arg('games', 3000);
  const seed = arg('seed', 70000);
  const workers = arg('workers', 2);
  const seeds = Array.from({ length: games }, (_, i) => seed + i);
  const started = Date.now();
  const samples = await collect(seeds, workers);
  const keys = [...new Set(samples.map((x) => `${x.turnsLeft}:${x.player}`))];
  const buckets: (EvalBucket & { samples: number; heldOutLogLoss: number; baseRateLogLoss: number })[] = [];
  let lossAll = 0;
  let baseAll = 0;
  let heldOut = 0;
  for (const key of keys) {
    const mine = samples.filter((x) => `${x.turnsLeft}:${x.player}` === key);
    const train = mine.filter((x) => x.seed % 2 === 0);
    const test = mine.filter((x) => x.seed % 2 === 1);
    const w = fitLogistic(
      train.map((x) => x.features),
      train.map((x) => x.result),
    );
    const rate = train.reduce((a, x) => a + x.result, 0) / train.length;
    let loss = 0;
    let base = 0;
    for (const x of test) {
      loss += logLoss(chanceFrom({ turnsLeft: 0, player: 'soviet', weights: w }, x.features), x.result);
      base += logLoss(rate, x.result);
    }
    lossAll += loss;
    baseAll += base;
    heldOut += test.length;
    const all = fitLogistic(
      mine.map((x) => x.features),
      mine.map((x) => x.result),
    );
    const first = mine[0]!;
    buckets.push({
      turnsLeft: first.turnsLeft,
      player: first.player,
      weights: all.map((v) => Number(v.toPrecision(6))),
      samples: mine.length,
      heldOutLogLoss: Number((loss / test.length).toFixed(4)),
      baseRateLogLoss: Number((base / test.length).toFixed(4)),
    });
  }
  buckets.sort((a, b) => b.turnsLeft - a.turnsLeft || (a.player === 'soviet' ? -1 : 1));
  const file = {
    comment: 'Written by packages/games/scripts/fit-mars-eval.ts; do not edit by hand.',
    rulesVersion: RULES_VERSION,
    games,
    seed,
    sovietWins: samples
      .filter((x) => x.turnsLeft === buckets[0]!.turnsLeft && x.player === 'soviet')
      .reduce((a, x) => a + x.result, 0),
    heldOutLogLoss: Number((lossAll / heldOut).toFixed(4)),
    baseRateLogLoss: Number((baseAll / heldOut).toFixed(4)),
    features: [...EVAL_FEATURES],
    buckets,
  };
  const out = join(dirname(fileURLToPath(import.meta.url)), '../src/mars-1942/ai/eval-weights.json');
  writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
  console.log(
    `${games} games, ${samples.length} positions, ${((Date.now() - started) / 1000).toFixed(0)} s: held-out log loss ${file.heldOutLogLoss} (base rate ${file.baseRateLogLoss}); wrote ${out}`,
  );
}

if (isMainThread && process.argv[1] === fileURLToPath(import.meta.url)) await main();
