import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { rowsOf } from '../db/rows.ts';
import { jobs } from '../db/schema.ts';

/**
 * One jobs table every node shares (no pg-boss: it needs Node 22 and a real PostgreSQL).
 * A worker claims the oldest due job with `FOR UPDATE SKIP LOCKED`, which PostgreSQL and
 * PGlite both run, so two nodes never take the same job. A claim is a short lease that the
 * worker renews while the handler runs (a heartbeat); a job whose lease lapsed (its worker
 * died) goes back to the queue with the attempt counted, or fails after JOB_MAX_ATTEMPTS.
 * A restarted node takes back its own dead jobs at once; a stopping node releases its
 * running jobs to the queue. A handler that throws is retried with back-off, then failed.
 * Kinds run one job at a time per node in one shared lane, except a kind that names its own
 * `concurrency` (one that mostly awaits something slow, such as a model's answer): it runs in a
 * lane of its own, up to that many jobs at once, so it neither waits behind the shared lane nor
 * holds it.
 */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** What a handler knows of its job; `signal` aborts when the job is released (the server stops) or taken from it. */
export interface RunningJob {
  id: number;
  kind: string;
  attempts: number;
  signal: AbortSignal;
}

export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>, job: RunningJob) => Promise<void>;

/** A handler with a hook for when its job has failed for good (out of attempts), e.g. to tell the user. */
export interface JobKind {
  run: JobHandler;
  failed?: (ctx: AppContext, payload: Record<string, unknown>, reason: string) => Promise<void>;
  /** Runs in a lane of its own, up to this many jobs at once per node (at least 1), beside the shared one-at-a-time lane. */
  concurrency?: (ctx: AppContext) => number;
}

export type JobHandlers = Record<string, JobHandler | JobKind>;

/** How long a claim holds a job without a heartbeat; a worker that stops renewing loses it after this. */
export const JOB_LEASE_MS = 2 * 60_000;
/** How often a running job's lease is renewed. */
export const JOB_HEARTBEAT_MS = 20_000;
export const JOB_MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 30_000;
/** What a job that lost its worker says in `last_error`. */
export const WORKER_LOST_TEXT = 'The server running this job stopped before it finished.';
/** The NOTIFY channel a statement that adds jobs sends on (migration 0083): every node's worker wakes. */
export const JOBS_CHANNEL = 'repforge_jobs';
export const RELEASED_TEXT = 'Released by a server that was stopping; it runs again on the next worker.';

type Executor = Pick<Database, 'insert'>;

/** Queues a job (in the caller's transaction, when given one); answers its id. */
export async function enqueueJob(db: Executor, kind: string, payload: Record<string, unknown>, now: Date): Promise<number> {
  const [row] = await db.insert(jobs).values({ kind, payload, runAt: now, createdAt: now }).returning({ id: jobs.id });
  return row!.id;
}

/**
 * Queues coalescing jobs, one per key (in the caller's transaction, when given one): a key with a job already queued
 * or running adds no row; that job is marked to run again (`run_again`), so one that is running, and may have read
 * its work already, runs once more when it ends. The handler reads what its key covers when it runs (its payload
 * says which key), so however often a key is queued the table holds at most one row of it that is not finished.
 * The mark takes the row's lock, so a job is never claimed between work stored and its mark (SKIP LOCKED); a mark
 * already set is not written again (PostgreSQL locks the row all the same), so a busy key does not add a row version
 * per batch.
 */
export async function enqueueCoalesced(
  db: Pick<Database, 'execute'>,
  kind: string,
  items: { key: string; payload: Record<string, unknown> }[],
  now: Date,
): Promise<void> {
  const byKey = new Map(items.map((i) => [i.key, i.payload]));
  if (!byKey.size) return;
  const at = now.toISOString();
  const rows = [...byKey].map(([key, payload]) => sql`(${kind}, ${JSON.stringify(payload)}::jsonb, ${at}, ${at}, ${key})`);
  await db.execute(
    sql`insert into jobs (kind, payload, run_at, created_at, coalesce_key) values ${sql.join(rows, sql`, `)}
        on conflict (coalesce_key) where state in ('queued', 'running') do update set run_again = true where not jobs.run_again`,
  );
}

