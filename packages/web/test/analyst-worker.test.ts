/**
 * The analyst's worker as the page speaks to it (issue #48 item 2), driven in node through
 * its message handler (protocol.ts), never a Worker: growing batches each posted as it
 * comes, the last one final; a cancel or a newer position stops the batches still to run;
 * bad input answered with a clear error and nothing run. And the page's client: a new
 * position while a batch runs ends that worker, so no stale reading reaches the panel.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  type GameAnalyst,
  type GameRules,
  type GameState,
  legalActions,
  type RngState,
  rollDie,
  setup,
} from '@stavka/engine';
import { type Nim, nimRules } from '../../engine/src/players/nim.ts';
import { AnalystClient, type WorkerLike } from '../src/analyst/client.ts';
import { analystPosition } from '../src/analyst/panel.tsx';
import {
  type AnalyseRequest,
  type AnalystGame,
  type AnalystReply,
  analystHandler,
  batchesFor,
  loadAnalystGame,
} from '../src/analyst/protocol.ts';
import type { SessionView } from '../src/session.ts';

function randomPolicy(rng: RngState) {
  let r = rng;
  return (s: GameState<Nim>, side: string): Action => {
    const legal = legalActions(nimRules, s, side).filter((a) => a.type !== 'undo');
    const d = rollDie(r, legal.length);
    r = d.next;
    return legal[d.value - 1]!;
  };
}

const nimAnalyst: GameAnalyst<Nim> = {
  domain: () => ({ rules: nimRules, policy: randomPolicy, evaluate: () => 0.5 }),
  planLabel: (key) => `take ${key}`,
  horizon: 0,
};

const NIM: AnalystGame = {
  rules: nimRules as GameRules<unknown, Action, unknown>,
  analyst: nimAnalyst as GameAnalyst<unknown>,
};

function nimAt(heap: number): GameState<unknown> {
  const made = setup(nimRules, heap, 1, {});
  assert.ok(made.ok);
  return made.value;
}

/** A handler with its replies kept and its "later" queue run by the test. */
function harness(load: (game: string) => Promise<AnalystGame> = async () => NIM) {
  const replies: AnalystReply[] = [];
  const queue: (() => void)[] = [];
  /** The loads asked for so far: each request's first batch runs once its load is in. */
  const loads: Promise<unknown>[] = [];
  const handle = analystHandler({
    load: (game) => {
      const loading = load(game);
      loads.push(loading.catch(() => {}));
      return loading;
    },
    post: (r) => replies.push(r),
    later: (run) => queue.push(run),
  });
  /** Lets every load asked for so far settle and its first batch (or its refusal) run. */
  const firstBatch = async () => {
    await Promise.all(loads);
    await new Promise((r) => setImmediate(r));
  };
  /** Lets the loads settle, then runs what is queued, one at a time, until nothing is. */
  const settle = async () => {
    await firstBatch();
    for (let run = queue.shift(); run; run = queue.shift()) run();
  };
  return { replies, queue, handle, settle, firstBatch };
}

const ask = (id: number, over: Partial<AnalyseRequest> = {}): AnalyseRequest => ({
  type: 'analyse',
  id,
  game: 'nim',
  state: nimAt(7),
  viewer: 'a',
  rollouts: 40,
  seed: 'seed',
  ...over,
});

/** A page's view (what an online seat would send): unused when the whole state is given. */
const VIEW: SessionView = {
  id: 'local-1',
  game: 'nim',
  stateId: 0,
  state: null,
  log: [],
  activeSides: ['a'],
  seats: ['a', 'b'],
  legal: {},
  canUndo: false,
  outcome: null,
  mode: 'hotseat',
};

const results = (replies: readonly AnalystReply[]) =>
  replies.filter((r): r is Extract<AnalystReply, { type: 'result' }> => r.type === 'result');

describe('the analyst worker: growing batches (issue #48 item 2)', () => {
  it('runs batches of 8, 32, 128, 512 up to the rollouts asked, the asked number last', () => {
    assert.deepEqual(batchesFor(40), [8, 32, 40]);
    assert.deepEqual(batchesFor(256), [8, 32, 128, 256]);
    assert.deepEqual(batchesFor(8), [8]);
    assert.deepEqual(batchesFor(3), [3]);
  });

  it("posts each batch's analysis as it comes, each from more rollouts, only the last final", async () => {
    const h = harness();
    h.handle(ask(1));
    await h.settle();
    const got = results(h.replies);
    assert.equal(h.replies.length, 3, JSON.stringify(h.replies));
    assert.deepEqual(
      got.map((r) => [r.id, r.analysis.rollouts, r.final]),
      [
        [1, 8, false],
        [1, 32, false],
        [1, 40, true],
      ],
    );
    for (const r of got) {
      // Each side's chance and the draw's sum to 1; the side to move is the viewer's game's.
      const sum = Object.values(r.analysis.chances).reduce((x, y) => x + y, 0);
      assert.ok(Math.abs(sum - 1) < 1e-9, `chances sum to ${sum}`);
      assert.equal(r.analysis.toMove, 'a');
      assert.equal(r.analysis.viewer, 'a');
    }
    // The plans compared come with their words (the game's planLabel).
    assert.ok(got[2]!.analysis.plans.every((p) => p.label.startsWith('take ')));
  });

  it('reads the same position the same way for the same seed (the analysis is seeded)', async () => {
    const one = harness();
    const two = harness();
    one.handle(ask(1));
    two.handle(ask(9));
    await one.settle();
    await two.settle();
    assert.deepEqual(
      results(one.replies).map((r) => r.analysis),
      results(two.replies).map((r) => r.analysis),
    );
  });
});

