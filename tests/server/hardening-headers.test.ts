import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedOrigins } from '#server/config.ts';
import { createTestApp, lastCode } from './helpers.ts';

const THEME_SCRIPT = "\n      document.documentElement.dataset.theme = 'dark';\n    ";
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'repforge-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  `<!doctype html><html><head><title>RepForge</title><script>${THEME_SCRIPT}</script><script type="module" src="./assets/index.js"></script></head><body><div id="root"></div></body></html>`,
);
writeFileSync(path.join(clientDir, 'assets', 'index.js'), 'console.log(1)');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/** The CSP as a map of directive → its sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const PARENTS = ['https://parent.example', 'http://127.0.0.1:5173'];
let plain: TestApp;
let mounted: TestApp;
let embedded: TestApp;
beforeAll(async () => {
  plain = await createTestApp('pglite', { clientDir }, { rateLimit: false });
  mounted = await createTestApp('pglite', { clientDir, basePath: '/fit/' });
  embedded = await createTestApp('pglite', { clientDir, embedOrigins: PARENTS }, { rateLimit: false });
}, 180_000);
afterAll(async () => {
  await Promise.all([plain?.close(), mounted?.close(), embedded?.close()]);
});

describe('security headers', () => {
  it('the page gets a strict CSP (the inline theme script by hash, no unsafe-inline script), nosniff, a referrer policy and a same-origin frame policy', async () => {
    const t = plain;
    {
      const page = await t.app.inject({ method: 'GET', url: '/challenges', headers: { host: '127.0.0.1:8080' } });
      expect(page.statusCode).toBe(200);
      const policy = csp(page.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'", themeHash]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:8080']);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Assets and API answers carry them too.
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index.js' });
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      const api = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(csp(api.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    }
  });

  it('under BASE_PATH the page and its policy are served under the mount point', async () => {
    const t = mounted;
    {
      const page = await t.app.inject({ method: 'GET', url: '/fit/challenges' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<base href="/fit/">');
      expect(csp(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'", themeHash]);
    }
  });

  it('EMBED_ORIGINS lets exactly those parents frame the app and tells the page where its messages may go', async () => {
    const parents = PARENTS;
    const t = embedded;
    {
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(csp(page.headers['content-security-policy']).get('frame-ancestors')).toEqual(parents);
      expect(page.headers['x-frame-options']).toBeUndefined();
      const config = JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!);
      expect(config.embedOrigins).toEqual(parents);
    }
  });

  it('EMBED_ORIGINS takes origins only', () => {
    expect(embedOrigins(' https://a.example , http://localhost:3000/ ')).toEqual(['https://a.example', 'http://localhost:3000']);
    expect(embedOrigins(undefined)).toEqual([]);
    for (const bad of ['*', 'https://a.example/path', 'a.example', 'javascript:alert(1)'])
      expect(() => embedOrigins(bad)).toThrow(/EMBED_ORIGINS/);
  });
});

describe('the refresh cookie', () => {
  const signIn = async (t: TestApp) => {
    const who = { email: 'ana@example.test', password: 'athlete-password' };
    await t.app.inject({ method: 'POST', url: '/api/user_registration/register', payload: { ...who, display_name: 'Ana' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/initiate-login', payload: who });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email: who.email, code: await lastCode(t, who.email) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers['set-cookie']);
  };

  it('is SameSite=Strict when the app is not embedded', async () => {
    const t = plain;
    {
      const cookie = await signIn(t);
      expect(cookie).toMatch(/refresh_token=.*SameSite=Strict/);
      expect(cookie).not.toMatch(/Partitioned/);
    }
  });

  it('survives a cross-site iframe with EMBED_ORIGINS: SameSite=None; Secure; Partitioned', async () => {
    const t = embedded;
    {
      const cookie = await signIn(t);
      expect(cookie).toMatch(/refresh_token=/);
      expect(cookie).toMatch(/SameSite=None/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Partitioned/);
      expect(cookie).toMatch(/HttpOnly/);
    }
  });
});
