import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.ts';
import { athleteProfiles, users } from '#server/db/schema.ts';
import { createChallenge, joinChallenge, rankings, submitScore } from '#server/areas/challenges/index.ts';
import { gymNameKey, sameGym } from '#domain/gyms.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;
const MIGRATIONS = new URL('../../server/db/migrations/', import.meta.url);
/** The hand-written data migration (its number moves when migrations are combined). */
const MIGRATION = readFileSync(
  new URL(
    readdirSync(MIGRATIONS).find((f) => f.endsWith('_gyms_from_text.sql'))!,
    MIGRATIONS,
  ),
  'utf8',
);

describe('gym names', () => {
  it('treats case, accents, spacing, punctuation and "the"/"gym" as the same name', () => {
    expect(gymNameKey('The Iron Gym')).toBe(gymNameKey('iron-gym'));
    expect(gymNameKey('  Café   Barbell ')).toBe(gymNameKey('CAFE BARBELL'));
    expect(gymNameKey('Gymnasium One')).not.toBe(gymNameKey('One'));
    expect(gymNameKey('The Gym')).not.toBe('');
  });
  it('is a near-duplicate exactly when the keys match and the cities do not tell them apart', () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,8}$/);
    fc.assert(
      fc.property(word, word, fc.constantFrom('', 'Berlin', 'Paris'), (a, b, city) => {
        expect(sameGym({ name: a, city }, { name: ` ${a.toUpperCase()} `, city: '' })).toBe(true);
        expect(sameGym({ name: a, city: 'Berlin' }, { name: a, city: 'Paris' })).toBe(false);
        expect(sameGym({ name: a, city }, { name: b, city })).toBe(gymNameKey(a) === gymNameKey(b));
      }),
    );
  });
});

