import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tests } from '#server/db/schema.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

// Issue #37: a verified score in a challenge not linked to a catalogue test never becomes a personal record, so it
// reached the athlete's profile only as a final place after the challenge closed. Now the profile lists it while the
// challenge runs, with the place on the athlete's own board, named, in one query.
describe.each(databaseKinds)('an athlete’s challenge results for their profile, on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let coach: SignedIn;
  let ana: SignedIn;
  let bea: SignedIn;
  let cal: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    coach = await signIn(t, 'coach@example.test', 'coach-password', 'Coach Carla');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    bea = await signIn(t, 'bea@example.test', 'athlete-password', 'Bea');
    cal = await signIn(t, 'cal@example.test', 'athlete-password', 'Cal');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const results = async (of: SignedIn, who?: SignedIn) => {
    const res = await call('GET', `/api/challenges/athletes/${of.userId}/results`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as {
      challenge: { title: string; status: string };
      score: { display: string; value: number };
      place: { rank: number; of: number; board: string };
      verified: boolean;
    }[];
  };
  async function challenge(title: string, extra: Record<string, unknown> = {}) {
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', coach, {
      title,
      description: 'For time or reps',
      score_type: 'reps',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  }
  const join = async (who: SignedIn, id: number, sex: 'female' | 'male') =>
    expect((await call('POST', `/api/challenges/${id}/join`, who, { division: 'rx', sex })).statusCode).toBe(200);
  const submit = async (who: SignedIn, id: number, body: Record<string, unknown>) => {
    const res = await call('POST', `/api/challenges/${id}/submit-score`, who, body);
    expect(res.statusCode, res.body).toBe(201);
  };

  it('lists a verified score of a running challenge without a catalogue test, with its place on the named board', async () => {
    const amrap = await challenge('Burpee AMRAP', { sex_divisions: 'split' });
    await join(ana, amrap.id, 'female');
    await join(bea, amrap.id, 'female');
    await join(cal, amrap.id, 'male');
    await submit(ana, amrap.id, { reps: 100 });
    await submit(bea, amrap.id, { reps: 120 });
    await submit(cal, amrap.id, { reps: 150 });
    // Seen by anyone, signed in or not: the board is public too.
    for (const viewer of [undefined, cal]) {
      expect(await results(ana, viewer)).toEqual([
        {
          challenge: expect.objectContaining({ title: 'Burpee AMRAP', status: 'open', score_type: 'reps' }),
          score: { status: 'finished', value: 100, display: '100 reps' },
          place: { rank: 2, of: 2, board: 'Women Rx', category: 'female', division: 'rx' },
          verified: true,
        },
      ]);
    }
    // A better score moves the place.
    await submit(ana, amrap.id, { reps: 130 });
    expect((await results(ana))[0]).toMatchObject({ score: { value: 130 }, place: { rank: 1, of: 2, board: 'Women Rx' } });
    expect((await results(cal))[0]).toMatchObject({ place: { rank: 1, of: 1, board: 'Men Rx' } });
  });

  it('leaves out a challenge linked to a catalogue test, a score whose video waits for a judge, and an unlisted challenge for others', async () => {
    const [fran] = await t.context.database.db
      .insert(tests)
      .values({
        name: 'Burpees in 7',
        nameNormalized: 'burpees in 7',
        category: 'benchmark',
        movement: 'mixed',
        unit: 'reps',
        direction: 'higher',
        minValue: 1,
        maxValue: 500,
        status: 'active',
        standards: [],
      })
      .returning();
    const linked = await challenge('Linked burpees', { test_id: fran!.id });
    const filmed = await challenge('Filmed burpees');
    expect((await call('PUT', `/api/judging/challenges/${filmed.id}/video-rule`, coach, { rule: 'every' })).statusCode).toBe(200);
    const unlisted = await challenge('Gym-only burpees', { visibility: 'unlisted' });
    for (const c of [linked, filmed, unlisted]) await join(bea, c.id, 'female');
    await submit(bea, linked.id, { reps: 90 });
    await submit(bea, filmed.id, { reps: 95, video_url: 'https://vimeo.com/123456' });
    await submit(bea, unlisted.id, { reps: 80 });
    const titles = async (viewer?: SignedIn) => (await results(bea, viewer)).map((r) => r.challenge.title).sort();
    expect(await titles()).toEqual(['Burpee AMRAP']);
    expect(await titles(ana)).toEqual(['Burpee AMRAP']);
    expect(await titles(bea)).toEqual(['Burpee AMRAP', 'Gym-only burpees']);
  });

  it('answers 400 for an id that is not one', async () => {
    expect((await call('GET', '/api/challenges/athletes/0/results')).statusCode).toBe(400);
  });
});
