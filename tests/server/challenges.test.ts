import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '#server/lib/jobs.ts';
import { notificationMailJobHandlers } from '#server/areas/notifications/notifications-mail.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds)('challenges on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let creator: SignedIn;
  let admin: SignedIn;
  const athletes: SignedIn[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    creator = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    for (const name of ['Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Finn'])
      athletes.push(await signIn(t, `${name.toLowerCase()}@example.test`, 'athlete-password', name));
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });

  const now = () => t.clock.now().getTime();
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/challenges/', creator, {
      title: 'Fran',
      description: '21-15-9 thrusters and pull-ups',
      score_type: 'time',
      time_cap_seconds: 600,
      has_tiebreak: true,
      tiebreak_label: 'Time at the end of the 15s',
      starts_at: new Date(now() - HOUR).toISOString(),
      ends_at: new Date(now() + 48 * HOUR).toISOString(),
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const join = (who: SignedIn, id: number, division = 'rx', sex = 'female') =>
    call('POST', `/api/challenges/${id}/join`, who, { division, sex });
  const submit = (who: SignedIn, id: number, body: unknown) => call('POST', `/api/challenges/${id}/submit-score`, who, body);
  const board = async (id: number, query = '', who?: SignedIn) =>
    (await call('GET', `/api/challenges/rankings?challenge_id=${id}${query}`, who)).json();
  const names = (page: { items: { athlete: { display_name: string }; rank: number }[] }) =>
    page.items.map((r) => `${r.rank} ${r.athlete.display_name}`);

  it('ranks a capped time workout: finishers by time, capped by reps then tie-break, ties share a place', async () => {
    const fran = await create();
    expect(fran).toMatchObject({ status: 'open', score_type: 'time', time_cap_seconds: 600, creator: { display_name: 'Coach Carla' } });
    const [ana, ben, cy, dee, eve, finn] = athletes as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
    for (const a of [ana, ben, cy, dee, eve]) expect((await join(a, fran.id)).statusCode).toBe(200);
    expect((await join(finn, fran.id, 'scaled', 'male')).statusCode).toBe(200);
    expect((await submit(ana, fran.id, { time_ms: 300_000 })).json().rank).toBe(1);
    await submit(ben, fran.id, { time_ms: 280_000 });
    await submit(cy, fran.id, { time_ms: 300_000 });
    await submit(dee, fran.id, { capped: true, reps: 80, tiebreak_ms: 400_000 });
    await submit(eve, fran.id, { capped: true, reps: 80, tiebreak_ms: 350_000 });
    await submit(finn, fran.id, { time_ms: 120_000 });
    expect(names(await board(fran.id))).toEqual(['1 Ben', '2 Ana', '2 Cy', '4 Eve', '5 Dee', '6 Finn']);
    expect(names(await board(fran.id, '&division=scaled'))).toEqual(['1 Finn']);
    // A filter narrows the rows but keeps each row's place on the whole board.
    expect(names(await board(fran.id, '&sex=male'))).toEqual(['6 Finn']);
    // Ana improves; the old score stays in her history, the board moves.
    const better = await submit(ana, fran.id, { time_ms: 250_000 });
    expect(better.json()).toMatchObject({ is_best: true, rank: 1 });
    const worse = await submit(ana, fran.id, { time_ms: 500_000 });
    expect(worse.json()).toMatchObject({ is_best: false, rank: 1 });
    expect(names(await board(fran.id))).toEqual(['1 Ana', '2 Ben', '3 Cy', '4 Eve', '5 Dee', '6 Finn']);
    // The caller's own row comes along even when it is off the page.
    const page = await board(fran.id, '&limit=2', dee);
    expect(names(page)).toEqual(['1 Ana', '2 Ben']);
    expect(page.me).toMatchObject({ rank: 5, athlete: { display_name: 'Dee' }, score: { display: 'CAP + 80 reps', status: 'capped' } });
    const second = await board(fran.id, '&offset=2&limit=2');
    expect(names(second)).toEqual(['3 Cy', '4 Eve']);
    expect(second.total).toBe(6);
    const history = (await call('GET', `/api/challenges/${fran.id}/score-history`)).json();
    expect(history.items).toHaveLength(8);
    const mine = (await call('GET', '/api/challenges/my-submissions', ana)).json();
    expect(mine.items.map((i: { score: { display: string }; is_best: boolean }) => [i.score.display, i.is_best])).toEqual([
      ['8:20', false],
      ['4:10', true],
      ['5:00', false],
    ]);
    const detail = (await call('GET', `/api/challenges/${fran.id}`, ana)).json();
    expect(detail.my_entry).toMatchObject({ division: 'rx', rank: 1, best: { display: '4:10' } });
    expect(detail.can_edit).toBe(false);
    expect((await call('GET', `/api/challenges/${fran.id}/participants/count`)).json()).toEqual({ count: 6 });
  });

  it('ranks rounds + reps as total reps and loads across kg and lb', async () => {
    const amrap = await create({
      title: 'Cindy',
      score_type: 'rounds_reps',
      reps_per_round: 30,
      time_cap_seconds: null,
      has_tiebreak: false,
    });
    const lift = await create({ title: 'Back squat 1RM', score_type: 'load', time_cap_seconds: null, has_tiebreak: false });
    const [ana, ben, cy] = athletes as [SignedIn, SignedIn, SignedIn];
    for (const a of [ana, ben, cy]) {
      await join(a, amrap.id);
      await join(a, lift.id);
    }
    await submit(ana, amrap.id, { rounds: 20, reps: 5 });
    await submit(ben, amrap.id, { rounds: 19, reps: 29 });
    await submit(cy, amrap.id, { rounds: 20, reps: 10 });
    expect(names(await board(amrap.id))).toEqual(['1 Cy', '2 Ana', '3 Ben']);
    expect((await board(amrap.id)).items[0].score.display).toBe('20 rounds + 10 reps');
    await submit(ana, lift.id, { load_value: 100, load_unit: 'kg' });
    await submit(ben, lift.id, { load_value: 225, load_unit: 'lb' });
    expect(names(await board(lift.id))).toEqual(['1 Ben', '2 Ana']);
  });

  it('ranks every Rx score above every Scaled one on the combined board', async () => {
    const reps = await create({ title: 'Max pull-ups', score_type: 'reps', time_cap_seconds: null, has_tiebreak: false });
    const [ana, ben] = athletes as [SignedIn, SignedIn];
    await join(ana, reps.id, 'rx');
    await join(ben, reps.id, 'scaled');
    await submit(ana, reps.id, { reps: 1 });
    await submit(ben, reps.id, { reps: 90 });
    expect(names(await board(reps.id))).toEqual(['1 Ana', '2 Ben']);
    expect(names(await board(reps.id, '&division=scaled'))).toEqual(['1 Ben']);
  });

  it('refuses bad scores with a detail and stores nothing', async () => {
    const fran = await create({ title: 'Bad input' });
    const ana = athletes[0]!;
    await join(ana, fran.id);
    const cases: [unknown, RegExp][] = [
      [{ time_ms: -1 }, /time_ms/],
      [{ time_ms: 500 }, /not a possible result/],
      [{ time_ms: 700_000 }, /over the time cap/],
      [{ time_ms: 'NaN' }, /time_ms/],
      [{ time_ms: 1.5e20 }, /time_ms/],
      [{ reps: 10 }, /Enter your time.*time_ms/],
      [{ time_ms: 300_000, load_value: 5 }, /does not take load_value/],
      [{ capped: true }, /needs the reps/],
      [{ time_ms: 300_000, tiebreak_ms: 900_000 }, /longer than the time cap/],
      [{}, /Enter your time.*time_ms/],
    ];
    for (const [payload, detail] of cases) {
      const res = await submit(ana, fran.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refusal(res), JSON.stringify(payload)).toMatch(detail);
    }
    const reps = await create({ title: 'Bad reps', score_type: 'reps', time_cap_seconds: null, has_tiebreak: false });
    await join(ana, reps.id);
    for (const payload of [{ reps: 2.5 }, { reps: -3 }, { reps: 200_000 }, { reps: '12' }]) {
      expect((await submit(ana, reps.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', `/api/challenges/${fran.id}/score-history`)).json().items).toEqual([]);
    expect((await call('GET', `/api/challenges/${reps.id}/score-history`)).json().items).toEqual([]);
  });

  it('holds a result far beyond the leaders as unverified instead of ranking it', async () => {
    const c = await create({ title: 'Burpees', score_type: 'reps', time_cap_seconds: null, has_tiebreak: false });
    for (const [i, a] of athletes.slice(0, 5).entries()) {
      await join(a, c.id);
      await submit(a, c.id, { reps: 100 + i });
    }
    const finn = athletes[5]!;
    await join(finn, c.id);
    const res = await submit(finn, c.id, { reps: 400 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_best: false, rank: null, score: { verification: 'unverified' } });
    expect((await board(c.id)).items.map((r: { athlete: { display_name: string } }) => r.athlete.display_name)).not.toContain('Finn');
  });

  it('lets only the creator or an admin edit, and locks the scoring rules once scores exist', async () => {
    const c = await create({ title: 'Editable' });
    const body = {
      title: 'Edited',
      score_type: 'time',
      time_cap_seconds: 600,
      has_tiebreak: true,
      starts_at: new Date(now() - HOUR).toISOString(),
      ends_at: new Date(now() + HOUR).toISOString(),
    };
    expect((await call('PUT', `/api/challenges/${c.id}`, athletes[0], body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/challenges/${c.id}`, creator, body)).json().title).toBe('Edited');
    expect((await call('PUT', `/api/challenges/${c.id}`, admin, { ...body, title: 'By admin' })).json().title).toBe('By admin');
    await join(athletes[0]!, c.id);
    await submit(athletes[0]!, c.id, { time_ms: 300_000 });
    const locked = await call('PUT', `/api/challenges/${c.id}`, creator, { ...body, score_type: 'reps', time_cap_seconds: null });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().detail).toMatch(/can no longer change/);
    const bad = await call('PUT', `/api/challenges/${c.id}`, creator, { ...body, ends_at: new Date(now() - 2 * HOUR).toISOString() });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only an admin delete, with a reason; deleted challenges leave every list', async () => {
    const c = await create({ title: 'To delete' });
    const url = `/api/challenges/admin/challenges/${c.id}/delete`;
    expect((await call('DELETE', url, creator, { deletion_reason: 'spam' })).statusCode).toBe(403);
    expect((await call('DELETE', url, admin, { deletion_reason: '   ' })).statusCode).toBe(400);
    const res = await call('DELETE', url, admin, { deletion_reason: 'Duplicate of Fran' });
    expect(res.json()).toMatchObject({ status: 'deleted', deletion_reason: 'Duplicate of Fran' });
    expect((await call('GET', `/api/challenges/${c.id}`)).statusCode).toBe(404);
    const deleted = (await call('GET', '/api/challenges/admin/deleted-challenges', admin)).json();
    expect(deleted.items[0]).toMatchObject({ id: c.id, deletion_reason: 'Duplicate of Fran' });
    expect((await call('GET', '/api/challenges/admin/deleted-challenges', creator)).statusCode).toBe(403);
    expect((await call('GET', '/api/challenges/my-created', creator)).json().items.map((x: { id: number }) => x.id)).not.toContain(c.id);
  });

  it('discovers with search, filters and cursor pages; recommends what the athlete has not joined', async () => {
    const found = (await call('GET', '/api/challenges/discover?search=squat')).json();
    expect(found.items.map((c: { title: string }) => c.title)).toEqual(['Back squat 1RM']);
    const byType = (await call('GET', '/api/challenges/discover?score_type=load')).json();
    expect(byType.items.every((c: { score_type: string }) => c.score_type === 'load')).toBe(true);
    const seen: number[] = [];
    const ends: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: number; ends_at: string }[]; next_cursor: string | null } = (
        await call('GET', `/api/challenges/discover?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.items.map((c: { id: number }) => c.id));
      ends.push(...page.items.map((c) => Date.parse(c.ends_at)));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // Any time: the newest first, across pages (not the oldest closed one on top).
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
    const ended = await create({
      title: 'Long ago',
      starts_at: new Date(now() - 72 * HOUR).toISOString(),
      ends_at: new Date(now() - 48 * HOUR).toISOString(),
    });
    const anyTime: { id: number; ends_at: string }[] = (await call('GET', '/api/challenges/discover?limit=100')).json().items;
    const times = anyTime.map((c) => Date.parse(c.ends_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(anyTime.map((c) => c.id)).toContain(ended.id);
    expect(anyTime[0]!.id).not.toBe(ended.id);
    expect(seen.length).toBeGreaterThan(3);
    expect((await call('GET', '/api/challenges/discover?cursor=garbage')).statusCode).toBe(400);
    const fresh = await signIn(t, 'new@example.test', 'athlete-password', 'Newbie');
    const recs = (await call('GET', '/api/challenges/recommendations', fresh)).json();
    expect(recs.items.length).toBeGreaterThan(0);
    const joinedByAna = (await call('GET', '/api/challenges/my-participating', athletes[0])).json().items.map((c: { id: number }) => c.id);
    const recsForAna = (await call('GET', '/api/challenges/recommendations', athletes[0])).json().items.map((c: { id: number }) => c.id);
    expect(recsForAna.filter((id: number) => joinedByAna.includes(id))).toEqual([]);
  });

  it('validates challenge input and needs sign-in and CSRF to write', async () => {
    const base = {
      title: 'X',
      score_type: 'time',
      starts_at: new Date(now()).toISOString(),
      ends_at: new Date(now() + HOUR).toISOString(),
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/challenges/', payload: base })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/challenges/', payload: base, headers: authHeaders(creator, false) })).statusCode,
    ).toBe(403);
    for (const bad of [
      { ...base, title: '  ' },
      { ...base, score_type: 'vibes' },
      { ...base, ends_at: base.starts_at },
      { ...base, score_type: 'rounds_reps' },
      { ...base, score_type: 'reps', time_cap_seconds: 60 },
      { ...base, cover_image_url: 'javascript:alert(1)' },
      { ...base, title: 'x'.repeat(121) },
    ]) {
      const res = await call('POST', '/api/challenges/', creator, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }
  });
  it('withdrawing a best score falls back to the next best, and a reviewed score ranks once verified', async () => {
    const c = await create({ title: 'Wall balls', score_type: 'reps', time_cap_seconds: null, has_tiebreak: false });
    const [ana, ben, cy, dee, eve, finn] = athletes as [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn, SignedIn];
    for (const a of [ana, ben, cy, dee, eve, finn]) await join(a, c.id);
    await submit(ana, c.id, { reps: 90 });
    const best = (await submit(ana, c.id, { reps: 120 })).json();
    await submit(ben, c.id, { reps: 100 });
    expect(names(await board(c.id))).toEqual(['1 Ana', '2 Ben']);
    expect((await call('DELETE', `/api/challenges/${c.id}/scores/${best.score.id}`, ben)).statusCode).toBe(403);
    const withdrawn = await call('DELETE', `/api/challenges/${c.id}/scores/${best.score.id}`, ana);
    expect(withdrawn.json()).toMatchObject({ rank: 2 });
    expect(names(await board(c.id))).toEqual(['1 Ben', '2 Ana']);
    expect((await board(c.id)).items[1].score.display).toBe('90 reps');
    expect((await call('DELETE', `/api/challenges/${c.id}/scores/${best.score.id}`, ana)).statusCode).toBe(404);
    // An admin removes Ben's only score: he leaves the board.
    const benScore = (await board(c.id)).items[0].score.id;
    expect((await call('DELETE', `/api/challenges/${c.id}/scores/${benScore}`, admin)).json()).toMatchObject({ rank: null });
    expect(names(await board(c.id))).toEqual(['1 Ana']);
    expect((await board(c.id)).total).toBe(1);
    // Far beyond the leaders: held, listed for review, ranked once verified.
    for (const [i, a] of [cy, dee, eve, finn].entries()) await submit(a, c.id, { reps: 80 + i });
    const held = (await submit(ben, c.id, { reps: 400 })).json();
    expect(held.score.verification).toBe('unverified');
    const pending = (await call('GET', '/api/challenges/admin/scores/pending', admin)).json();
    expect(pending.items.map((p: { score: { id: number } }) => p.score.id)).toContain(held.score.id);
    expect((await call('GET', '/api/challenges/admin/scores/pending', ben)).statusCode).toBe(403);
    const verified = await call('POST', `/api/challenges/admin/scores/${held.score.id}/review`, admin, { decision: 'verify' });
    expect(verified.json()).toMatchObject({ rank: 1, score: { verification: 'verified' } });
    expect(names(await board(c.id))[0]).toBe('1 Ben');
    const again = { decision: 'reject', reason: 'Checked twice' };
    expect((await call('POST', `/api/challenges/admin/scores/${held.score.id}/review`, admin, again)).statusCode).toBe(409);
    // Another held result: rejecting it needs a reason, which its athlete then reads (and gets by mail).
    const dubious = (await submit(ana, c.id, { reps: 900 })).json();
    expect(dubious.score).toMatchObject({ verification: 'unverified', held_reason: expect.stringMatching(/beyond the division’s leader/) });
    const url = `/api/challenges/admin/scores/${dubious.score.id}/review`;
    for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: '  ' }, { decision: 'verify', reason: 'fine' }]) {
      const refused = await call('POST', url, admin, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const stillPending = (await call('GET', '/api/challenges/admin/scores/pending', admin)).json();
    expect(stillPending.items.map((p: { score: { id: number } }) => p.score.id)).toContain(dubious.score.id);
    const rejected = await call('POST', url, admin, { decision: 'reject', reason: 'No video of the full set.' });
    expect(rejected.json()).toMatchObject({ score: { verification: 'rejected', review_reason: 'No video of the full set.' } });
    const mine = (await call('GET', '/api/challenges/my-submissions', ana)).json();
    expect(mine.items.find((r: { score: { id: number } }) => r.score.id === dubious.score.id)).toMatchObject({
      is_best: false,
      score: { verification: 'rejected', review_reason: 'No video of the full set.' },
    });
    const inbox = (await call('GET', '/api/notifications', ana)).json();
    expect(inbox.items[0]).toMatchObject({ kind: 'score_rejected', read: false, link: '/my-results-page' });
    expect(inbox.items[0].body).toContain('No video of the full set.');
    await runDueJobs(t.context, notificationMailJobHandlers);
    const mail = t.outbox.sent.find((m) => /was not accepted/.test(m.subject));
    expect(mail?.text).toContain('No video of the full set.');
  });

  // Runs last: it moves the clock past every token's life.
  it('opens and closes by time: no joining or scoring outside the window', async () => {
    const upcoming = await create({
      title: 'Later',
      starts_at: new Date(now() + HOUR).toISOString(),
      ends_at: new Date(now() + 2 * HOUR).toISOString(),
    });
    expect(upcoming.status).toBe('upcoming');
    const ana = athletes[0]!;
    expect((await join(ana, upcoming.id)).statusCode).toBe(200);
    const early = await submit(ana, upcoming.id, { time_ms: 300_000 });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/not opened yet/);
    // Moving the clock an hour expires access tokens (15 minutes): sign in again after each move.
    t.clock.advance(HOUR + 1000);
    let again = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    expect((await submit(again, upcoming.id, { time_ms: 300_000 })).statusCode).toBe(201);
    t.clock.advance(HOUR);
    again = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const late = await submit(again, upcoming.id, { time_ms: 290_000 });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/closed/);
    const ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    expect((await join(ben, upcoming.id)).statusCode).toBe(409);
    const archive = (await call('GET', '/api/challenges/archive')).json();
    expect(archive.items.map((c: { id: number }) => c.id)).toContain(upcoming.id);
    const open = (await call('GET', '/api/challenges/discover?status=open&limit=100')).json();
    expect(open.items.map((c: { id: number }) => c.id)).not.toContain(upcoming.id);
  });
});
