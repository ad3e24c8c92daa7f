// Finds a Chromium for the e2e tests: $PLAYWRIGHT_CHROMIUM_EXECUTABLE, Playwright's own
// download, or the system's (Debian's /usr/bin/chromium). With --install, installs
// Debian's chromium through apt-get when none is found and we run as root.
// The tests prefer Debian's headless shell (chromium-headless-shell, the old headless mode, what Playwright itself
// runs headless): the same Blink without the full browser's UI processes, about half the browser's CPU per journey
// (docs/testing.md). `findBrowser({ shell: true })` returns it when installed, else the full Chromium.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export async function findBrowser({ shell = false } = {}) {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (shell && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  try {
    const { chromium } = await import('playwright-core');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here.
  }
  return SYSTEM_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  return spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env }).status === 0;
}

/** A browser for the tests (with `shell`, the headless shell, installed through apt-get when missing and we run as root). */
export async function ensureBrowser({ shell = false } = {}) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const found = await findBrowser({ shell });
  // The one asked for: any Chromium, the headless shell, or the one the environment names.
  const asked = !shell || found === HEADLESS_SHELL || (!!found && found === process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE);
  if (found && asked) return found;
  if (found) {
    // A full Chromium but no headless shell: install the shell when we may, else the full one runs the tests.
    if (!isRoot) return found;
    console.log('No headless shell found: installing Debian chromium-headless-shell with apt-get...');
    if (!aptInstall(['chromium-headless-shell']))
      console.log('apt-get install chromium-headless-shell failed: the full Chromium runs the tests');
    return (await findBrowser({ shell })) ?? found;
  }
  if (!isRoot) {
    throw new Error('No Chromium found. Install one (e.g. apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_EXECUTABLE.');
  }
  console.log('No Chromium found: installing Debian chromium with apt-get...');
  if (!aptInstall(['chromium', 'fonts-liberation', ...(shell ? ['chromium-headless-shell'] : [])]))
    throw new Error('apt-get install chromium failed');
  const after = await findBrowser({ shell });
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
  // V8 compiles a function when first called, not eagerly on a parenthesis hint: each test's new context loads ~40 chunks
  // cold, and most of their functions never run there (renderers -13% on 4 journeys, docs/testing.md).
  '--js-flags=--max-lazy',
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const shell = process.argv.includes('--shell');
  const p = process.argv.includes('--install') ? await ensureBrowser({ shell }) : await findBrowser({ shell });
  console.log(p ?? 'none');
}