describe.each(databaseKinds)('gyms on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let editor: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    await signIn(t, 'editor@example.test', 'editor-password', 'Eddie Editor');
    await t.context.database.db.update(users).set({ role: 'editor' }).where(eq(users.emailNormalized, 'editor@example.test'));
    editor = await signIn(t, 'editor@example.test', 'editor-password', 'Eddie Editor');
    ann = await signIn(t, 'ann@example.test', 'athlete-password', 'Ann Athlete');
    bob = await signIn(t, 'bob@example.test', 'athlete-password', 'Bob Barbell');
  });
  afterAll(async () => t.close());

  const db = () => t.context.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const gymCount = async () => (await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from gyms`))[0]!.n;
  const addGym = async (who: SignedIn, body: object) => {
    const res = await call('POST', '/api/gyms', who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string; verified: boolean };
  };
  const saveProfile = (who: SignedIn, body: object) =>
    call('PUT', '/api/v1/athlete-profiles/me', who, { display_name: 'x', privacy: PUBLIC, ...body });

  it('adds a gym for a signed-in athlete and refuses near-duplicates with 409 naming the listed gym', async () => {
    expect((await call('POST', '/api/gyms', undefined, { name: 'Anon Box' })).statusCode).toBe(401);
    const gym = await addGym(ann, { name: '  Iron   Temple ', city: 'Berlin', country: 'de', website: 'https://irontemple.example' });
    expect(gym).toMatchObject({ name: 'Iron Temple', country: 'DE', verified: false });
    const before = await gymCount();
    for (const name of ['iron temple', 'The Iron-Temple Gym', 'IRON TEMPLE']) {
      const res = await call('POST', '/api/gyms', bob, { name, city: 'berlin' });
      expect(res.statusCode, name).toBe(409);
      expect(res.json().detail).toContain('Iron Temple (Berlin)');
      expect(res.json().existing_gym.id).toBe(gym.id);
    }
    // The same name in another city is another gym.
    await addGym(bob, { name: 'Iron Temple', city: 'Munich' });
    expect(await gymCount()).toBe(before + 1);
  });

  it('refuses bad gym input with a clear 400 and stores nothing', async () => {
    const before = await gymCount();
    for (const [body, words] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'Ok Box', country: 'Germany' }, 'country'],
      [{ name: 'Ok Box', country: 'D1' }, 'two-letter'],
      [{ name: 'Ok Box', website: 'javascript:alert(1)' }, 'website'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'Ok Box', extra: 1 }, ''],
    ] as const) {
      const res = await call('POST', '/api/gyms', ann, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusal(res)).toContain(words);
    }
    expect(await gymCount()).toBe(before);
  });

  it('autocompletes by name prefix: verified first, then by name, bounded', async () => {
    const names = ['Zeta Prefix Box', 'Alpha Prefix Box', 'Mid Prefix Box'];
    const made = [];
    for (const name of names) made.push(await addGym(ann, { name: `Px ${name}` }));
    expect((await call('PUT', `/api/gyms/${made[0]!.id}/verified`, editor, { verified: true })).statusCode).toBe(200);
    // Their author sees the gyms they added, verified ones first; everyone else only the verified one.
    const res = await call('GET', '/api/gyms?q=px', ann);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((g: { name: string }) => g.name)).toEqual([
      'Px Zeta Prefix Box',
      'Px Alpha Prefix Box',
      'Px Mid Prefix Box',
    ]);
    expect((await call('GET', '/api/gyms?q=px')).json().items.map((g: { name: string }) => g.name)).toEqual(['Px Zeta Prefix Box']);
    expect((await call('GET', '/api/gyms?q=px', bob)).json().items.map((g: { name: string }) => g.name)).toEqual(['Px Zeta Prefix Box']);
    // Editors see every gym: they verify and merge the unverified ones.
    expect((await call('GET', '/api/gyms?q=px', editor)).json().items).toHaveLength(3);
    expect((await call('GET', '/api/gyms?q=PX%20A', ann)).json().items.map((g: { name: string }) => g.name)).toEqual([
      'Px Alpha Prefix Box',
    ]);
    // Wildcards are letters here, not patterns.
    expect((await call('GET', '/api/gyms?q=%25', ann)).json().items).toEqual([]);
    // Twelve of one's own (an administrator has no daily limit on adding gyms): ten come back.
    for (let i = 0; i < 12; i++) await addGym(admin, { name: `Many ${String(i).padStart(2, '0')}` });
    expect((await call('GET', '/api/gyms?q=many', admin)).json().items).toHaveLength(10);
    expect((await call('GET', '/api/gyms?q=many&limit=3', admin)).json().items).toHaveLength(3);
    expect((await call('GET', '/api/gyms?q=many&limit=50')).statusCode).toBe(400);
    expect((await call('GET', '/api/gyms?q=')).statusCode).toBe(400);
  });

  it('lets only editors and administrators list, verify and merge', async () => {
    const a = await addGym(ann, { name: 'Perm A' });
    const b = await addGym(ann, { name: 'Perm B' });
    for (const who of [undefined, ann]) {
      const status = who ? 403 : 401;
      expect((await call('GET', '/api/gyms/manage', who)).statusCode).toBe(status);
      expect((await call('PUT', `/api/gyms/${a.id}/verified`, who, { verified: true })).statusCode).toBe(status);
      expect((await call('POST', `/api/gyms/${a.id}/merge`, who, { into_gym_id: b.id })).statusCode).toBe(status);
    }
    expect((await call('GET', `/api/gyms/${a.id}`)).json().gym.verified).toBe(false);
    for (const who of [editor, admin]) {
      const verified = await call('PUT', `/api/gyms/${a.id}/verified`, who, { verified: who === editor });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().verified).toBe(who === editor);
    }
    const list = await call('GET', '/api/gyms/manage?verified=false&q=perm', editor);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((g: { name: string }) => g.name)).toEqual(['Perm A', 'Perm B']);
    expect((await call('PUT', '/api/gyms/999999/verified', admin, { verified: true })).statusCode).toBe(404);
    expect((await call('POST', `/api/gyms/${a.id}/merge`, admin, { into_gym_id: a.id })).statusCode).toBe(400);
    expect((await call('POST', `/api/gyms/${a.id}/merge`, admin, { into_gym_id: 999999 })).statusCode).toBe(404);
    const actions = await rowsOf<{ action: string }>(db(), sql`select action from gym_changes where gym_id = ${a.id} order by id`);
    expect(actions.map((r) => r.action)).toEqual(['create', 'verify', 'unverify']);
  });

  it("counts each gym's athletes and teams in the editors' list", async () => {
    // Named as typed, the way athletes and captains enter it: the profile adds the gym, the team joins it.
    // A few gyms first, so the gym's id is not the team's (a count matching team ids to themselves passed by luck).
    for (const name of ['Counted Filler A', 'Counted Filler B', 'Counted Filler C']) await addGym(bob, { name });
    await saveProfile(ann, { display_name: 'Ann Athlete', gym: 'Counted Barn' });
    const team = await call('POST', '/api/teams', ann, { name: 'Counted Crew', gym: 'Counted Barn' });
    expect(team.statusCode, team.body).toBe(201);
    const listed = (await call('GET', '/api/gyms/manage?q=counted+barn', editor)).json().items;
    expect(listed).toEqual([expect.objectContaining({ name: 'Counted Barn', athlete_count: 1, team_count: 1 })]);
    expect(listed[0].id).not.toBe(team.json().id);
    await saveProfile(ann, { display_name: 'Ann Athlete', gym_id: null });
  });

  it('puts a picked gym on the profile, shows it on the gym page only when public, and clears it', async () => {
    const gym = await addGym(ann, { name: 'Profile Box', city: 'Oslo' });
    const saved = await saveProfile(ann, { display_name: 'Ann Athlete', gym_id: gym.id });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ gym: 'Profile Box', gym_id: gym.id });
    const page = (await call('GET', `/api/gyms/${gym.id}`)).json();
    expect(page.athletes).toEqual([{ user_id: ann.userId, display_name: 'Ann Athlete' }]);
    expect((await call('GET', `/api/v1/athlete-profiles/${ann.userId}`)).json()).toMatchObject({ gym_id: gym.id });
    await saveProfile(ann, { display_name: 'Ann Athlete', gym_id: gym.id, privacy: { ...PUBLIC, gym: 'private' } });
    expect((await call('GET', `/api/gyms/${gym.id}`)).json().athletes).toEqual([]);
    expect((await saveProfile(ann, { display_name: 'Ann Athlete', gym_id: 999999 })).statusCode).toBe(400);
    const cleared = await saveProfile(ann, { display_name: 'Ann Athlete', gym_id: null });
    expect(cleared.json()).toMatchObject({ gym: null, gym_id: null });
    // A typed name becomes the listed gym of that name.
    const typed = await saveProfile(ann, { display_name: 'Ann Athlete', gym: 'profile BOX' });
    expect(typed.json()).toMatchObject({ gym: 'Profile Box', gym_id: gym.id });
    expect((await call('GET', '/api/gyms/999999')).statusCode).toBe(404);
  });

  it('merges A into B in one go: athletes, teams and their board results move; A is gone and its id leads to B', async () => {
    const a = await addGym(ann, { name: 'Dup Barbell Club' });
    const b = await addGym(bob, { name: 'Barbell Club Dup', city: 'Leeds' });
    await call('PUT', `/api/gyms/${a.id}/verified`, admin, { verified: true });
    await saveProfile(ann, { display_name: 'Ann Athlete', gym_id: a.id });
    await saveProfile(bob, { display_name: 'Bob Barbell', gym_id: b.id });
    const team = await call('POST', '/api/teams', ann, { name: 'Dup Lifters', gym: 'dup barbell club' });
    expect(team.statusCode, team.body).toBe(201);
    const ctx = t.context;
    const now = ctx.now().getTime();
    const c = await createChallenge(ctx, admin.userId, {
      title: 'Gym merge row',
      score_type: 'reps',
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    });
    for (const [who, reps] of [
      [ann, 40],
      [bob, 30],
    ] as const) {
      await joinChallenge(ctx, who.userId, c.id, { division: 'rx' });
      await submitScore(ctx, who.userId, c.id, { reps });
    }
    const board = async (gym: string) => (await rankings(ctx, { challenge_id: c.id, gym, offset: 0, limit: 50 }, null)).items;
    expect((await board('Dup Barbell Club')).map((r) => r.athlete.wp_user_id)).toEqual([ann.userId]);

    const merged = await call('POST', `/api/gyms/${a.id}/merge`, editor, { into_gym_id: b.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ gym: { id: b.id, name: 'Barbell Club Dup', verified: true }, athletes_moved: 1, teams_moved: 1 });
    const page = (await call('GET', `/api/gyms/${b.id}`)).json();
    expect(page.athletes.map((x: { user_id: number }) => x.user_id).sort()).toEqual([ann.userId, bob.userId].sort());
    expect(page.teams.map((x: { name: string }) => x.name)).toEqual(['Dup Lifters']);
    // Every result still on the board, found under the surviving gym, in the same order.
    expect((await board('Barbell Club Dup')).map((r) => [r.athlete.wp_user_id, r.rank])).toEqual([
      [ann.userId, 1],
      [bob.userId, 2],
    ]);
    expect(await board('Dup Barbell Club')).toEqual([]);
    expect((await call('GET', `/api/gyms/${a.id}`)).json().gym.id).toBe(b.id);
    expect((await call('POST', `/api/gyms/${a.id}/merge`, editor, { into_gym_id: b.id })).statusCode).toBe(404);
    const audit = await rowsOf<{ action: string; other_name: string }>(
      db(),
      sql`select action, other_name from gym_changes where gym_id = ${b.id} and action = 'merge'`,
    );
    expect(audit).toEqual([{ action: 'merge', other_name: 'Dup Barbell Club' }]);
  });

  it('migrates free-text gyms: one gym per distinct case-insensitive trimmed value, board filter unchanged', async () => {
    const people = await db()
      .insert(users)
      .values(
        ['  Old  Mill ', 'old mill', 'Old Mill', 'OLD MILL', 'Lone Gym', null].map((_, i) => ({
          email: `mig${i}@x.test`,
          emailNormalized: `mig${i}@x.test`,
          passwordHash: 'x',
          displayName: `Mig${i}`,
          createdAt: t.context.now(),
        })),
      )
      .returning({ id: users.id });
    const texts = ['Old Mill', 'old mill', 'Old Mill', 'OLD MILL', 'Lone Gym', null];
    await db()
      .insert(athleteProfiles)
      .values(people.map((p, i) => ({ userId: p.id, privacy: PUBLIC, gym: i === 0 ? '  Old  Mill ' : texts[i] })));
    const ctx = t.context;
    const now = ctx.now().getTime();
    const c = await createChallenge(ctx, admin.userId, {
      title: 'Migration board',
      score_type: 'reps',
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    });
    for (const [i, p] of people.entries()) {
      await joinChallenge(ctx, p.id, c.id, { division: 'rx' });
      await submitScore(ctx, p.id, c.id, { reps: 10 + i });
    }
    const board = async (gym: string) =>
      (await rankings(ctx, { challenge_id: c.id, gym, offset: 0, limit: 50 }, null)).items.map((r) => [r.athlete.wp_user_id, r.rank]);
    const before = { mill: await board('old mill'), lone: await board('Lone Gym') };

    for (const statement of MIGRATION.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));

    const made = await rowsOf<{ name: string; id: number }>(
      db(),
      sql`select id, name from gyms where lower(name) in ('old mill', 'lone gym') order by name`,
    );
    expect(made.map((g) => g.name)).toEqual(['Lone Gym', 'Old Mill']);
    const linked = await rowsOf<{ gym: string | null; gym_id: number | null }>(
      db(),
      sql`select gym, gym_id from athlete_profiles where user_id in ${sql.raw(`(${people.map((p) => p.id).join(',')})`)} order by user_id`,
    );
    const mill = made.find((g) => g.name === 'Old Mill')!.id;
    const lone = made.find((g) => g.name === 'Lone Gym')!.id;
    expect(linked).toEqual([
      { gym: 'Old Mill', gym_id: mill },
      { gym: 'Old Mill', gym_id: mill },
      { gym: 'Old Mill', gym_id: mill },
      { gym: 'Old Mill', gym_id: mill },
      { gym: 'Lone Gym', gym_id: lone },
      { gym: null, gym_id: null },
    ]);
    const key = await rowsOf<{ name_key: string }>(db(), sql`select name_key from gyms where id = ${lone}`);
    expect(key[0]!.name_key).toBe(gymNameKey('Lone Gym'));
    // The untrimmed spelling now counts too; the rest of the board is as before.
    expect(await board('Lone Gym')).toEqual(before.lone);
    expect((await board('old mill')).filter(([id]) => id !== people[0]!.id)).toEqual(before.mill);
    expect((await call('GET', `/api/gyms/${mill}`)).json().athletes_total).toBe(4);
  });
});
