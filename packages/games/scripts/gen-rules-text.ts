/**
 * Packs the rules texts and rulings into src/rules-text/texts.json so every client
 * (browser included) can quote the rule behind a log entry. Each game declares its own
 * (`src/<game>/rules-text.ts`); they are found from the registry (`src/rules-text/sources.ts`).
 * Run: npx tsx packages/games/scripts/gen-rules-text.ts
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedRulesTexts } from '../src/rules-text/sources.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/rules-text');
const texts = await packedRulesTexts();
writeFileSync(join(dir, 'texts.json'), `${JSON.stringify(texts)}\n`);
console.log(`wrote ${Object.keys(texts).length} texts`);
