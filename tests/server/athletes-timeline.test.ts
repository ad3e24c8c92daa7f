import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';
import { MILE } from './fixtures.ts';

/** A stand-in community site: records what it is sent and answers with `status`. */
function communitySite() {
  const received: { path: string; auth: string; body: Record<string, unknown> }[] = [];
  let status = 201;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', body: JSON.parse(text || '{}') });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    received,
    setStatus: (s: number) => (status = s),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds)('timeline posts reach the community site on %s', (kind) => {
  const site = communitySite();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;
  let mile: { id: number };

  beforeAll(async () => {
    const url = await site.start();
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'], communitySiteUrl: url }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    mile = (await call('POST', '/api/v1/tests', admin, MILE)).json();
  });
  afterAll(async () => {
    await t.close();
    await site.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const newBest = async (value: string) => {
    const sent = await call('POST', '/api/v1/athlete-profiles/submit-pr', ana, {
      test_id: mile.id,
      value,
      unit: 'mm:ss',
      achieved_on: '2026-11-01',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const approved = await call('POST', `/api/v1/athlete-profiles/admin/approve/${sent.json().id}`, admin);
    expect(approved.json().new_best).toBe(true);
    await t.settled();
  };
  /** A reps challenge by the admin, opened an hour ago and closing in `hours`. */
  const repsChallenge = async (title: string, visibility: 'public' | 'unlisted', hours: number) => {
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', admin, {
      title,
      score_type: 'reps',
      visibility,
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + hours * 3_600_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const timeline = async () => (await call('GET', `/api/v1/athlete-profiles/${ana.userId}/timeline`)).json().items as { body: string }[];

  it('a new best is posted once, signed for the athlete, and kept in our own timeline', async () => {
    await newBest('7:00');
    expect(site.received).toHaveLength(1);
    const [post] = site.received;
    expect(post!.path).toBe('/wp-json/repforge/v1/timeline-posts');
    expect(post!.body).toMatchObject({ kind: 'personal_record', user_id: ana.userId, body: 'New personal record on 1-mile run: 7:00' });
    const claims = decodeJwt(post!.auth.replace(/^Bearer /, ''));
    expect(claims).toMatchObject({ sub: String(ana.userId), aud: 'community' });
    expect((await timeline()).map((p) => p.body)).toContain('New personal record on 1-mile run: 7:00');
  });

  it('a site that refuses leaves the post in our timeline with the reason', async () => {
    site.setStatus(503);
    await newBest('6:30');
    expect(site.received).toHaveLength(2);
    const { timelinePosts } = await import('#server/db/schema.ts');
    const rows = await t.context.database.db.select().from(timelinePosts);
    const refused = rows.find((r) => r.body.endsWith('6:30'))!;
    expect(refused.deliveredAt).toBeNull();
    expect(refused.deliveryError).toBe('The community site answered 503.');
    expect(rows.find((r) => r.body.endsWith('7:00'))!.deliveredAt).not.toBeNull();
    expect((await timeline()).map((p) => p.body)).toContain('New personal record on 1-mile run: 6:30');
  });

  it('joining a public challenge is posted once; joining an unlisted one, or changing division, is not', async () => {
    site.setStatus(201);
    const open = { id: await repsChallenge('Max burpees', 'public', 24) };
    const hidden = { id: await repsChallenge('Coaches only', 'unlisted', 24) };
    const sentBefore = site.received.length;
    for (const [id, division] of [
      [open.id, 'rx'],
      [open.id, 'scaled'],
      [hidden.id, 'rx'],
    ] as const) {
      const joined = await call('POST', `/api/challenges/${id}/join`, ana, { division });
      expect(joined.statusCode, joined.body).toBe(200);
      await t.settled();
    }
    const joinedPosts = (await timeline()).filter((p) => p.body.startsWith('Joined'));
    expect(joinedPosts.map((p) => p.body)).toEqual(['Joined Max burpees']);
    expect(site.received.slice(sentBefore).map((r) => r.body)).toEqual([
      expect.objectContaining({
        kind: 'challenge_joined',
        user_id: ana.userId,
        body: 'Joined Max burpees',
        payload: { challenge_id: open.id, challenge_title: 'Max burpees', division: 'rx', team_id: null, team_name: null },
      }),
    ]);
  });

  it('when a challenge closes, every athlete’s final place is posted once; podium places reach the community site', async () => {
    site.setStatus(201);
    const now = t.clock.now().getTime();
    const id = await repsChallenge('Max reps', 'public', 1);
    const unlisted = await repsChallenge('Quiet reps', 'unlisted', 1);
    const results: [string, 'rx' | 'scaled', number][] = [
      ['Ben', 'rx', 60],
      ['Cy', 'rx', 50],
      ['Dee', 'rx', 50],
      ['Eve', 'rx', 10],
      ['Finn', 'scaled', 30],
    ];
    const athletes = new Map<string, SignedIn>();
    for (const [name, division, reps] of results) {
      const who = await signIn(t, `${name.toLowerCase()}@example.test`, 'athlete-password', name);
      athletes.set(name, who);
      expect((await call('POST', `/api/challenges/${id}/join`, who, { division })).statusCode).toBe(200);
      const scored = await call('POST', `/api/challenges/${id}/submit-score`, who, { reps });
      expect(scored.statusCode, scored.body).toBe(201);
    }
    const ben = athletes.get('Ben')!;
    expect((await call('POST', `/api/challenges/${unlisted}/join`, ben, { division: 'rx' })).statusCode).toBe(200);
    expect((await call('POST', `/api/challenges/${unlisted}/submit-score`, ben, { reps: 5 })).statusCode).toBe(201);
    const { postFinalStandings } = await import('#server/areas/challenges/final-standings.ts');
    expect(await postFinalStandings(t.context)).toBe(0); // still open
    t.clock.advance(2 * 3_600_000);
    // The joins above are posted in the background: let them arrive before counting what the sweep sends.
    await t.settled();
    const sentBefore = site.received.length;
    expect(await postFinalStandings(t.context)).toBe(2);
    await t.settled();
    const ranking = async (name: string) => {
      const items = (await call('GET', `/api/v1/athlete-profiles/${athletes.get(name)!.userId}/timeline`)).json().items as {
        kind: string;
        body: string;
        created_at: string;
      }[];
      return items.filter((p) => p.kind === 'ranking');
    };
    // The unlisted challenge closed too, and stays off the timeline.
    expect((await ranking('Ben')).map((p) => p.body)).toEqual(['Finished 1st of 4 · Rx in Max reps']);
    expect((await ranking('Cy')).map((p) => p.body)).toEqual(['Finished 2nd of 4 · Rx in Max reps']);
    expect((await ranking('Dee')).map((p) => p.body)).toEqual(['Finished 2nd of 4 · Rx in Max reps']);
    expect((await ranking('Eve')).map((p) => p.body)).toEqual(['Finished 4th of 4 · Rx in Max reps']);
    expect((await ranking('Finn')).map((p) => p.body)).toEqual(['Finished 1st of 1 · Scaled in Max reps']);
    // Dated when the challenge closed, whenever the sweep ran.
    expect((await ranking('Ben'))[0]!.created_at).toBe(new Date(now + 3_600_000).toISOString());
    const delivered = site.received.slice(sentBefore).map((r) => r.body as { kind: string; user_id: number; payload: { place: number } });
    expect(delivered.every((d) => d.kind === 'ranking')).toBe(true);
    expect(delivered.map((d) => d.user_id).sort()).toEqual(['Ben', 'Cy', 'Dee', 'Finn'].map((n) => athletes.get(n)!.userId).sort());
    // A second sweep finds nothing left to post.
    expect(await postFinalStandings(t.context)).toBe(0);
    expect(await ranking('Ben')).toHaveLength(1);
  });
});
