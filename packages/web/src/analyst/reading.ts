/**
 * The analyst's reading of the position shown (issue #48 item 2): while it is switched on,
 * each new position (a move, a replay's step) or viewer stops the running analysis and
 * asks the worker (client.ts) for a new one, whose growing batches come in as they firm up.
 */
import { type Analysis, type GameState, rngFromSeed, SERVER, type Viewer } from '@stavka/engine';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SessionView } from '../session.ts';
import { AnalystClient, type WorkerLike } from './client.ts';

/** The rollouts of the analyst's last batch (BATCHES below it come first). */
export const ANALYST_ROLLOUTS = 128;

/**
 * The position the analyst reads, cut by the analyst to its viewer: the whole state where
 * this browser holds it (an offline game, a replay's step), without its log and undo (the
 * analyst reads neither); else the view the page has (an online seat's) made a state, with
 * dice of the analyst's own (the game's are never in a view).
 */
export function analystPosition(
  v: SessionView,
  rulesVersion: string,
  whole: GameState<unknown> | null = null,
): GameState<unknown> {
  if (whole) return { ...whole, log: [], undo: null };
  return {
    game: v.game,
    rulesVersion,
    stateId: v.stateId,
    rng: rngFromSeed(`analyst:${v.stateId}`),
    log: [],
    logDigest: '',
    actionCount: 0,
    undo: null,
    state: v.state,
  };
}

/** The analyst's reading so far: the latest batch's analysis, whether more is coming, or why none. */
export interface Reading {
  /** The position it reads (game, state id, viewer): a reading of another is never shown. */
  readonly of: string;
  readonly analysis: Analysis | null;
  readonly going: boolean;
  readonly error: string | null;
}

/**
 * The reading of the position `v` for `viewer` while `on`: the worker spawned on first use
 * and disposed of with the page; a reading of an earlier position is never returned.
 */
export function useAnalystReading(q: {
  on: boolean;
  v: SessionView;
  viewer: Viewer;
  rulesVersion: string;
  whole: GameState<unknown> | null;
  spawn: () => WorkerLike;
}): Reading {
  const { on, v, viewer, rulesVersion, whole, spawn } = q;
  const [reading, setReading] = useState<Reading>({ of: '', analysis: null, going: false, error: null });
  const client = useRef<AnalystClient | null>(null);
  useEffect(
    () => () => {
      client.current?.dispose();
      client.current = null;
    },
    [],
  );
  const of = `${v.game}:${v.stateId}:${viewer}`;
  // A new position (a move, a step of a replay) or viewer: the running analysis stops, a new one starts.
  useEffect(() => {
    if (!on) {
      client.current?.cancel();
      setReading({ of, analysis: null, going: false, error: null });
      return;
    }
    client.current ??= new AnalystClient(spawn);
    setReading({ of, analysis: null, going: true, error: null });
    client.current.ask(
      {
        game: v.game,
        state: analystPosition(v, rulesVersion, whole),
        viewer,
        // Without the whole state (an online seat), the page's view is all there is.
        asView: !whole && viewer !== SERVER,
        rollouts: ANALYST_ROLLOUTS,
        seed: `analyst:${v.game}:${v.stateId}`,
      },
      (reply) =>
        setReading(
          reply.type === 'error'
            ? { of, analysis: null, going: false, error: reply.message }
            : { of, analysis: reply.analysis, going: !reply.final, error: null },
        ),
    );
  }, [on, of, v.state, rulesVersion]);
  // Until the new position's first reading comes, the last one's is not shown (nor its arrows).
  return reading.of === of ? reading : { of, analysis: null, going: on, error: null };
}