describe('the analyst worker: the position changes', () => {
  it('a cancel stops the batches still to run', async () => {
    const h = harness();
    h.handle(ask(1));
    await h.firstBatch();
    assert.equal(h.replies.length, 1, 'the first batch answered');
    h.handle({ type: 'cancel', id: 1 });
    await h.settle();
    assert.equal(h.replies.length, 1, 'nothing more after the cancel');
  });

  it('a newer request supersedes the older: its batches stop, the new one runs to its end', async () => {
    const h = harness();
    h.handle(ask(1));
    await h.firstBatch();
    h.handle(ask(2, { state: nimAt(5) }));
    await h.settle();
    assert.deepEqual(
      h.replies.map((r) => [r.id, r.type === 'result' ? r.final : r.type]),
      [
        [1, false],
        [2, false],
        [2, false],
        [2, true],
      ],
    );
  });

  it('a cancel of an older request leaves the one running alone', async () => {
    const h = harness();
    h.handle(ask(1));
    h.handle(ask(2));
    h.handle({ type: 'cancel', id: 1 });
    await h.settle();
    assert.deepEqual(
      results(h.replies).map((r) => r.id),
      [2, 2, 2],
    );
  });
});

describe('the analyst worker: bad input is refused with its reason, nothing run', () => {
  const refused = async (msg: unknown, reason: RegExp, load?: (game: string) => Promise<AnalystGame>) => {
    let loads = 0;
    const h = harness(async (game) => {
      loads++;
      return load ? load(game) : NIM;
    });
    h.handle(msg);
    await h.settle();
    assert.equal(h.replies.length, 1, JSON.stringify(h.replies));
    const r = h.replies[0]!;
    assert.equal(r.type, 'error');
    assert.match(r.type === 'error' ? r.message : '', reason);
    if (!load) assert.equal(loads, 0, 'no game loaded for a request refused');
  };

  it('a message that is no request', async () => {
    await refused(null, /a message is an object/);
    await refused({ type: 'analyse' }, /id is a whole number/);
    await refused({ type: 'think', id: 1 }, /no message "think"/);
  });

  it('rollouts that are not a whole number from 1 to 4096', async () => {
    await refused(ask(1, { rollouts: 0 }), /rollouts is a whole number from 1 to 4096/);
    await refused(ask(1, { rollouts: 2.5 }), /rollouts/);
    await refused(ask(1, { rollouts: 100_000 }), /rollouts/);
  });

  it('a state of another game, no viewer, no seed', async () => {
    await refused(ask(1, { game: 'mars-1942' }), /state is a state of mars-1942/);
    await refused({ ...ask(1), viewer: '' }, /viewer is a side/);
    await refused({ ...ask(1), seed: null }, /seed is a string or a number/);
  });

  it('a game the worker cannot load says which', async () => {
    await refused(ask(1), /no game this version plays/, () => loadAnalystGame('no-such-game'));
  });

  it('asView is true or false, nothing else', async () => {
    await refused({ ...ask(1), asView: 'yes' }, /asView is true or false/);
  });
});