/** This app's worker: who it is in `locked_by`, whether it polls, and the jobs it is running. */
export interface JobWorker {
  /** The node (NODE_ID, else the host name): a restart of the same node takes back what it was running. */
  nodeId: string;
  /** `<node id>#<boot id>`: unique per start. */
  workerId: string;
  started: boolean;
  /** Set once the server is stopping: nothing more is claimed. */
  stopping: boolean;
  heartbeatMs: number;
  running: Map<number, AbortController>;
  /** Asks the started worker to poll soon (no-op while none runs); the test clock's move calls it. */
  wake: () => void;
}

const workers = new WeakMap<AppContext, JobWorker>();

export function jobWorker(ctx: AppContext): JobWorker {
  let worker = workers.get(ctx);
  if (!worker) {
    const nodeId = (ctx.config.nodeId || os.hostname()).slice(0, 100);
    worker = {
      nodeId,
      workerId: `${nodeId}#${randomBytes(6).toString('hex')}`,
      started: false,
      stopping: false,
      heartbeatMs: JOB_HEARTBEAT_MS,
      running: new Map(),
      wake: () => {},
    };
    workers.set(ctx, worker);
  }
  return worker;
}

/** What readiness reports of the job runner. */
export function jobRunnerState(ctx: AppContext): 'running' | 'off' | 'starting' | 'stopped' {
  const worker = jobWorker(ctx);
  if (worker.stopping) return 'stopped';
  if (worker.started) return 'running';
  return ctx.config.jobsPollMs ? 'starting' : 'off';
}

const kindList = (kinds: string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/** Takes the oldest due queued job and leases it to `workerId`. */
export async function claimJob(db: Database, now: Date, kinds: string[], workerId: string | null = null): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const lockedUntil = new Date(now.getTime() + JOB_LEASE_MS);
  const rows = await rowsOf<ClaimedJob>(
    db,
    sql`update jobs set state = 'running', attempts = attempts + 1, locked_until = ${lockedUntil.toISOString()},
          locked_by = ${workerId}, heartbeat_at = ${now.toISOString()}, run_again = false
        where id = (
          select id from jobs
          where kind in (${kindList(kinds)}) and state = 'queued' and run_at <= ${now.toISOString()}
          order by run_at
          limit 1
          for update skip locked)
        returning id, kind, payload, attempts`,
  );
  return rows[0] ?? null;
}

const runOf = (entry: JobHandler | JobKind): JobHandler => (typeof entry === 'function' ? entry : entry.run);

/** Runs a kind's `failed` hook; a hook that throws is logged, never thrown at the worker. */
async function tellFailed(ctx: AppContext, handlers: JobHandlers, job: { kind: string; payload: Record<string, unknown> }, reason: string) {
  const entry = handlers[job.kind];
  if (!entry || typeof entry === 'function' || !entry.failed) return;
  try {
    await entry.failed(ctx, job.payload, reason);
  } catch (error) {
    ctx.tasks.defer(`${job.kind} failure hook`, () => Promise.reject(error));
  }
}

/**
 * Jobs of these kinds whose worker is gone go back to the queue (the attempt that died counts), or
 * fail once out of attempts: a lease that lapsed without a heartbeat, and, at start, whatever this
 * node was running before it restarted (on the embedded database, one process owns it: everything).
 */
export async function reclaimDeadJobs(ctx: AppContext, handlers: JobHandlers, atStart = false): Promise<number> {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return 0;
  const worker = jobWorker(ctx);
  const now = ctx.now().toISOString();
  const ownNode = `${worker.nodeId}#`;
  const previousRun = !atStart
    ? sql`false`
    : ctx.database.kind === 'pglite'
      ? sql`true`
      : sql`left(locked_by, ${ownNode.length}) = ${ownNode}`;
  const rows = await rowsOf<{ kind: string; payload: Record<string, unknown>; state: string }>(
    ctx.database.db,
    sql`update jobs set state = case when attempts >= ${JOB_MAX_ATTEMPTS} then 'failed' else 'queued' end,
          locked_until = null, locked_by = null, heartbeat_at = null, run_at = ${now}, last_error = ${WORKER_LOST_TEXT}
        where kind in (${kindList(kinds)}) and state = 'running' and locked_by is distinct from ${worker.workerId}
          and (locked_until < ${now} or ${previousRun})
        returning kind, payload, state`,
  );
  for (const row of rows) if (row.state === 'failed') await tellFailed(ctx, handlers, row, WORKER_LOST_TEXT);
  return rows.length;
}

