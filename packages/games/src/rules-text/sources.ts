/**
 * Every registered game's rules text, found from the registry: each game whose folder
 * declares one (`<game>/rules-text.ts`), in the registry's order, keyed by its
 * `meta.rulesText`, then the rulings. Node only (it loads the games): the generator and
 * the tests read it; the browser reads the packed `texts.json`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GAMES } from '../registry.ts';
import type { RulesTextSource } from './source.ts';

const here = dirname(fileURLToPath(import.meta.url));
const games = join(here, '..');

export interface DeclaredRulesText extends RulesTextSource {
  /** The game's id (its folder). */
  readonly game: string;
  /** Its key in texts.json (`meta.rulesText`). */
  readonly key: string;
}

/** The declarations of the registered games that have a rules text. */
export async function declaredRulesTexts(): Promise<DeclaredRulesText[]> {
  const out: DeclaredRulesText[] = [];
  for (const [game, m] of Object.entries(GAMES)) {
    const file = join(games, game, 'rules-text.ts');
    if (!existsSync(file)) continue;
    const { rulesText } = (await import(pathToFileURL(file).href)) as { rulesText: RulesTextSource };
    out.push({ game, key: m.meta.rulesText, ...rulesText });
  }
  return out;
}

/** The texts to pack: each declared rules text by its key, then `rulings` (RULINGS.md). */
export async function packedRulesTexts(): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  const declared = await declaredRulesTexts();
  for (const d of declared) texts[d.key] = readFileSync(join(here, d.text), 'utf8');
  const rulings = readFileSync(join(here, 'RULINGS.md'), 'utf8');
  // Every ruling's prefix is some game's: a ruling no game declares is quoted by none.
  const prefixes = new Set(declared.map((d) => d.rulings));
  for (const [, prefix] of rulings.matchAll(/^- \*\*([A-Z])-\d+/gm))
    if (!prefixes.has(prefix!)) throw new Error(`RULINGS.md has ${prefix}- rulings no game declares`);
  texts.rulings = rulings;
  return texts;
}
