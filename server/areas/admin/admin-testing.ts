import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { migrationsPath } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { jobs } from '#server/db/schema.ts';
import type { JobHandler } from '#server/lib/jobs.ts';
import { publish } from '#server/lib/realtime/realtime-events.ts';
import { videoService } from '../videos/index.ts';

/**
 * The platform's self-test for administrators: each check does real work against the configured
 * service and cleans up after itself. A failure is an answer (status `failed` with the reason in
 * words), never a 500: the page is there to find out what is broken.
 */
export type ServerCheck = 'database' | 'migrations' | 'jobs' | 'storage' | 'ffmpeg' | 'redis';
export type CheckStatus = 'ok' | 'failed' | 'not_configured';
export interface Fact {
  label: string;
  value: string;
}
export interface CheckResult {
  check: ServerCheck | 'mail' | 'socket';
  status: CheckStatus;
  detail: string;
  duration_ms: number;
  facts: Fact[];
}

/** The job kind of the queue check: its handler does nothing, so running it proves only the queue. */
export const PLATFORM_CHECK_JOB = 'platform_check';
/** How long the queue check waits for a worker (this node's or another's) to run its job. */
export const JOB_CHECK_WAIT_MS = 10_000;
const JOB_CHECK_POLL_MS = 50;
/** The real-time message the socket check publishes to the caller's own sockets. */
export const SOCKET_PROBE_TYPE = 'admin_test_probe';

const execFileAsync = promisify(execFile);

export const platformCheckJobHandlers: Record<string, JobHandler> = { [PLATFORM_CHECK_JOB]: async () => {} };

type Outcome = { status: CheckStatus; detail: string; facts?: Fact[] };

