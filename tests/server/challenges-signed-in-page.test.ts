import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinChallenge, rankings, submitScore } from '#server/areas/challenges/index.ts';
import { boardCacheOf } from '#server/lib/boards/board-cache.ts';
import { createTestApp, databaseKinds, openSplitChallenge, signIn, type SignedIn } from './helpers.ts';

// A signed-in reader's leaderboard page made of the kept page (server/areas/challenges/board-pages.ts,
// sendKeptWith in server/lib/boards/send-kept.ts): the page's bytes with their own row set in, compressed for them
// alone. What they get is what a fresh read for them says, in every encoding, whoever they are.

const PUBLIC = { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' } as const;
const LIMIT = 3;

describe.each(databaseKinds)('a signed-in reader’s board page on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let challengeId: number;
  /** On the page: one as others see them, one anonymous, one with a private gym; one off the page; one with no entry. */
  const who: Record<'onPage' | 'anonymous' | 'privateGym' | 'offPage' | 'noEntry', SignedIn> = {} as never;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    const ctx = t.context;
    const names = ['onPage', 'anonymous', 'privateGym', 'offPage', 'noEntry'] as const;
    for (const [i, name] of names.entries()) who[name] = await signIn(t, `sp${i}@x.test`, 'athlete-password', `Reader ${i}`);
    for (const name of names)
      await ctx.database.db.execute(sql`insert into athlete_profiles (user_id, sex, birth_year, gym, privacy)
        values (${who[name].userId}, 'female', 1990, 'North Box',
          ${JSON.stringify(name === 'privateGym' ? { ...PUBLIC, gym: 'private' } : PUBLIC)}::jsonb)
        on conflict (user_id) do update set sex = excluded.sex, gym = excluded.gym, privacy = excluded.privacy`);
    await ctx.database.db.execute(sql`insert into privacy_settings (user_id, board_anonymous) values (${who.anonymous.userId}, true)
      on conflict (user_id) do update set board_anonymous = true`);
    challengeId = await openSplitChallenge(ctx, who.onPage.userId, 'Signed-in pages');
    // Best first: the three on the page of LIMIT, then the one off it.
    for (const [name, reps] of [
      ['onPage', 9],
      ['anonymous', 8],
      ['privateGym', 7],
      ['offPage', 2],
    ] as const) {
      await joinChallenge(ctx, who[name].userId, challengeId, { division: 'rx' });
      await submitScore(ctx, who[name].userId, challengeId, { reps });
    }
    await boardCacheOf(ctx)!.sync(ctx.database);
  });
  afterAll(async () => t.close());

  const url = () => `/api/challenges/rankings?challenge_id=${challengeId}&offset=0&limit=${LIMIT}`;
  const read = (reader: SignedIn | null, encoding: string) =>
    t.app.inject({
      method: 'GET',
      url: url(),
      headers: { 'accept-encoding': encoding, ...(reader ? { authorization: `Bearer ${reader.token}` } : {}) },
    });
  const decoded = (res: Awaited<ReturnType<typeof read>>) => {
    const encoding = res.headers['content-encoding'];
    const bytes =
      encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
    return JSON.parse(bytes.toString('utf8')) as { items: { athlete: { display_name: string }; gym: string | null }[]; me: unknown };
  };

  it('answers each reader what a fresh read for them says, in br, gzip and plain, with no ETag of the shared page', async () => {
    // The page everyone sees is kept first, so every reader below is answered from it.
    const shared = await read(null, 'identity');
    expect(shared.statusCode).toBe(200);
    expect(shared.headers.etag).toBeDefined();
    const encoded = new Set<string>();
    for (const name of ['onPage', 'anonymous', 'privateGym', 'offPage', 'noEntry'] as const) {
      const fresh = await rankings(t.context, { challenge_id: challengeId, offset: 0, limit: LIMIT }, who[name].userId);
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await read(who[name], encoding);
        expect(res.statusCode, `${name} ${encoding}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers.etag, `${name} ${encoding}`).toBeUndefined();
        // Compressed as asked from 1 KB (the app's threshold), as every answer made per request is.
        const sent = res.headers['content-encoding'] ?? 'identity';
        expect(sent, `${name} ${encoding}`).toBe(JSON.stringify(fresh).length >= 1024 ? encoding : 'identity');
        if (sent !== 'identity') expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        encoded.add(sent);
        expect(decoded(res), `${name} ${encoding}`).toEqual(fresh);
      }
    }
    expect([...encoded].sort()).toEqual(['br', 'gzip', 'identity']);
  });

  it('shows a reader their own name and gym where others see them anonymous or without a gym', async () => {
    const shared = decoded(await read(null, 'identity'));
    expect(shared.items.map((r) => [r.athlete.display_name, r.gym])).toEqual([
      ['Reader 0', 'North Box'],
      [`Athlete #${who.anonymous.userId}`, 'North Box'],
      ['Reader 2', null],
    ]);
    expect(shared.me).toBeNull();
    const anonymous = decoded(await read(who.anonymous, 'gzip'));
    expect(anonymous.items[1]!.athlete.display_name).toBe('Reader 1');
    expect(anonymous.me).toMatchObject({ rank: 2, athlete: { display_name: 'Reader 1' } });
    const privateGym = decoded(await read(who.privateGym, 'br'));
    expect(privateGym.items[2]!.gym).toBe('North Box');
    expect(privateGym.me).toMatchObject({ rank: 3, gym: 'North Box' });
    // The others on the page still see them as everyone does.
    expect(decoded(await read(who.onPage, 'br')).items).toEqual(shared.items);
    expect(decoded(await read(who.offPage, 'gzip'))).toMatchObject({ items: shared.items, me: { rank: 4 } });
    expect(decoded(await read(who.noEntry, 'identity'))).toEqual(shared);
  });
});
