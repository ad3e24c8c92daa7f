import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;
const MIN = 60_000;

interface Candidate {
  attempt_id: number;
  pace: { kind: string; ahead_ms: number } | null;
  parts: { place: number; stake: number; pace: number; spectators: number };
  score: number;
}

// The director's pace for a for-time workout (lower time is better): the attempt's reps so far against the reps the
// leader's even pace had at the same time, when the board knows the workout's reps (the leader finished it live);
// otherwise the time left to beat the leader's time. Shown on the editors' board with its points.
describe.each(databaseKinds)('the director’s pace on a for-time workout on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let lea: SignedIn;
  let ana: SignedIn;
  let bo: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin-ft@x.test'], signInBackoff: false }, { rateLimit: false });
    admin = await signIn(t, 'admin-ft@x.test', undefined, 'Admin Ft');
    lea = await signIn(t, 'lea-ft@x.test', undefined, 'Lea Leader');
    ana = await signIn(t, 'ana-ft@x.test', undefined, 'Ana Quick');
    bo = await signIn(t, 'bo-ft@x.test', undefined, 'Bo Steady');
  }, 240_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object, status = 200) => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };

  async function forTimeBoard(title: string) {
    const now = t.clock.now().getTime();
    const { id } = await ok(
      'POST',
      '/api/challenges/',
      admin,
      {
        title,
        score_type: 'time',
        starts_at: new Date(now - HOUR).toISOString(),
        ends_at: new Date(now + 48 * HOUR).toISOString(),
      },
      201,
    );
    for (const who of [lea, ana, bo]) await ok('POST', `/api/challenges/${id}/join`, who, { division: 'rx', sex: 'female' });
    return id as number;
  }
  const start = async (who: SignedIn, challengeId: number) =>
    (await ok('POST', '/api/live-attempts', who, { challenge_id: challengeId }, 201)).id as number;
  const candidatesOf = async (attemptId: number) => {
    const { id } = await ok('POST', '/api/admin/broadcasts', admin, { title: 'For time', featured_attempt_id: attemptId }, 201);
    return (await ok('GET', `/api/admin/broadcasts/${id}/director`, admin)).candidates as Candidate[];
  };

  it('paces reps so far against the leader’s pace when the leader finished live, else the clock against their time', async () => {
    // Lea finishes 60 reps live in 4 minutes: the board now knows the workout is 60 reps and the time to beat.
    const paced = await forTimeBoard('Fast 60');
    const leaAttempt = await start(lea, paced);
    t.clock.advance(4 * MIN);
    const ended = await ok('POST', `/api/live-attempts/${leaAttempt}/end`, lea, { finished: true, seq: 1, count: 60 });
    expect(ended).toMatchObject({ status: 'ended', score_text: expect.stringContaining('4:00') });

    // One minute in, Ana has 20 reps (the leader's pace had 15, and reached 20 at 1:20), Bo 10 (reached at 0:40).
    const [anaAttempt, boAttempt] = [await start(ana, paced), await start(bo, paced)];
    t.clock.advance(MIN);
    await ok('POST', `/api/live-attempts/${anaAttempt}/update`, ana, { seq: 1, count: 20 });
    await ok('POST', `/api/live-attempts/${boAttempt}/update`, bo, { seq: 1, count: 10 });
    const weighed = await candidatesOf(anaAttempt);
    const anaRow = weighed.find((c) => c.attempt_id === anaAttempt)!;
    const boRow = weighed.find((c) => c.attempt_id === boAttempt)!;
    expect(anaRow.pace).toEqual({ kind: 'leader_pace', ahead_ms: 20_000 });
    expect(boRow.pace).toEqual({ kind: 'leader_pace', ahead_ms: -20_000 });
    expect([anaRow.parts.pace, boRow.parts.pace]).toEqual([10, -10]);
    expect(anaRow.score).toBe(Object.values(anaRow.parts).reduce((s, p) => s + p, 0));
    for (const [who, attempt] of [
      [ana, anaAttempt],
      [bo, boAttempt],
    ] as const)
      await ok('POST', `/api/live-attempts/${attempt}/abandon`, who);

    // A leader's time typed in (no live attempt to count the workout's reps): the time left to beat it, which earns no
    // points while left and costs them once past.
    const typed = await forTimeBoard('Typed 3:00');
    await ok('POST', `/api/challenges/${typed}/submit-score`, lea, { time_ms: 3 * MIN }, 201);
    const anaAgain = await start(ana, typed);
    t.clock.advance(MIN);
    await ok('POST', `/api/live-attempts/${anaAgain}/update`, ana, { seq: 1, count: 12 });
    let [row] = await candidatesOf(anaAgain);
    expect(row).toMatchObject({ attempt_id: anaAgain, pace: { kind: 'leader_time', ahead_ms: 2 * MIN }, parts: { pace: 0 } });
    t.clock.advance(2 * MIN + 20_000);
    [row] = await candidatesOf(anaAgain);
    expect(row).toMatchObject({ pace: { kind: 'leader_time', ahead_ms: -20_000 }, parts: { pace: -10 } });
    await ok('POST', `/api/live-attempts/${anaAgain}/abandon`, ana);
  });
});
