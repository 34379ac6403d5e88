/**
 * Packs the rules texts and rulings into src/rules-text/texts.json so every client
 * (browser included) can quote the rule behind a log entry.
 * Run: npx tsx packages/games/scripts/gen-rules-text.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/rules-text');
const texts: Record<string, string> = {};
for (const [key, file] of [
  ['mars-1942', 'mars-1942.txt'],
  ['barbarossa-1941', 'barbarossa-1941.txt'],
  ['point-to-point', 'point-to-point.txt'],
  ['rulings', 'RULINGS.md'],
] as const) {
  texts[key] = readFileSync(join(dir, file), 'utf8');
}
writeFileSync(join(dir, 'texts.json'), `${JSON.stringify(texts)}\n`);
console.log(`wrote ${Object.keys(texts).length} texts`);
