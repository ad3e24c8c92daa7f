import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveJobHandlers } from '#server/areas/live/index.ts';
import { runDueJobs } from '#server/lib/jobs.ts';
import { watchSocketRoom } from './room-watch.ts';
import { authHeaders, createTestApp, databaseKinds, refreshCookieFrom, refusal, signIn, type SignedIn } from './helpers.ts';
import { expectSocketContractKept } from './socket-contract.ts';

const HOUR = 3_600_000;

const watchAttempt = (base: string, who: SignedIn, attemptId: number) =>
  watchSocketRoom(base, who, { type: 'join_live_attempt', session_id: String(attemptId) });

describe.each(databaseKinds)('live attempts on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let coach: SignedIn;
  let ana: SignedIn;
  let bo: SignedIn;
  let fan: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    coach = await signIn(t, 'coach-live@x.test', undefined, 'Coach Live');
    ana = await signIn(t, 'ana-live@x.test', undefined, 'Ana Live');
    bo = await signIn(t, 'bo-live@x.test', undefined, 'Bo Live');
    fan = await signIn(t, 'fan-live@x.test', undefined, 'Fan Live');
  }, 240_000);
  afterAll(async () => t.close());
  afterEach(() => expectSocketContractKept());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const now = () => t.clock.now().getTime();
  async function advance(ms: number) {
    t.clock.advance(ms);
    for (const who of [coach, ana, bo, fan]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: who.cookie } });
      const body = res.json();
      who.token = body.token.token;
      who.csrf = body.csrf_token;
      who.cookie = refreshCookieFrom(res);
    }
  }
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/challenges/', coach, {
      title: 'Max burpees',
      description: 'As many burpees as you can',
      score_type: 'reps',
      starts_at: new Date(now() - HOUR).toISOString(),
      ends_at: new Date(now() + 48 * HOUR).toISOString(),
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const join = async (who: SignedIn, id: number) =>
    expect((await call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
  const board = async (id: number) =>
    (await call('GET', `/api/challenges/rankings?challenge_id=${id}`)).json() as {
      items: { rank: number; athlete: { display_name: string }; score: { display: string } }[];
    };

  it('starts, counts, replays without double counting, tells spectators, and ends as a score on the board', async () => {
    const c = await create();
    await join(ana, c.id);
    await join(bo, c.id);
    expect((await call('POST', `/api/challenges/${c.id}/submit-score`, bo, { reps: 50 })).statusCode).toBe(201);

    const started = await call('POST', '/api/live-attempts', ana, { challenge_id: c.id });
    expect(started.statusCode, started.body).toBe(201);
    const attempt = started.json();
    expect(attempt).toMatchObject({ status: 'live', count: 0, seq: 0, count_unit: 'reps', elapsed_ms: 0, time_cap_ms: null });
    // One at a time.
    expect(refusal(await call('POST', '/api/live-attempts', ana, { challenge_id: c.id }))).toMatch(/already have a live attempt/);

    const watcher = await watchAttempt(base, fan, attempt.id);
    await watcher.next((m) => m.type === 'live_spectators' && m.spectators === 1);
    const listed = (await call('GET', `/api/live-attempts?challenge_id=${c.id}`)).json();
    expect(listed.items.map((i: { id: number }) => i.id)).toEqual([attempt.id]);

    await advance(30_000);
    for (let seq = 1; seq <= 30; seq++) {
      const res = await call('POST', `/api/live-attempts/${attempt.id}/update`, ana, { seq, count: seq });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A reconnect replays the last update: answered, not counted again.
    const replay = await call('POST', `/api/live-attempts/${attempt.id}/update`, ana, { seq: 30, count: 30 });
    expect(replay.json()).toMatchObject({ seq: 30, count: 30 });
    const moved = await watcher.next((m) => m.type === 'live_count' && m.seq === 30);
    expect(moved).toMatchObject({ count: 30, projected_place: 2 });
    // Undo (−1) is a newer update with a lower count.
    expect((await call('POST', `/api/live-attempts/${attempt.id}/update`, ana, { seq: 31, count: 29 })).json()).toMatchObject({
      count: 29,
    });

    const shown = (await call('GET', `/api/live-attempts/${attempt.id}`)).json();
    expect(shown).toMatchObject({ count: 29, projected_place: 2, board_size: 1, spectators: 1, elapsed_ms: 30_000 });

    await advance(60_000);
    const ended = await call('POST', `/api/live-attempts/${attempt.id}/end`, ana, { seq: 32, count: 61 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', end_reason: 'stopped', count: 61, score_text: '61 reps', score_problem: null });
    expect(await watcher.next((m) => m.type === 'live_ended')).toMatchObject({ status: 'ended', count: 61, score_text: '61 reps' });
    expect((await board(c.id)).items.map((r) => `${r.rank} ${r.athlete.display_name} ${r.score.display}`)).toEqual([
      '1 Ana Live 61 reps',
      '2 Bo Live 50 reps',
    ]);
    // After the end nothing changes.
    expect((await call('POST', `/api/live-attempts/${attempt.id}/update`, ana, { seq: 33, count: 70 })).statusCode).toBe(409);
    expect((await call('POST', `/api/live-attempts/${attempt.id}/end`, ana, {})).statusCode).toBe(409);
    expect((await call('GET', `/api/live-attempts?challenge_id=${c.id}`)).json().items).toEqual([]);
    watcher.close();
  });

  it('refuses bad input and stores nothing', async () => {
    const c = await create({ title: 'Refusals' });
    const notJoined = await call('POST', '/api/live-attempts', ana, { challenge_id: c.id });
    expect(notJoined.statusCode).toBe(409);
    expect(refusal(notJoined)).toMatch(/Join this challenge/);
    expect((await call('POST', '/api/live-attempts', ana, { challenge_id: 999_999 })).statusCode).toBe(404);
    await join(ana, c.id);
    const a = (await call('POST', '/api/live-attempts', ana, { challenge_id: c.id })).json();
    // Someone else's attempt.
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, bo, { seq: 1, count: 1 })).statusCode).toBe(403);
    expect((await call('POST', `/api/live-attempts/${a.id}/end`, bo, {})).statusCode).toBe(403);
    expect((await call('POST', `/api/live-attempts/${a.id}/abandon`, bo)).statusCode).toBe(403);
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, ana, { seq: 5, count: 20 })).statusCode).toBe(200);
    // Sequence going backwards, the same number with another count, a drop past the correction window, out of bounds.
    expect(refusal(await call('POST', `/api/live-attempts/${a.id}/update`, ana, { seq: 4, count: 21 }))).toMatch(/older than update 5/);
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, ana, { seq: 5, count: 22 })).statusCode).toBe(409);
    expect(refusal(await call('POST', `/api/live-attempts/${a.id}/update`, ana, { seq: 6, count: 2 }))).toMatch(/go down by at most/);
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, ana, { seq: 6, count: -1 })).statusCode).toBe(400);
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, ana, { seq: 6, count: 100_001 })).statusCode).toBe(400);
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, ana, { seq: 6 })).statusCode).toBe(400);
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, undefined, { seq: 6, count: 1 })).statusCode).toBe(401);
    expect((await call('GET', `/api/live-attempts/${a.id}`)).json()).toMatchObject({ seq: 5, count: 20 });
    // Abandoned: no score, and then nothing more.
    expect((await call('POST', `/api/live-attempts/${a.id}/abandon`, ana)).json()).toMatchObject({ status: 'abandoned', score_text: null });
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, ana, { seq: 6, count: 21 })).statusCode).toBe(409);
    expect((await board(c.id)).items).toEqual([]);
    // A score type a tap counter cannot produce.
    const heavy = await create({ title: 'Heavy single', score_type: 'load' });
    await join(ana, heavy.id);
    expect(refusal(await call('POST', '/api/live-attempts', ana, { challenge_id: heavy.id }))).toMatch(/scores load/);
  });

  it('ends itself at the time cap once, by job or by a read, and the count at the cap is the score', async () => {
    const c = await create({ title: 'Capped chipper', score_type: 'time', time_cap_seconds: 60 });
    await join(bo, c.id);
    const a = (await call('POST', '/api/live-attempts', bo, { challenge_id: c.id })).json();
    const watcher = await watchAttempt(base, fan, a.id);
    await advance(20_000);
    expect((await call('POST', `/api/live-attempts/${a.id}/update`, bo, { seq: 1, count: 12 })).statusCode).toBe(200);
    expect(await runDueJobs(t.context, liveJobHandlers)).toBe(0);
    await advance(50_000);
    // Past the cap an update is refused and the attempt is ended at the cap.
    expect(refusal(await call('POST', `/api/live-attempts/${a.id}/update`, bo, { seq: 2, count: 40 }))).toMatch(/time cap was reached/);
    const shown = (await call('GET', `/api/live-attempts/${a.id}`)).json();
    expect(shown).toMatchObject({
      status: 'ended',
      end_reason: 'capped',
      count: 12,
      elapsed_ms: 60_000,
      score_text: expect.stringContaining('12'),
    });
    expect(await watcher.next((m) => m.type === 'live_ended')).toMatchObject({ end_reason: 'capped', count: 12 });
    // The job finds it ended and changes nothing.
    await runDueJobs(t.context, liveJobHandlers);
    expect((await board(c.id)).items.map((r) => r.score.display)).toEqual([shown.score_text]);
    watcher.close();

    // With nobody reading, the job ends it.
    const again = (await call('POST', '/api/live-attempts', bo, { challenge_id: c.id })).json();
    expect((await call('POST', `/api/live-attempts/${again.id}/update`, bo, { seq: 1, count: 15 })).statusCode).toBe(200);
    await advance(61_000);
    expect(await runDueJobs(t.context, liveJobHandlers)).toBeGreaterThanOrEqual(1);
    const mine = (await call('GET', `/api/live-attempts/mine?challenge_id=${c.id}`, bo)).json();
    expect(mine.attempt).toMatchObject({ id: again.id, status: 'ended', end_reason: 'capped', score_text: expect.stringContaining('15') });
    expect((await board(c.id)).items.map((r) => r.score.display)).toEqual([mine.attempt.score_text]);
  });

  it('scores a for-time workout by the clock when finished, and limits reactions per person', async () => {
    const c = await create({ title: 'For time', score_type: 'time', time_cap_seconds: 600 });
    await join(ana, c.id);
    const a = (await call('POST', '/api/live-attempts', ana, { challenge_id: c.id })).json();
    const watcher = await watchAttempt(base, fan, a.id);
    for (let i = 0; i < 5; i++)
      expect((await call('POST', `/api/live-attempts/${a.id}/reactions`, fan, { emoji: '🔥' })).statusCode).toBe(202);
    expect((await call('POST', `/api/live-attempts/${a.id}/reactions`, fan, { emoji: '🔥' })).statusCode).toBe(429);
    expect((await call('POST', `/api/live-attempts/${a.id}/reactions`, fan, { emoji: 'x' })).statusCode).toBe(400);
    await watcher.next((m) => m.type === 'live_reaction');
    await advance(185_000);
    const ended = await call('POST', `/api/live-attempts/${a.id}/end`, ana, { finished: true, seq: 1, count: 45 });
    expect(ended.json()).toMatchObject({ status: 'ended', end_reason: 'finished', score_text: '3:05' });
    watcher.close();
  });
});
