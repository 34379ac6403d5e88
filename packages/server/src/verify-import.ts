/**
 * The check of a file to import (its replay, its hashes, its dice), against the module of
 * its game alone: the import worker loads the one game a file names, not the registry
 * (every game's modules and data in each worker thread were most of the server's memory:
 * issue #46). games/imports.ts's `verifyImport` runs it with the registry's module.
 */
import {
  apply,
  checkGameOptions,
  formatSetupErrors,
  type GameOption,
  type GameState,
  type playableGame,
  replay,
  resumeWithSeed,
  stateHash,
} from '@stavka/engine';
import { checkDice } from './dice.ts';
import { ApiError } from './errors.ts';
import type { ExportedGame } from './games.ts';
import { snapshotJson } from './snapshot.ts';

type State = GameState<unknown>;
/** A game module that can be played (engine `playableGame`). */
export type PlayableGame = NonNullable<ReturnType<typeof playableGame>>;

/**
 * Why `options` are not options of game `id`, whose module declares the optional rules
 * `declared` (each true or false: engine `checkGameOptions`), or null if they are.
 */
export function optionsProblemOf(
  id: string,
  declared: readonly GameOption[],
  options: unknown,
): string | null {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return 'options is an object';
  const r = checkGameOptions(id, declared, options);
  return r.ok ? null : formatSetupErrors(r.error);
}

/** A replay file checked: its hash after each action, its final hash and state (a snapshot's JSON). */
export interface VerifiedImport {
  readonly hashes: readonly string[];
  readonly finalHash: string;
  readonly over: boolean;
  /** snapshotJson of the final state; null with no actions. */
  readonly snapshot: string | null;
}

/**
 * Replays a file to import and checks it against `game` (the module of the file's game,
 * undefined if this server does not play it): its game and options, its dice, every state
 * hash it carries. A refusal is an ApiError (422 replay/...). The work is the file's
 * length in moves, so a server runs it in a worker thread (import-worker.ts).
 */
export function verifyImportOf(game: PlayableGame | undefined, file: ExportedGame): VerifiedImport {
  const rules = game?.rules;
  if (!rules)
    throw new ApiError(422, 'replay/unknown-game', `no game "${String(file.game).slice(0, 64)}" here`);
  const bad = optionsProblemOf(rules.id, game.options ?? [], file.options ?? {});
  if (bad) throw new ApiError(422, 'replay/invalid', bad);
  if (file.dice) {
    const why = checkDice(file.dice, file.seed);
    if (why) throw new ApiError(422, 'replay/dice-mismatch', why);
  }
  if (file.hashes && file.hashes.length !== file.actions.length) {
    throw new ApiError(422, 'replay/hash-mismatch', 'a replay file has one hash per action');
  }
  // An import played on where it was exported: its first actions roll from `seed`, the
  // rest from `resumed.seed` (issue #46).
  const resume = file.resumed;
  if (resume) {
    if (!Number.isInteger(resume.action) || resume.action < 1 || resume.action > file.actions.length)
      throw new ApiError(422, 'replay/invalid', 'resumed.action is the number of an action of the file');
    if (resume.dice) {
      const why = checkDice(resume.dice, resume.seed);
      if (why) throw new ApiError(422, 'replay/dice-mismatch', `resumed: ${why}`);
    }
  }
  const hashes: string[] = [];
  const mismatch = new Error('hash mismatch');
  const check = (s: State, i: number) => {
    const h = stateHash(s);
    if (file.hashes && file.hashes[i] !== h) throw mismatch;
    hashes.push(h);
  };
  let r: ReturnType<typeof replay>;
  try {
    r = replay(rules, resume ? { ...file, actions: file.actions.slice(0, resume.action) } : file, check);
    if (r.ok && resume) {
      let s = resumeWithSeed(r.value, resume.seed);
      for (let i = resume.action; i < file.actions.length; i++) {
        const step = file.actions[i]!;
        const next = apply(rules, s, step.side, step.action);
        if (!next.ok) {
          throw new ApiError(
            422,
            'replay/invalid',
            `actions[${i}]: ${next.error.message} [${next.error.code}]`,
          );
        }
        s = next.value;
        check(s, i);
      }
      r = { ok: true, value: s };
    }
  } catch (e) {
    if (e !== mismatch) throw e;
    throw new ApiError(
      422,
      'replay/hash-mismatch',
      `the state after action ${hashes.length} does not match the file's hash`,
    );
  }
  if (!r.ok) throw new ApiError(422, 'replay/invalid', formatSetupErrors(r.error));
  const final = r.value;
  const finalHash = hashes[hashes.length - 1] ?? stateHash(final);
  if (file.finalHash && file.finalHash !== finalHash) {
    throw new ApiError(422, 'replay/hash-mismatch', "the final state does not match the file's finalHash");
  }
  return {
    hashes,
    finalHash,
    over: rules.activeSides(final.state).length === 0,
    snapshot: file.actions.length > 0 ? snapshotJson(final) : null,
  };
}
