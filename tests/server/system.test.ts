import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allHandlers } from '#server/handlers.ts';
import { listOperations, loadOpenapiDocument } from '#server/openapi.ts';
import { createTestApp, databaseKinds, testConfig } from './helpers.ts';
import type { AppContext } from '#server/context.ts';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { pickEncoding, renderIndexHtml } from '#server/static.ts';

const ASSET_JS = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const ASSET_BR = brotliCompressSync(ASSET_JS);
const ASSET_GZ = gzipSync(ASSET_JS, { level: 9 });

describe.each(databaseKinds)('API basics on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports health with the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers a wrong method with 405, an Allow header and a detail', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.json().detail).toMatch(/not allowed/);
  });

  it('answers broken JSON with 400 and a detail, never 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().detail).toBe('string');
  });

  it('answers unknown API routes with 404 and a detail', async () => {
    for (const url of ['/api/nope', '/api', '/api/health/extra', '/api/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().detail, url).toBeTruthy();
    }
  });
});

describe('the contract', () => {
  it('has a handler for every operationId and no handler outside it', async () => {
    const doc = await loadOpenapiDocument();
    const ids = listOperations(doc)
      .map((o) => o.operationId)
      .sort();
    const handlers = Object.keys(allHandlers({} as AppContext)).sort();
    expect(handlers).toEqual(ids);
  });
});

