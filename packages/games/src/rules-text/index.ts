/**
 * The rule behind a citation: a ruling id ("M-6") gives its bullet in RULINGS.md; a
 * section citation ("mars-1942 Retreats and Advances after Combat", optionally with a
 * step such as "B.4") gives that paragraph of the rules text.
 */
import packed from './texts.json' with { type: 'json' };

/**
 * Each game's rules text by its `meta.rulesText` key, and `rulings`: packed by
 * scripts/gen-rules-text.ts from the declarations in the games' own folders
 * (`<game>/rules-text.ts`); nothing here names a game.
 */
const texts: Readonly<Record<string, string>> & { readonly rulings: string } = packed;

export interface RuleExcerpt {
  readonly cite: string;
  readonly source: string;
  readonly text: string;
}

/** A ruling id: a game's prefix (its `rules-text.ts`) and a number. */
const RULING = /^[A-Z]-\d+$/;
/** A heading alone on its line: "2) **German Air Units:**", "Firing Procedure:". */
const HEADING = /^(\d+\)\s*)?(\*\*)?[^\n.:]{1,80}:(\*\*)?\s*$/;
/** A lettered part of the text: "B. GROUND COMBAT". */
const SECTION = /^[A-Z]\.\s/;
const isHeading = (p: string) => HEADING.test(p.trim());

export function ruleExcerpt(cite: string): RuleExcerpt | null {
  const c = cite.trim();
  if (RULING.test(c)) {
    const line = texts.rulings
      .split('\n')
      .find((l) => l.startsWith(`- **${c} `) || l.startsWith(`- **${c}**`));
    if (!line) return null;
    const lines = texts.rulings.split('\n');
    const i = lines.indexOf(line);
    const body = [line];
    for (let j = i + 1; j < lines.length && lines[j]!.startsWith('  '); j++) body.push(lines[j]!);
    return { cite: c, source: 'RULINGS.md', text: body.join('\n').replace(/\*\*/g, '') };
  }
  const m = /^(\S+)\s+(.*)$/.exec(c);
  if (!m || m[1] === 'rulings' || !Object.hasOwn(texts, m[1]!)) return null;
  const text = texts[m[1]!]!;
  const words = m[2]!
    .replace(/\s+[A-B]\.\d+$/, '')
    .replace(/;.*$/, '')
    .trim();
  const paragraphs = text.split(/\n(?=\S)/);
  const key = words.toLowerCase();
  let at = paragraphs.findIndex((p) => p.toLowerCase().startsWith(key));
  if (at < 0) at = paragraphs.findIndex((p) => p.toLowerCase().includes(key));
  if (at < 0) return null;
  // A heading followed by bullet lines ("·") is one section; so is a heading alone on its
  // line ("2) **Normal:**", "Firing Procedure:") with the paragraphs up to the next heading.
  const parts = [paragraphs[at]!];
  const alone = isHeading(paragraphs[at]!);
  for (let j = at + 1; j < paragraphs.length; j++) {
    const p = paragraphs[j]!;
    if (p.startsWith('·') || (alone && !isHeading(p) && !SECTION.test(p))) parts.push(p);
    else break;
  }
  return { cite: c, source: `${m[1]}.txt`, text: parts.join('\n').trim().slice(0, 4000) };
}
