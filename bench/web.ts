/**
 * The web client's figures: production bundle size (gzipped, and as sent), what the home
 * page's first load brings (its HTML's script, preloads and styles: each game's chunks
 * come only when it is opened, issue #49) and the calculator page's, first load on
 * loopback, and the frame time of pan/zoom over the whole Mars map, in Debian's Chromium. The reference is the same page's idle frame (requestAnimationFrame with
 * nothing to draw), measured in the same run.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '@stavka/server';
import { launch } from '../packages/web/e2e/browser.ts';
import { ensureBuilt } from '../packages/web/e2e/build.ts';

/** The gzipped bytes a page's HTML loads before anything else: its scripts, module preloads and styles. */
function initialGzip(dist: string, page: string): number {
  const html = readFileSync(join(dist, page), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g))
    files.add(m[1]!);
  let gz = 0;
  for (const f of files) gz += gzipSync(readFileSync(join(dist, f))).length;
  return gz;
}

export async function webFigures(): Promise<void> {
  ensureBuilt();
  const dist = join(import.meta.dirname, '../packages/web/dist');
  const assets = join(dist, 'assets');
  let raw = 0;
  let gz = 0;
  let sent = 0; // what a browser that takes brotli is sent: the build's .br where there is one
  for (const f of readdirSync(assets)) {
    if (f.endsWith('.br') || f.endsWith('.gz')) continue; // the build's compressed copies
    const b = readFileSync(join(assets, f));
    raw += b.length;
    gz += gzipSync(b).length;
    const br = join(assets, `${f}.br`);
    sent += existsSync(br) ? statSync(br).size : b.length;
  }
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    db: join(mkdtempSync(join(tmpdir(), 'stavka-webbench-')), 'b.sqlite'),
    rateLimit: false,
    log: () => {},
  });
  const browser = await launch({ width: 1400, height: 900 });
  try {
    const page = await browser.newPage();
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${server.url}/`, { waitUntil: 'load' });
      loads.push(await page.evaluate<number>("performance.getEntriesByType('navigation')[0].duration"));
    }
    await page.getByRole('button', { name: 'Offline hot-seat' }).first().click();
    await page.getByRole('button', { name: 'Accept the standard historical set-up' }).click();
    await page.getByRole('button', { name: 'End set-up' }).click();
    await page.getByRole('button', { name: 'Accept the standard historical set-up' }).click();
    await page.getByRole('button', { name: 'End set-up' }).click();
    await page.locator('.status', { hasText: 'fortify' }).waitFor();
    // Runs in the page (a string: the page's DOM types are not this program's).
    const frames = async (action: boolean) =>
      page.evaluate<{ median: number; p95: number }>(`(async () => {
        const svg = document.querySelector('svg.map');
        const r = svg.getBoundingClientRect();
        const times = [];
        let last = performance.now();
        for (let i = 0; i < 120; i++) {
          if (${action}) {
            // zoom in and out over the whole map while moving across it
            svg.dispatchEvent(new WheelEvent('wheel', { deltaY: i % 20 < 10 ? -100 : 100, clientX: r.left + r.width * ((i % 7) / 7), clientY: r.top + r.height / 2, bubbles: true, cancelable: true }));
          }
          await new Promise((res) => requestAnimationFrame(() => res(null)));
          const now = performance.now();
          times.push(now - last);
          last = now;
        }
        times.sort((a, b) => a - b);
        return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
      })()`);
    const idle = await frames(false);
    const zoom = await frames(true);
    loads.sort((a, b) => a - b);
    console.log('\nweb client (Chromium, loopback):');
    console.log(
      `  bundle: ${(raw / 1024).toFixed(0)} KiB, ${(gz / 1024).toFixed(0)} KiB gzipped; sent as ${(sent / 1024).toFixed(0)} KiB (the build's brotli copies)`,
    );
    console.log(
      `  first load's bytes: the home page ${(initialGzip(dist, 'index.html') / 1024).toFixed(0)} KiB gzipped, the calculator page ${(initialGzip(dist, 'calc.html') / 1024).toFixed(0)} KiB (goal: the home page <= 200 KiB)`,
    );
    console.log(`  first load (navigation to load event, median of 5): ${loads[2]!.toFixed(0)} ms`);
    console.log(
      `  pan/zoom over the whole map: frame median ${zoom.median.toFixed(1)} ms, p95 ${zoom.p95.toFixed(1)} ms` +
        ` (idle frame ${idle.median.toFixed(1)} ms; ratio ${(zoom.median / idle.median).toFixed(2)}x; goal 60 fps = 16.7 ms)`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1]?.endsWith('web.ts')) await webFigures();
