import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { rowsOf } from '../db/rows.ts';
import { jobs } from '../db/schema.ts';

/**
 * One jobs table every node shares (no pg-boss: it needs Node 22 and a real PostgreSQL).
 * A worker claims the oldest due job with `FOR UPDATE SKIP LOCKED`, which PostgreSQL and
 * PGlite both run, so two nodes never take the same job; a job whose worker died is taken
 * again once its lock lapses. A handler that throws is retried with back-off, then failed.
 */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<void>;

/** How long a claimed job is locked to its worker before another may take it. */
export const JOB_LOCK_MS = 30 * 60_000;
export const JOB_MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 30_000;

type Executor = Pick<Database, 'insert'>;

export async function enqueueJob(db: Executor, kind: string, payload: Record<string, unknown>, now: Date): Promise<void> {
  await db.insert(jobs).values({ kind, payload, runAt: now, createdAt: now });
}

/** Takes the oldest due job (or one whose lock lapsed) and locks it to this worker. */
export async function claimJob(db: Database, now: Date, kinds: string[]): Promise<ClaimedJob | null> {
  const lockedUntil = new Date(now.getTime() + JOB_LOCK_MS);
  const rows = await rowsOf<ClaimedJob>(
    db,
    sql`update jobs set state = 'running', attempts = attempts + 1, locked_until = ${lockedUntil.toISOString()}
        where id = (
          select id from jobs
          where kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            and ((state = 'queued' and run_at <= ${now.toISOString()})
              or (state = 'running' and locked_until < ${now.toISOString()}))
          order by run_at
          limit 1
          for update skip locked)
        returning id, kind, payload, attempts`,
  );
  return rows[0] ?? null;
}

async function settle(db: Database, job: ClaimedJob, now: Date, error?: unknown) {
  if (!error) {
    await db.execute(sql`update jobs set state = 'done', locked_until = null where id = ${job.id}`);
    return;
  }
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (job.attempts >= JOB_MAX_ATTEMPTS) {
    await db.execute(sql`update jobs set state = 'failed', locked_until = null, last_error = ${message} where id = ${job.id}`);
    return;
  }
  const runAt = new Date(now.getTime() + RETRY_BASE_MS * 2 ** (job.attempts - 1));
  await db.execute(
    sql`update jobs set state = 'queued', locked_until = null, last_error = ${message}, run_at = ${runAt.toISOString()} where id = ${job.id}`,
  );
}

/** Runs due jobs one after another until none is left; answers how many ran. */
export async function runDueJobs(ctx: AppContext, handlers: Record<string, JobHandler>): Promise<number> {
  const db = ctx.database.db;
  let ran = 0;
  for (;;) {
    const job = await claimJob(db, ctx.now(), Object.keys(handlers));
    if (!job) return ran;
    ran += 1;
    try {
      await handlers[job.kind]!(ctx, job.payload);
      await settle(db, job, ctx.now());
    } catch (error) {
      await settle(db, job, ctx.now(), error);
    }
  }
}

/** Polls for due jobs every `everyMs` (one run at a time per node), then runs `after` (sweeps). */
export function startJobWorker(
  ctx: AppContext,
  everyMs: number,
  handlers: Record<string, JobHandler>,
  after: (ctx: AppContext) => Promise<unknown> = async () => {},
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    ctx.tasks.defer('job worker', () =>
      runDueJobs(ctx, handlers)
        .then(() => after(ctx))
        .finally(() => (running = false)),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
