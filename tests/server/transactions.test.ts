import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { createTestDatabase, databaseKinds } from './helpers.ts';

// Transactions on PostgreSQL pipeline BEGIN ahead of their statements (server/db/index.ts);
// these are the guarantees every service relies on, checked on both databases.
describe.each(databaseKinds)('transactions on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await handle.db.execute(sql`create table tx_probe (id int primary key, note text)`);
  });
  afterAll(async () => handle.close());

  const ids = async () => (await rowsOf<{ id: number }>(handle.db, sql`select id from tx_probe order by id`)).map((r) => Number(r.id));

  it('commits what the callback wrote, and sees its own writes inside', async () => {
    const seen = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (1, 'a')`);
      return rowsOf<{ n: number }>(tx as never, sql`select count(*)::int as n from tx_probe`);
    });
    expect(seen[0]!.n).toBe(1);
    expect(await ids()).toEqual([1]);
  });

  it('rolls back everything when the callback throws', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (2, 'b')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual([1]);
  });

  it('rolls back and fails when a statement fails, even one nobody awaited', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (3, 'c')`);
        void tx.execute(sql`insert into tx_probe values (1, 'duplicate')`).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 50));
      }),
    ).rejects.toThrow();
    expect(await ids()).toEqual([1]);
  });

  it('undoes only the inner block of a nested transaction that fails', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (4, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into tx_probe values (5, 'inner')`);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into tx_probe values (6, 'inner ok')`);
      });
    });
    expect(await ids()).toEqual([1, 4, 6]);
  });
});
