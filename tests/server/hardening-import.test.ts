import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { historicalBatches, historicalResults, personalRecords, testBests, tests } from '#server/db/schema.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn } from './helpers.ts';

const UPLOAD = '/api/v1/athlete-profiles/admin/historical-upload';
const HEADER = 'athlete,email,test,value,unit,date,source';
/** More rows than one write step holds on either database, so the import runs in several. */
const ROWS = 12_000;

/** `rows` results on the squat; every tenth is Ana's (an approved record that moves her best). */
function csvOf(rows: number, last?: string) {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    // A day of its own for each of Ana's rows, so no two are the same result.
    const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(i / 10) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`Past Athlete ${i},${i % 10 === 0 ? 'ana@example.test' : ''},Back Squat,${40 + (i % 1500) / 10},kg,${day},Club archive`);
  }
  if (last) lines.push(last);
  return lines.join('\n');
}

describe.each(databaseKinds)('a large historical import on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'] }, { rateLimit: false });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    await signIn(t, 'ana@example.test', 'athlete-password', 'Ana Lopez');
    await t.context.database.db.insert(tests).values({
      name: 'Back Squat',
      nameNormalized: 'back squat',
      description: '',
      category: 'strength',
      movement: 'squat',
      unit: 'kg',
      direction: 'higher',
      minValue: 1,
      maxValue: 500,
      status: 'active',
      standards: [
        {
          sex: 'any',
          bodyweight_min_kg: null,
          bodyweight_max_kg: null,
          anchors: [
            { score: 0, value: 20 },
            { score: 1000, value: 200 },
          ],
        },
      ],
    });
  });
  afterAll(async () => t.close());

  const upload = (csv: string) =>
    t.app.inject({ method: 'POST', url: UPLOAD, headers: authHeaders(admin), payload: { csv, dry_run: false, filename: 'archive.csv' } });
  const counts = async () => {
    const db = t.context.database.db;
    const [[batches], [results], [records], [bests]] = await Promise.all([
      db.select({ n: count() }).from(historicalBatches),
      db.select({ n: count() }).from(historicalResults),
      db.select({ n: count() }).from(personalRecords),
      db.select({ n: count() }).from(testBests),
    ]);
    return { batches: batches!.n, results: results!.n, records: records!.n, bests: bests!.n };
  };

  it('a write that fails half-way leaves nothing behind: no batch, results, records or moved bests', async () => {
    // The last row collides with "another upload" at write time, after the check passed.
    await t.context.database.db.execute(sql`
      create or replace function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.athlete_name = 'Poison Row' then raise exception 'duplicate key value' using errcode = 'unique_violation'; end if;
        return new;
      end $$`);
    await t.context.database.db.execute(
      sql`create trigger refuse_poison before insert on historical_results for each row execute function refuse_poison()`,
    );
    try {
      const before = await counts();
      const res = await upload(csvOf(ROWS, 'Poison Row,,Back Squat,99,kg,2001-01-01,Club archive'));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(409);
      expect(await counts()).toEqual(before);
    } finally {
      await t.context.database.db.execute(sql`drop trigger refuse_poison on historical_results`);
    }
  });

  it('the site keeps answering while it imports, and every row arrives', async () => {
    const started = performance.now();
    let done = false;
    const importing = upload(csvOf(ROWS)).finally(() => (done = true));
    const waits: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (!done) waits.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await importing;
    const took = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ imported: ROWS, linked: ROWS / 10 });
    expect(await counts()).toMatchObject({ batches: 1, results: ROWS, records: ROWS / 10, bests: 1 });
    // One long transaction on the embedded database would hold every health check for the whole write.
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(took / 3);
  });
});
