import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.ts';
import { users } from '#server/db/schema.ts';
import { gymNameKey } from '#domain/gyms.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;

describe.each(databaseKinds)('editing gyms on %s', (kind) => {
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
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const addGym = async (body: object) => {
    const res = await call('POST', '/api/gyms', ann, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string };
  };
  const edit = (gymId: number, who: SignedIn | undefined, body: object) => call('PATCH', `/api/gyms/${gymId}`, who, body);
  const gymRow = async (id: number) =>
    (
      await rowsOf<{ name: string; name_key: string; city: string; country: string; website: string }>(
        db(),
        sql`select name, name_key, city, country, website from gyms where id = ${id}`,
      )
    )[0];
  const shownGyms = async (id: number) =>
    (
      await rowsOf<{ gym: string }>(
        db(),
        sql`select gym from athlete_profiles where gym_id = ${id} union all select gym from teams where gym_id = ${id}`,
      )
    ).map((r) => r.gym);
  const edits = async (id: number) =>
    rowsOf<{ action: string; detail: Record<string, string> }>(
      db(),
      sql`select action, detail from gym_changes where gym_id = ${id} and action = 'edit' order by id`,
    );

  it('editors and administrators edit; athletes and visitors may not, and nothing changes', async () => {
    const gym = await addGym({ name: 'Permit Box', city: 'Oslo' });
    expect((await edit(gym.id, ann, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await edit(gym.id, undefined, { name: 'Hijacked' })).statusCode).toBe(401);
    expect((await gymRow(gym.id))?.name).toBe('Permit Box');
    const byEditor = await edit(gym.id, editor, { city: 'Bergen', country: 'no', website: 'https://permit.example' });
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    expect(byEditor.json()).toMatchObject({ name: 'Permit Box', city: 'Bergen', country: 'NO', website: 'https://permit.example' });
    const byAdmin = await edit(gym.id, admin, { name: '  Permit   Barbell ' });
    expect(byAdmin.json()).toMatchObject({ name: 'Permit Barbell', city: 'Bergen' });
    expect((await edit(999999, editor, { name: 'Nowhere' })).statusCode).toBe(404);
  });

  it('a rename recomputes the name key, every athlete and team shows the new name, and the audit keeps before and after', async () => {
    const gym = await addGym({ name: 'Old Forge', city: 'Leeds' });
    for (const [who, name] of [
      [ann, 'Ann Athlete'],
      [bob, 'Bob Barbell'],
    ] as const) {
      const saved = await call('PUT', '/api/v1/athlete-profiles/me', who, { display_name: name, privacy: PUBLIC, gym_id: gym.id });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    expect((await call('POST', '/api/teams', ann, { name: 'Forge Lifters', gym: 'old forge' })).statusCode).toBe(201);
    expect(await shownGyms(gym.id)).toEqual(['Old Forge', 'Old Forge', 'Old Forge']);

    const renamed = await edit(gym.id, editor, { name: 'New Forge Barbell' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await gymRow(gym.id)).toMatchObject({ name: 'New Forge Barbell', name_key: gymNameKey('New Forge Barbell'), city: 'Leeds' });
    expect(await shownGyms(gym.id)).toEqual(['New Forge Barbell', 'New Forge Barbell', 'New Forge Barbell']);
    expect((await call('GET', `/api/v1/athlete-profiles/${bob.userId}`)).json()).toMatchObject({ gym: 'New Forge Barbell' });
    expect((await call('GET', `/api/gyms/${gym.id}`)).json().gym.name).toBe('New Forge Barbell');
    expect(await edits(gym.id)).toEqual([{ action: 'edit', detail: { name_before: 'Old Forge', name_after: 'New Forge Barbell' } }]);
    // Saving the same values again changes and records nothing.
    expect((await edit(gym.id, editor, { name: 'New Forge Barbell', city: 'Leeds' })).statusCode).toBe(200);
    expect(await edits(gym.id)).toHaveLength(1);
  });

  it('a name and city another gym has (whatever the case) is a 409 naming it, and nothing is stored', async () => {
    await addGym({ name: 'Steel Mill', city: 'Lyon' });
    const other = await addGym({ name: 'Copper Mill', city: 'Lyon' });
    const before = await gymRow(other.id);
    for (const body of [{ name: 'STEEL MILL' }, { name: 'the steel-mill gym', city: 'lyon' }]) {
      const res = await edit(other.id, editor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(refusal(res)).toContain('Steel Mill (Lyon) is already listed');
    }
    expect(await gymRow(other.id)).toEqual(before);
    expect(await edits(other.id)).toEqual([]);
    // The same name in another city is another gym.
    expect((await edit(other.id, editor, { name: 'Steel Mill', city: 'Paris' })).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 naming the field and stores nothing', async () => {
    const gym = await addGym({ name: 'Strict Box' });
    const before = await gymRow(gym.id);
    const bad: [object, RegExp][] = [
      [{}, /.+/],
      [{ name: '   ' }, /name/i],
      [{ name: 'x'.repeat(81) }, /name/],
      [{ country: 'DEU' }, /country/],
      [{ country: '1x' }, /country/i],
      [{ website: 'ftp://strict.example' }, /website/i],
      [{ name: 'Strict Box', verified: true }, /verified/],
    ];
    for (const [body, why] of bad) {
      const res = await edit(gym.id, editor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusal(res), JSON.stringify(body)).toMatch(why);
    }
    expect(await gymRow(gym.id)).toEqual(before);
    expect(await edits(gym.id)).toEqual([]);
  });
});
