import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directLiveBroadcast } from '#server/areas/live/index.ts';
import { DIRECTOR_MIN_INTERVAL_MS } from '#domain/director.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, signIn, type SignedIn } from './helpers.ts';
import { expectSocketContractKept } from './socket-contract.ts';

const HOUR = 3_600_000;

interface Board {
  mode: 'auto' | 'pinned';
  directed: boolean;
  featured_attempt_id: number | null;
  pick: number | null;
  reason: string;
  next_switch_at: string | null;
  candidates: {
    attempt_id: number;
    score: number;
    projected_place: number | null;
    places_at_stake: number;
    parts: Record<string, number>;
  }[];
}

describe.each(databaseKinds)('the broadcast director on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let admin: SignedIn;
  let editor: SignedIn;
  let ana: SignedIn;
  let bo: SignedIn;
  let fan: SignedIn;
  const setters: SignedIn[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin-dir@x.test'], signInBackoff: false }, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    admin = await signIn(t, 'admin-dir@x.test', undefined, 'Admin Dee');
    editor = await signIn(t, 'editor-dir@x.test', undefined, 'Editor Eve');
    ana = await signIn(t, 'ana-dir@x.test', undefined, 'Ana Director');
    bo = await signIn(t, 'bo-dir@x.test', undefined, 'Bo Director');
    fan = await signIn(t, 'fan-dir@x.test', undefined, 'Fan Director');
    for (const n of [1, 2, 3]) setters.push(await signIn(t, `setter${n}-dir@x.test`, undefined, `Setter ${n}`));
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

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const now = () => t.clock.now().getTime();
  const board = async (id: number, who: SignedIn = editor) => {
    const res = await call('GET', `/api/admin/broadcasts/${id}/director`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Board;
  };
  const featured = async () =>
    (await call('GET', '/api/live-broadcasts/current')).json().broadcast as {
      id: number;
      featured_attempt_id: number;
      director_mode: string;
    };

  /** A board with three finished scores (50, 40, 30 reps) and two live attempts on it. */
  async function setUp() {
    const c = await call('POST', '/api/challenges/', admin, {
      title: 'Director burpees',
      description: 'As many burpees as you can',
      score_type: 'reps',
      starts_at: new Date(now() - HOUR).toISOString(),
      ends_at: new Date(now() + 48 * HOUR).toISOString(),
    });
    expect(c.statusCode, c.body).toBe(201);
    const challengeId = c.json().id as number;
    for (const [i, who] of [...setters, ana, bo].entries()) {
      expect((await call('POST', `/api/challenges/${challengeId}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
      if (i < 3)
        expect((await call('POST', `/api/challenges/${challengeId}/submit-score`, who, { reps: 50 - 10 * i })).statusCode).toBe(201);
    }
    const start = async (who: SignedIn) => {
      const res = await call('POST', '/api/live-attempts', who, { challenge_id: challengeId });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    return { challengeId, anaAttempt: await start(ana), boAttempt: await start(bo) };
  }
  const seqs = new Map<number, number>();
  const count = async (who: SignedIn, attemptId: number, n: number) => {
    const seq = (seqs.get(attemptId) ?? 0) + 1;
    seqs.set(attemptId, seq);
    const res = await call('POST', `/api/live-attempts/${attemptId}/update`, who, { seq, count: n });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('switches once to a challenger that leads by the margin, never within the interval; a pin holds until its attempt ends', async () => {
    const { challengeId, anaAttempt, boAttempt } = await setUp();
    t.clock.advance(60_000);
    await count(ana, anaAttempt, 10);
    await count(bo, boAttempt, 5);
    const scheduled = await call('POST', '/api/admin/broadcasts', admin, { title: 'Director night', featured_attempt_id: anaAttempt });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const id = scheduled.json().id as number;
    expect(scheduled.json()).toMatchObject({ director_mode: 'pinned', featured_attempt_id: anaAttempt });
    expect((await call('POST', `/api/admin/broadcasts/${id}/start`, admin)).statusCode).toBe(200);
    const watcher = await watchSocketRoom(base, fan, { type: 'join_challenge', challenge_id: challengeId });
    const changes = () => watcher.seen().filter((m) => m.type === 'broadcast_changed');

    // Pinned (the default): the director weighs nothing while the pin is live.
    expect(await directLiveBroadcast(t.context)).toBeNull();

    // The editor hands it to the director; just started, so the interval holds Ana on screen.
    const auto = await call('PUT', `/api/admin/broadcasts/${id}/director`, editor, { mode: 'auto' });
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json()).toMatchObject({ mode: 'auto', featured_attempt_id: anaAttempt });
    expect(
      auto
        .json()
        .candidates.map((c: { attempt_id: number }) => c.attempt_id)
        .sort(),
    ).toEqual([anaAttempt, boAttempt].sort());

    // Bo climbs to 45 reps: projected 2nd, two places at stake, close to the leader's mark.
    await count(bo, boAttempt, 45);
    const weighed = await board(id);
    const [top, second] = weighed.candidates;
    expect(top).toMatchObject({ attempt_id: boAttempt, projected_place: 2, places_at_stake: 2 });
    expect(second).toMatchObject({ attempt_id: anaAttempt, projected_place: 4, places_at_stake: 0 });
    expect(top!.score).toBe(Object.values(top!.parts).reduce((s, p) => s + p, 0));
    expect(weighed).toMatchObject({ pick: anaAttempt, reason: 'waiting', next_switch_at: expect.any(String) });

    // Within the interval: no switch.
    t.clock.advance(DIRECTOR_MIN_INTERVAL_MS - 5000);
    expect(await directLiveBroadcast(t.context)).toBeNull();
    expect((await featured()).featured_attempt_id).toBe(anaAttempt);
    // Past it: one switch, heard by every open socket; a second run (another node) changes nothing.
    t.clock.advance(5000);
    expect(await directLiveBroadcast(t.context)).toEqual({ broadcastId: id, switched: true, featuredAttemptId: boAttempt });
    expect(await watcher.next((m) => m.type === 'broadcast_changed')).toMatchObject({
      broadcast: { id, featured_attempt_id: boAttempt, director_mode: 'auto' },
    });
    expect(await directLiveBroadcast(t.context)).toBeNull();
    const [one, two] = await Promise.all([directLiveBroadcast(t.context), directLiveBroadcast(t.context)]);
    expect([one, two].filter((r) => r?.switched)).toEqual([]);
    expect((await featured()).featured_attempt_id).toBe(boAttempt);
    expect(changes()).toHaveLength(1);

    // Ana storms past the leader at once: still held by the interval since the last switch.
    await count(ana, anaAttempt, 200);
    t.clock.advance(1000);
    expect(await directLiveBroadcast(t.context)).toBeNull();
    expect((await board(id)).reason).toBe('waiting');
    t.clock.advance(DIRECTOR_MIN_INTERVAL_MS);
    expect(await directLiveBroadcast(t.context)).toMatchObject({ switched: true, featuredAttemptId: anaAttempt });

    // The editor pins Bo: he stays however the scores go, past any interval.
    const pinned = await call('PUT', `/api/admin/broadcasts/${id}/director`, editor, { mode: 'pinned', attempt_id: boAttempt });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({ mode: 'pinned', featured_attempt_id: boAttempt, pick: boAttempt, reason: 'pinned' });
    const pinNews = (m: { type: string; broadcast?: unknown }) =>
      m.type === 'broadcast_changed' && (m.broadcast as { director_mode: string }).director_mode === 'pinned';
    expect(await watcher.next(pinNews)).toMatchObject({ broadcast: { featured_attempt_id: boAttempt } });
    expect(changes()).toHaveLength(3);
    t.clock.advance(2 * DIRECTOR_MIN_INTERVAL_MS);
    expect(await directLiveBroadcast(t.context)).toBeNull();
    expect(await featured()).toMatchObject({ featured_attempt_id: boAttempt, director_mode: 'pinned' });

    // The pinned attempt ends: the director takes over at once.
    expect((await call('POST', `/api/live-attempts/${boAttempt}/abandon`, bo)).statusCode).toBe(200);
    expect(await directLiveBroadcast(t.context)).toMatchObject({ switched: true, featuredAttemptId: anaAttempt });
    expect(await featured()).toMatchObject({ featured_attempt_id: anaAttempt, director_mode: 'auto' });
    watcher.close();
    expect((await call('POST', `/api/admin/broadcasts/${id}/stop`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/live-attempts/${anaAttempt}/abandon`, ana)).statusCode).toBe(200);
  });

  it('lets only editors and administrators steer it, refuses bad input and stores nothing', async () => {
    const { challengeId, anaAttempt, boAttempt } = await setUp();
    const scheduled = await call('POST', '/api/admin/broadcasts', admin, { title: 'Refusals', featured_attempt_id: anaAttempt });
    const id = scheduled.json().id as number;
    const path = `/api/admin/broadcasts/${id}/director`;
    expect((await call('GET', path)).statusCode).toBe(401);
    expect((await call('PUT', path, undefined, { mode: 'auto' })).statusCode).toBe(401);
    for (const who of [ana, fan]) {
      expect((await call('GET', path, who)).statusCode).toBe(403);
      // Refused before the body is read.
      expect((await call('PUT', path, who, { mode: 'sideways' })).statusCode).toBe(403);
      expect((await call('PUT', path, who, { mode: 'auto' })).statusCode).toBe(403);
    }
    expect((await board(id, admin)).mode).toBe('pinned');
    const before = await board(id);
    const refused = async (payload: object, status: number, pattern: RegExp, url = path) => {
      const res = await call('PUT', url, editor, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(refusal(res)).toMatch(pattern);
    };
    await refused({ mode: 'sideways' }, 400, /mode/);
    await refused({}, 400, /mode/);
    await refused({ mode: 'auto', attempt_id: boAttempt }, 400, /Auto mode takes no attempt/);
    await refused({ mode: 'pinned', attempt_id: 0 }, 400, /attempt_id/);
    await refused({ mode: 'pinned', attempt_id: 999_999 }, 404, /No live attempt/);
    await refused({ mode: 'auto' }, 404, /No broadcast/, '/api/admin/broadcasts/999999/director');
    expect((await call('GET', '/api/admin/broadcasts/999999/director', editor)).statusCode).toBe(404);
    expect((await call('POST', `/api/live-attempts/${boAttempt}/abandon`, bo)).statusCode).toBe(200);
    await refused({ mode: 'pinned', attempt_id: boAttempt }, 409, /no longer live/);
    // A broadcast of an external stream has nothing for the director to pick.
    const stream = await call('POST', '/api/admin/broadcasts', admin, { title: 'Stream', stream_url: 'https://www.twitch.tv/repforge' });
    await refused({ mode: 'auto' }, 409, /external stream/, `/api/admin/broadcasts/${stream.json().id}/director`);
    expect((await board(stream.json().id)).directed).toBe(false);
    const after = await board(id);
    expect({ mode: after.mode, featured: after.featured_attempt_id }).toEqual({ mode: before.mode, featured: before.featured_attempt_id });

    // An editor may hand a scheduled broadcast to the director; nothing switches before it is live.
    const auto = await call('PUT', path, editor, { mode: 'auto' });
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json()).toMatchObject({ mode: 'auto', status: 'scheduled', featured_attempt_id: anaAttempt });
    // An administrator changing only the title leaves the director in charge.
    const changed = await call('PATCH', `/api/admin/broadcasts/${id}`, admin, { title: 'Refusals again', featured_attempt_id: anaAttempt });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().director_mode).toBe('auto');
    // Featuring another attempt by hand is a pin.
    expect((await call('POST', `/api/challenges/${challengeId}/join`, fan, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    const fanAttempt = (await call('POST', '/api/live-attempts', fan, { challenge_id: challengeId })).json().id as number;
    const repinned = await call('PATCH', `/api/admin/broadcasts/${id}`, admin, {
      title: 'Refusals again',
      featured_attempt_id: fanAttempt,
    });
    expect(repinned.json()).toMatchObject({ director_mode: 'pinned', featured_attempt_id: fanAttempt });
    for (const [who, attempt] of [
      [ana, anaAttempt],
      [fan, fanAttempt],
    ] as const)
      expect((await call('POST', `/api/live-attempts/${attempt}/abandon`, who)).statusCode).toBe(200);
  });
});
