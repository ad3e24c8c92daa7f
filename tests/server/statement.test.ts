import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '#server/db/index.ts';
import { challenges, users } from '#server/db/schema.ts';
import { rowFromJson, statement } from '#server/db/statement.ts';
import { createTestDatabase, databaseKinds } from './helpers.ts';

// The submission path runs statements built once (server/db/statement.ts) and reads the
// challenge as JSON; both must behave as drizzle's own queries do, on both databases.
describe.each(databaseKinds)('statements built once, on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => handle.close());

  const echo = statement(['a', 'b'], (v) => sql`select ${v.a}::int + ${v.b}::int as sum, ${v.a}::int as a, ${'fixed'}::text as fixed`);

  it('binds each call’s values to the same text, keeps literal parameters, and runs inside transactions', async () => {
    expect(await echo(handle.db, { a: 1, b: 2 })).toEqual([{ sum: 3, a: 1, fixed: 'fixed' }]);
    expect(await echo(handle.db, { a: 40, b: 2 })).toEqual([{ sum: 42, a: 40, fixed: 'fixed' }]);
    const inside = await handle.db.transaction(async (tx) => echo(tx as never, { a: 5, b: 5 }));
    expect(inside).toEqual([{ sum: 10, a: 5, fixed: 'fixed' }]);
  });

  it('refuses a call that leaves a value out', async () => {
    await expect(echo(handle.db, { a: 1 } as never)).rejects.toThrow(/placeholder "b"/);
  });

  it('reads a row from to_jsonb exactly as drizzle’s select maps it (dates, nulls, booleans, json)', async () => {
    const [creator] = await handle.db
      .insert(users)
      .values({ email: 'json@example.com', emailNormalized: 'json@example.com', passwordHash: 'x', displayName: 'Json' })
      .returning();
    const [created] = await handle.db
      .insert(challenges)
      .values({
        title: 'Row from JSON',
        creatorId: creator!.id,
        scoreType: 'time',
        timeCapMs: 600_000,
        hasTiebreak: true,
        startsAt: new Date('2026-01-02T03:04:05.678Z'),
        endsAt: new Date('2026-02-02T03:04:05.000Z'),
      })
      .returning();
    const [viaDrizzle] = await handle.db.select().from(challenges).where(eq(challenges.id, created!.id));
    const readJson = statement(['id'], (v) => sql`select to_jsonb(c) as row from challenges c where c.id = ${v.id}::int`);
    const [{ row }] = (await readJson<{ row: Record<string, unknown> }>(handle.db, { id: created!.id })) as [
      { row: Record<string, unknown> },
    ];
    const viaJson = rowFromJson(challenges, row);
    expect(viaJson).toEqual(viaDrizzle);
    expect(viaJson.startsAt).toBeInstanceOf(Date);
    expect(viaJson.startsAt.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(viaJson.deletedAt).toBeNull();
  });
});
