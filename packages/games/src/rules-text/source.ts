/**
 * A game's rules text as its own folder declares it (`<game>/rules-text.ts`, issue #47):
 * the text to quote, and the prefix of its rulings in RULINGS.md. The generator
 * (`scripts/gen-rules-text.ts`) finds each registered game's declaration and packs the
 * texts into `texts.json`, keyed by the game's `meta.rulesText`; `index.ts` quotes them
 * without naming any game.
 */
export interface RulesTextSource {
  /** The rules text, a file of `rules-text/` (a copy of the workspace's ../shared/rules/). */
  readonly text: string;
  /** The prefix of the game's ruling ids in RULINGS.md: "M" for M-6. */
  readonly rulings: string;
}
