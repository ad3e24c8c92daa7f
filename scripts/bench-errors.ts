// Error ingestion: reports per second that POST /api/admin/report-frontend-error accepts on one
// node (each report grouped by its fingerprint into one of a few groups: de-duplication on the
// group's unique index, plus one event row, in one transaction), beside bare Fastify answering a
// trivial POST with the same body in the same run. Both servers run in a child process of their
// own; autocannon drives them from this one. Rate limits are lifted through the app's test
// override (buildApp's `rateLimit: false`). Target: >= 2,000 reports/s.
// On PGlite (embedded) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GROUPS = 20;
const TARGET_PER_SECOND = 2000;
const ROUTE = '/api/admin/report-frontend-error';

/** The child: one server (`bare` or `app`) on a free port; prints the port. */
async function serve(kind: string) {
  if (kind === 'bare') {
    const { default: Fastify } = await import('fastify');
    const bare = Fastify();
    bare.post(ROUTE, async (_request, reply) => reply.code(202).send({ recorded: true }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    process.stdout.write(`PORT ${(bare.server.address() as { port: number }).port}\n`);
    return;
  }
  const { buildApp } = await import('../server/app.ts');
  const { app } = await buildApp(
    {
      basePath: '/',
      storeUrl: 'https://store.example.test/',
      adminEmails: [],
      seed: 'none',
      logger: false,
      databaseUrl: process.env.BENCH_APP_DATABASE_URL || undefined,
      dataDir: process.env.BENCH_APP_DATA_DIR,
    },
    undefined,
    { rateLimit: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`PORT ${(app.server.address() as { port: number }).port}\n`);
}

async function start(kind: 'bare' | 'app', env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve', kind], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
  return { child, port };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Reports cycling through GROUPS fingerprints (a page that crashes over and over, as it does in life). */
const requests = Array.from({ length: GROUPS }, (_, i) => ({
  method: 'POST' as const,
  path: ROUTE,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    kind: 'render',
    message: `TypeError: cannot read properties of undefined (reading 'score${i}')`,
    stack: `TypeError: x\n    at Leaderboard (https://repforge.test/assets/board-${i}.js:1:200)\n    at renderWithHooks (react-dom.js:1:1)`,
    url: 'https://repforge.test/challenge-leaderboard-page?id=3',
    release: 'bench',
  }),
}));

async function load(port: number) {
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: SECONDS, requests });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, accepted: result['2xx'] };
}

const row = (name: string, m: { rps: number; p99: number; errors: number }) =>
  console.log(`  ${name.padEnd(52)} ${m.rps.toFixed(0).padStart(7)}/s   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}`);

async function countStored(url: string | null, dataDir: string | null) {
  if (url) {
    const client = postgres(url, { max: 1, onnotice: () => {} });
    const [g] = await client`select count(*)::int as groups, coalesce(sum(occurrences), 0)::int as reports from error_groups`;
    const [e] = await client`select count(*)::int as events from error_events`;
    await client.end();
    return { groups: g!.groups as number, reports: g!.reports as number, events: e!.events as number };
  }
  const { openDatabase } = await import('../server/db/index.ts');
  const { rowsOf } = await import('./bench-lib.ts');
  const { sql } = await import('drizzle-orm');
  const db = await openDatabase({ dataDir: dataDir! });
  const [g] = rowsOf<{ groups: number; reports: number }>(
    await db.db.execute(sql`select count(*)::int as groups, coalesce(sum(occurrences), 0)::int as reports from error_groups`),
  );
  const [e] = rowsOf<{ events: number }>(await db.db.execute(sql`select count(*)::int as events from error_events`));
  await db.close();
  return { groups: g!.groups, reports: g!.reports, events: e!.events };
}

async function main() {
  console.log(`\n# Error ingestion: POST ${ROUTE} (${GROUPS} fingerprints, ${CONNECTIONS} connections, ${SECONDS} s each)`);
  const bare = await start('bare');
  const baseline = await load(bare.port);
  await stop(bare.child);
  row('bare Fastify answering a trivial POST (baseline)', baseline);

  const targets: { label: string; env: Record<string, string>; url: string | null; dataDir: string | null; drop?: () => Promise<void> }[] =
    [];
  if (process.env.BENCH_ONLY !== 'postgres') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-errors-'));
    targets.push({
      label: 'PGlite (embedded)',
      env: { BENCH_APP_DATA_DIR: dataDir },
      url: null,
      dataDir,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `bench_errors_${process.pid}`;
    const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    targets.push({
      label: 'PostgreSQL',
      env: { BENCH_APP_DATABASE_URL: u.toString() },
      url: u.toString(),
      dataDir: null,
      drop: async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    });
  } else console.log('  (PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too)');

  for (const target of targets) {
    try {
      const app = await start('app', target.env);
      const ours = await load(app.port);
      await stop(app.child);
      const stored = await countStored(target.url, target.dataDir);
      row(`RepForge report-frontend-error on ${target.label}`, ours);
      console.log(
        `    ${(ours.rps / baseline.rps).toFixed(2)}x of the baseline; target >= ${TARGET_PER_SECOND}/s: ${ours.rps >= TARGET_PER_SECOND ? 'met' : 'MISSED'}; ` +
          `stored ${stored.reports} reports in ${stored.groups} groups (${stored.events} events) for ${ours.accepted} answers 202`,
      );
    } finally {
      await target.drop?.();
    }
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) await serve(process.argv[serveAt + 1]!);
else await main();
