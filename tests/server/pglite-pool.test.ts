import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { authHeaders, createTestApp, createTestDatabase, signIn } from './helpers.ts';
import { CATALOG_DIGEST, poolStats } from './pglite-pool.ts';
import { pgliteTemplate } from './templates.ts';

/** Everything a test could read back: each table's rows, each sequence, the catalog digest and the session's state. */
async function snapshot(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const tables = (
    await query(`select format('%I.%I', schemaname, tablename) as name from pg_tables
                  where schemaname not in ('pg_catalog', 'information_schema') order by 1`)
  ).map((r) => String(r.name));
  const rows: Record<string, unknown> = {};
  for (const table of tables) rows[table] = (await query(`select json_agg(t order by t::text) as rows from ${table} t`))[0]!.rows;
  return {
    rows,
    sequences: await query(`select schemaname, sequencename, last_value from pg_sequences order by 1, 2`),
    catalog: (await query(CATALOG_DIGEST))[0]!.digest,
    session: await query(`select current_setting('statement_timeout') as timeout, current_setting('search_path') as path,
                                 (select array_agg(c) from pg_listening_channels() c) as channels,
                                 (select count(*)::int from pg_class where relpersistence = 't') as temporary`),
  };
}

/** Each test loads the dump afresh at least once: seconds of wall time when the machine is busy. */
const SLOW = 120_000;

const viaHandle = (d: DatabaseHandle) => (text: string) => rowsOf<Record<string, unknown>>(d.db, sql.raw(text));

describe('the pooled embedded test databases', () => {
  it(
    'a database put back after a test holds exactly what a fresh one from the template holds',
    async () => {
      const fresh = new PGlite({ loadDataDir: await pgliteTemplate() });
      const expected = await snapshot(async (text) => (await fresh.query<Record<string, unknown>>(text)).rows);
      await fresh.close();

      // A test's traces: accounts, sessions, consents and a read through the API; a seeded table's rows changed,
      // one removed and the migrations' own added to; sequences moved; session settings, a LISTEN and a temporary table.
      const t = await createTestApp('pglite');
      const ana = await signIn(t, 'ana@example.test', 'ana-password', 'Ana');
      await signIn(t, 'ben@example.test', 'ben-password', 'Ben');
      const follow = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: authHeaders(ana) });
      expect(follow.statusCode).toBeLessThan(500);
      const db = t.context.database.db;
      await db.execute(sql`update legal_documents set body = 'changed', summary = 'changed'`);
      await db.execute(sql`delete from legal_documents where id not in (select document_id from legal_consents)`);
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('extra', 1)`);
      await db.execute(sql`set statement_timeout = 4321`);
      await db.execute(sql`set search_path = drizzle, public`);
      await db.execute(sql`create temporary table left_behind (n int)`);
      await t.context.database.listen('left_behind_channel', () => {});
      const dirty = await snapshot(viaHandle(t.context.database));
      expect(dirty.rows).not.toEqual(expected.rows);
      expect(dirty.session).not.toEqual(expected.session);
      await t.settled();
      await t.close();

      const reusedBefore = poolStats.reused;
      const droppedBefore = poolStats.lastDropped;
      const again = await createTestDatabase('pglite');
      try {
        expect([poolStats.reused, poolStats.lastDropped]).toEqual([reusedBefore + 1, droppedBefore]); // the same database, put back
        expect(await snapshot(viaHandle(again))).toEqual(expected);
      } finally {
        await again.close();
      }
    },
    SLOW,
  );

  it(
    'a database whose schema a test changed is closed, not reused',
    async () => {
      const first = await createTestDatabase('pglite');
      await first.db.execute(sql`alter table legal_documents add column left_behind int`);
      const droppedBefore = poolStats.dropped;
      await first.close();
      expect(poolStats.dropped).toBe(droppedBefore + 1);
      const next = await createTestDatabase('pglite');
      try {
        const columns = await rowsOf(next.db, sql`select 1 from information_schema.columns where column_name = 'left_behind'`);
        expect(columns).toEqual([]);
      } finally {
        await next.close();
      }
    },
    SLOW,
  );

  it(
    'a closed handle answers nothing, so late work of a closed app cannot reach the next test',
    async () => {
      const d = await createTestDatabase('pglite');
      await d.close();
      await expect(d.db.execute(sql`select 1`)).rejects.toThrow();
      await d.close(); // twice is harmless
    },
    SLOW,
  );
});