/** Times `work`; an exception becomes a failure with its reason in words. */
async function timed(check: CheckResult['check'], work: () => Promise<Outcome>): Promise<CheckResult> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await work();
  } catch (error) {
    outcome = { status: 'failed', detail: reasonOf(error) };
  }
  return { check, status: outcome.status, detail: outcome.detail, facts: outcome.facts ?? [], duration_ms: elapsed(started) };
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/** An error as a sentence: its message, with the system code a reader can look up. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const message = error.message.trim() || error.name;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}

export function runServerCheck(ctx: AppContext, check: ServerCheck): Promise<CheckResult> {
  return timed(check, () => CHECKS[check](ctx));
}

const CHECKS: Record<ServerCheck, (ctx: AppContext) => Promise<Outcome>> = {
  database: checkDatabase,
  migrations: checkMigrations,
  jobs: checkJobs,
  storage: checkStorage,
  ffmpeg: checkFfmpeg,
  redis: checkRedis,
};

async function checkDatabase(ctx: AppContext): Promise<Outcome> {
  const { db, kind } = ctx.database;
  const started = performance.now();
  const [row] = await rowsOf<{ one: number; version: string }>(db, sql`select 1 as one, version() as version`);
  const roundTrip = elapsed(started);
  if (Number(row?.one) !== 1) return { status: 'failed', detail: 'The round-trip query answered something other than 1.' };
  const engine = kind === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL';
  const version = /PostgreSQL ([\d.]+)/.exec(row!.version)?.[1] ?? row!.version;
  return {
    status: 'ok',
    detail: `${engine} answered a round-trip query in ${roundTrip} ms.`,
    facts: [
      { label: 'Engine', value: engine },
      { label: 'Version', value: version },
      { label: 'Round trip', value: `${roundTrip} ms` },
    ],
  };
}

interface JournalEntry {
  tag: string;
  when: number;
}

async function checkMigrations(ctx: AppContext): Promise<Outcome> {
  const journal = JSON.parse(await readFile(path.join(migrationsPath, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const shipped = journal.entries;
  const [applied] = await rowsOf<{ count: number | string; latest: number | string | null }>(
    ctx.database.db,
    sql`select count(*) as count, max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  const count = Number(applied?.count ?? 0);
  const latest = shipped.find((e) => e.when === Number(applied?.latest));
  const facts = [
    { label: 'Applied', value: String(count) },
    { label: 'Shipped', value: String(shipped.length) },
    { label: 'Latest applied', value: latest?.tag ?? 'none' },
  ];
  if (count < shipped.length) {
    const missing = shipped.slice(count).map((e) => e.tag);
    return { status: 'failed', detail: `${missing.length} shipped migration(s) not applied: ${missing.join(', ')}.`, facts };
  }
  if (count > shipped.length) {
    return {
      status: 'failed',
      detail: `The database has ${count} migrations but this build ships ${shipped.length}: it runs an older build than the database.`,
      facts,
    };
  }
  return { status: 'ok', detail: `All ${count} shipped migrations are applied; the latest is ${latest?.tag ?? 'unknown'}.`, facts };
}

async function checkJobs(ctx: AppContext): Promise<Outcome> {
  const { db } = ctx.database;
  const now = ctx.now();
  const [job] = await db
    .insert(jobs)
    .values({ kind: PLATFORM_CHECK_JOB, payload: {}, runAt: now, createdAt: now })
    .returning({ id: jobs.id });
  const enqueued = performance.now();
  let state = 'queued';
  try {
    while (performance.now() - enqueued < JOB_CHECK_WAIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, JOB_CHECK_POLL_MS));
      const [row] = await rowsOf<{ state: string }>(db, sql`select state from jobs where id = ${job!.id}`);
      state = row?.state ?? 'gone';
      if (state !== 'queued' && state !== 'running') break;
    }
  } finally {
    await db.execute(sql`delete from jobs where id = ${job!.id}`);
  }
  const ranIn = elapsed(enqueued);
  const facts = [...(await queueFacts(ctx)), { label: 'No-op job', value: `${state} after ${ranIn} ms` }];
  if (state === 'done') return { status: 'ok', detail: `A no-op job was queued and run by a worker in ${ranIn} ms.`, facts };
  if (state === 'queued' || state === 'running') {
    const worker = ctx.config.jobsPollMs ? 'this node polls' : 'this node has no job worker (jobsPollMs is off)';
    return {
      status: 'failed',
      detail: `No worker finished the no-op job within ${JOB_CHECK_WAIT_MS / 1000} s (it was still ${state}; ${worker}). Jobs such as video processing are waiting too.`,
      facts,
    };
  }
  return { status: 'failed', detail: `The no-op job ended as "${state}" instead of done.`, facts };
}

/** Depth of the queue (due and scheduled) and its oldest waiting job. */
async function queueFacts(ctx: AppContext): Promise<Fact[]> {
  const [row] = await rowsOf<{ waiting: number | string; oldest_kind: string | null; oldest_at: string | Date | null }>(
    ctx.database.db,
    sql`select (select count(*) from jobs where state = 'queued') as waiting,
               o.kind as oldest_kind, o.created_at as oldest_at
        from (select 1) as one
        left join lateral (select kind, created_at from jobs where state = 'queued' order by run_at limit 1) o on true`,
  );
  const waiting = Number(row?.waiting ?? 0);
  const oldest = row?.oldest_at
    ? `${row.oldest_kind}, waiting since ${new Date(row.oldest_at).toISOString()} (${Math.max(0, Math.round((ctx.now().getTime() - new Date(row.oldest_at).getTime()) / 1000))} s)`
    : 'none';
  return [
    { label: 'Queue depth', value: String(waiting) },
    { label: 'Oldest waiting', value: oldest },
  ];
}

async function checkStorage(ctx: AppContext): Promise<Outcome> {
  const { storage } = videoService(ctx);
  const where = ctx.config.s3Url ? 'S3 bucket' : 'video folder';
  const id = randomUUID();
  const content = `RepForge storage check ${id}\n`;
  try {
    const scratch = storage.scratchDir(id);
    await mkdir(scratch, { recursive: true }).catch((error: unknown) => {
      throw new Error(`Could not make a folder in the ${where}'s local scratch space ${scratch}: ${reasonOf(error)}`);
    });
    const file = path.join(scratch, 'probe');
    await writeFile(file, content);
    await storage.putOutput(id, 'poster.jpg', file).catch((error: unknown) => {
      throw new Error(`Could not write a test object to the ${where}: ${reasonOf(error)}`);
    });
    const size = await storage.outputSize(id, 'poster.jpg');
    const back = await text(await storage.readOutput(id, 'poster.jpg'));
    if (size !== Buffer.byteLength(content) || back !== content) {
      return { status: 'failed', detail: `The test object read back from the ${where} is not what was written (${size ?? 'no'} bytes).` };
    }
  } finally {
    await storage.removeAll(id).catch(() => {});
  }
  const gone = await storage.outputSize(id, 'poster.jpg');
  if (gone !== null) return { status: 'failed', detail: `The test object could not be deleted from the ${where}.` };
  const facts = [{ label: 'Store', value: ctx.config.s3Url ? `S3 (${s3Where(ctx.config.s3Url)})` : `Folder ${videoRoot(ctx)}` }];
  return { status: 'ok', detail: `A ${Buffer.byteLength(content)}-byte object was written, read back and deleted in the ${where}.`, facts };
}