describe('an offline game: the worker reads the whole state the browser holds, cut to the viewer', () => {
  it('Barbarossa hot-seat (hidden units): the side to move gets its reading', async () => {
    const barbarossa = await loadAnalystGame('barbarossa-1941');
    const made = setup(barbarossa.rules, null, 'analyst-offline', {});
    assert.ok(made.ok);
    const whole = made.value;
    const side = barbarossa.rules.activeSides(whole.state)[0]!;
    const h = harness(loadAnalystGame);
    h.handle({
      ...ask(1),
      game: 'barbarossa-1941',
      state: analystPosition(VIEW, '', whole),
      viewer: side,
      rollouts: 1,
    });
    await h.settle();
    assert.equal(h.replies.length, 1, JSON.stringify(h.replies).slice(0, 300));
    const [r] = results(h.replies);
    assert.ok(r?.final);
    assert.equal(r.analysis.toMove, side);
    assert.equal(r.analysis.rollouts, 1);
    const sum = Object.values(r.analysis.chances).reduce((x, y) => x + y, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9);
  });

  it("Barbarossa online: a seat's view, all its page has, is read as it is (asView), never viewed again", async () => {
    const barbarossa = await loadAnalystGame('barbarossa-1941');
    const made = setup(barbarossa.rules, null, 'analyst-online', {});
    assert.ok(made.ok);
    const side = barbarossa.rules.activeSides(made.value.state)[0]!;
    // What the server sends the seat: its view, no secret in it.
    const seen = barbarossa.rules.view(made.value.state, side);
    assert.ok(!('secret' in (seen as object)));
    const page: SessionView = {
      ...VIEW,
      game: 'barbarossa-1941',
      state: seen,
      mode: 'online',
      seats: [side],
    };
    const position = analystPosition(page, barbarossa.rules.rulesVersion);
    const run = async (asView: boolean | undefined) => {
      const h = harness(loadAnalystGame);
      h.handle({
        ...ask(1),
        game: 'barbarossa-1941',
        state: position,
        viewer: side,
        rollouts: 1,
        ...(asView === undefined ? {} : { asView }),
      });
      await h.settle();
      return h.replies;
    };
    // Viewed again, a view has no secret to read: the reading fails with its reason.
    const [failed] = await run(undefined);
    assert.equal(failed?.type, 'error');
    const [r] = results(await run(true));
    assert.ok(r?.final, 'a reading from the seat view');
    assert.equal(r.analysis.toMove, side);
    const sum = Object.values(r.analysis.chances).reduce((x, y) => x + y, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9);
  });

  it('sends the whole state without its log and undo (the analyst reads neither)', () => {
    const whole: GameState<unknown> = { ...nimAt(7), log: [{ kind: 'note', text: 'a took 1' }] };
    const sent = analystPosition(VIEW, 'nim/1', whole);
    assert.deepEqual(sent.log, []);
    assert.equal(sent.undo, null);
    assert.deepEqual(sent.state, whole.state);
    assert.equal(sent.rng, whole.rng);
  });
});

describe("the analyst worker loads a game as the page does (its card's module)", () => {
  it("Operation Mars: its rules and its analyst, whose search domain reads Mars's rules", async () => {
    const mars = await loadAnalystGame('mars-1942');
    assert.equal(mars.rules.id, 'mars-1942');
    assert.equal(mars.analyst.domain().rules.id, 'mars-1942');
  });
});

/** A worker that keeps what it is sent and can be made to answer. */
class FakeWorker implements WorkerLike {
  sent: unknown[] = [];
  ended = false;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  postMessage(msg: unknown): void {
    this.sent.push(msg);
  }
  terminate(): void {
    this.ended = true;
  }
  answer(reply: AnalystReply): void {
    this.onmessage?.({ data: reply } as MessageEvent);
  }
}

describe("the page's analyst client", () => {
  const position = { game: 'nim', state: nimAt(7), viewer: 'a', rollouts: 40, seed: 's' };
  const reading = (id: number, final: boolean): AnalystReply => ({
    type: 'result',
    id,
    final,
    analysis: {
      viewer: 'a',
      chances: { a: 1, b: 0, draw: 0 },
      rollouts: 8,
      toMove: 'a',
      suggestion: [],
      plans: [],
    },
  });

  /** A client whose workers are fakes, kept in the order it made them. */
  const fakeClient = () => {
    const workers: FakeWorker[] = [];
    const client = new AnalystClient(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    });
    return { workers, client };
  };

  it('a new position while a batch runs ends that worker; the old reading never reaches the panel', () => {
    const { workers, client } = fakeClient();
    const heard: number[] = [];
    client.ask(position, (r) => heard.push(r.id));
    workers[0]!.answer(reading(1, false));
    client.ask({ ...position, state: nimAt(5) }, (r) => heard.push(r.id));
    assert.equal(workers[0]!.ended, true, 'the busy worker ended');
    assert.equal(workers.length, 2);
    workers[0]!.answer(reading(1, true)); // too late: dropped
    workers[1]!.answer(reading(2, true));
    assert.deepEqual(heard, [1, 2]);
  });

  it('a position asked once the last reading was final reuses the worker', () => {
    const { workers, client } = fakeClient();
    client.ask(position, () => {});
    workers[0]!.answer(reading(1, true));
    client.ask(position, () => {});
    assert.equal(workers.length, 1);
    assert.equal(workers[0]!.ended, false);
    assert.deepEqual(
      workers[0]!.sent.map((m) => (m as AnalyseRequest).id),
      [1, 2],
    );
  });

  it('a worker that fails says so to the panel, and the next position starts a fresh one', () => {
    const { workers, client } = fakeClient();
    const heard: AnalystReply[] = [];
    client.ask(position, (r) => heard.push(r));
    workers[0]!.onerror?.({ message: 'script not found' } as ErrorEvent);
    assert.deepEqual(heard, [
      { type: 'error', id: 1, message: 'analyst: the worker failed (script not found)' },
    ]);
    assert.equal(workers[0]!.ended, true);
    client.ask(position, () => {});
    assert.equal(workers.length, 2);
  });

  it('switched off: the running reading stops and nothing more is heard', () => {
    const { workers, client } = fakeClient();
    const heard: number[] = [];
    client.ask(position, (r) => heard.push(r.id));
    client.cancel();
    workers[0]!.answer(reading(1, false));
    assert.deepEqual(heard, []);
    assert.equal(workers[0]!.ended, true);
  });
});
