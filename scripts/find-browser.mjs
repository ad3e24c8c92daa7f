// Finds a Chromium for the e2e tests: $PLAYWRIGHT_CHROMIUM_EXECUTABLE, Playwright's own
// download, or the system's (Debian's /usr/bin/chromium). With --install, installs
// Debian's chromium through apt-get when none is found and we run as root.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export async function findBrowser() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  try {
    const { chromium } = await import('playwright-core');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here.
  }
  return SYSTEM_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export async function ensureBrowser() {
  const found = await findBrowser();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error('No Chromium found. Install one (e.g. apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_EXECUTABLE.');
  }
  console.log('No Chromium found: installing Debian chromium with apt-get...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env });
  if (res.status !== 0) throw new Error('apt-get install chromium failed');
  const after = await findBrowser();
  if (!after) throw new Error('chromium installed but not found');
  return after;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const p = process.argv.includes('--install') ? await ensureBrowser() : await findBrowser();
  console.log(p ?? 'none');
}
