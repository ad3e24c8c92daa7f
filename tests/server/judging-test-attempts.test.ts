import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgingAudit, judgingTestAttempts } from '#server/db/schema.ts';
import { judgingTest } from '#server/areas/judging/judging-test.ts';
import { TEST_ATTEMPT_WINDOW_DAYS, TEST_ATTEMPTS_MAX, TEST_CLIPS_PER_ATTEMPT, TEST_COOLDOWN_HOURS } from '#domain/judging.ts';
import { authHeaders, createTestApp, databaseKinds, insertVideo, refusal, type SignedIn, signIn } from './helpers.ts';

// The judging test cannot be passed without judging (security review): an attempt's answer gives
// away neither the reference counts nor where the no-reps are, attempts are capped with a wait
// after a failed one, and each attempt draws its clips at random from a larger pool.

const HOUR = 3_600_000;
const POOL = 12;

describe.each(databaseKinds)('the judging test’s attempts on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  /** The pool: clip id → its reference answer. */
  const reference = new Map<number, { reps: number; marks: number[] }>();

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    for (let i = 0; i < POOL; i++) {
      const reps = 17 + i;
      const marks = [3100 + 1000 * i, 20_700 + 500 * i];
      const res = await call('POST', '/api/judging/test/clips', admin, {
        video_id: await insertVideo(t, admin),
        title: `Clip ${i}`,
        reps,
        marks,
      });
      expect(res.statusCode, res.body).toBe(201);
      reference.set(res.json().id, { reps, marks });
    }
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: authHeaders(who), payload: payload as object });
  const db = () => t.context.database.db;
  const drawn = async (who: SignedIn) => ((await call('GET', '/api/judging/test', who)).json().clips as { id: number }[]).map((c) => c.id);
  const send = (who: SignedIn, ids: number[], answer: (id: number) => { reps: number; marks?: number[] }) =>
    call('POST', '/api/judging/test/attempts', who, { answers: ids.map((id) => ({ clip_id: id, ...answer(id) })) });
  /** Moves the candidate's graded attempts back in time (the test's access tokens are shorter-lived than the waits). */
  const age = (who: SignedIn, ms: number) =>
    db()
      .select()
      .from(judgingTestAttempts)
      .where(eq(judgingTestAttempts.userId, who.userId))
      .then((rows) =>
        Promise.all(
          rows
            .filter((r) => r.gradedAt)
            .map((r) =>
              db()
                .update(judgingTestAttempts)
                .set({ gradedAt: new Date(r.gradedAt!.getTime() - ms) })
                .where(eq(judgingTestAttempts.id, r.id)),
            ),
        ),
      );
  const stored = async (who: SignedIn) => ({
    attempts: (await db().select({ n: count() }).from(judgingTestAttempts).where(eq(judgingTestAttempts.userId, who.userId)))[0]!.n,
    audit: (
      await db()
        .select({ n: count() })
        .from(judgingAudit)
        .where(and(eq(judgingAudit.actorId, who.userId), eq(judgingAudit.action, 'test_attempt')))
    )[0]!.n,
  });

  it('answers pass or fail and what needs another look, never the count’s distance nor where the no-reps are', async () => {
    const eve = await signIn(t, 'eve@example.test', 'athlete-password', 'Eve');
    const ids = await drawn(eve);
    expect(ids).toHaveLength(TEST_CLIPS_PER_ATTEMPT);
    // The sweep of the review: 0 reps and one mark every second.
    const sweep = Array.from({ length: 60 }, (_, s) => s * 1000);
    const res = await send(eve, ids, () => ({ reps: 0, marks: sweep }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.passed).toBe(false);
    for (const c of body.clips) {
      expect(Object.keys(c).sort()).toEqual(['count_right', 'extra_no_reps', 'id', 'missed_no_reps', 'passed', 'title']);
      expect(c).toMatchObject({ passed: false, count_right: false, missed_no_reps: false, extra_no_reps: true });
    }
    // Besides the clip's id and title, only yes or no: no distance, no count, no position.
    expect(Object.keys(body).sort()).toEqual(['attempts_left', 'certificate', 'clips', 'next_attempt_at', 'passed']);
    for (const c of body.clips as Record<string, unknown>[])
      for (const [k, v] of Object.entries(c)) if (k !== 'id' && k !== 'title') expect(typeof v).toBe('boolean');
    expect(JSON.stringify(body)).not.toMatch(/reps_off|missed_marks|extra_marks/);
    // Nor does the trail, which goes into the candidate's data export.
    const [trail] = await db()
      .select()
      .from(judgingAudit)
      .where(and(eq(judgingAudit.actorId, eve.userId), eq(judgingAudit.action, 'test_attempt')));
    expect(JSON.stringify(trail!.detail)).not.toMatch(/reps_off|missed_marks|extra_marks/);
  });

  it('refuses an attempt inside the wait after a failed one, and one beyond the cap, storing nothing; says from when', async () => {
    const fay = await signIn(t, 'fay@example.test', 'athlete-password', 'Fay');
    const fail = async () => {
      const ids = await drawn(fay);
      expect(ids.length).toBeGreaterThan(0);
      const res = await send(fay, ids, () => ({ reps: 0 }));
      expect(res.statusCode, res.body).toBe(200);
      return { ids, body: res.json() };
    };
    const first = await fail();
    expect(first.body).toMatchObject({ passed: false, attempts_left: TEST_ATTEMPTS_MAX - 1 });
    const waitUntil = new Date(first.body.next_attempt_at);
    expect(waitUntil.getTime()).toBe(t.clock.now().getTime() + TEST_COOLDOWN_HOURS * HOUR);

    // Inside the wait: no clips are drawn, and the same answers again are refused.
    const before = await stored(fay);
    expect((await call('GET', '/api/judging/test', fay)).json()).toMatchObject({ clips: [], next_attempt_at: first.body.next_attempt_at });
    const refused = await send(fay, first.ids, (id) => reference.get(id)!);
    expect(refused.statusCode).toBe(429);
    // To the minute, rounded up: trying at the minute said is never refused.
    const said = new Date(Math.ceil(waitUntil.getTime() / 60_000) * 60_000).toISOString();
    expect(refusal(refused)).toContain(`again from ${said.slice(0, 10)} at ${said.slice(11, 16)} UTC`);
    expect(await stored(fay)).toEqual(before);

    // Each wait sat out, until the cap.
    for (let n = 2; n <= TEST_ATTEMPTS_MAX; n++) {
      await age(fay, TEST_COOLDOWN_HOURS * HOUR + 60_000);
      expect((await fail()).body.attempts_left).toBe(TEST_ATTEMPTS_MAX - n);
    }
    await age(fay, TEST_COOLDOWN_HOURS * HOUR + 60_000);
    const capped = await stored(fay);
    const test = (await call('GET', '/api/judging/test', fay)).json();
    expect(test).toMatchObject({ clips: [], attempts_left: 0 });
    // The oldest of the window's attempts leaves it first.
    const [oldest] = (await db().select().from(judgingTestAttempts).where(eq(judgingTestAttempts.userId, fay.userId)))
      .map((r) => r.gradedAt!.getTime())
      .sort((x, y) => x - y);
    expect(new Date(test.next_attempt_at).getTime()).toBe(oldest! + TEST_ATTEMPT_WINDOW_DAYS * 24 * HOUR);
    const beyond = await send(fay, first.ids, (id) => reference.get(id)!);
    expect(beyond.statusCode).toBe(429);
    expect(refusal(beyond)).toMatch(/You can take the judging test again from \d{4}-\d\d-\d\d at \d\d:\d\d UTC/);
    expect(await stored(fay)).toEqual(capped);
    expect((await call('GET', '/api/judging/me', fay)).json()).toEqual({ certificate: null });
  });

  it('draws each attempt’s clips at random from the pool, so attempts do not judge the same clips', async () => {
    const gus = await signIn(t, 'gus@example.test', 'athlete-password', 'Gus');
    const sets: string[] = [];
    for (let n = 0; n < TEST_ATTEMPTS_MAX; n++) {
      const ids = await drawn(gus);
      expect(new Set(ids).size).toBe(TEST_CLIPS_PER_ATTEMPT);
      for (const id of ids) expect(reference.has(id)).toBe(true);
      sets.push([...ids].sort((x, y) => x - y).join());
      expect((await send(gus, ids, () => ({ reps: 0 }))).statusCode).toBe(200);
      await age(gus, TEST_COOLDOWN_HOURS * HOUR + 60_000);
    }
    // 792 ways to draw 5 of 12: three equal draws in a row would be a broken draw.
    expect(new Set(sets).size).toBeGreaterThan(1);

    // With a seeded source (one candidate each, as a draw is kept until graded), different seeds draw different clips.
    const seeded = (seed: number) => () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const draws = new Set<string>();
    for (const seed of [1, 2, 3, 4]) {
      const who = await signIn(t, `seed${seed}@example.test`, 'athlete-password', `Seed ${seed}`);
      const test = await judgingTest(t.context, who.userId, seeded(seed));
      draws.add(
        test.clips
          .map((c) => c.id)
          .sort((x, y) => x - y)
          .join(),
      );
    }
    expect(draws.size).toBeGreaterThan(1);
  });
});
