/**
 * Writes the calculator page's service worker (dist/sw.js) at build time from
 * service-worker.js, with the exact list of files the page needs offline: its HTML, the
 * scripts and styles its entry loads, all the way down, the chunks it loads lazily (each
 * game's module and tables: the page loads only the game it shows, and keeps every
 * game's for offline use), the files its HTML links
 * (icon, manifest, home-screen icons). The worker's VERSION is a hash of that list and
 * the HTML, so a new build brings a new worker and drops the old cache.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export interface CalculatorWorkerOptions {
  /** The page's HTML, as the build names it: "calc.html". */
  readonly page: string;
  /** Files of public/ the page needs offline, as served: "/icons/calculator-192.png". */
  readonly publicFiles: readonly string[];
}

type Chunkish = {
  type: 'chunk';
  fileName: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
};

export function calculatorServiceWorker(o: CalculatorWorkerOptions): Plugin {
  return {
    name: 'stavka-calculator-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle[o.page];
      if (html?.type !== 'asset') {
        this.error(`no ${o.page} in the build: the calculator's service worker lists its files`);
      }
      const source = String(html.source);
      const files = new Set<string>([`/${o.page}`, ...o.publicFiles]);
      // What the HTML links: its script and styles, the icon.
      for (const m of source.matchAll(/(?:href|src)="(\/[^"#?]+)"/g)) files.add(m[1]!);
      // What its scripts import, statically or lazily, all the way down.
      const seen = new Set<string>();
      const walk = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const c = bundle[fileName] as Chunkish | undefined;
        if (c?.type !== 'chunk') return;
        files.add(`/${c.fileName}`);
        for (const css of c.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
        for (const a of c.viteMetadata?.importedAssets ?? []) files.add(`/${a}`);
        for (const i of [...c.imports, ...c.dynamicImports]) walk(i);
      };
      for (const f of [...files]) if (f.endsWith('.js')) walk(f.slice(1));
      const list = [...files].sort();
      const version = createHash('sha256').update(list.join('\n')).update(source).digest('hex').slice(0, 16);
      const template = readFileSync(join(import.meta.dirname, 'service-worker.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace('__VERSION__', JSON.stringify(version))
          .replace('__PRECACHE__', JSON.stringify(list, null, 2)),
      });
    },
  };
}