/** Settles a job this worker still holds; answers whether it has failed for good. */
async function settle(db: Database, job: ClaimedJob, workerId: string, now: Date, error?: unknown): Promise<boolean> {
  const mine = sql`id = ${job.id} and state = 'running' and locked_by = ${workerId}`;
  const unlock = sql`locked_until = null, locked_by = null, heartbeat_at = null`;
  if (!error) {
    // A coalescing job queued again while it ran goes back to the queue as a fresh one (its key's new work).
    await db.execute(
      sql`update jobs set state = case when run_again then 'queued' else 'done' end, ${unlock},
            attempts = case when run_again then 0 else attempts end, run_again = false,
            run_at = case when run_again then ${now.toISOString()}::timestamptz else run_at end
          where ${mine}`,
    );
    return false;
  }
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (job.attempts >= JOB_MAX_ATTEMPTS) {
    const failed = await rowsOf(db, sql`update jobs set state = 'failed', ${unlock}, last_error = ${message} where ${mine} returning id`);
    return failed.length > 0;
  }
  const runAt = new Date(now.getTime() + RETRY_BASE_MS * 2 ** (job.attempts - 1));
  await db.execute(
    sql`update jobs set state = 'queued', ${unlock}, last_error = ${message}, run_at = ${runAt.toISOString()} where ${mine}`,
  );
  return false;
}

/** Renews the lease; a job no longer held (released, or taken after a lapse) is aborted here. */
async function heartbeat(ctx: AppContext, worker: JobWorker, jobId: number, controller: AbortController) {
  const now = ctx.now();
  const held = await rowsOf(
    ctx.database.db,
    sql`update jobs set locked_until = ${new Date(now.getTime() + JOB_LEASE_MS).toISOString()}, heartbeat_at = ${now.toISOString()}
        where id = ${jobId} and state = 'running' and locked_by = ${worker.workerId} returning id`,
  );
  if (held.length === 0) controller.abort();
}

async function runOne(ctx: AppContext, worker: JobWorker, handlers: JobHandlers, job: ClaimedJob) {
  const db = ctx.database.db;
  const controller = new AbortController();
  worker.running.set(job.id, controller);
  const beat = setInterval(() => {
    heartbeat(ctx, worker, job.id, controller).catch(() => {});
  }, worker.heartbeatMs);
  beat.unref();
  const released = new Promise<'released'>((resolve) => controller.signal.addEventListener('abort', () => resolve('released')));
  try {
    const work = runOf(handlers[job.kind]!)(ctx, job.payload, {
      id: job.id,
      kind: job.kind,
      attempts: job.attempts,
      signal: controller.signal,
    });
    // A released job's handler may still finish or throw after the worker has let go of it.
    work.catch(() => {});
    if ((await Promise.race([work.then(() => 'done' as const), released])) === 'released') return;
    await settle(db, job, worker.workerId, ctx.now());
  } catch (error) {
    if (controller.signal.aborted) return;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    if (await settle(db, job, worker.workerId, ctx.now(), error)) await tellFailed(ctx, handlers, job, reason);
  } finally {
    clearInterval(beat);
    worker.running.delete(job.id);
  }
}

/** A set of kinds run together, and how many of their jobs at once. */
export interface JobLane {
  handlers: JobHandlers;
  concurrency: number;
  /** The lane of every kind without its own concurrency. */
  shared: boolean;
}

/** The shared lane (every kind without its own `concurrency`, one job at a time) and one lane per kind that has it. */
export function jobLanes(ctx: AppContext, handlers: JobHandlers): JobLane[] {
  const shared: JobHandlers = {};
  const own: JobLane[] = [];
  for (const [kind, entry] of Object.entries(handlers)) {
    if (typeof entry === 'function' || !entry.concurrency) shared[kind] = entry;
    else own.push({ handlers: { [kind]: entry }, concurrency: Math.max(1, Math.floor(entry.concurrency(ctx)) || 1), shared: false });
  }
  return [{ handlers: shared, concurrency: 1, shared: true }, ...own];
}

