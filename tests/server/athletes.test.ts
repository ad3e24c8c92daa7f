import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CHANNEL } from '#server/lib/realtime/realtime-events.ts';
import { authHeaders, createTestApp, databaseKinds, globalBucketCounts, signIn, type SignedIn } from './helpers.ts';

const MILE = {
  name: '1-mile run',
  description: 'One mile on a track or a measured course.',
  category: 'endurance',
  movement: 'run',
  unit: 'seconds',
  direction: 'lower',
  min_value: 210,
  max_value: 3600,
  standards: [
    {
      sex: 'male',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 720 },
        { score: 600, value: 360 },
        { score: 1000, value: 240 },
      ],
    },
    {
      sex: 'female',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 840 },
        { score: 600, value: 420 },
        { score: 1000, value: 300 },
      ],
    },
  ],
  status: 'active',
};

const SQUAT = {
  name: 'Back squat 1RM',
  category: 'strength',
  movement: 'squat',
  unit: 'kg',
  direction: 'higher',
  min_value: 10,
  max_value: 500,
  standards: [
    {
      sex: 'male',
      bodyweight_min_kg: 90,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 60 },
        { score: 500, value: 140 },
        { score: 1000, value: 250 },
      ],
    },
    {
      sex: 'male',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 50 },
        { score: 500, value: 120 },
        { score: 1000, value: 220 },
      ],
    },
    {
      sex: 'any',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 40 },
        { score: 1000, value: 200 },
      ],
    },
  ],
  status: 'active',
};

