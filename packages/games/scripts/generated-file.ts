/**
 * How a generator leaves its output: written, or with `--check` compared byte for byte
 * with the committed file (data.test.ts runs the generators so), or with `--dry-run` left
 * alone. One place for what every generator's command line means.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export type GeneratorMode = 'write' | 'check' | 'dry-run';

/** The mode a generator's arguments ask for (`--check` before `--dry-run`). */
export function generatorMode(argv: readonly string[] = process.argv): GeneratorMode {
  return argv.includes('--check') ? 'check' : argv.includes('--dry-run') ? 'dry-run' : 'write';
}

/**
 * Writes `text` to `file`, or checks the file holds exactly it; says which on the console.
 * Returns false when a check finds the file stale (the caller exits 1).
 */
export function leaveGenerated(generator: string, file: string, text: string, mode: GeneratorMode): boolean {
  if (mode === 'check') {
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {}
    if (old !== text) {
      console.error(`${generator}: ${file} is not what the generator makes; run it without --check`);
      return false;
    }
    console.log(`${generator}: ${file} is up to date (${text.length} bytes)`);
  } else if (mode === 'write') {
    writeFileSync(file, text);
    console.log(`${generator}: wrote ${file} (${text.length} bytes)`);
  }
  return true;
}