/**
 * Runs one lane's due jobs until none is left (or the server is stopping), up to `concurrency` at once: each slot
 * claims a job, runs it, and claims the next; answers how many ran.
 */
async function runLane(ctx: AppContext, lane: JobLane): Promise<number> {
  const worker = jobWorker(ctx);
  if (worker.stopping) return 0;
  await reclaimDeadJobs(ctx, lane.handlers);
  const kinds = Object.keys(lane.handlers);
  let ran = 0;
  let empty = false;
  const slot = async () => {
    while (!empty && !worker.stopping) {
      const job = await claimJob(ctx.database.db, ctx.now(), kinds, worker.workerId);
      if (!job) {
        empty = true;
        return;
      }
      ran += 1;
      await runOne(ctx, worker, lane.handlers, job);
    }
  };
  await Promise.all(Array.from({ length: lane.concurrency }, slot));
  return ran;
}

/**
 * Runs due jobs until none is left (or the server is stopping): the shared lane's one after another, beside each
 * own-lane kind's, up to its concurrency at once; answers how many ran.
 */
export async function runDueJobs(ctx: AppContext, handlers: JobHandlers): Promise<number> {
  const counts = await Promise.all(jobLanes(ctx, handlers).map((lane) => runLane(ctx, lane)));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * The server is stopping: nothing more is claimed, the jobs this worker runs go back to the
 * queue as they were (the attempt does not count) and their handlers are told to stop.
 * Answers how many were released.
 */
export async function releaseRunningJobs(ctx: AppContext): Promise<number> {
  const worker = jobWorker(ctx);
  worker.stopping = true;
  const rows = await rowsOf(
    ctx.database.db,
    // Other nodes' workers are woken to take them (JOBS_CHANNEL; one notice per statement).
    sql`with released as (update jobs set state = 'queued', attempts = greatest(attempts - 1, 0), locked_until = null,
          locked_by = null, heartbeat_at = null, run_at = ${ctx.now().toISOString()}, last_error = ${RELEASED_TEXT}
        where state = 'running' and locked_by = ${worker.workerId} returning id)
        select id, pg_notify(${JOBS_CHANNEL}, '') from released`,
  );
  for (const controller of worker.running.values()) controller.abort();
  return rows.length;
}

/** How long a finished job stays for the record: done jobs a week, failed ones (which operators read) a month. */
export const JOB_DONE_RETENTION_MS = 7 * 86_400_000;
export const JOB_FAILED_RETENTION_MS = 30 * 86_400_000;
const PRUNE_BATCH = 1000;

/**
 * Deletes finished jobs past their retention, at most one batch per state per call (the worker
 * calls it after each poll, so a backlog drains without one long delete); answers how many went.
 */
export async function pruneFinishedJobs(ctx: AppContext): Promise<number> {
  const now = ctx.now().getTime();
  let pruned = 0;
  for (const [state, keepMs] of [
    ['done', JOB_DONE_RETENTION_MS],
    ['failed', JOB_FAILED_RETENTION_MS],
  ] as const) {
    const cutoff = new Date(now - keepMs).toISOString();
    const rows = await rowsOf(
      ctx.database.db,
      sql`delete from jobs where id in (
            select id from jobs where state = ${state} and run_at < ${cutoff} order by run_at limit ${PRUNE_BATCH})
          returning id`,
    );
    pruned += rows.length;
  }
  return pruned;
}

/**
 * Keeps an own lane's slots full while the worker runs: on each poll (after taking back the lane's dead jobs) and
 * whenever one of its jobs ends, it claims jobs while fewer than `concurrency` run, each run on its own, so a job
 * that waits (for a model's answer) never keeps a free slot idle until the others end.
 */
function lanePump(ctx: AppContext, lane: JobLane, halted: () => boolean): (reclaim: boolean) => void {
  const worker = jobWorker(ctx);
  const kinds = Object.keys(lane.handlers);
  let running = 0;
  let filling = false;
  const fill = async (reclaim: boolean) => {
    if (filling || worker.stopping || halted()) return;
    filling = true;
    try {
      if (reclaim) await reclaimDeadJobs(ctx, lane.handlers);
      while (running < lane.concurrency && !worker.stopping && !halted()) {
        const job = await claimJob(ctx.database.db, ctx.now(), kinds, worker.workerId);
        if (!job) return;
        running += 1;
        ctx.tasks.defer('job worker', () =>
          runOne(ctx, worker, lane.handlers, job).finally(() => {
            running -= 1;
            pump(false);
          }),
        );
      }
    } finally {
      filling = false;
    }
  };
  const pump = (reclaim: boolean) => ctx.tasks.defer('job worker', () => fill(reclaim));
  return pump;
}

/** In how many ms the next of these kinds' jobs is due (queued `run_at`, or another worker's lease lapses). */
async function msUntilNextJob(ctx: AppContext, kinds: string[], workerId: string): Promise<number> {
  if (kinds.length === 0) return Infinity;
  const [row] = await rowsOf<{ at: string | Date | null }>(
    ctx.database.db,
    sql`select least(
          (select min(run_at) from jobs where state = 'queued' and kind in (${kindList(kinds)})),
          (select min(locked_until) from jobs
            where state = 'running' and kind in (${kindList(kinds)}) and locked_by is distinct from ${workerId})) as at`,
  );
  return row?.at ? new Date(row.at).getTime() - ctx.now().getTime() : Infinity;
}

/**
 * Polls for due jobs, at least `everyMs` apart: the shared lane one run at a time, then `after` (sweeps); each own lane
 * kept full on its own (`lanePump`), so slow jobs there never hold the shared lane nor wait for it. While a pass runs or
 * ran a job it polls every `everyMs`; else it sleeps until its next job is due, at most `idleMs` (default `everyMs`),
 * woken early by a job added on any node (NOTIFY at commit) or `worker.wake()` (the test clock moved). `idleMs` bounds
 * how late a sweep runs and how long a notice lost between nodes (a dropped LISTEN connection) delays a job.
 */
export function startJobWorker(
  ctx: AppContext,
  everyMs: number,
  handlers: JobHandlers,
  after: (ctx: AppContext) => Promise<unknown> = async () => {},
  idleMs = everyMs,
): () => void {
  const worker = jobWorker(ctx);
  worker.started = true;
  const [shared, ...own] = jobLanes(ctx, handlers);
  const kinds = Object.keys(handlers);
  let stopped = false;
  const pumps = own.map((lane) => lanePump(ctx, lane, () => stopped));
  let running = false;
  let woken = false; // while a pass ran: poll again once it ends
  let lastPoll = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  // Polls at `when` (real ms), or later to keep polls `everyMs` apart; an earlier poll already planned stays.
  const pollAt = (when: number) => {
    const at = Math.max(when, lastPoll + everyMs);
    if (stopped || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(poll, Math.max(0, at - Date.now()));
    timer.unref();
  };
  const poll = () => {
    timer = undefined;
    timerAt = Infinity;
    if (stopped || worker.stopping) return;
    lastPoll = Date.now();
    for (const pump of pumps) pump(true);
    if (running) {
      woken = true;
      pollAt(lastPoll + everyMs);
      return;
    }
    running = true;
    woken = false;
    let nextMs = everyMs;
    ctx.tasks.defer('job worker', async () => {
      try {
        const ran = await runLane(ctx, shared!);
        if (worker.stopping) return;
        await after(ctx);
        if (ran === 0 && idleMs > everyMs) nextMs = Math.min(idleMs, Math.max(0, await msUntilNextJob(ctx, kinds, worker.workerId)));
      } finally {
        running = false;
        pollAt(woken ? Date.now() : Date.now() + nextMs);
      }
    });
  };
  worker.wake = () => {
    if (running) woken = true;
    else pollAt(Date.now());
  };
  let unlisten: (() => Promise<void>) | undefined;
  // A worker that cannot listen still polls every `idleMs`.
  ctx.tasks.defer('job worker listen', async () => {
    const off = await ctx.database.listen(JOBS_CHANNEL, () => worker.wake());
    if (stopped) await off();
    else unlisten = off;
  });
  pollAt(Date.now() + everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    worker.wake = () => {};
    worker.started = false;
    if (unlisten) ctx.tasks.defer('job worker unlisten', unlisten);
  };
}