describe.each(databaseKinds)('athletes and personal records on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let ana: SignedIn;
  let ben: SignedIn;
  let cy: SignedIn;
  let mile: { id: number };
  let squat: { id: number };
  const events: { type: string; user_id?: number; test_id?: number; new_record_value_raw?: string }[] = [];
  let unlisten: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
    cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    unlisten = await t.context.database.listen(REALTIME_CHANNEL, (payload) => {
      const envelope = JSON.parse(payload) as { message: (typeof events)[number] };
      if (envelope.message.type === 'PERSONAL_RECORD_ACHIEVED') events.push(envelope.message);
    });
    mile = (await call('POST', '/api/v1/tests', admin, MILE)).json();
    squat = (await call('POST', '/api/v1/tests', admin, SQUAT)).json();
    await call('PUT', '/api/v1/athlete-profiles/me', ana, { display_name: 'Ana', sex: 'female', bodyweight_kg: 61, birth_year: 1990 });
    await call('PUT', '/api/v1/athlete-profiles/me', ben, { display_name: 'Ben', sex: 'male', bodyweight_kg: 95, birth_year: 1985 });
  });
  afterAll(async () => {
    await unlisten();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const submit = (who: SignedIn, body: Record<string, unknown>) =>
    call('POST', '/api/v1/athlete-profiles/submit-pr', who, { achieved_on: '2026-11-01', ...body });
  const approve = (id: number, who: SignedIn = admin) => call('POST', `/api/v1/athlete-profiles/admin/approve/${id}`, who);
  const submitAndApprove = async (who: SignedIn, body: Record<string, unknown>) => {
    const res = await submit(who, body);
    expect(res.statusCode, res.body).toBe(201);
    const outcome = await approve(res.json().id);
    expect(outcome.statusCode, outcome.body).toBe(200);
    return outcome.json() as { record: { id: number; normalized_score: number; is_best: boolean; value: number }; new_best: boolean };
  };
  const myRecords = async (who: SignedIn) => (await call('GET', '/api/v1/athlete-profiles/user-prs', who)).json();
  /** NOTIFY arrives a moment after the commit. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  describe('the tests catalogue', () => {
    it('refuses a second test with the same name in another case, with a reason', async () => {
      const res = await call('POST', '/api/v1/tests', admin, { ...MILE, name: '  1-MILE   run ' });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/already exists/);
    });

    it('refuses bounds in the wrong order and a standard that does not follow the direction, naming it', async () => {
      const bounds = await call('POST', '/api/v1/tests', admin, { ...MILE, name: 'Mile B', min_value: 500, max_value: 400 });
      expect(bounds.statusCode).toBe(400);
      expect(bounds.json().detail).toMatch(/must be below/);
      const wrongWay = {
        ...MILE,
        name: 'Mile C',
        standards: [
          MILE.standards[0],
          {
            sex: 'female',
            bodyweight_min_kg: null,
            bodyweight_max_kg: null,
            anchors: [
              { score: 0, value: 300 },
              { score: 1000, value: 840 },
            ],
          },
        ],
      };
      const res = await call('POST', '/api/v1/tests', admin, wrongWay);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^Standard 2 \(female\): .*decrease/);
    });

    it('is admin-only to change, and hides drafts from athletes', async () => {
      expect((await call('POST', '/api/v1/tests', ana, { ...MILE, name: 'Mine' })).statusCode).toBe(403);
      const draft = await call('POST', '/api/v1/tests', admin, { ...MILE, name: 'Draft test', status: undefined });
      expect(draft.statusCode).toBe(201);
      expect(draft.json().status).toBe('draft');
      expect((await call('GET', `/api/v1/tests/${draft.json().id}`, ana)).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/tests/${draft.json().id}`)).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/tests/${draft.json().id}`, admin)).statusCode).toBe(200);
      const listed = (await call('GET', '/api/v1/tests', ana)).json().items.map((x: { name: string }) => x.name);
      expect(listed).not.toContain('Draft test');
      expect((await call('GET', '/api/v1/tests?status=draft', admin)).json().items.map((x: { name: string }) => x.name)).toContain(
        'Draft test',
      );
      const master = (await call('GET', '/api/v1/athlete-profiles/master-tests')).json().items.map((x: { name: string }) => x.name);
      expect(master).toEqual(expect.arrayContaining(['1-mile run', 'Back squat 1RM']));
      expect(master).not.toContain('Draft test');
      // Without results it can be deleted.
      expect((await call('DELETE', `/api/v1/tests/${draft.json().id}`, admin)).statusCode).toBe(204);
      expect((await call('GET', `/api/v1/tests/${draft.json().id}`, admin)).statusCode).toBe(404);
    });
  });

  describe('normalizing a result', () => {
    const norm = async (id: number, body: Record<string, unknown>) => call('POST', `/api/v1/tests/${id}/normalize`, undefined, body);

    it('scores at each anchor of a lower-is-better standard and in between, converting mm:ss', async () => {
      const at = async (value: string, sex = 'male') => (await norm(mile.id, { value, unit: 'mm:ss', sex })).json();
      expect(await at('12:00')).toMatchObject({ value: 720, unit: 'seconds', normalized_score: 0 });
      expect((await at('6:00')).normalized_score).toBe(600);
      expect((await at('4:00')).normalized_score).toBe(1000);
      expect((await at('3:59')).normalized_score).toBe(1000); // beyond the best anchor stays at it
      expect((await at('5:00')).normalized_score).toBe(800); // halfway between 600@360 and 1000@240
      expect((await at('13:00')).normalized_score).toBe(0); // worse than the lowest anchor never goes below 0
      expect((await at('7:00', 'female')).normalized_score).toBe(600);
      const seconds = (await norm(mile.id, { value: 300, unit: 'seconds', sex: 'male' })).json();
      expect(seconds.normalized_score).toBe(800);
    });

    it('picks the standard by sex and bodyweight, converts lb, and has no score without a fitting standard', async () => {
      const heavy = (await norm(squat.id, { value: 140, unit: 'kg', sex: 'male', bodyweight_kg: 90 })).json();
      expect(heavy).toMatchObject({ normalized_score: 500, standard: { bodyweight_min_kg: 90 } });
      const light = (await norm(squat.id, { value: 140, unit: 'kg', sex: 'male', bodyweight_kg: 89.9 })).json();
      expect(light.normalized_score).toBe(600); // 500 + 20/100 × 500
      const pounds = (await norm(squat.id, { value: '308.647', unit: 'lb', sex: 'male', bodyweight_kg: 95 })).json();
      expect(pounds.value).toBeCloseTo(140, 2);
      expect(pounds.normalized_score).toBe(500);
      expect((await norm(squat.id, { value: 120, unit: 'kg' })).json().normalized_score).toBe(500); // 'any'
      expect((await norm(mile.id, { value: '6:00', unit: 'mm:ss' })).json()).toMatchObject({ normalized_score: null, standard: null });
    });

    it('refuses impossible and malformed values with a reason', async () => {
      for (const [value, unit, words] of [
        ['-5', 'seconds', /negative/],
        ['NaN', 'seconds', /not a number/],
        ['3:00', 'mm:ss', /outside what is humanly possible/],
        ['140', 'lb', /cannot be entered in lb/],
        ['6:75', 'mm:ss', /not a time/],
      ] as const) {
        const res = await norm(mile.id, { value, unit });
        expect(res.statusCode, `${value} ${unit}`).toBe(400);
        expect(res.json().detail).toMatch(words);
      }
      expect((await norm(999_999, { value: 1, unit: 'kg' })).statusCode).toBe(404);
    });
  });

  describe('submitting and reviewing personal records', () => {
    it('refuses impossible submissions and stores nothing', async () => {
      const before = (await myRecords(cy)).items.length;
      const refused = [
        { test_id: mile.id, value: '-6:00', unit: 'mm:ss' },
        { test_id: mile.id, value: 'NaN', unit: 'seconds' },
        { test_id: mile.id, value: '1:30', unit: 'mm:ss' },
        { test_id: mile.id, value: '2', unit: 'km' },
        { test_id: squat.id, value: '600', unit: 'kg' },
        { test_id: squat.id, value: '100', unit: 'kg', achieved_on: '2026-11-24' },
        { test_id: squat.id, value: '100', unit: 'kg', achieved_on: '1949-12-31' },
        { test_id: squat.id, value: '100', unit: 'kg', evidence_url: 'javascript:alert(1)' },
        { test_id: squat.id, value: '100', unit: 'kg', evidence_url: 'ftp://example.test/video' },
      ];
      for (const body of refused) {
        const res = await submit(cy, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail).toBeTruthy();
      }
      expect((await submit(cy, { test_id: 999_999, value: '100', unit: 'kg' })).statusCode).toBe(404);
      expect((await submit(cy, { test_id: squat.id, value: '100', unit: 'kg', challenge_id: 999_999 })).statusCode).toBe(404);
      expect((await myRecords(cy)).items).toHaveLength(before);
      expect(
        (await call('GET', '/api/v1/athlete-profiles/admin/pending-tests', admin))
          .json()
          .items.filter((r: { user_id: number }) => r.user_id === cy.userId),
      ).toEqual([]);
    });

    it("takes today's date in the athlete's own time zone", async () => {
      // 10:00 UTC on 23 November is already 24 November in Kiritimati (UTC+14).
      await call('PUT', '/api/v1/athlete-profiles/me', cy, { display_name: 'Cy', time_zone: 'Pacific/Kiritimati' });
      const res = await submit(cy, { test_id: squat.id, value: '100', unit: 'kg', achieved_on: '2026-11-24' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'pending',
        value: 100,
        raw_value: '100',
        raw_unit: 'kg',
        is_best: false,
        normalized_score: null,
      });
      expect((await submit(cy, { test_id: squat.id, value: '100', unit: 'kg', achieved_on: '2026-11-25' })).statusCode).toBe(400);
      expect((await call('PUT', '/api/v1/athlete-profiles/me', cy, { display_name: 'Cy', time_zone: 'Mars/Olympus' })).statusCode).toBe(
        400,
      );
    });

    it('lets only admins and editors review, lists the queue oldest first, and refuses a second review', async () => {
      const res = await submit(ana, { test_id: mile.id, value: '7:00', unit: 'mm:ss', note: 'Track, windy' });
      const id = res.json().id;
      expect((await approve(id, ana)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/athlete-profiles/admin/pending-tests', ana)).statusCode).toBe(403);
      const queue = (await call('GET', '/api/v1/athlete-profiles/admin/pending-tests', admin)).json();
      const ids = queue.items.map((r: { id: number }) => r.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
      expect(queue.items.find((r: { id: number }) => r.id === id)).toMatchObject({
        athlete_name: 'Ana',
        athlete_sex: 'female',
        current_best: null,
        test_name: '1-mile run',
      });
      const first = await approve(id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        new_best: true,
        record: { status: 'approved', value: 420, normalized_score: 600, is_best: true },
      });
      const again = await approve(id);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toMatch(/already been approved/);
      expect((await call('POST', `/api/v1/athlete-profiles/admin/reject/${id}`, admin, { reason: 'Too late' })).statusCode).toBe(409);
      expect((await approve(999_999)).statusCode).toBe(404);
    });

    it('rejects with a reason the athlete sees; a rejected record never counts', async () => {
      const res = await submit(ana, { test_id: mile.id, value: '5:00', unit: 'mm:ss' });
      const id = res.json().id;
      expect((await call('POST', `/api/v1/athlete-profiles/admin/reject/${id}`, ana, { reason: 'No video' })).statusCode).toBe(403);
      expect((await call('POST', `/api/v1/athlete-profiles/admin/reject/${id}`, admin, { reason: '   ' })).statusCode).toBe(400);
      const rejected = await call('POST', `/api/v1/athlete-profiles/admin/reject/${id}`, admin, { reason: 'The video stops at lap 3.' });
      expect(rejected.json()).toMatchObject({
        new_best: false,
        record: { status: 'rejected', review_reason: 'The video stops at lap 3.', is_best: false },
      });
      expect((await approve(id)).statusCode).toBe(409);
      const mine = await myRecords(ana);
      expect(mine.bests.find((b: { test_id: number }) => b.test_id === mile.id)).toMatchObject({ value: 420 });
    });

    it('celebrates exactly once per new best, never for an equal or worse result', async () => {
      await settle();
      events.length = 0;
      const first = await submitAndApprove(ben, { test_id: squat.id, value: '140', unit: 'kg', achieved_on: '2026-10-01' });
      expect(first).toMatchObject({ new_best: true, record: { normalized_score: 500, is_best: true } });
      const equal = await submitAndApprove(ben, { test_id: squat.id, value: '308.647', unit: 'lb', achieved_on: '2026-10-02' });
      expect(equal.new_best).toBe(false);
      const worse = await submitAndApprove(ben, { test_id: squat.id, value: '130', unit: 'kg', achieved_on: '2026-10-03' });
      expect(worse.new_best).toBe(false);
      const better = await submitAndApprove(ben, { test_id: squat.id, value: '363.76', unit: 'lb', achieved_on: '2026-10-04' });
      expect(better).toMatchObject({ new_best: true, record: { is_best: true } });
      expect(better.record.value).toBeCloseTo(165, 2);
      await settle();
      expect(events.map((e) => [e.user_id, e.test_id, e.new_record_value_raw])).toEqual([
        [ben.userId, squat.id, '140'],
        [ben.userId, squat.id, '363.76'],
      ]);
      const achievements = (await call('GET', '/api/achievements/me', ben))
        .json()
        .items.filter((a: { type: string }) => a.type === 'personal_record');
      expect(achievements).toHaveLength(2);
      const posts = (await call('GET', `/api/v1/athlete-profiles/${ben.userId}/timeline`)).json().items;
      expect(posts.map((p: { body: string }) => p.body)).toEqual([
        'New personal record on Back squat 1RM: 164.999 kg',
        'New personal record on Back squat 1RM: 140 kg',
      ]);
      const mine = await myRecords(ben);
      expect(mine.items.filter((r: { is_best: boolean }) => r.is_best).map((r: { raw_value: string }) => r.raw_value)).toEqual(['363.76']);
      expect(mine.bests).toEqual([expect.objectContaining({ test_id: squat.id, rank: 1, athletes: 1, normalized_score: 614 })]);
      expect(mine.global).toMatchObject({ rank: 1, total: 614, tests_count: 1 });
      const history = (await call('GET', `/api/v1/athlete-profiles/${ben.userId}/performance-history?test_id=${squat.id}`)).json();
      expect(history.series[0].points.map((p: { achieved_on: string; value: number }) => [p.achieved_on, Math.round(p.value)])).toEqual([
        ['2026-10-01', 140],
        ['2026-10-02', 140],
        ['2026-10-03', 130],
        ['2026-10-04', 165],
      ]);
    });

    it('keeps at most 20 submissions waiting per athlete', async () => {
      const dee = await signIn(t, 'dee@example.test', 'athlete-password', 'Dee');
      for (let i = 0; i < 20; i++) expect((await submit(dee, { test_id: squat.id, value: 100 + i, unit: 'kg' })).statusCode).toBe(201);
      const refused = await submit(dee, { test_id: squat.id, value: 150, unit: 'kg' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/20 results waiting/);
    });
  });

  describe('changing a test that has results', () => {
    it('keeps unit and direction, refuses deletion, re-scores on new standards', async () => {
      const changedUnit = await call('PUT', `/api/v1/tests/${squat.id}`, admin, { ...SQUAT, unit: 'reps' });
      expect(changedUnit.statusCode).toBe(409);
      expect(changedUnit.json().detail).toMatch(/unit and direction/);
      expect((await call('PUT', `/api/v1/tests/${squat.id}`, admin, { ...SQUAT, direction: 'lower', standards: [] })).statusCode).toBe(409);
      const del = await call('DELETE', `/api/v1/tests/${squat.id}`, admin);
      expect(del.statusCode).toBe(409);
      expect(del.json().detail).toMatch(/retire it instead/);
      // Heavier men's standard moves: 165 kg at 95 kg bodyweight is now the 500 anchor.
      const standards = [
        {
          ...SQUAT.standards[0],
          anchors: [
            { score: 0, value: 80 },
            { score: 500, value: 165 },
            { score: 1000, value: 260 },
          ],
        },
        ...SQUAT.standards.slice(1),
      ];
      const saved = await call('PUT', `/api/v1/tests/${squat.id}`, admin, { ...SQUAT, standards });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ athletes_count: 1, pending_count: 21 });
      const mine = await myRecords(ben);
      expect(mine.bests[0]).toMatchObject({ normalized_score: 500 });
      expect(mine.global).toMatchObject({ total: 500 });
      // Retired tests stop counting toward the global score; active again, they count.
      expect((await call('PUT', `/api/v1/tests/${squat.id}/status`, admin, { status: 'retired' })).json().status).toBe('retired');
      expect((await myRecords(ben)).global).toBeNull();
      expect((await submit(ben, { test_id: squat.id, value: 170, unit: 'kg' })).statusCode).toBe(400);
      await call('PUT', `/api/v1/tests/${squat.id}/status`, admin, { status: 'active' });
      expect((await myRecords(ben)).global).toMatchObject({ total: 500 });
    });
  });

  describe('profiles', () => {
    it('creates once, then shows private fields only to the athlete', async () => {
      const eve = await signIn(t, 'eve@example.test', 'athlete-password', 'Eve');
      const blank = (await call('GET', '/api/v1/athlete-profiles/me', eve)).json();
      expect(blank).toMatchObject({
        exists: false,
        display_name: 'Eve',
        time_zone: 'UTC',
        privacy: { birth_year: 'private', records: 'public' },
      });
      const created = await call('POST', '/api/v1/athlete-profiles/me', eve, {
        display_name: 'Eve Larsen',
        sex: 'female',
        birth_year: 1980,
        bodyweight_kg: 66,
        gym: 'Harbour Barbell',
        bio: 'Rower turned lifter.',
        privacy: { sex: 'public', birth_year: 'private', bodyweight: 'private', gym: 'private', bio: 'public', records: 'private' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ exists: true, display_name: 'Eve Larsen', birth_year: 1980, gym: 'Harbour Barbell' });
      expect((await call('POST', '/api/v1/athlete-profiles/me', eve, { display_name: 'Eve' })).statusCode).toBe(409);
      expect((await call('PUT', '/api/v1/athlete-profiles/me', eve, { display_name: 'Eve', birth_year: 2020 })).statusCode).toBe(400);
      expect(
        (await call('PUT', '/api/v1/athlete-profiles/me', eve, { display_name: 'Eve', avatar_url: 'http://x.test/a.png' })).statusCode,
      ).toBe(400);

      const seenByOthers = (await call('GET', `/api/v1/athlete-profiles/${eve.userId}`, ana)).json();
      expect(seenByOthers).toMatchObject({
        display_name: 'Eve Larsen',
        sex: 'female',
        age_group: null,
        bodyweight_class: null,
        gym: null,
        bio: 'Rower turned lifter.',
        is_me: false,
        records_public: false,
      });
      expect(seenByOthers).not.toHaveProperty('birth_year');
      const seenSignedOut = (await call('GET', `/api/v1/athlete-profiles/${eve.userId}`)).json();
      expect(seenSignedOut).toMatchObject({ age_group: null, gym: null, is_me: false });
      const seenBySelf = (await call('GET', `/api/v1/athlete-profiles/${eve.userId}`, eve)).json();
      expect(seenBySelf).toMatchObject({ age_group: '45-49', bodyweight_class: '60-70', gym: 'Harbour Barbell', is_me: true });

      await submitAndApprove(eve, { test_id: mile.id, value: '7:00', unit: 'mm:ss' });
      expect((await call('GET', `/api/v1/athlete-profiles/${eve.userId}/personal-records`, ana)).json()).toEqual({
        records_public: false,
        bests: [],
      });
      expect((await call('GET', `/api/v1/athlete-profiles/${eve.userId}/performance-history`)).json()).toEqual({ series: [] });
      expect((await call('GET', `/api/v1/athlete-profiles/${eve.userId}/timeline`)).json()).toEqual({ items: [] });
      expect((await call('GET', `/api/v1/athlete-profiles/${eve.userId}/personal-records`, eve)).json().bests).toHaveLength(1);
      expect((await call('GET', `/api/v1/athlete-profiles/999999`)).statusCode).toBe(404);
    });

    it('shows achievements and global standing on the public profile', async () => {
      const profile = (await call('GET', `/api/v1/athlete-profiles/${ben.userId}`)).json();
      expect(profile.achievements_count).toBeGreaterThanOrEqual(2);
      expect(profile.total_points).toBeGreaterThan(0);
      expect(profile.global).toMatchObject({ total: 500, tests_count: 1 });
      expect(profile.sex).toBe('male');
      expect(profile.age_group).toBeNull(); // birth year is private by default
    });
  });

  it("keeps the global ranking's bucket counts equal to a recount", async () => {
    const { kept, recount } = await globalBucketCounts(t.context.database.db);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recount);
  });
});
