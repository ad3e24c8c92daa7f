import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';
import { MILE } from './fixtures.ts';

describe.each(databaseKinds)('a community site under a path (COMMUNITY_SITE_URL=http://host/community) on %s', (kind) => {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end('{}'));
  });
  let site: string;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}/community/`;
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'], communitySiteUrl: site }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('hands the Timeline off to the login page under the site’s path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wordpress-jwt/generate-navigation-token',
      headers: authHeaders(ana),
      payload: { redirect_path: '/timeline/' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().handoff_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${new URL(site).origin}/community/wp-login.php`);
    expect(url.searchParams.get('action')).toBe('repforge_handoff');
  });

  it('posts timeline entries to the REST route under the site’s path', async () => {
    const mile = await t.app.inject({ method: 'POST', url: '/api/v1/tests', headers: authHeaders(admin), payload: MILE });
    expect(mile.statusCode, mile.body).toBe(201);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athlete-profiles/submit-pr',
      headers: authHeaders(ana),
      payload: { test_id: mile.json().id, value: '7:00', unit: 'mm:ss', achieved_on: '2026-11-01' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/v1/athlete-profiles/admin/approve/${sent.json().id}`, headers: authHeaders(admin) });
    await t.settled();
    expect(received).toEqual(['/community/wp-json/repforge/v1/timeline-posts']);
  });
});
