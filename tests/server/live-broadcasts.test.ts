import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_VIEWER_WINDOW_MS } from '#domain/live-broadcasts.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';
import { expectSocketContractKept } from './socket-contract.ts';

const HOUR = 3_600_000;
const VIEWER_A = 'viewer-aaaaaaaaaaaaaaaa';
const VIEWER_B = 'viewer-bbbbbbbbbbbbbbbb';

describe.each(databaseKinds)('broadcasts on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let admin: SignedIn;
  let editor: SignedIn;
  let ana: SignedIn;
  let fan: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin-bc@x.test'], signInBackoff: false }, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    admin = await signIn(t, 'admin-bc@x.test', undefined, 'Admin Bea');
    editor = await signIn(t, 'editor-bc@x.test', undefined, 'Editor Ed');
    ana = await signIn(t, 'ana-bc@x.test', undefined, 'Ana Broadcast');
    fan = await signIn(t, 'fan-bc@x.test', undefined, 'Fan Broadcast');
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/admin/users/${editor.userId}/role`,
      headers: authHeaders(admin),
      payload: { wp_role: 'editor' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
  }, 240_000);
  afterAll(async () => t.close());
  afterEach(() => expectSocketContractKept());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const now = () => t.clock.now().getTime();
  const current = async () =>
    (await call('GET', '/api/live-broadcasts/current')).json().broadcast as { id: number; viewers: number } | null;
  const stopAnyLive = async () => {
    const live = await current();
    if (live) expect((await call('POST', `/api/admin/broadcasts/${live.id}/stop`, admin)).statusCode).toBe(200);
  };

  async function liveAttempt(who: SignedIn, title: string) {
    const c = await call('POST', '/api/challenges/', admin, {
      title,
      description: 'As many burpees as you can',
      score_type: 'reps',
      starts_at: new Date(now() - HOUR).toISOString(),
      ends_at: new Date(now() + 48 * HOUR).toISOString(),
    });
    expect(c.statusCode, c.body).toBe(201);
    const challengeId = c.json().id as number;
    expect((await call('POST', `/api/challenges/${challengeId}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    const started = await call('POST', '/api/live-attempts', who, { challenge_id: challengeId });
    expect(started.statusCode, started.body).toBe(201);
    return { challengeId, attemptId: started.json().id as number };
  }

  it('an administrator schedules, starts and stops a broadcast; every open socket hears it and the public read follows', async () => {
    const { challengeId, attemptId } = await liveAttempt(ana, 'Broadcast burpees');
    const watcher = await watchSocketRoom(base, fan, { type: 'join_challenge', challenge_id: challengeId });
    expect(await current()).toBeNull();

    const scheduled = await call('POST', '/api/admin/broadcasts', admin, {
      title: '  Friday Night Burpees  ',
      featured_attempt_id: attemptId,
      scheduled_for: new Date(now() + HOUR).toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const b = scheduled.json();
    expect(b).toMatchObject({
      title: 'Friday Night Burpees',
      status: 'scheduled',
      featured_attempt_id: attemptId,
      stream: null,
      viewers: 0,
    });
    // Scheduled is not live: no banner yet.
    expect(await current()).toBeNull();
    // …but its countdown: the public read names the next one to start (a later one waits its turn).
    const later = await call('POST', '/api/admin/broadcasts', admin, {
      title: 'Saturday Burpees',
      featured_attempt_id: attemptId,
      scheduled_for: new Date(now() + 2 * HOUR).toISOString(),
    });
    expect(later.statusCode, later.body).toBe(201);
    expect((await call('GET', '/api/live-broadcasts/current')).json()).toMatchObject({
      broadcast: null,
      upcoming: { id: b.id, status: 'scheduled', scheduled_for: new Date(now() + HOUR).toISOString() },
      server_time: new Date(now()).toISOString(),
    });
    expect((await call('DELETE', `/api/admin/broadcasts/${later.json().id}`, admin)).statusCode).toBe(204);

    const started = await call('POST', `/api/admin/broadcasts/${b.id}/start`, admin);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'live', started_at: expect.any(String) });
    expect(await watcher.next((m) => m.type === 'broadcast_started')).toMatchObject({
      broadcast: { id: b.id, title: 'Friday Night Burpees' },
    });
    const shown = await call('GET', '/api/live-broadcasts/current');
    expect(shown.headers['cache-control']).toBe('public, max-age=5');
    // Frames only from the two players a stream may embed.
    expect(String(shown.headers['content-security-policy'])).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.twitch.tv;",
    );
    expect(shown.json().broadcast).toMatchObject({ id: b.id, status: 'live', featured_attempt_id: attemptId });
    expect(shown.json().upcoming).toBeNull();

    // Viewers: each open page counts once, signed out too, until its heartbeat goes stale.
    expect((await call('POST', `/api/live-broadcasts/${b.id}/viewers`, undefined, { viewer: VIEWER_A })).json()).toEqual({ viewers: 1 });
    expect((await call('POST', `/api/live-broadcasts/${b.id}/viewers`, undefined, { viewer: VIEWER_A })).json()).toEqual({ viewers: 1 });
    expect((await call('POST', `/api/live-broadcasts/${b.id}/viewers`, fan, { viewer: VIEWER_B })).json()).toEqual({ viewers: 2 });
    expect((await current())?.viewers).toBe(2);
    t.clock.advance(BROADCAST_VIEWER_WINDOW_MS + 1000);
    expect((await call('POST', `/api/live-broadcasts/${b.id}/viewers`, undefined, { viewer: VIEWER_B })).json()).toEqual({ viewers: 1 });

    // A change to the live one reaches everyone: now an external stream.
    const changed = await call('PATCH', `/api/admin/broadcasts/${b.id}`, admin, {
      title: 'Friday Night Burpees: the final',
      stream_url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      featured_attempt_id: null,
      stream: { provider: 'youtube', kind: 'video', id: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(await watcher.next((m) => m.type === 'broadcast_changed')).toMatchObject({
      broadcast: { title: 'Friday Night Burpees: the final' },
    });

    const listed = (await call('GET', '/api/admin/broadcasts', admin)).json();
    expect(listed.live).toMatchObject({ id: b.id, peak_viewers: 2 });

    const stopped = await call('POST', `/api/admin/broadcasts/${b.id}/stop`, admin);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'ended', ended_at: expect.any(String), viewers: 0, peak_viewers: 2 });
    expect(await watcher.next((m) => m.type === 'broadcast_stopped')).toEqual({ type: 'broadcast_stopped', broadcast_id: b.id });
    expect(await current()).toBeNull();
    // Ended: no more heartbeats, starts, stops or changes.
    expect((await call('POST', `/api/live-broadcasts/${b.id}/viewers`, undefined, { viewer: VIEWER_A })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/broadcasts/${b.id}/start`, admin)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/broadcasts/${b.id}/stop`, admin)).statusCode).toBe(409);
    expect(
      (await call('PATCH', `/api/admin/broadcasts/${b.id}`, admin, { title: 'Again', stream_url: 'https://www.twitch.tv/repforge' }))
        .statusCode,
    ).toBe(409);
    expect((await call('GET', '/api/admin/broadcasts', admin)).json()).toMatchObject({ live: null, ended: [{ id: b.id }] });
    watcher.close();
  });

  it('keeps one broadcast live at a time', async () => {
    await stopAnyLive();
    const make = async (title: string) =>
      (await call('POST', '/api/admin/broadcasts', admin, { title, stream_url: 'https://www.twitch.tv/RepForge' })).json() as {
        id: number;
        stream: { id: string };
      };
    const one = await make('First show');
    const two = await make('Second show');
    expect(one.stream.id).toBe('repforge');
    expect((await call('POST', `/api/admin/broadcasts/${one.id}/start`, admin)).statusCode).toBe(200);
    const second = await call('POST', `/api/admin/broadcasts/${two.id}/start`, admin);
    expect(second.statusCode).toBe(409);
    expect(refusal(second)).toMatch(/Another broadcast is live/);
    // Two starts at once: one wins.
    await call('POST', `/api/admin/broadcasts/${one.id}/stop`, admin);
    const three = await make('Third show');
    const raced = await Promise.all([
      call('POST', `/api/admin/broadcasts/${two.id}/start`, admin),
      call('POST', `/api/admin/broadcasts/${three.id}/start`, admin),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // A live one is stopped, not cancelled; a scheduled one is cancelled and gone.
    const winner = raced[0]!.statusCode === 200 ? two : three;
    const loser = winner === two ? three : two;
    expect((await call('DELETE', `/api/admin/broadcasts/${winner.id}`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/admin/broadcasts/${loser.id}`, admin)).statusCode).toBe(204);
    expect((await call('POST', `/api/admin/broadcasts/${loser.id}/start`, admin)).statusCode).toBe(404);
    await stopAnyLive();
  });

  it('lets only administrators manage broadcasts', async () => {
    const body = { title: 'Not yours', stream_url: 'https://www.twitch.tv/repforge' };
    expect((await call('GET', '/api/admin/broadcasts')).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/broadcasts', undefined, body)).statusCode).toBe(401);
    for (const who of [ana, editor]) {
      expect((await call('GET', '/api/admin/broadcasts', who)).statusCode).toBe(403);
      // Refused before the body is read: a bad body is still 403.
      expect((await call('POST', '/api/admin/broadcasts', who, { title: '' })).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/broadcasts', who, body)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/broadcasts/1/start', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/broadcasts/1/stop', who)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/admin/broadcasts', admin)).json().scheduled.map((b: { title: string }) => b.title)).not.toContain(
      'Not yours',
    );
  });

  it('refuses bad input and stores nothing', async () => {
    const before = (await call('GET', '/api/admin/broadcasts', admin)).json();
    const refused = async (payload: object, status: number, pattern: RegExp) => {
      const res = await call('POST', '/api/admin/broadcasts', admin, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(refusal(res)).toMatch(pattern);
    };
    const url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    await refused({ title: 'No source' }, 400, /either a live attempt or a stream/);
    await refused({ title: 'Both', stream_url: url, featured_attempt_id: 1 }, 400, /one of the two/);
    await refused({ title: '   ab   ', stream_url: url }, 400, /title of 3 to 120/);
    await refused({ title: 'x'.repeat(121), stream_url: url }, 400, /title/);
    for (const bad of [
      'https://vimeo.com/123456',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      'https://www.twitch.tv/directory',
      'javascript:alert(1)',
      'https://www.youtube.com/watch?v=short',
    ])
      await refused({ title: 'Bad stream', stream_url: bad }, 400, /YouTube or Twitch/);
    await refused({ title: 'Past', stream_url: url, scheduled_for: new Date(now() - 1000).toISOString() }, 400, /future/);
    await refused({ title: 'No attempt', featured_attempt_id: 999_999 }, 404, /No live attempt/);
    await refused({ title: 'Extra', stream_url: url, colour: 'red' }, 400, /colour|additional/i);
    // An attempt that has ended cannot be featured.
    const { attemptId } = await liveAttempt(fan, 'Ended attempt');
    expect((await call('POST', `/api/live-attempts/${attemptId}/abandon`, fan)).statusCode).toBe(200);
    await refused({ title: 'Ended', featured_attempt_id: attemptId }, 409, /no longer live/);
    expect((await call('POST', '/api/live-broadcasts/1/viewers', undefined, { viewer: 'short' })).statusCode).toBe(400);
    expect((await call('POST', '/api/live-broadcasts/999999/viewers', undefined, { viewer: VIEWER_A })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/broadcasts/999999/start', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/broadcasts', admin)).json()).toEqual(before);
  });

  it('lists the live attempts of the athletes I follow', async () => {
    const { attemptId } = await liveAttempt(editor, 'Followed burpees');
    expect((await call('GET', '/api/live-attempts?followed=true')).statusCode).toBe(401);
    const mine = async () => {
      const res = await call('GET', '/api/live-attempts?followed=true', fan);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((a: { id: number }) => a.id);
    };
    expect(await mine()).not.toContain(attemptId);
    const followed = await call('PUT', `/api/follows/athletes/${editor.userId}`, fan);
    expect(followed.statusCode, followed.body).toBeLessThan(300);
    expect(await mine()).toEqual([attemptId]);
    // Everyone's list still has every live attempt.
    expect((await call('GET', '/api/live-attempts')).json().items.map((a: { id: number }) => a.id)).toContain(attemptId);
  });

  it('ticks the newest board moves with their places', async () => {
    const c = await call('POST', '/api/challenges/', admin, {
      title: 'Ticker rows',
      description: 'Rows',
      score_type: 'reps',
      starts_at: new Date(now() - HOUR).toISOString(),
      ends_at: new Date(now() + 48 * HOUR).toISOString(),
    });
    const id = c.json().id as number;
    for (const [who, reps] of [
      [ana, 40],
      [fan, 55],
    ] as const) {
      await call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', sex: 'female' });
      expect((await call('POST', `/api/challenges/${id}/submit-score`, who, { reps })).statusCode).toBe(201);
    }
    const res = await call('GET', '/api/live-broadcasts/ticker');
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    const items = res.json().items as { challenge_id: number; athlete: string; place: number; score: string }[];
    expect(items.slice(0, 2).map((i) => `${i.challenge_id === id} ${i.athlete} ${i.place} ${i.score}`)).toEqual([
      'true Fan Broadcast 1 55 reps',
      'true Ana Broadcast 2 40 reps',
    ]);
  });
});
