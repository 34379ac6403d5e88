/** This game's rules text and rulings, read by scripts/gen-rules-text.ts (rules-text/source.ts). */
import type { RulesTextSource } from '../rules-text/source.ts';

export const rulesText: RulesTextSource = { text: 'barbarossa-1941.txt', rulings: 'B' };
