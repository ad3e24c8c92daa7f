// First load as a browser meets it (part of `scripts/bench.ts`): Chromium opens a page and counts the
// JavaScript it fetched before the `load` event, and all it fetched in the first 5 s without any
// interaction, for RepForge's home and a challenge board and for the floor app, all served in the
// same run. Each script is counted by the gzip (level 9) size of its file in the build, so the figure
// does not depend on how the server compresses it.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from './find-browser.mjs';

export interface BrowserLoad {
  /** gzip -9 bytes of the JS that finished loading before the load event. */
  beforeLoad: number;
  /** gzip -9 bytes of all JS fetched in the first `WINDOW_MS` with no interaction. */
  firstSeconds: number;
  /** The scripts fetched after load, by file name. */
  late: string[];
}

export const WINDOW_MS = 5_000;

/** Serves a built app folder as a plain static server (index.html for any page), for the floor app. */
export async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, name);
    const found = file.startsWith(dir) && existsSync(file) && !name.endsWith('/') ? file : path.join(dir, 'index.html');
    const type = found.endsWith('.js') ? 'text/javascript' : found.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type });
    res.end(readFileSync(found));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * Opens each address in a fresh Chromium context (no cache), waits `WINDOW_MS`, and counts its scripts
 * from the Resource Timing entries; `fileOf` maps a script's URL to its file on disk.
 */
export async function measureInBrowser(pages: { name: string; url: string; dir: string }[]): Promise<Map<string, BrowserLoad>> {
  const executablePath = await findBrowser();
  if (!executablePath) throw new Error('No Chromium found: set PLAYWRIGHT_CHROMIUM_EXECUTABLE');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  const out = new Map<string, BrowserLoad>();
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
    return sizes.get(file)!;
  };
  try {
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.goto(p.url, { waitUntil: 'load' });
      await page.waitForTimeout(WINDOW_MS);
      const seen = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return {
          load: nav.loadEventStart,
          scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((e) => new URL(e.name).pathname.endsWith('.js'))
            .map((e) => ({ path: new URL(e.name).pathname, end: e.responseEnd, start: e.startTime })),
        };
      });
      await context.close();
      const base = new URL(p.url).pathname;
      let beforeLoad = 0;
      let firstSeconds = 0;
      const late: string[] = [];
      for (const s of seen.scripts) {
        const rel = s.path.startsWith(base) ? s.path.slice(base.length) : s.path.replace(/^\//, '');
        const size = gz(path.join(p.dir, rel.replace(/^.*?(assets\/)/, '$1')));
        if (s.start <= WINDOW_MS) firstSeconds += size;
        if (s.end <= seen.load) beforeLoad += size;
        else late.push(path.basename(rel));
      }
      out.set(p.name, { beforeLoad, firstSeconds, late });
    }
  } finally {
    await browser.close();
  }
  return out;
}
