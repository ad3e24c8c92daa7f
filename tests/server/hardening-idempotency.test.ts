import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { canonicalJson, KEY_REUSED_TEXT } from '#server/lib/idempotency.ts';
import { IDEMPOTENCY_TTL_MS } from '#domain/constants.ts';
import { MILE } from './fixtures.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const HOUR = 3_600_000;

describe.each(databaseKinds)('Idempotency-Key on score submission on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ana: SignedIn;
  let bo: SignedIn;
  let challengeId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    bo = await signIn(t, 'bo@example.test', 'athlete-password', 'Bo');
    const now = t.clock.now().getTime();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/challenges/',
      headers: authHeaders(ana),
      payload: {
        title: 'Max reps',
        score_type: 'reps',
        starts_at: new Date(now - HOUR).toISOString(),
        ends_at: new Date(now + 72 * HOUR).toISOString(),
      },
    });
    challengeId = created.json().id;
    for (const who of [ana, bo]) {
      const joined = await t.app.inject({
        method: 'POST',
        url: `/api/challenges/${challengeId}/join`,
        headers: authHeaders(who),
        payload: { division: 'rx' },
      });
      expect(joined.statusCode, joined.body).toBeLessThan(300);
    }
  });
  afterAll(async () => t.close());

  const submit = (who: SignedIn, reps: number, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/challenges/${challengeId}/submit-score`,
      headers: { ...authHeaders(who), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { reps },
    });
  const scoresOf = async (who: SignedIn) =>
    (
      await rowsOf<{ n: number }>(
        t.context.database.db,
        sql`select count(*)::int as n from challenge_scores where user_id = ${who.userId} and challenge_id = ${challengeId}`,
      )
    )[0]!.n;

  it('the same key answers with the first answer, byte for byte, and stores nothing new', async () => {
    const before = await scoresOf(ana);
    const first = await submit(ana, 40, 'attempt-0001');
    expect(first.statusCode, first.body).toBe(201);
    // A better score from someone else moves the board; the replay still says what the first answer said.
    expect((await submit(bo, 90)).statusCode).toBe(201);
    const again = await submit(ana, 40, 'attempt-0001');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await scoresOf(ana)).toBe(before + 1);
  });

  it('the same key with a different body is refused with 422 and a plain detail, storing nothing', async () => {
    const before = await scoresOf(ana);
    expect((await submit(ana, 41, 'attempt-0002')).statusCode).toBe(201);
    const changed = await submit(ana, 42, 'attempt-0002');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ detail: KEY_REUSED_TEXT });
    expect(await scoresOf(ana)).toBe(before + 1);
  });

  it('a key is the account’s own: another athlete’s same key is a new submission', async () => {
    const before = await scoresOf(bo);
    expect((await submit(ana, 43, 'shared-key-1')).statusCode).toBe(201);
    const theirs = await submit(bo, 43, 'shared-key-1');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().score.id).not.toBe((await submit(ana, 43, 'shared-key-1')).json().score.id);
    expect(await scoresOf(bo)).toBe(before + 1);
  });

  it('concurrent duplicates store one score and all get the same answer', async () => {
    const before = await scoresOf(ana);
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(ana, 44, 'racing-key-01')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json().score.id)).size).toBe(1);
    expect(await scoresOf(ana)).toBe(before + 1);
  });

  it('a refused submission keeps no key', async () => {
    const closedKey = 'refused-key-1';
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/challenges/999999/submit-score`,
      headers: { ...authHeaders(ana), 'idempotency-key': closedKey },
      payload: { reps: 10 },
    });
    expect(bad.statusCode).toBe(404);
    const rows = await rowsOf(t.context.database.db, sql`select 1 from idempotency_keys where key = ${closedKey}`);
    expect(rows).toEqual([]);
  });

  it('a malformed key is refused with 400 before anything is stored', async () => {
    const before = await scoresOf(ana);
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it', 'slash/inside/it']) {
      const res = await submit(ana, 46, key);
      expect(res.statusCode, key).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect(await scoresOf(ana)).toBe(before);
  });
  it('after 24 hours the key is new again', async () => {
    const before = await scoresOf(ana);
    const first = await submit(ana, 45, 'day-old-key-1');
    expect(first.statusCode).toBe(201);
    t.clock.advance(IDEMPOTENCY_TTL_MS + 1000);
    // A day later the session's access token has lapsed: sign in again.
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    const later = await submit(ana, 45, 'day-old-key-1');
    expect(later.statusCode).toBe(201);
    expect(later.json().score.id).not.toBe(first.json().score.id);
    expect(await scoresOf(ana)).toBe(before + 2);
  });
});

describe.each(databaseKinds)('Idempotency-Key on record submission on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cy: SignedIn;
  let mile: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    const admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin');
    cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/tests', headers: authHeaders(admin), payload: MILE });
    expect(created.statusCode, created.body).toBe(201);
    mile = created.json().id;
  });
  afterAll(async () => t.close());

  const submit = (value: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/athlete-profiles/submit-pr',
      headers: { ...authHeaders(cy), 'idempotency-key': key },
      payload: { test_id: mile, value, unit: 'seconds', achieved_on: '2026-11-01' },
    });
  const records = async () =>
    (
      await rowsOf<{ n: number }>(t.context.database.db, sql`select count(*)::int as n from personal_records where user_id = ${cy.userId}`)
    )[0]!.n;

  it('a retried record is stored once, answered the same; a changed body with the key is 422', async () => {
    const first = await submit('400', 'record-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const [again, together] = await Promise.all([submit('400', 'record-key-1'), submit('400', 'record-key-1')]);
    expect(again.body).toBe(first.body);
    expect(together.body).toBe(first.body);
    expect(await records()).toBe(1);
    const changed = await submit('401', 'record-key-1');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ detail: KEY_REUSED_TEXT });
    expect(await records()).toBe(1);
  });
});

describe('canonical request hashing', () => {
  const json = fc.jsonValue();
  it('the same request hashes the same whatever the order of its fields', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== '__proto__'),
          json,
        ),
        (obj) => {
          const reversed = Object.fromEntries(Object.entries(obj).reverse());
          expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        },
      ),
    );
  });
  it('nothing is lost: the canonical text reads back as the same request, so different requests never share it', () => {
    fc.assert(
      fc.property(json, (value) => {
        // (As JSON itself does, -0 reads back as 0.)
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
