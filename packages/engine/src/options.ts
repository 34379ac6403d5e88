/**
 * A game's optional rules: each game module declares the switches a new game may set
 * (`GameModule.options`), and every client checks and offers them from that one list —
 * the server refusing a new game's bad options, the CLI's `--option`, the browser's
 * new-game form. The rules read the checked options at set-up.
 */
import { type EngineSetupCode, engineSetupError, err, ok, type Result, type SetupError } from './result.ts';

/** An optional rule: on or off for the whole game, chosen when it is made. */
export interface GameOption {
  /** Its key in a new game's `options`: "firstTurnDoubling". */
  readonly key: string;
  /** What it does, in a few words: "Russian attack factors doubled on the first turn". */
  readonly label: string;
  /** The rule or ruling it switches: "M-16". */
  readonly rule: string;
  /** Whether it is in force when a new game does not say. */
  readonly default: boolean;
}

/**
 * Checks a new game's `options` against game `game`'s optional rules: an object whose
 * keys are among them and whose values are true or false, each error naming its field.
 * Returns the options as given (a key left out takes its default at set-up).
 */
export function checkGameOptions(
  game: string,
  declared: readonly GameOption[],
  options: unknown,
): Result<Record<string, boolean>, SetupError<EngineSetupCode>[]> {
  if (options === undefined || options === null) return ok({});
  if (typeof options !== 'object' || Array.isArray(options))
    return err([engineSetupError('setup/options', 'options', 'the options are an object')]);
  const errors: SetupError<EngineSetupCode>[] = [];
  const out: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(options)) {
    const option = declared.find((o) => o.key === key);
    if (!option) {
      const known = declared.map((o) => o.key).join(', ') || 'none';
      errors.push(
        engineSetupError(
          'setup/options',
          `options.${key.slice(0, 40)}`,
          `${JSON.stringify(key).slice(0, 42)} is no option of ${game} (its options: ${known})`,
        ),
      );
    } else if (typeof value !== 'boolean')
      errors.push(engineSetupError('setup/options', `options.${key}`, `is true or false (${option.rule})`));
    else out[key] = value;
  }
  return errors.length > 0 ? err(errors) : ok(out);
}

/** The options of a game as they stand: each declared option, the given value or its default. */
export function optionsInForce(
  declared: readonly GameOption[],
  options: Readonly<Record<string, unknown>>,
): { option: GameOption; on: boolean }[] {
  return declared.map((option) => ({
    option,
    on: typeof options[option.key] === 'boolean' ? (options[option.key] as boolean) : option.default,
  }));
}