describe('serving the app', () => {
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(clientDir, 'assets', 'index-abc123.js'), ASSET_JS);
    // What the build writes beside every asset (scripts/build-plugins.ts).
    await writeFile(path.join(clientDir, 'assets', 'index-abc123.js.br'), ASSET_BR);
    await writeFile(path.join(clientDir, 'assets', 'index-abc123.js.gz'), ASSET_GZ);
    await writeFile(path.join(clientDir, 'index.html.br'), brotliCompressSync('<!doctype html>'));
    await writeFile(path.join(clientDir, 'assets', 'plain-abc123.js'), ASSET_JS);
    await writeFile(path.join(clientDir, 'assets', 'page-abc123.js'), 'export default 1;');
    await writeFile(path.join(clientDir, 'assets', 'page-abc123.css'), '.x{}');
    await writeFile(
      path.join(clientDir, 'routes.json'),
      JSON.stringify({
        '/challenge-detail-page': {
          title: 'Challenge',
          js: ['assets/page-abc123.js'],
          css: ['assets/page-abc123.css'],
          shell: '<h1>Challenge</h1><a href="%BASE%/login-page">Sign In</a><a href="%STORE_URL%">Store</a>',
        },
        '/challengedetailpage': { title: 'Challenge', js: ['assets/page-abc123.js'], css: ['assets/page-abc123.css'] },
        '/': { title: 'Home', js: [], css: [] },
        '/gym-page': {
          title: 'Gym',
          js: [],
          css: [],
          shell: '<h1>Gym</h1><p>No gym chosen</p>',
          queryShell: '<h1>Gym</h1><div class="prerender-skeleton"></div>',
        },
      }),
    );
    await writeFile(path.join(clientDir, 'favicon.svg'), '<svg/>');
  });
  afterAll(async () => {
    await rm(clientDir, { recursive: true, force: true });
  });

  for (const basePath of ['/', '/fit/']) {
    describe(`under ${basePath}`, () => {
      let t: Awaited<ReturnType<typeof createTestApp>>;
      beforeAll(async () => {
        t = await createTestApp('pglite', { basePath, clientDir, storeUrl: 'https://shop.example.test/' });
      });
      afterAll(async () => t.close());

      it('serves index.html for deep links, with the mount point and public config injected', async () => {
        for (const page of ['', 'challenge-detail-page', 'challengedetailpage', 'no-such-page']) {
          const res = await t.app.inject({ method: 'GET', url: `${basePath}${page}?id=3` });
          expect(res.statusCode, page).toBe(200);
          expect(res.headers['content-type']).toContain('text/html');
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.body).toContain(`<base href="${basePath}">`);
          expect(res.body).toContain('"storeUrl":"https://shop.example.test/"');
        }
      });

      it('serves hashed assets with a long immutable cache, as the build precompressed them', async () => {
        const url = `${basePath}assets/index-abc123.js`;
        const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
        expect(br.statusCode).toBe(200);
        expect(br.headers['cache-control']).toContain('immutable');
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['content-type']).toContain('javascript');
        expect(br.headers.vary).toContain('accept-encoding');
        expect(br.rawPayload.equals(ASSET_BR)).toBe(true);
        const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gz.rawPayload.equals(ASSET_GZ)).toBe(true);
        const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toContain('accept-encoding');
        expect(plain.body).toBe(ASSET_JS);
        // A file without precompressed copies goes out as it is: no compression per request.
        const none = await t.app.inject({
          method: 'GET',
          url: `${basePath}assets/plain-abc123.js`,
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect(none.headers['content-encoding']).toBeUndefined();
        expect(none.body).toBe(ASSET_JS);
      });

      it('preloads the current page’s chunk and styles, and sends the page compressed once', async () => {
        for (const page of ['challenge-detail-page', 'challengedetailpage/']) {
          const res = await t.app.inject({ method: 'GET', url: `${basePath}${page}?id=3`, headers: { 'accept-encoding': 'br' } });
          expect(res.headers['content-encoding']).toBe('br');
          expect(res.headers.vary).toContain('accept-encoding');
          const html = brotliDecompressSync(res.rawPayload).toString();
          // The page's chunks at low priority: fetched at once, yet never ahead of the styles and the entry.
          expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="./assets/page-abc123.js">');
          expect(html).toContain('<link rel="stylesheet" crossorigin href="./assets/page-abc123.css">');
          expect(html).toContain(`<base href="${basePath}">`);
          if (page === 'challenge-detail-page') {
            // The prerendered shell fills #root, its links under the mount point and the configured store.
            expect(html).toContain(
              `<div id="root"><h1>Challenge</h1><a href="${basePath}login-page">Sign In</a><a href="https://shop.example.test/">Store</a></div>`,
            );
          }
        }
        // A page prerendered without a query is sent only to addresses without one; with one, its heading and a skeleton.
        const gym = async (query: string) => (await t.app.inject({ method: 'GET', url: `${basePath}gym-page${query}` })).body;
        expect(await gym('')).toContain('<div id="root"><h1>Gym</h1><p>No gym chosen</p></div>');
        expect(await gym('?id=4')).toContain('<div id="root"><h1>Gym</h1><div class="prerender-skeleton"></div></div>');
        expect(await gym('')).not.toContain('prerender-skeleton');
        const other = await t.app.inject({ method: 'GET', url: `${basePath}no-such-page` });
        expect(other.headers['content-encoding']).toBeUndefined();
        expect(other.body).not.toContain('modulepreload');
        const hidden = await t.app.inject({ method: 'GET', url: `${basePath}routes.json` });
        expect(hidden.statusCode).toBe(404);
      });

      it('answers a missing asset with 404, not the app page', async () => {
        const res = await t.app.inject({ method: 'GET', url: `${basePath}assets/gone-000.js` });
        expect(res.statusCode).toBe(404);
      });

      it('answers conditional, range and HEAD requests for a file, and refuses paths that are not canonical', async () => {
        const url = `${basePath}assets/index-abc123.js`;
        const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        const again = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
        const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'gzip' } });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-encoding']).toBe('gzip');
        expect(head.headers['content-length']).toBe(String(ASSET_GZ.length));
        expect(head.body).toBe('');
        const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-10' } });
        expect(part.statusCode).toBe(206);
        expect(part.body).toBe(ASSET_JS.slice(0, 11));
        const icon = await t.app.inject({ method: 'GET', url: `${basePath}favicon.svg?v=2` });
        expect(icon.statusCode).toBe(200);
        expect(icon.headers['cache-control']).toBe('public, max-age=3600');
        for (const odd of ['assets//index-abc123.js', 'assets/%5c..%5cfavicon.svg']) {
          expect((await t.app.inject({ method: 'GET', url: `${basePath}${odd}` })).statusCode, odd).toBe(403);
        }
        // The page's template is sent only as a page (with the config injected), never as a file, precompressed or not.
        expect((await t.app.inject({ method: 'GET', url: `${basePath}index.html.br` })).statusCode).toBe(404);
      });

      it('serves the API under the mount point', async () => {
        const res = await t.app.inject({ method: 'GET', url: `${basePath}api/health` });
        expect(res.json().status).toBe('ok');
      });
    });
  }

  it('redirects the bare origin to the mount point', async () => {
    const t = await createTestApp('pglite', { basePath: '/fit/', clientDir });
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/fit/');
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(404);
    await t.close();
  });

  it('picks br, then gzip, then none from Accept-Encoding', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('identity')).toBe('identity');
  });

  it('keeps secrets out of the config injected into the page', () => {
    const cfg = testConfig({ smtpUrl: 'smtp://secret:pw@host:25', databaseUrl: 'postgres://u:hunter2@h/db' });
    const html = renderIndexHtml('<html><head></head></html>', cfg);
    expect(html).not.toContain('secret');
    expect(html).not.toContain('hunter2');
    expect(html).toContain('store.example.test');
  });

  it('escapes the injected config so it cannot close its script tag', () => {
    const html = renderIndexHtml(
      '<html><head></head></html>',
      testConfig({ storeUrl: 'https://x.test/</script><script>alert(1)</script>' }),
    );
    expect(html).not.toContain('</script><script>alert(1)');
  });
});
