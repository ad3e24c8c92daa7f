import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

// The join asks for what the board needs, and every answer that gives a place names its board.
describe.each(databaseKinds)('places that name their board on %s', (kind) => {
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

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const create = async (title: string, sex: 'split' | 'open') => {
    const now = t.clock.now().getTime();
    const res = await call('POST', '/api/challenges/', coach, {
      title,
      score_type: 'time',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 24 * HOUR).toISOString(),
      sex_divisions: sex,
      age_scheme: 'none',
      overall_board: true,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  };

  it('a challenge with women’s and men’s boards refuses a join that names no board, stores nothing, and defaults from the profile', async () => {
    const fran = await create('Fran apart', 'split');
    const refused = await call('POST', `/api/challenges/${fran.id}/join`, ana, { division: 'rx' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain('choose your board (Women or Men)');
    const count = await call('GET', `/api/challenges/${fran.id}/participants/count`);
    expect(count.json().count).toBe(0);
    // The detail tells the form what the profile says (nothing yet).
    expect((await call('GET', `/api/challenges/${fran.id}`, ana)).json().profile_sex).toBeNull();

    // Saving the board on the profile is asked for in the join: the profile says so afterwards.
    const joined = await call('POST', `/api/challenges/${fran.id}/join`, ana, { division: 'rx', sex: 'female', save_sex_to_profile: true });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ sex: 'female', category: 'female', place: null });
    const detail = (await call('GET', `/api/challenges/${fran.id}`, ana)).json();
    expect(detail.profile_sex).toBe('female');
    const other = await create('Grace apart', 'split');
    // ...so the next challenge with women's and men's boards takes it without asking.
    const next = await call('POST', `/api/challenges/${other.id}/join`, ana, { division: 'rx' });
    expect(next.statusCode).toBe(200);
    expect(next.json().category).toBe('female');

    // Without saying which sex, there is nothing to save.
    const bad = await call('POST', `/api/challenges/${fran.id}/join`, bea, { division: 'rx', save_sex_to_profile: true });
    expect(bad.statusCode).toBe(400);
    // Not asked to, the profile stays as it was.
    await call('POST', `/api/challenges/${fran.id}/join`, bea, { division: 'scaled', sex: 'female' });
    expect((await call('GET', `/api/challenges/${other.id}`, bea)).json().profile_sex).toBeNull();
  });

  it('the submission, my results, the entry and a withdrawal give the place, of how many, and the board', async () => {
    const fran = await create('Fran places', 'split');
    await call('POST', `/api/challenges/${fran.id}/join`, ana, { division: 'rx', sex: 'female' });
    await call('POST', `/api/challenges/${fran.id}/join`, bea, { division: 'rx', sex: 'female' });
    await call('POST', `/api/challenges/${fran.id}/join`, cal, { division: 'rx', sex: 'male' });
    await call('POST', `/api/challenges/${fran.id}/join`, coach, { division: 'scaled', sex: 'female' });
    expect((await call('POST', `/api/challenges/${fran.id}/submit-score`, cal, { time_ms: 150_000 })).statusCode).toBe(201);
    await call('POST', `/api/challenges/${fran.id}/submit-score`, bea, { time_ms: 200_000 });
    await call('POST', `/api/challenges/${fran.id}/submit-score`, coach, { time_ms: 100_000 });
    const submitted = await call('POST', `/api/challenges/${fran.id}/submit-score`, ana, { time_ms: 250_000 });
    expect(submitted.statusCode).toBe(201);
    // Second of the two women in Rx: the man and the Scaled woman are on other boards.
    const place = { rank: 2, of: 2, board: 'Women Rx', category: 'female', division: 'rx' };
    expect(submitted.json().place).toEqual(place);
    // The Scaled woman is first of one on hers, though faster than everyone.
    const mine = (await call('GET', '/api/challenges/my-submissions', coach)).json();
    expect(mine.items[0].place).toEqual({ rank: 1, of: 1, board: 'Women Scaled', category: 'female', division: 'scaled' });
    expect((await call('GET', '/api/challenges/my-submissions', ana)).json().items[0].place).toEqual(place);
    expect((await call('GET', `/api/challenges/${fran.id}`, ana)).json().my_entry.place).toEqual(place);
    const active = (await call('GET', '/api/challenges/my-participating', ana)).json().items;
    expect(active.find((c: { id: number }) => c.id === fran.id).my_place).toEqual(place);

    // Bea withdraws: Ana is first of one, and Bea is off the board.
    const beaScore = (await call('GET', '/api/challenges/my-submissions', bea)).json().items[0].score.id;
    const withdrawn = await call('DELETE', `/api/challenges/${fran.id}/scores/${beaScore}`, bea);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().place).toBeNull();
    expect((await call('GET', `/api/challenges/${fran.id}`, ana)).json().my_entry.place).toEqual({ ...place, rank: 1, of: 1 });
  });

  it('a challenge with one board names only the division', async () => {
    const open = await create('Fran together', 'open');
    await call('POST', `/api/challenges/${open.id}/join`, cal, { division: 'rx' });
    const res = await call('POST', `/api/challenges/${open.id}/submit-score`, cal, { time_ms: 180_000 });
    expect(res.json().place).toEqual({ rank: 1, of: 1, board: 'Rx', category: '', division: 'rx' });
  });

  it('the final place posted on the timeline names the board too', async () => {
    const fran = await create('Fran final', 'split');
    await call('POST', `/api/challenges/${fran.id}/join`, cal, { division: 'scaled', sex: 'male' });
    await call('POST', `/api/challenges/${fran.id}/submit-score`, cal, { time_ms: 190_000 });
    t.clock.advance(25 * HOUR);
    const { postFinalStandings } = await import('#server/areas/challenges/final-standings.ts');
    await postFinalStandings(t.context);
    const { timelinePosts } = await import('#server/db/schema.ts');
    const posts = await t.context.database.db.select().from(timelinePosts);
    expect(posts.filter((p) => p.kind === 'ranking' && p.userId === cal.userId).map((p) => p.body)).toContain(
      'Finished 1st of 1 · Men Scaled in Fran final',
    );
    // The podium is an achievement in the same words, unlocked once.
    await postFinalStandings(t.context);
    const { achievements } = await import('#server/db/schema.ts');
    const earned = await t.context.database.db.select().from(achievements);
    const podiums = earned.filter((a) => a.type === 'podium' && a.userId === cal.userId).map((a) => a.title);
    expect(podiums.filter((title) => title === 'Podium: 1st of 1 · Men Scaled in Fran final')).toHaveLength(1);
  });
});
