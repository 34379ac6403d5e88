/**
 * Verifiable dice by commit and reveal, the proof side (pure: the server draws its
 * secret with node's crypto, in @stavka/server/dice). At creation the server publishes
 * the hash of a secret (the commitment); each seat adds its own contribution on joining;
 * the engine's seed is the hash of all of them, so neither the server (bound by its
 * commitment) nor a seat (not knowing the secret) chooses the rolls. Once the game is
 * over the secret is revealed, and anyone can check every roll: `proveDice` is the one
 * check the CLI (`stavka verify`) and the browser ("Verify dice") both run.
 */
import { type Action, type GameRules, type ReplayFile, replay, stateHash } from './game.ts';
import { canonicalJson, sha256Hex } from './hash.ts';

export const DICE_SCHEME = 'stavka-dice/1: seed = sha256(canonicalJson({contributions, secret}))';

export function commitmentOf(secret: string): string {
  return sha256Hex(secret);
}

/** The engine seed from the secret and every seat's contribution (keyed by side). */
export function deriveSeed(secret: string, contributions: Readonly<Record<string, string>>): string {
  return sha256Hex(canonicalJson({ contributions, secret }));
}

export interface DiceRecord {
  readonly scheme: string;
  readonly commitment: string;
  readonly secret: string;
  readonly contributions: Readonly<Record<string, string>>;
}

/** Checks a revealed dice record against a seed: null if it holds, else what fails. */
export function checkDice(dice: DiceRecord, seed: string | number): string | null {
  if (commitmentOf(dice.secret) !== dice.commitment) {
    return `the revealed secret does not hash to the commitment ${dice.commitment}`;
  }
  const derived = deriveSeed(dice.secret, dice.contributions);
  if (derived !== seed)
    return `the seed ${String(seed)} is not the one derived from the secret and contributions (${derived})`;
  return null;
}

/** A finished game as the server exports it: its replay, its revealed dice, its hashes. */
export interface ProvableGame extends ReplayFile {
  readonly dice?: Pick<DiceRecord, 'commitment' | 'secret' | 'contributions'> | null;
  /** An import played on (`ReplayFile.resumed`): the dice it rolled from then on, revealed at its end. */
  readonly resumed?: ReplayFile['resumed'] & {
    readonly dice?: Pick<DiceRecord, 'commitment' | 'secret' | 'contributions'> | null;
  };
  /** stateHash after each action, if recorded. */
  readonly hashes?: readonly string[];
  readonly finalHash?: string | null;
}

export interface DiceProof {
  readonly ok: boolean;
  /** What does not hold, in words; empty when the dice were fair. */
  readonly failures: readonly string[];
  /** The seed derived from the secret and the contributions. */
  readonly seed: string | null;
  readonly rolls: number;
  readonly actions: number;
}

/**
 * Proves a finished game's dice: the secret hashes to the commitment, the seed is the one
 * derived from it and every contribution, and replaying every action from that seed (not
 * the file's) gives each recorded state hash and ends the game: so every roll came from
 * that seed.
 */
export function proveDice(rules: GameRules<unknown, Action, unknown>, file: ProvableGame): DiceProof {
  const failures: string[] = [];
  const dice = file.dice;
  if (!dice?.secret || !dice.commitment)
    return {
      ok: false,
      failures: ['the secret is not revealed: the server reveals it only when the game is over'],
      seed: null,
      rolls: 0,
      actions: file.actions.length,
    };
  if (commitmentOf(dice.secret) !== dice.commitment)
    failures.push(`the revealed secret does not hash to the commitment ${dice.commitment}`);
  const seed = deriveSeed(dice.secret, dice.contributions);
  if (seed !== file.seed)
    failures.push('the seed is not the one derived from the secret and the contributions');
  // An import played on: the second part's dice proved the same way (issue #46).
  const resumed = file.resumed;
  let resumedSeed: string | null = null;
  if (resumed) {
    const d = resumed.dice;
    if (!d?.secret || !d.commitment)
      failures.push('the secret of the dice after the import is not revealed: it is, once the game is over');
    else {
      if (commitmentOf(d.secret) !== d.commitment)
        failures.push(`the revealed secret after the import does not hash to the commitment ${d.commitment}`);
      resumedSeed = deriveSeed(d.secret, d.contributions);
      if (resumedSeed !== resumed.seed)
        failures.push('the seed after the import is not the one derived from its secret and contributions');
    }
  }
  if (file.hashes && file.hashes.length !== file.actions.length)
    failures.push('the file does not have one hash per action');
  let rolls = 0;
  if (failures.length === 0) {
    let badStep = -1;
    const mismatch = new Error('mismatch');
    try {
      const proved: ReplayFile = {
        ...file,
        seed,
        ...(resumed && resumedSeed !== null
          ? { resumed: { action: resumed.action, seed: resumedSeed } }
          : {}),
      };
      const r = replay(rules, proved, (s, i) => {
        if (file.hashes && stateHash(s) !== file.hashes[i]) {
          badStep = i;
          throw mismatch;
        }
      });
      if (!r.ok) failures.push(`the actions do not replay: ${r.error[0]?.message ?? ''}`);
      else {
        rolls = r.value.log.filter((e) => e.kind === 'roll').length;
        if (file.finalHash && stateHash(r.value) !== file.finalHash)
          failures.push('the final state does not match finalHash');
        if (rules.activeSides(r.value.state).length > 0) failures.push('the game is not over');
      }
    } catch (e) {
      if (e !== mismatch) throw e;
      failures.push(`the state after action ${badStep + 1} does not match its stored hash`);
    }
  }
  return { ok: failures.length === 0, failures, seed, rolls, actions: file.actions.length };
}