/** The bucket's host and name, never its keys. */
function s3Where(raw: string): string {
  const url = new URL(raw);
  return `${url.host}/${url.pathname.split('/').filter(Boolean)[0] ?? ''}`;
}

function videoRoot(ctx: AppContext): string {
  return ctx.config.videoDir ?? (ctx.config.dataDir ? path.join(ctx.config.dataDir, 'videos') : 'a temporary folder (in-memory database)');
}

async function checkFfmpeg(): Promise<Outcome> {
  const facts: Fact[] = [];
  const missing: string[] = [];
  for (const tool of ['ffmpeg', 'ffprobe']) {
    try {
      const { stdout } = await execFileAsync(tool, ['-version'], { timeout: 5000 });
      facts.push({ label: tool, value: /version (\S+)/.exec(stdout)?.[1] ?? stdout.split('\n')[0]!.slice(0, 80) });
    } catch (error) {
      missing.push(`${tool} (${(error as { code?: unknown }).code === 'ENOENT' ? 'not installed or not on PATH' : reasonOf(error)})`);
    }
  }
  if (missing.length) return { status: 'failed', detail: `Video checks and processing need ${missing.join(' and ')}.`, facts };
  return { status: 'ok', detail: 'ffmpeg and ffprobe are installed and answer.', facts };
}

async function checkRedis(ctx: AppContext): Promise<Outcome> {
  if (!ctx.config.redisUrl)
    return { status: 'not_configured', detail: 'No REDIS_URL is set: rate-limit counters are kept in memory on each node.' };
  const { Redis } = await import('ioredis'); // loaded on first use (server/lib/lazy-load.ts)
  const redis = new Redis(ctx.config.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  // ioredis rejects with "Connection is closed"; the reason is in the error event before it.
  let lastError: unknown = null;
  redis.on('error', (error: unknown) => (lastError = error));
  try {
    await redis.connect();
    const started = performance.now();
    const answer = await redis.ping();
    const took = elapsed(started);
    const version = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
    return {
      status: answer === 'PONG' ? 'ok' : 'failed',
      detail: answer === 'PONG' ? `Redis answered PING in ${took} ms.` : `Redis answered "${answer}" instead of PONG.`,
      facts: [
        { label: 'Version', value: version },
        { label: 'Ping', value: `${took} ms` },
      ],
    };
  } catch (error) {
    return { status: 'failed', detail: `Redis did not answer: ${reasonOf(lastError ?? error)}` };
  } finally {
    redis.disconnect();
  }
}

/** Sends a test mail to the administrator's own address through the configured transport. */
export function sendTestMail(ctx: AppContext, to: string): Promise<CheckResult> {
  return timed('mail', async () => {
    const sentAt = ctx.now().toISOString();
    const messageId = await ctx.mailer.send({
      to,
      subject: 'RepForge test mail',
      text: `This is a test mail from the Admin Testing page, sent at ${sentAt} to check that mail goes out.\nNo action is needed.`,
    });
    const facts = [{ label: 'To', value: to }, ...(messageId ? [{ label: 'Message id', value: messageId }] : [])];
    // The development transport prints to stdout and gives no id; a configured one (or a test outbox) does.
    if (!messageId && !ctx.config.smtpUrl) {
      return {
        status: 'not_configured',
        detail: 'No SMTP_URL is set: the test mail was written to the server log instead of being sent.',
        facts,
      };
    }
    return { status: 'ok', detail: `The mail server accepted the test mail to ${to}.`, facts };
  });
}

/** Publishes the socket probe through NOTIFY, the bus every node LISTENs on, to the caller's own sockets. */
export async function publishSocketProbe(ctx: AppContext, userId: number, nonce: string) {
  const started = performance.now();
  const publishedAt = ctx.now().toISOString();
  await publish(ctx.database.db, [{ to: { user: userId }, message: { type: SOCKET_PROBE_TYPE, nonce, published_at: publishedAt } }]);
  return { published_at: publishedAt, publish_ms: elapsed(started) };
}
