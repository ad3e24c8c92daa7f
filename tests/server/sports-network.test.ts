import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/rows.ts';
import { users } from '#server/db/schema.ts';
import { createChallenge } from '#server/areas/challenges/index.ts';
import { createEvent } from '#server/areas/events/events.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const LEAGUE = { name: 'Rhine Valley League', season_name: '2025', season_starts_on: '2025-01-01', season_ends_on: '2025-12-31' };

describe.each(databaseKinds)('the sports network on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let editor: SignedIn;
  let ann: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    await signIn(t, 'editor@example.test', 'editor-password', 'Eddie Editor');
    await t.context.database.db.update(users).set({ role: 'editor' }).where(eq(users.emailNormalized, 'editor@example.test'));
    editor = await signIn(t, 'editor@example.test', 'editor-password', 'Eddie Editor');
    ann = await signIn(t, 'ann@example.test', 'athlete-password', 'Ann Athlete');
  });
  afterAll(async () => t.close());

  const db = () => t.context.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const countOf = async (table: string) => (await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
  const counts = async () => ({
    federations: await countOf('federations'),
    leagues: await countOf('leagues'),
    gyms: await countOf('league_gyms'),
    events: await countOf('league_events'),
    changes: await countOf('sports_network_changes'),
  });
  const addGym = async (name: string) => (await call('POST', '/api/gyms', ann, { name })).json() as { id: number; name: string };
  async function anEvent(name: string) {
    const now = t.context.now().getTime();
    const w = (title: string) =>
      createChallenge(t.context, admin.userId, {
        title,
        score_type: 'reps',
        kind: 'individual',
        starts_at: new Date(now - 3_600_000).toISOString(),
        ends_at: new Date(now + 86_400_000).toISOString(),
      });
    const ws = [await w(`${name} 1`), await w(`${name} 2`)];
    return createEvent(
      t.context,
      { id: admin.userId, isAdmin: true },
      { name, rule: 'sum_of_places', challenge_ids: ws.map((x) => x.id), starts_at: ws[0]!.starts_at, ends_at: ws[0]!.ends_at },
    );
  }

  it('lets administrators and editors change the network; athletes and signed-out callers cannot; anyone reads', async () => {
    const before = await counts();
    const body = { name: 'Nordic Federation', region: 'Nordics' };
    expect((await call('POST', '/api/sports-network/federations', undefined, body)).statusCode).toBe(401);
    const refused = await call('POST', '/api/sports-network/federations', ann, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/administrator or editor/);
    expect((await call('POST', '/api/sports-network/leagues', ann, LEAGUE)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);

    const byEditor = await call('POST', '/api/sports-network/federations', editor, body);
    expect(byEditor.statusCode, byEditor.body).toBe(201);
    const fed = byEditor.json();
    expect(fed).toMatchObject({ name: 'Nordic Federation', region: 'Nordics', league_count: 0 });
    expect((await call('PUT', `/api/sports-network/federations/${fed.id}`, ann, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/sports-network/federations/${fed.id}`, ann)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/sports-network/federations/${fed.id}`)).statusCode).toBe(401);

    const league = await call('POST', '/api/sports-network/leagues', admin, { ...LEAGUE, name: 'Baltic Cup', federation_id: fed.id });
    expect(league.statusCode, league.body).toBe(201);
    const leagueId = league.json().league.id;
    expect((await call('POST', `/api/sports-network/leagues/${leagueId}/gyms`, ann, { gym_id: 1 })).statusCode).toBe(403);
    expect((await call('GET', `/api/sports-network/changes?subject=league&subject_id=${leagueId}`, ann)).statusCode).toBe(403);

    // Reading is public: the lists, a league and its season table.
    const feds = await call('GET', '/api/sports-network/federations');
    expect(feds.statusCode).toBe(200);
    expect(feds.json().items).toContainEqual(expect.objectContaining({ name: 'Nordic Federation', league_count: 1 }));
    expect(
      (await call('GET', `/api/sports-network/leagues?federation_id=${fed.id}`)).json().items.map((l: { name: string }) => l.name),
    ).toEqual(['Baltic Cup']);
    const season = await call('GET', `/api/sports-network/leagues/${leagueId}/season`);
    expect(season.statusCode).toBe(200);
    expect(season.json()).toMatchObject({ counted_athletes: 3, items: [], events: [] });
    expect((await call('GET', '/api/sports-network/leagues/999999/season')).statusCode).toBe(404);
  });

  it('runs a league’s life: members, events, season table, edits and deletes, each audited', async () => {
    const [iron, barbell] = [await addGym('Iron Harbour'), await addGym('Barbell Fjord')];
    const ev = await anEvent('Harbour Throwdown');
    const fed = (await call('POST', '/api/sports-network/federations', admin, { name: 'Harbour Federation' })).json();
    const made = await call('POST', '/api/sports-network/leagues', admin, {
      ...LEAGUE,
      federation_id: fed.id,
      description: 'Coastal gyms.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().league.id;
    expect(made.json().league).toMatchObject({
      name: 'Rhine Valley League',
      federation: { id: fed.id, name: 'Harbour Federation' },
      gym_count: 0,
    });

    for (const g of [iron, barbell])
      expect((await call('POST', `/api/sports-network/leagues/${id}/gyms`, editor, { gym_id: g.id })).statusCode).toBe(200);
    const withEvent = await call('POST', `/api/sports-network/leagues/${id}/events`, editor, { event_id: ev.id });
    expect(withEvent.statusCode).toBe(200);
    expect(withEvent.json().gyms.map((g: { name: string }) => g.name)).toEqual(['Barbell Fjord', 'Iron Harbour']);
    expect(withEvent.json().events.map((e: { name: string }) => e.name)).toEqual(['Harbour Throwdown']);

    const season = (await call('GET', `/api/sports-network/leagues/${id}/season`, ann)).json();
    expect(season.items.map((r: { place: number; gym: { name: string }; scores: number[] }) => [r.place, r.gym.name, r.scores])).toEqual([
      [1, 'Barbell Fjord', [0]],
      [1, 'Iron Harbour', [0]],
    ]);

    const edited = await call('PUT', `/api/sports-network/leagues/${id}`, editor, {
      ...LEAGUE,
      name: 'Harbour League',
      season_name: '2025 season',
      federation_id: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().league).toMatchObject({ name: 'Harbour League', season_name: '2025 season', federation: null });

    expect((await call('DELETE', `/api/sports-network/leagues/${id}/gyms/${iron.id}`, editor)).json().gyms).toHaveLength(1);
    expect((await call('DELETE', `/api/sports-network/leagues/${id}/events/${ev.id}`, editor)).json().events).toHaveLength(0);
    expect((await call('DELETE', `/api/sports-network/leagues/${id}/gyms/${iron.id}`, editor)).statusCode).toBe(404);

    const changes = await call('GET', `/api/sports-network/changes?subject=league&subject_id=${id}`, editor);
    expect(changes.json().items.map((c: { action: string }) => c.action)).toEqual([
      'remove_event',
      'remove_gym',
      'update',
      'add_event',
      'add_gym',
      'add_gym',
      'create',
    ]);
    expect(changes.json().items[2].detail).toMatchObject({ name: 'Rhine Valley League → Harbour League' });

    // Deleting the federation leaves its leagues; deleting a league takes its memberships with it.
    const league2 = (
      await call('POST', '/api/sports-network/leagues', admin, { ...LEAGUE, name: 'Fjord League', federation_id: fed.id })
    ).json();
    expect((await call('DELETE', `/api/sports-network/federations/${fed.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/sports-network/leagues/${league2.league.id}`)).json().league.federation).toBeNull();
    expect((await call('DELETE', `/api/sports-network/leagues/${id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/sports-network/leagues/${id}`)).statusCode).toBe(404);
    const [leftovers] = await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from league_gyms where league_id = ${id}`);
    expect(leftovers!.n).toBe(0);
    const deletes = await rowsOf<{ subject: string; action: string }>(
      db(),
      sql`select subject, action from sports_network_changes where action = 'delete' and subject_id in (${fed.id}, ${id}) order by id`,
    );
    expect(deletes).toEqual([
      { subject: 'federation', action: 'delete' },
      { subject: 'league', action: 'delete' },
    ]);

    // The whole network's history, newest first, names kept after the league and gyms are gone.
    type Change = { action: string; subject: string; subject_name: string; actor_name: string | null; gym_name: string | null };
    const all = (await call('GET', '/api/sports-network/changes?limit=3', editor)).json() as { total: number; items: Change[] };
    expect(all.total).toBe(await countOf('sports_network_changes'));
    expect(all.items.map((c) => [c.subject, c.action, c.subject_name, c.actor_name])).toEqual([
      ['league', 'delete', 'Harbour League', 'Admin Ada'],
      ['federation', 'delete', 'Harbour Federation', 'Admin Ada'],
      ['league', 'create', 'Fjord League', 'Admin Ada'],
    ]);
    const next = (await call('GET', '/api/sports-network/changes?limit=3&offset=3', editor)).json() as { total: number; items: Change[] };
    expect(next.total).toBe(all.total);
    expect(next.items.map((c) => [c.action, c.subject_name, c.actor_name, c.gym_name])).toEqual([
      ['remove_event', 'Harbour League', 'Eddie Editor', null],
      ['remove_gym', 'Harbour League', 'Eddie Editor', 'Iron Harbour'],
      ['update', 'Harbour League', 'Eddie Editor', null],
    ]);
    const oneLeague = (await call('GET', `/api/sports-network/changes?subject=league&subject_id=${id}&offset=7`, editor)).json();
    expect(oneLeague).toEqual({ total: 8, items: [expect.objectContaining({ action: 'create', subject_name: 'Harbour League' })] });
    const past = (await call('GET', `/api/sports-network/changes?subject=league&subject_id=${id}&offset=50`, editor)).json();
    expect(past).toEqual({ total: 8, items: [] });
    const unsaid = await call('GET', `/api/sports-network/changes?subject_id=${id}`, editor);
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().detail).toMatch(/federation or a league/);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const gym = await addGym('Summit Yard');
    const ev = await anEvent('Summit Open');
    const fed = (await call('POST', '/api/sports-network/federations', admin, { name: 'Alpine Federation' })).json();
    const league = (await call('POST', '/api/sports-network/leagues', admin, { ...LEAGUE, name: 'Alpine League' })).json().league;
    await call('POST', `/api/sports-network/leagues/${league.id}/gyms`, admin, { gym_id: gym.id });
    await call('POST', `/api/sports-network/leagues/${league.id}/events`, admin, { event_id: ev.id });
    const before = await counts();
    const refusals: [string, string, object, number, RegExp][] = [
      ['POST', '/api/sports-network/federations', { name: '' }, 400, /./],
      ['POST', '/api/sports-network/federations', { name: '   ' }, 400, /at least 2 characters/],
      ['POST', '/api/sports-network/federations', { name: 'x'.repeat(121) }, 400, /./],
      ['POST', '/api/sports-network/federations', { name: 'ALPINE federation' }, 409, /Alpine Federation.*already exists/],
      ['PUT', `/api/sports-network/federations/${fed.id}`, { name: 'Nope', extra: 1 }, 400, /./],
      ['PUT', '/api/sports-network/federations/999999', { name: 'Nope' }, 404, /No federation/],
      ['POST', '/api/sports-network/leagues', { ...LEAGUE, name: 'alpine league' }, 409, /Alpine League.*already exists/],
      ['POST', '/api/sports-network/leagues', { ...LEAGUE, name: 'Q' }, 400, /at least 2 characters/],
      ['POST', '/api/sports-network/leagues', { ...LEAGUE, name: 'Other', season_ends_on: '2024-12-31' }, 400, /end on or after/],
      ['POST', '/api/sports-network/leagues', { ...LEAGUE, name: 'Other', season_starts_on: '2025-02-30' }, 400, /YYYY-MM-DD|date/],
      ['POST', '/api/sports-network/leagues', { ...LEAGUE, name: 'Other', federation_id: 999999 }, 422, /federation does not exist/],
      ['POST', '/api/sports-network/leagues', { ...LEAGUE, name: 'Other', season_name: '' }, 400, /./],
      ['POST', `/api/sports-network/leagues/${league.id}/gyms`, { gym_id: gym.id }, 409, /Summit Yard is already a member/],
      ['POST', `/api/sports-network/leagues/${league.id}/gyms`, { gym_id: 999999 }, 422, /gym is not listed/],
      ['POST', '/api/sports-network/leagues/999999/gyms', { gym_id: gym.id }, 404, /No league/],
      ['POST', `/api/sports-network/leagues/${league.id}/events`, { event_id: ev.id }, 409, /already one of this league/],
      ['POST', `/api/sports-network/leagues/${league.id}/events`, { event_id: 999999 }, 422, /event does not exist/],
    ];
    for (const [method, url, body, status, detail] of refusals) {
      const res = await call(method as 'POST', url, admin, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps a merged gym’s league memberships on the gym it went into', async () => {
    const [a, b] = [await addGym('Merge Me Athletics'), await addGym('Survivor Strength')];
    const league = (await call('POST', '/api/sports-network/leagues', admin, { ...LEAGUE, name: 'Merge League' })).json().league;
    await call('POST', `/api/sports-network/leagues/${league.id}/gyms`, admin, { gym_id: a.id });
    expect((await call('POST', `/api/gyms/${a.id}/merge`, admin, { into_gym_id: b.id })).statusCode).toBe(200);
    expect((await call('GET', `/api/sports-network/leagues/${league.id}`)).json().gyms.map((g: { name: string }) => g.name)).toEqual([
      'Survivor Strength',
    ]);
  });
});
