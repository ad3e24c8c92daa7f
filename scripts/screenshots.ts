// Takes screenshots of pages for the README and for looking at the screens:
//   node --import tsx scripts/screenshots.ts [out-dir] [path ...]
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildIfNeeded } from './build-if-needed.mjs';
import { CHROMIUM_ARGS, ensureBrowser } from './find-browser.mjs';
import { startApp } from '../tests/e2e/support/app.ts';

const [outDir = 'docs/screens', ...paths] = process.argv.slice(2);
buildIfNeeded();
const app = await startApp({ SEED: process.env.SEED ?? 'demo' });
const browser = await chromium.launch({ executablePath: await ensureBrowser(), args: CHROMIUM_ARGS });
try {
  await mkdir(outDir, { recursive: true });
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const p of paths.length ? paths : ['', 'terms-of-service-page', 'privacy-policy-page', 'login-page', 'no-such-page']) {
      await page.goto(app.url + p);
      await page.waitForLoadState('networkidle');
      const file = path.join(outDir, `${p || 'home'}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: false });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
