// Embedded test databases reused within a Vitest worker. Opening one from the migrated template costs about
// 1.2 CPU-seconds (reading the 47 MB dump, unpacking it into PGlite's memory file system, starting PostgreSQL
// and collecting the garbage), and the server project opens one per test app (~130 a run). A database closed
// by a test is put back to as the template left it instead (a fraction of that), and the next test app in the
// worker takes it: see `resetToTemplate` for what is put back and how a database that cannot be is dropped.
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type DatabaseHandle } from '#server/db/index.ts';
import { pgliteTemplate } from './templates.ts';

/** Idle databases kept per worker (each holds a few hundred MB); more are opened when a file needs them at once. */
const MAX_IDLE = 2;

/** What a fresh database from the template holds, taken once per worker from the first one opened. */
interface TemplateState {
  /** Every table in the app's schemas, quoted (`"public"."users"`). */
  tables: string[];
  /** The rows of the tables the migrations filled (as JSON), put back after each use. */
  seeded: { table: string; rows: string }[];
  /** `select setval(…), …` putting every sequence back where the template had it. */
  sequences: string;
  /** A digest of the schema and the cluster's global objects (`CATALOG_DIGEST`). */
  catalog: string;
}

const idle: PGlite[] = [];
let template: Promise<TemplateState> | undefined;

/** Counts for the pool's own test: databases opened from the dump, and reuses of one put back. */
export const poolStats = { opened: 0, reused: 0, dropped: 0, lastDropped: '' };

const SYSTEM = `('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)`;

/**
 * Everything a test could change besides rows and sequence values, as one digest: tables, columns, defaults,
 * constraints, indexes, triggers, functions, views, types, schemas, roles, extensions, event triggers,
 * policies, per-database or per-role settings, sequence definitions, planner statistics, large objects and
 * databases. A database whose digest differs from the template's after a test is closed, not reused.
 */
export const CATALOG_DIGEST = `select md5(string_agg(x, E'\\n' order by x)) as digest from (
  select row('c', c.relnamespace::regnamespace, c.relname, c.relkind, c.relpersistence, c.relnatts, c.relrowsecurity)::text as x
    from pg_class c where c.relnamespace not in ${SYSTEM}
  union all select row('a', a.attrelid::regclass, a.attname, a.atttypid::regtype, a.attnum, a.attnotnull, a.atthasdef,
      a.attisdropped, a.attgenerated, a.attidentity, a.attcollation)::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relnamespace not in ${SYSTEM}
  union all select row('d', adrelid::regclass, adnum, pg_get_expr(adbin, adrelid))::text from pg_attrdef
  union all select row('k', conrelid::regclass, contypid, conname, pg_get_constraintdef(oid))::text
    from pg_constraint where connamespace <> 'pg_catalog'::regnamespace
  union all select row('i', indexdef)::text from pg_indexes where schemaname <> 'pg_catalog'
  union all select row('t', pg_get_triggerdef(oid), tgenabled)::text from pg_trigger where not tgisinternal
  union all select row('p', oid::regprocedure, md5(coalesce(prosrc, '')), provolatile, prosecdef)::text
    from pg_proc where pronamespace not in ${SYSTEM}
  union all select row('v', schemaname, viewname, definition)::text from pg_views where schemaname not in ('pg_catalog', 'information_schema')
  union all select row('e', enumtypid::regtype, enumlabel, enumsortorder)::text from pg_enum
  union all select row('y', oid::regtype, typtype)::text from pg_type where typnamespace not in ${SYSTEM}
  union all select row('n', nspname)::text from pg_namespace where nspname not like 'pg\\_%temp\\_%'
  union all select row('r', rolname, rolsuper, rolcanlogin)::text from pg_roles
  union all select row('x', extname, extversion)::text from pg_extension
  union all select row('w', evtname, evtenabled)::text from pg_event_trigger
  union all select row('o', polname, polrelid::regclass)::text from pg_policy
  union all select row('g', setdatabase, setrole, setconfig)::text from pg_db_role_setting
  union all select row('q', seqrelid::regclass, seqtypid, seqstart, seqincrement, seqmax, seqmin, seqcache, seqcycle)::text from pg_sequence
  union all select row('s', count(*))::text from pg_statistic s join pg_class c on c.oid = s.starelid where c.relnamespace not in ${SYSTEM}
  union all select row('l', count(*))::text from pg_largeobject_metadata
  union all select row('b', datname)::text from pg_database
) q`;

