import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allHandlers } from '../../server/routes/index.ts';
import { listOperations, loadOpenapiDocument } from '../../server/openapi.ts';
import { createTestApp, databaseKinds, testConfig } from './helpers.ts';
import type { AppContext } from '../../server/context.ts';
import { renderIndexHtml } from '../../server/static.ts';

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
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body>app</body></html>');
    await writeFile(path.join(clientDir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
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

      it('serves hashed assets with a long immutable cache, compressed', async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${basePath}assets/index-abc123.js`,
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.headers['content-encoding']).toBe('gzip');
      });

      it('answers a missing asset with 404, not the app page', async () => {
        const res = await t.app.inject({ method: 'GET', url: `${basePath}assets/gone-000.js` });
        expect(res.statusCode).toBe(404);
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
