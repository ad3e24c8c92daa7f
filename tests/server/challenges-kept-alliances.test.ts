import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/index.ts';
import { allianceRankings } from '#server/areas/challenges/index.ts';
import { allianceNamesBoard } from '#server/areas/challenges/alliance-board.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import { gymCacheSettings } from '#server/lib/boards/gym-board-cache.ts';
import { anonymousName } from '#domain/privacy.ts';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn, testConfig } from './helpers.ts';
import { expectKeptEncodings } from './kept-encodings.ts';

// A visitor's alliance board is kept per node like team and gym boards (send-kept.ts sendKeptBoard) and dropped
// exactly when what it shows changes (migration 0077 beside 0024's and 0061's notices): after every kind of write
// that changes it, the next read is a fresh one, and the board cache heard of it (not a timeout); after a write that
// changes nothing it shows, the kept page stays. On PostgreSQL, a change made through one node reaches another.

const HOUR = 3_600_000;

type Row = { rank: number; alliance: { name: string; status: string; teams: { name: string; tag: string }[] }; joined: number };
type Page = { items: Row[]; mine: Row[]; total: number };

describe.each(databaseKinds)('kept alliance boards on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const who: Record<string, SignedIn> = {};
  const teamIds: Record<string, number> = {};
  const allianceIds: Record<string, number> = {};
  let challengeId = 0;
  let otherId = 0;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, as?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: as ? authHeaders(as) : {}, payload: payload as object });
  const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, as?: SignedIn, payload?: unknown, status = 200) => {
    const res = await call(method, url, as, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.body ? res.json() : undefined;
  };
  const db = () => t.context.database.db;
  const url = () => `/api/challenges/${challengeId}/alliance-rankings?offset=0&limit=50`;
  const served = async (as?: SignedIn) => (await ok('GET', url(), as)) as Page;
  const fresh = async () =>
    JSON.parse(JSON.stringify(await allianceRankings(t.context, challengeId, { offset: 0, limit: 50 }, null))) as Page;
  const cache = () => boardCacheOf(t.context)!;
  /** What every write through the API does before it answers: its change has reached this node's cache. */
  const synced = () => cache().sync(t.context.database);
  const boards = () => [challengeId, allianceNamesBoard(challengeId)];

  async function team(name: string, captain: SignedIn, members: SignedIn[] = []) {
    const id = (await ok('POST', '/api/teams', captain, { name: `${name} ${kind}`, max_size: 5 }, 201)).id as number;
    for (const m of members) {
      const sent = await ok('POST', `/api/teams/${id}/invitations`, captain, { user_id: m.userId }, 201);
      await ok('POST', `/api/team-invitations/${sent.id}/accept`, m);
    }
    teamIds[name] = id;
  }
  async function alliance(name: string, by: string, captain: SignedIn, other: string, otherCaptain: SignedIn) {
    const body = { name, team_ids: [teamIds[other]!] };
    allianceIds[name] = (await ok('POST', `/api/teams/${teamIds[by]}/alliances`, captain, body, 201)).id as number;
    await ok('POST', `/api/alliances/${allianceIds[name]}/teams/${teamIds[other]}/accept`, otherCaptain);
  }

  /**
   * Teams: Alpha (Ann, Mia), Bravo (Ben), Charlie (Cat), Delta (Dan), Echo (Eve, in no alliance on the board).
   * Alliances active before anyone joins: North Pact (Alpha + Bravo), South Pact (Charlie + Delta). Quiet Pact
   * (Echo + Delta) forms after every join, so nobody counts for it here.
   */
  beforeAll(async () => {
    // Every alliance board read exact (a loaded machine's slow read would otherwise start keeping the ranked result).
    gymCacheSettings.slowMs = Number.POSITIVE_INFINITY;
    t = await createTestApp(kind, {}, { rateLimit: false });
    const creator = await signIn(t, 'coach@kept-alliance.test', 'coach-password', 'Coach Kai');
    for (const [key, name] of [
      ['ann', 'Ann Alpha'],
      ['mia', 'Mia Alpha'],
      ['ben', 'Ben Bravo'],
      ['cat', 'Cat Charlie'],
      ['dan', 'Dan Delta'],
      ['eve', 'Eve Echo'],
      ['kit', 'Kit Late'],
    ] as const)
      who[key] = await signIn(t, `${key}@kept-alliance.test`, 'athlete-password', name);
    await team('Alpha', who.ann!, [who.mia!]);
    await team('Bravo', who.ben!);
    await team('Charlie', who.cat!);
    await team('Delta', who.dan!);
    await team('Echo', who.eve!);
    await alliance('North Pact', 'Alpha', who.ann!, 'Bravo', who.ben!);
    await alliance('South Pact', 'Charlie', who.cat!, 'Delta', who.dan!);
    const now = t.clock.now().getTime();
    const window = { starts_at: new Date(now - HOUR).toISOString(), ends_at: new Date(now + 48 * HOUR).toISOString() };
    const made = async (title: string, extra: object) =>
      (await ok('POST', '/api/challenges/', creator, { title, score_type: 'reps', ...window, ...extra }, 201)).id as number;
    challengeId = await made('Kept alliances', { gym_rule: 'sum_points', gym_best_n: 2 });
    otherId = await made('Kept alliances, another workout', {});
    for (const [key, reps] of [
      ['ann', 50],
      ['mia', 40],
      ['ben', 30],
      ['cat', 60],
      ['dan', 20],
      ['eve', 10],
    ] as const) {
      await ok('POST', `/api/challenges/${challengeId}/join`, who[key]!, { division: 'rx' });
      await ok('POST', `/api/challenges/${challengeId}/submit-score`, who[key]!, { reps }, 201);
    }
    await ok('POST', `/api/challenges/${otherId}/join`, who.ann!, { division: 'rx' });
    await alliance('Quiet Pact', 'Echo', who.eve!, 'Delta', who.dan!);
  }, 240_000);
  afterAll(async () => {
    gymCacheSettings.slowMs = 40;
    await t.close();
  });

  it('sends a visitor the kept page: ETag, 304, br and gzip bodies that decode to the same JSON', async () => {
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: url(), headers });
    const { json, etag } = await expectKeptEncodings(get);
    expect(json).toEqual(await fresh());
    expect((json as Page).items.map((r) => `${r.rank} ${r.alliance.name}`)).toEqual(['1 North Pact', '2 South Pact']);
    // Kept: the next reads come from memory, the same bytes and ETag.
    const hits = cache().stats.hits;
    for (let i = 0; i < 5 && cache().stats.hits === hits; i++) expect((await get({})).headers.etag).toBe(etag);
    expect(cache().stats.hits).toBeGreaterThan(hits);
    // A signed-in viewer's answer (with their own alliances) is read for them, never the visitor's kept page.
    const own = await call('GET', url(), who.ann!);
    expect(own.headers.etag).toBeUndefined();
    expect((own.json() as Page).mine.map((r) => r.alliance.name)).toEqual(['North Pact']);
    expect((await get({})).headers.etag).toBe(etag);
  });

  const teamPatch = (name: string, body: object) => () => ok('PATCH', `/api/teams/${teamIds[name]}`, who[captainOf[name]!]!, body);
  const captainOf: Record<string, string> = { Alpha: 'ann', Bravo: 'ben', Charlie: 'cat', Delta: 'dan', Echo: 'eve' };

  /** Every kind of write that changes what the alliance board shows a visitor, each named. */
  const writes: [string, () => Promise<unknown>][] = [
    [
      'a better score by an alliance’s athlete',
      () => ok('POST', `/api/challenges/${challengeId}/submit-score`, who.mia!, { reps: 70 }, 201),
    ],
    [
      'an athlete of an allied team joining',
      async () => {
        const sent = await ok('POST', `/api/teams/${teamIds.Bravo}/invitations`, who.ben!, { user_id: who.kit!.userId }, 201);
        await ok('POST', `/api/team-invitations/${sent.id}/accept`, who.kit!);
        await ok('POST', `/api/challenges/${challengeId}/join`, who.kit!, { division: 'rx' });
      },
    ],
    [
      'an alliance renamed',
      () => db().execute(sql`update alliances set name = 'North Pact Renamed' where id = ${allianceIds['North Pact']!}`),
    ],
    ['an allied team renamed', teamPatch('Alpha', { name: `Alpha Renamed ${kind}` })],
    ['an allied team’s tag changed', teamPatch('Charlie', { tag: 'CHR' })],
    ['an allied team hidden by moderators', () => db().execute(sql`update teams set hidden_at = now() where id = ${teamIds.Delta!}`)],
    ['an allied team shown again', () => db().execute(sql`update teams set hidden_at = null where id = ${teamIds.Delta!}`)],
    [
      'an athlete’s display name changed',
      () => db().execute(sql`update users set display_name = 'Cat Renamed' where id = ${who.cat!.userId}`),
    ],
    ['an athlete going anonymous', () => ok('PUT', '/api/privacy/settings', who.mia!, { board_anonymous: true })],
    [
      'a team leaving an alliance (which ends)',
      () => ok('POST', `/api/alliances/${allianceIds['North Pact']}/teams/${teamIds.Bravo}/leave`, who.ben!),
    ],
    ['the event’s best N changed', () => db().execute(sql`update challenges set gym_best_n = 1 where id = ${challengeId}`)],
    [
      'a withdrawal',
      () => db().execute(sql`delete from challenge_participants where challenge_id = ${challengeId} and user_id = ${who.dan!.userId}`),
    ],
    ['an allied team disbanded', () => ok('DELETE', `/api/teams/${teamIds.Charlie}`, who.cat!, undefined, 204)],
  ];

  it('after every kind of write, the next read is a fresh one, dropped by a notice', async () => {
    for (const [label, write] of writes) {
      const was = await served();
      expect(was, label).toEqual(await fresh());
      const before = cache().count;
      await write();
      await synced();
      expect(cache().changedAfter(boards(), before), `${label} told the board cache`).toBe(true);
      const now = await served();
      expect(now, label).toEqual(await fresh());
      expect(now, `${label} changed what the board shows`).not.toEqual(was);
    }
    // The anonymous athlete: “Athlete #N” on the visitor's kept page, their own name to themself.
    const anonymous = anonymousName(who.mia!.userId);
    const names = (page: Page) => JSON.stringify(page);
    expect(names(await served())).toContain(anonymous);
    expect(names(await served())).not.toContain('Mia Alpha');
    expect(names(await served(who.mia!))).toContain('Mia Alpha');
    expect(names(await served())).not.toContain('Mia Alpha');
  }, 120_000);

  it('a write that changes nothing the board shows keeps the kept page', async () => {
    const quiet: [string, () => Promise<unknown>][] = [
      ['a team’s description changed', teamPatch('Alpha', { description: 'We lift.' })],
      ['a team in no alliance on the board renamed', teamPatch('Echo', { name: `Echo Renamed ${kind}` })],
      ['a team that left its alliance renamed', teamPatch('Bravo', { name: `Bravo Renamed ${kind}` })],
      [
        'an alliance nobody here counts for renamed',
        () => db().execute(sql`update alliances set name = 'Quiet Pact Renamed' where id = ${allianceIds['Quiet Pact']!}`),
      ],
      ['a score on another challenge', () => ok('POST', `/api/challenges/${otherId}/submit-score`, who.ann!, { reps: 5 }, 201)],
    ];
    for (const [label, write] of quiet) {
      const was = await served();
      const before = cache().count;
      await write();
      await synced();
      expect(cache().changedAfter(boards(), before), `${label} left the board's numbers alone`).toBe(false);
      expect(await served(), label).toEqual(was);
    }
  });

  it.skipIf(kind !== 'postgres')(
    'a team renamed through one node shows on another, by the notice',
    async () => {
      const dbUrl = (t.context.database as { url?: string }).url!;
      const otherDb = await openDatabase({ url: dbUrl });
      const { app: nodeB, context: ctxB } = await buildApp(testConfig(), otherDb, { now: t.clock.now, rateLimit: false });
      await nodeB.ready();
      try {
        const cacheB = boardCacheOf(ctxB)!;
        const read = async () => (await nodeB.inject({ method: 'GET', url: url() })).json() as Page;
        await cacheB.sync(ctxB.database);
        const was = await read();
        const before = cacheB.count;
        await teamPatch('Alpha', { name: `Alpha Again ${kind}` })();
        const t0 = performance.now();
        while (!cacheB.changedAfter([allianceNamesBoard(challengeId)], before)) {
          expect(performance.now() - t0).toBeLessThan(1000);
          await new Promise((r) => setTimeout(r, 5));
        }
        const now = await read();
        expect(now).not.toEqual(was);
        expect(JSON.stringify(now)).toContain(`Alpha Again ${kind}`);
        expect(now).toEqual(await fresh());
      } finally {
        await nodeB.close();
        await otherDb.close();
      }
    },
    30_000,
  );
});
