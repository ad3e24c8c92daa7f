import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;

describe.each(databaseKinds)('the gyms directory on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let editor: SignedIn;
  const athletes: SignedIn[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    editor = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    for (const name of ['Ann', 'Bob', 'Cy', 'Di'])
      athletes.push(await signIn(t, `${name.toLowerCase()}@example.test`, 'athlete-password', name));
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const addGym = async (who: SignedIn, name: string, verified: boolean) => {
    const res = await call('POST', '/api/gyms', who, { name, city: 'Lyon' });
    expect(res.statusCode, res.body).toBe(201);
    const gym = res.json() as { id: number };
    if (verified) expect((await call('PUT', `/api/gyms/${gym.id}/verified`, editor, { verified: true })).statusCode).toBe(200);
    return gym.id;
  };
  const train = (who: SignedIn, gymId: number, gymPrivacy: 'public' | 'private' = 'public') =>
    call('PUT', '/api/v1/athlete-profiles/me', who, { display_name: 'x', privacy: { ...PUBLIC, gym: gymPrivacy }, gym_id: gymId });

  it('lists verified gyms only, most athletes showing them first, counting only public gyms and visible teams', async () => {
    const [ann, bob, cy, di] = athletes as [SignedIn, SignedIn, SignedIn, SignedIn];
    const small = await addGym(ann, 'Dir Alpha Box', true);
    const big = await addGym(ann, 'Dir Zulu Barbell', true);
    const spam = await addGym(bob, 'Dir Cheap Pills', false);
    await train(ann, big);
    await train(bob, big);
    await train(cy, small);
    await train(di, big, 'private'); // shows no gym publicly: not counted
    const team = await call('POST', '/api/teams', ann, { name: 'Dir Zulu Lifters', gym: 'Dir Zulu Barbell' });
    expect(team.statusCode, team.body).toBe(201);

    const res = await call('GET', '/api/gyms/directory?q=dir');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: { id: number; athlete_count: number; team_count: number; verified: boolean }[]; total: number };
    expect(page.items.map((g) => g.id)).toEqual([big, small]);
    expect(page.items.map((g) => g.id)).not.toContain(spam);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ athlete_count: 2, team_count: 1, verified: true });
    expect(page.items[1]).toMatchObject({ athlete_count: 1, team_count: 0 });
    // Paged: the second page of one holds the smaller gym.
    const second = (await call('GET', '/api/gyms/directory?q=dir&page=2&page_size=1')).json() as { items: { id: number }[] };
    expect(second.items.map((g) => g.id)).toEqual([small]);
  });

  it('refuses bad paging and search in words, and finds nothing for a name no gym starts with', async () => {
    for (const query of ['page=0', 'page_size=51', 'q=', `q=${'x'.repeat(61)}`, 'page=abc']) {
      const res = await call('GET', `/api/gyms/directory?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const none = (await call('GET', '/api/gyms/directory?q=zzzz-no-such')).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });
});