async function openFromDump(): Promise<PGlite> {
  const client = new PGlite({ loadDataDir: await pgliteTemplate() });
  await client.waitReady;
  poolStats.opened++;
  return client;
}

async function one<T>(client: PGlite, query: string): Promise<T> {
  return (await client.query<T>(query)).rows[0]!;
}

async function readTemplate(client: PGlite): Promise<TemplateState> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows.map((r) => r.name);
  const seeded: TemplateState['seeded'] = [];
  for (const table of tables) {
    const { rows } = await one<{ rows: string | null }>(client, `select json_agg(t)::text as rows from ${table} t`);
    if (rows !== null) seeded.push({ table, rows });
  }
  const values = (
    await client.query<{ name: string; value: string; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
              last_value is not null as called from pg_sequences`,
    )
  ).rows.map((s) => `setval('${s.name}', ${s.value}, ${s.called})`);
  const { digest } = await one<{ digest: string }>(client, CATALOG_DIGEST);
  return { tables, seeded, sequences: values.length ? `select ${values.join(', ')}` : 'select 1', catalog: digest };
}

/**
 * Puts a database back as the template left it, or throws when it cannot be (the caller closes it then).
 * Rows: every table that holds rows or ever held some (its heap is not empty) is truncated in one statement
 * (with the tables that refer to it, empty or not), and the rows the migrations wrote are put back. Sequences: each set to the template's value. The session:
 * `DISCARD ALL` (settings, temporary tables, prepared statements, LISTENs, session locks, plans; it fails inside
 * a transaction a test left open). Then the catalog digest must equal the template's: a test that changed the
 * schema or a global object leaves a database nobody reuses.
 */
export async function resetToTemplate(client: PGlite, state: TemplateState): Promise<void> {
  await client.exec('discard all');
  const written = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')
          and pg_relation_size(format('%I.%I', schemaname, tablename)) > 0`,
    )
  ).rows.map((r) => r.name);
  const seededNames = state.seeded.map((s) => s.table);
  const truncate = [...new Set([...written, ...seededNames])];
  await client.transaction(async (tx) => {
    if (truncate.length) await tx.exec(`truncate ${truncate.join(', ')} cascade`);
    for (const { table, rows } of state.seeded) {
      await tx.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`, [
        rows,
      ]);
    }
    await tx.exec(state.sequences);
  });
  const { digest } = await one<{ digest: string }>(client, CATALOG_DIGEST);
  if (digest !== state.catalog) throw new Error('the schema differs from the template');
}

/**
 * A migrated embedded database for one test app: a reused one when the worker has one idle, else one opened
 * from the template. Closing the handle puts it back (or closes it); the handle answers nothing after that,
 * as a closed PGlite does, so late work of a closed app never reaches the next test's data.
 */
export async function takePgliteDatabase(): Promise<DatabaseHandle> {
  let client = idle.pop();
  if (client) poolStats.reused++;
  else client = await openFromDump();
  template ??= readTemplate(client);
  const state = await template;
  const lease = lend(client);
  const handle = await openDatabase({ pglite: lease.client });
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    close: () =>
      (closing ??= (async () => {
        lease.revoke();
        await lease.unlistenAll();
        try {
          await resetToTemplate(client, state);
          if (idle.length < MAX_IDLE) return void idle.push(client);
        } catch (e) {
          poolStats.dropped++;
          poolStats.lastDropped = String(e);
        }
        await client.close();
      })()),
  };
}

/** A stand-in for `client` that forwards to it until revoked, keeping the channels it listened on. */
function lend(client: PGlite) {
  let revoked = false;
  const channels = new Set<string>();
  const closed = () => Promise.reject(new Error('PGlite is closed'));
  const proxy = new Proxy(client, {
    get(target, prop) {
      if (prop === 'closed') return revoked || target.closed;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        if (revoked) return prop === 'close' ? Promise.resolve() : closed();
        if (prop === 'listen' && typeof args[0] === 'string') channels.add(args[0]);
        return method.apply(target, args);
      };
    },
  });
  return {
    client: proxy,
    revoke() {
      revoked = true;
    },
    async unlistenAll() {
      for (const channel of channels) await client.unlisten(channel).catch(() => {});
    },
  };
}
