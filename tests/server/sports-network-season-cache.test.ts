import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge } from '#server/areas/challenges/index.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import { createEvent } from '#server/areas/events/events.ts';
import { seasonCacheSettings } from '#server/areas/sports-network/sports-network-season.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' };
const LEAGUE = { name: 'Kept League', season_name: '2026', season_starts_on: '2026-01-01', season_ends_on: '2026-12-31' };

type Season = { items: { place: number; gym: { name: string }; total: number }[] };

describe.each(databaseKinds)('the kept season table on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
  });
  afterAll(async () => {
    seasonCacheSettings.slowMs = 40;
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, ...(payload ? { payload } : {}) });
  const table = async (id: number) => ((await call('GET', `/api/sports-network/leagues/${id}/season`)).json() as Season).items;
  const rowsOf = (s: Season['items']) => s.map((r) => `${r.place} ${r.gym.name} ${r.total}`);

  /** Reads until the kept table shows `want` (each read that finds it due starts its recomputation). */
  async function until(id: number, want: string[]) {
    let got: string[] = [];
    const t0 = Date.now();
    while (Date.now() - t0 < 8_000) {
      await table(id);
      await t.context.tasks.settled();
      got = rowsOf(await table(id));
      if (JSON.stringify(got) === JSON.stringify(want)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return got;
  }

  it('keeps a large league’s table and shows a new score, a gym removed and a gym renamed once recomputed', async () => {
    const now = t.context.now().getTime();
    const window = { starts_at: new Date(now - 3_600_000).toISOString(), ends_at: new Date(now + 86_400_000).toISOString() };
    const gym = async (name: string) => (await call('POST', '/api/gyms', admin, { name })).json() as { id: number };
    const [north, south] = [await gym('North Kept Box'), await gym('South Kept Box')];
    const workouts = [
      await createChallenge(t.context, admin.userId, { title: 'Kept W1', score_type: 'reps', kind: 'individual', ...window }),
      await createChallenge(t.context, admin.userId, { title: 'Kept W2', score_type: 'reps', kind: 'individual', ...window }),
    ];
    const ev = await createEvent(
      t.context,
      { id: admin.userId, isAdmin: true },
      { name: 'Kept Open', rule: 'sum_of_places', challenge_ids: workouts.map((w) => w.id), ...window },
    );
    const athletes: SignedIn[] = [];
    for (const [i, [gymId, reps]] of [
      [north.id, 50],
      [south.id, 40],
    ].entries()) {
      const a = await signIn(t, `kept${i}@example.test`, 'athlete-password', `Kept ${i}`);
      const saved = await call('PUT', '/api/v1/athlete-profiles/me', a, { display_name: `Kept ${i}`, gym_id: gymId, privacy: PUBLIC });
      expect(saved.statusCode, saved.body).toBe(200);
      for (const w of workouts) {
        await call('POST', `/api/challenges/${w.id}/join`, a, { division: 'rx' });
        expect((await call('POST', `/api/challenges/${w.id}/submit-score`, a, { reps })).statusCode).toBe(201);
      }
      athletes.push(a);
    }
    const league = (await call('POST', '/api/sports-network/leagues', admin, LEAGUE)).json().league as { id: number };
    for (const g of [north, south]) await call('POST', `/api/sports-network/leagues/${league.id}/gyms`, admin, { gym_id: g.id });
    await call('POST', `/api/sports-network/leagues/${league.id}/events`, admin, { event_id: ev.id });

    seasonCacheSettings.slowMs = -1;
    expect(rowsOf(await table(league.id))).toEqual(['1 North Kept Box 25', '2 South Kept Box 18']);
    await t.context.tasks.settled();

    // A better score on one workout and then the other: South's athlete wins the event.
    const readAt = boardCacheOf(t.context)!.count;
    for (const w of workouts)
      expect((await call('POST', `/api/challenges/${w.id}/submit-score`, athletes[1]!, { reps: 60 })).statusCode).toBe(201);
    expect(await until(league.id, ['1 South Kept Box 25', '2 North Kept Box 18'])).toEqual(['1 South Kept Box 25', '2 North Kept Box 18']);
    expect(boardCacheOf(t.context)!.changedAfter([workouts[0]!.id], readAt)).toBe(true);

    // Membership: the league's own board number (minus its id) changes, and the table follows.
    const beforeRemoval = boardCacheOf(t.context)!.count;
    expect((await call('DELETE', `/api/sports-network/leagues/${league.id}/gyms/${south.id}`, admin)).statusCode).toBe(200);
    expect(await until(league.id, ['1 North Kept Box 18'])).toEqual(['1 North Kept Box 18']);
    expect(boardCacheOf(t.context)!.changedAfter([-league.id], beforeRemoval)).toBe(true);

    // A member gym renamed shows under its new name.
    const renamed = await call('PATCH', `/api/gyms/${north.id}`, admin, { name: 'North Kept Barbell' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await until(league.id, ['1 North Kept Barbell 18'])).toEqual(['1 North Kept Barbell 18']);
  }, 120_000);
});
