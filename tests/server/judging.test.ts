import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgingAudit, judgingTestAttempts, scoreVideos } from '#server/db/schema.ts';
import { DELETION_GRACE_MS } from '#domain/privacy.ts';
import { privacySweep } from '#server/areas/privacy/privacy.ts';
import { authHeaders, createTestApp, databaseKinds, lastCode, refusal, type SignedIn, signIn, insertVideo } from './helpers.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds)('judging scores by video on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let coach: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  let cy: SignedIn;
  let judge: SignedIn;
  let judge2: SignedIn;
  let senior: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    judge = await signIn(t, 'jo@example.test', 'judge-password', 'Judge Jo');
    judge2 = await signIn(t, 'kim@example.test', 'judge-password', 'Judge Kim');
    senior = await signIn(t, 'sam@example.test', 'judge-password', 'Senior Sam');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const now = () => t.clock.now().getTime();
  const certify = (who: SignedIn, level: 'judge' | 'senior') =>
    call('POST', '/api/judging/certificates', admin, { user_id: who.userId, level });

  async function amrap(rule?: Record<string, unknown>) {
    const res = await call('POST', '/api/challenges/', coach, {
      title: 'Burpee AMRAP',
      description: '7 minutes of burpees',
      score_type: 'reps',
      starts_at: new Date(now() - HOUR).toISOString(),
      ends_at: new Date(now() + 48 * HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    for (const a of [ana, ben, cy, judge])
      expect((await call('POST', `/api/challenges/${c.id}/join`, a, { division: 'rx', sex: 'female' })).statusCode).toBe(200);
    if (rule) expect((await call('PUT', `/api/judging/challenges/${c.id}/video-rule`, coach, rule)).statusCode).toBe(200);
    return c as { id: number };
  }

  const readyVideo = (owner: SignedIn) => insertVideo(t, owner);

  const submit = (who: SignedIn, id: number, body: Record<string, unknown>) =>
    call('POST', `/api/challenges/${id}/submit-score`, who, body);
  const board = async (id: number) => (await call('GET', `/api/challenges/rankings?challenge_id=${id}`)).json();
  const order = (page: { items: { athlete: { display_name: string }; rank: number; score: { video_check?: string } }[] }) =>
    page.items.map((r) => `${r.rank} ${r.athlete.display_name}${r.score.video_check ? ` (${r.score.video_check})` : ''}`);
  const sub = (scoreId: number, step: string, who: SignedIn, body?: unknown) =>
    call('POST', `/api/judging/submissions/${scoreId}/${step}`, who, body ?? {});

  it('grants certificates for a season, to administrators only', async () => {
    expect((await certify(judge, 'judge')).statusCode).toBe(201);
    expect((await call('POST', '/api/judging/certificates', judge, { user_id: judge.userId, level: 'senior' })).statusCode).toBe(403);
    expect((await certify(judge2, 'judge')).statusCode).toBe(201);
    const granted = (await certify(senior, 'senior')).json();
    expect(new Date(granted.expires_at).getTime() - new Date(granted.granted_at).getTime()).toBe(365 * 86_400_000);
    expect((await call('GET', '/api/judging/me', senior)).json().certificate).toMatchObject({ level: 'senior', in_force: true });
    expect((await call('GET', '/api/judging/me', ana)).json()).toEqual({ certificate: null });
    expect((await call('GET', '/api/judging/queue', ana)).statusCode).toBe(403);
  });

  it('attaches an own ready video or a YouTube/Vimeo link; refuses other hosts, others’ videos and a missing video where every score needs one', async () => {
    const c = await amrap({ rule: 'every' });
    expect(refusal(await submit(ana, c.id, { reps: 100 }))).toMatch(/needs a video with every score/);
    const bens = await readyVideo(ben);
    expect(refusal(await submit(ana, c.id, { reps: 100, video_id: bens }))).toMatch(/not one of yours/);
    expect(refusal(await submit(ana, c.id, { reps: 100, video_url: 'https://evil.example/watch?v=1' }))).toMatch(/YouTube or Vimeo only/);
    expect((await board(c.id)).items).toEqual([]);
    const linked = await submit(ana, c.id, { reps: 100, video_url: 'https://www.youtube.com/watch?v=abc' });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().score.video_check).toBe('unverified');
    // The athlete's own list says the same as the board (no "Ranked" beside a video no judge has watched).
    const mine = (await call('GET', '/api/challenges/my-submissions', ana)).json() as {
      items: { score: { id: number; video_check?: string } }[];
    };
    expect(mine.items.find((i) => i.score.id === linked.json().score.id)?.score.video_check).toBe('unverified');
    expect((await submit(ben, c.id, { reps: 90, video_id: bens })).statusCode).toBe(201);
    expect(order(await board(c.id))).toEqual(['1 Ana (unverified)', '2 Ben (unverified)']);
    // Top N: only a score that would place in the top 1 needs one.
    const top = await amrap({ rule: 'top_n', top_n: 1 });
    expect(refusal(await submit(ben, top.id, { reps: 50 }))).toMatch(/top 1/);
    expect((await submit(ben, top.id, { reps: 50, video_url: 'https://vimeo.com/42' })).statusCode).toBe(201);
    expect(refusal(await submit(ana, top.id, { reps: 60 }))).toMatch(/top 1/);
    expect((await submit(cy, top.id, { reps: 40 })).statusCode).toBe(201);
    expect(order(await board(top.id))).toEqual(['1 Ben (unverified)', '2 Cy']);
    // One video backs one score, even when two submissions race with it.
    const once = await readyVideo(cy);
    const raced = await Promise.all([submit(cy, c.id, { reps: 10, video_id: once }), submit(cy, c.id, { reps: 11, video_id: once })]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(refusal(raced.find((r) => r.statusCode === 409)!)).toMatch(/already backs another score/);
    expect((await call('PUT', `/api/judging/challenges/${top.id}/video-rule`, ana, { rule: 'none' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/judging/challenges/${top.id}/video-rule`, coach, { rule: 'top_n' })).statusCode).toBe(400);
  });

  it('locks a claim to one judge, refuses self-judging, re-ranks after a 10% penalty, refuses a second verdict, and takes one appeal to another judge', async () => {
    const c = await amrap();
    const anaScore = (await submit(ana, c.id, { reps: 100, video_id: await readyVideo(ana) })).json().score.id;
    const jos = (await submit(judge, c.id, { reps: 80, video_url: 'https://vimeo.com/123' })).json().score.id;
    await submit(ben, c.id, { reps: 95 });
    expect(order(await board(c.id))).toEqual(['1 Ana (unverified)', '2 Ben', '3 Judge Jo (unverified)']);

    const queue = (await call('GET', `/api/judging/queue?challenge_id=${c.id}`, judge2)).json();
    expect(queue.items.map((s: { athlete: { display_name: string }; place: number }) => `${s.place} ${s.athlete.display_name}`)).toEqual([
      '1 Ana',
      '3 Judge Jo',
    ]);
    // A judge never sees nor judges their own score.
    expect((await call('GET', `/api/judging/queue?challenge_id=${c.id}`, judge)).json().items).toHaveLength(1);
    expect(refusal(await sub(jos, 'claim', judge))).toMatch(/your own score/);

    expect((await sub(anaScore, 'claim', judge)).json().claim).toMatchObject({ mine: true });
    const second = await sub(anaScore, 'claim', judge2);
    expect(second.statusCode).toBe(409);
    expect(refusal(second)).toMatch(/Another judge/);
    expect((await sub(anaScore, 'verdict', judge2, { verdict: 'valid' })).statusCode).toBe(409);
    expect(
      (await sub(anaScore, 'verdict', judge, { verdict: 'minor_penalty', penalty_percent: 40, reason: 'Chest not to floor' })).statusCode,
    ).toBe(400);
    const judged = await sub(anaScore, 'verdict', judge, {
      verdict: 'minor_penalty',
      penalty_percent: 10,
      reason: 'Chest not to the floor on several reps',
      rep_count: 100,
      marks: [{ at_ms: 65_000, note: 'chest' }, { at_ms: 12_000 }],
    });
    expect(judged.statusCode, judged.body).toBe(200);
    expect(judged.json()).toMatchObject({ state: 'judged', display: '90 reps', original_display: '100 reps', place: 2 });
    expect(judged.json().marks.map((m: { at_ms: number }) => m.at_ms)).toEqual([12_000, 65_000]);
    expect(order(await board(c.id))).toEqual(['1 Ben', '2 Ana (judged)', '3 Judge Jo (unverified)']);
    // Already judged: a second verdict or claim is 409.
    expect((await sub(anaScore, 'claim', judge2)).statusCode).toBe(409);

    // Her own list of results says the 90 was adjusted, from what and why; Ben's untouched score says nothing.
    const adjustedOf = async (who: typeof ana) =>
      (await call('GET', '/api/challenges/my-submissions', who))
        .json()
        .items.filter((i: { challenge: { id: number } }) => i.challenge.id === c.id)
        .map((i: { score: { adjusted?: unknown } }) => i.score.adjusted);
    expect(await adjustedOf(ana)).toEqual([
      { from_display: '100 reps', verdict: 'minor_penalty', penalty_percent: 10, reason: 'Chest not to the floor on several reps' },
    ]);
    expect(await adjustedOf(ben)).toEqual([null]);

    // The athlete sees the verdict with its marks, and appeals once.
    const mine = (await call('GET', '/api/judging/mine', ana)).json().items;
    expect(mine.find((m: { score_id: number }) => m.score_id === anaScore)).toMatchObject({
      verdict: 'minor_penalty',
      penalty_percent: 10,
      marks: [{ at_ms: 12_000 }, { at_ms: 65_000 }],
    });
    expect((await sub(anaScore, 'appeal', ben, { reason: 'Not my score but I object' })).statusCode).toBe(403);
    expect((await sub(anaScore, 'appeal', ana, { reason: 'short' })).statusCode).toBe(400);
    expect((await sub(anaScore, 'appeal', ana, { reason: 'The marks at 0:12 show a full rep from the side angle.' })).json().state).toBe(
      'appealed',
    );
    // The appeal goes to a different judge.
    expect(refusal(await sub(anaScore, 'claim', judge))).toMatch(/has not judged this score/);
    expect((await sub(anaScore, 'claim', judge2)).statusCode).toBe(200);
    expect((await sub(anaScore, 'verdict', judge2, { verdict: 'valid' })).json()).toMatchObject({ state: 'judged', display: '100 reps' });
    // Judged valid on appeal, the result stands as entered: no longer adjusted.
    expect(await adjustedOf(ana)).toEqual([null]);
    expect(order(await board(c.id))).toEqual(['1 Ana (judged)', '2 Ben', '3 Judge Jo (unverified)']);
    expect((await sub(anaScore, 'appeal', ana, { reason: 'Once more, for the record please.' })).statusCode).toBe(409);
    const steps = await t.context.database.db.select().from(judgingAudit).where(eq(judgingAudit.scoreId, anaScore));
    expect(steps.map((s) => s.action)).toEqual(['attached', 'claimed', 'verdict', 'appealed', 'claimed', 'verdict']);
  });

  it('needs a second, senior judge to confirm an invalid verdict before it takes the score off the board', async () => {
    const c = await amrap();
    // The admin dashboard counts scores with video until their verdict stands.
    const waiting = async () =>
      ((await call('GET', '/api/admin/dashboard', admin)).json().figures as { id: string; value: number }[]).find(
        (f) => f.id === 'videos_waiting',
      )!.value;
    const before = await waiting();
    const cys = (await submit(cy, c.id, { reps: 70, video_url: 'https://youtu.be/xyz' })).json().score.id;
    expect(await waiting()).toBe(before + 1);
    expect((await sub(cys, 'claim', judge)).statusCode).toBe(200);
    const given = await sub(cys, 'verdict', judge, { verdict: 'invalid', reason: 'The video cuts away mid-workout' });
    expect(given.json()).toMatchObject({ state: 'confirming', verdict: 'invalid' });
    expect(order(await board(c.id))).toEqual(['1 Cy (unverified)']);
    expect(refusal(await sub(cys, 'confirm', judge2, { agree: true }))).toMatch(/senior judge/);
    expect((await certify(judge, 'senior')).statusCode).toBe(201);
    expect(refusal(await sub(cys, 'confirm', judge, { agree: true }))).toMatch(/not the one who gave it/);
    expect((await sub(cys, 'confirm', senior, { agree: true })).json()).toMatchObject({ state: 'judged', place: null });
    expect((await board(c.id)).items).toEqual([]);
    expect(await waiting()).toBe(before);
    expect((await sub(cys, 'confirm', senior, { agree: true })).statusCode).toBe(409);
  });

  it('lets a claim lapse after 30 minutes: another judge takes it, and the first can no longer give a verdict', async () => {
    const c = await amrap();
    const id = (await submit(ben, c.id, { reps: 60, video_url: 'https://vimeo.com/60' })).json().score.id;
    for (const [who, level] of [
      [judge2, 'judge'],
      [senior, 'senior'],
    ] as const)
      expect((await certify(who, level)).statusCode).toBe(201);
    const claimed = (await sub(id, 'claim', judge2)).json().claim;
    expect(new Date(claimed.until).getTime() - now()).toBe(30 * 60_000);
    expect((await sub(id, 'claim', senior)).statusCode).toBe(409);
    // Thirty minutes on (moved in the row: the test's access tokens are shorter-lived than a claim).
    await t.context.database.db
      .update(scoreVideos)
      .set({ claimedUntil: new Date(now() - 1) })
      .where(eq(scoreVideos.scoreId, id));
    expect((await sub(id, 'claim', senior)).json().claim).toMatchObject({ mine: true });
    expect(refusal(await sub(id, 'verdict', judge2, { verdict: 'valid' }))).toMatch(/Claim this score/);
    expect((await sub(id, 'verdict', senior, { verdict: 'valid' })).json()).toMatchObject({ state: 'judged', verdict: 'valid' });
    expect((await sub(id, 'verdict', senior, { verdict: 'valid' })).statusCode).toBe(409);
  });

  it('certifies a candidate who judges every reference clip within the tolerance, and only then', async () => {
    const dee = await signIn(t, 'dee@example.test', 'athlete-password', 'Dee');
    expect((await call('POST', '/api/judging/test/attempts', dee, { answers: [] })).statusCode).toBe(409);
    const clip = (video: string, reps: number, marks: number[]) =>
      call('POST', '/api/judging/test/clips', admin, { video_id: video, title: `Clip of ${reps}`, reps, marks });
    const first = (await clip(await readyVideo(admin), 20, [3000])).json();
    expect((await call('POST', '/api/judging/test/clips', dee, { video_id: randomUUID(), title: 'Mine', reps: 1 })).statusCode).toBe(403);
    const second = (await clip(await readyVideo(admin), 12, [])).json();
    const test = (await call('GET', '/api/judging/test', dee)).json();
    expect(test).toMatchObject({ certificate: null, attempts_left: 3, next_attempt_at: null });
    // A pool of two: the attempt draws both, in a random order.
    expect(test.clips.map((c: { id: number }) => c.id).sort()).toEqual([first.id, second.id].sort());
    expect(JSON.stringify(test)).not.toContain('"reps"');
    // Read again, the open attempt keeps its clips.
    expect((await call('GET', '/api/judging/test', dee)).json().clips).toEqual(test.clips);
    expect(refusal(await call('POST', '/api/judging/test/attempts', dee, { answers: [{ clip_id: first.id, reps: 20 }] }))).toMatch(
      /Judge every clip/,
    );
    // Off by two reps on the second clip, and the no-rep at 3 s missed: no certificate, and no numbers said.
    const failed = (
      await call('POST', '/api/judging/test/attempts', dee, {
        answers: [
          { clip_id: first.id, reps: 20, marks: [9000] },
          { clip_id: second.id, reps: 14 },
        ],
      })
    ).json();
    expect(failed).toMatchObject({ passed: false, certificate: null, attempts_left: 2 });
    const byId = <T extends { id: number }>(clips: T[]) => [...clips].sort((x, y) => x.id - y.id);
    expect(byId(failed.clips)).toEqual(
      byId([
        { id: first.id, title: 'Clip of 20', passed: false, count_right: true, missed_no_reps: true, extra_no_reps: false },
        { id: second.id, title: 'Clip of 12', passed: false, count_right: false, missed_no_reps: false, extra_no_reps: false },
      ]),
    );
    expect(new Date(failed.next_attempt_at).getTime()).toBe(now() + 24 * HOUR);
    expect((await call('GET', '/api/judging/queue', dee)).statusCode).toBe(403);
    // A day later (moved in the row: the test's access tokens are shorter-lived than the wait), a new draw.
    await t.context.database.db
      .update(judgingTestAttempts)
      .set({ gradedAt: new Date(now() - 25 * HOUR) })
      .where(eq(judgingTestAttempts.userId, dee.userId));
    expect((await call('GET', '/api/judging/test', dee)).json()).toMatchObject({ attempts_left: 2, next_attempt_at: null });
    const passed = (
      await call('POST', '/api/judging/test/attempts', dee, {
        answers: [
          { clip_id: first.id, reps: 21, marks: [4200] },
          { clip_id: second.id, reps: 12 },
        ],
      })
    ).json();
    expect(passed).toMatchObject({ passed: true, certificate: { level: 'judge', in_force: true }, next_attempt_at: null });
    expect((await call('GET', '/api/judging/queue', dee)).statusCode).toBe(200);
  });

  it('orders the queue as the board: best place first, each with its board place (property)', async () => {
    expect((await certify(judge2, 'judge')).statusCode).toBe(201);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }), async (reps) => {
        const c = await amrap();
        const athletes = [ana, ben, cy, judge];
        for (const [i, who] of athletes.entries())
          expect((await submit(who, c.id, { reps: reps[i]!, video_url: `https://vimeo.com/${i + 1}` })).statusCode).toBe(201);
        const places = (await board(c.id)).items.map(
          (r: { rank: number; athlete: { display_name: string } }) => `${r.rank} ${r.athlete.display_name}`,
        );
        const queue = (await call('GET', `/api/judging/queue?challenge_id=${c.id}`, judge2)).json();
        expect(
          queue.items.map((s: { place: number; athlete: { display_name: string } }) => `${s.place} ${s.athlete.display_name}`),
        ).toEqual(places);
        expect(queue.total).toBe(4);
      }),
      { numRuns: 4 },
    );
  });
  it('lists every challenge’s queue by board place, earlier first on a tie, the same page by page as in one long page', async () => {
    const c = await amrap();
    const video = (n: number) => ({ video_url: `https://vimeo.com/${n}` });
    // Ben's 45 first; then Ana's 47 with a video, beaten on the board by her own 50 without one:
    // both would stand second, so Ben (earlier) comes first though Ana's key is better.
    expect((await submit(ben, c.id, { reps: 45, ...video(45) })).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await submit(ana, c.id, { reps: 47, ...video(47) })).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await submit(ana, c.id, { reps: 50 })).statusCode).toBe(201);
    type Item = { score_id: number; place: number; submitted_at: string; challenge: { id: number }; athlete: { display_name: string } };
    const whole = (await call('GET', '/api/judging/queue?limit=100', judge2)).json() as { items: Item[]; total: number };
    expect(whole.items.filter((i) => i.challenge.id === c.id).map((i) => `${i.place} ${i.athlete.display_name}`)).toEqual([
      '2 Ben',
      '2 Ana',
    ]);
    const key = (i: Item) => [i.place, i.submitted_at, i.score_id] as const;
    for (const [a, b] of whole.items.slice(1).map((item, n) => [whole.items[n]!, item] as const)) {
      const [x, y] = [key(a), key(b)];
      expect(x[0] < y[0] || (x[0] === y[0] && (x[1] < y[1] || (x[1] === y[1] && x[2] < y[2]))), `${x} before ${y}`).toBe(true);
    }
    const paged: number[] = [];
    for (let offset = 0; offset < whole.total; offset++)
      paged.push(...(await call('GET', `/api/judging/queue?limit=1&offset=${offset}`, judge2)).json().items.map((i: Item) => i.score_id));
    expect(paged).toEqual(whole.items.map((i) => i.score_id));
  });
  it('erasing a judge takes their id out of the scores they judged and out of certificate entries', async () => {
    const zed = await signIn(t, 'zed@example.test', 'zed-password', 'Judge Zed');
    expect((await certify(zed, 'judge')).statusCode).toBe(201);
    const c = await amrap();
    const id = (await submit(ben, c.id, { reps: 33, video_url: 'https://vimeo.com/33' })).json().score.id;
    expect((await sub(id, 'claim', zed)).statusCode).toBe(200);
    expect((await sub(id, 'verdict', zed, { verdict: 'valid' })).json()).toMatchObject({ state: 'judged' });
    const db = t.context.database.db;
    const judgesOf = async () => (await db.select({ j: scoreVideos.judges }).from(scoreVideos).where(eq(scoreVideos.scoreId, id)))[0]!.j;
    const named = async () =>
      (await db.select().from(judgingAudit).where(eq(judgingAudit.action, 'certificate'))).filter((e) => e.detail.user_id === zed.userId);
    expect(await judgesOf()).toEqual([zed.userId]);
    expect(await named()).toHaveLength(1);

    expect((await call('POST', '/api/privacy/account-deletion/code', zed, { password: 'zed-password' })).statusCode).toBe(202);
    const code = await lastCode(t, 'zed@example.test');
    expect((await call('POST', '/api/privacy/account-deletion', zed, { code })).statusCode).toBe(200);
    t.clock.advance(DELETION_GRACE_MS + 1000);
    await privacySweep(t.context);

    expect(await judgesOf()).toEqual([]);
    expect(await named()).toHaveLength(0);
    // The verdict stands: the board still shows Ben's judged score.
    expect(order(await board(c.id))).toContain('1 Ben (judged)');
  });
});
