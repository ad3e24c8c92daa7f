// A part of scripts/bench-commentary.ts (#42): model lines with an endpoint that answers after 5 s, how many a node
// writes a minute and how long another job kind waits meanwhile, with `commentary_write` as it was (in the shared job
// lane, one job at a time, beside every other kind) and in its own lane (LLM_CONCURRENCY at once), in the same run.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { DEFAULT_LLM_CONCURRENCY, type AppConfig } from '../server/config.ts';
import type { Database, DatabaseHandle } from '../server/db/index.ts';
import { commentaryJobHandlers } from '../server/areas/commentary/index.ts';
import { platformCheckJobHandlers } from '../server/areas/admin/index.ts';
import { enqueueJob, startJobWorker, type JobHandlers, type JobKind } from '../server/lib/jobs.ts';
import { rowsOf } from './bench-lib.ts';
import { slowModel } from './bench-commentary-parts.ts';

const COMMENTARY_WRITE_JOB = 'commentary_write';
const OTHER_JOB = 'platform_check';
const POLL_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exec = async <T>(db: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
const load = () => os.loadavg()[0]!.toFixed(1);

interface LaneFigures {
  modelLines: number;
  perMinute: number;
  /** How long the other kind's job took from queued to done, or null when not done by the window's end. */
  otherWaitMs: number | null;
  mostAtOnce: number;
}

/**
 * `backlog` model lines queued for a board, a worker polling each second for `seconds` with the handlers given, and
 * one job of another kind queued two seconds in (the model lines' calls by then in flight); answers the model lines
 * written in the window and the other job's wait.
 */
async function window(
  handle: DatabaseHandle,
  config: AppConfig,
  board: { id: number; userId: number },
  handlers: JobHandlers,
  concurrency: number,
  seconds: number,
  backlog: number,
): Promise<LaneFigures> {
  const db = handle.db;
  await db.execute(sql`delete from jobs where kind = ${COMMENTARY_WRITE_JOB} and state in ('queued', 'running')`);
  const model = await slowModel(5_000);
  const llm = { baseUrl: model.baseUrl, model: 'bench-slow', timeoutMs: 8000, callsPerHour: 10_000, concurrency };
  const built = await buildApp({ ...config, jobsPollMs: undefined, llm }, handle, { rateLimit: false });
  const ctx = built.context;
  const since = new Date().toISOString();
  for (let i = 0; i < backlog; i++) {
    const facts = {
      kind: 'big_jump',
      athlete: `Mover ${i}`,
      challenge: 'Bench: commentary',
      place: 3,
      previous_place: 20,
      previous_leader: null,
      score: '300 reps',
    };
    await enqueueJob(db, COMMENTARY_WRITE_JOB, { challenge_id: board.id, user_id: board.userId, facts, bench: 'lane' }, ctx.now());
  }
  const stop = startJobWorker(ctx, POLL_MS, handlers);
  try {
    const t0 = performance.now();
    await sleep(2000);
    const other = await enqueueJob(db, OTHER_JOB, {}, ctx.now());
    const queuedAt = performance.now();
    let otherWaitMs: number | null = null;
    while (performance.now() - t0 < seconds * 1000) {
      if (otherWaitMs === null) {
        const [row] = await exec<{ state: string }>(db, sql`select state from jobs where id = ${other}`);
        if (row?.state === 'done') otherWaitMs = performance.now() - queuedAt;
      }
      await sleep(50);
    }
    const [lines] = await exec<{ n: number }>(
      db,
      sql`select count(*)::int as n from commentary_lines where challenge_id = ${board.id} and source = 'model'
          and score_id is null and created_at >= ${since}::timestamptz`,
    );
    const modelLines = lines!.n;
    return { modelLines, perMinute: (modelLines / seconds) * 60, otherWaitMs, mostAtOnce: model.mostAtOnce() };
  } finally {
    stop();
    // Released: the calls in flight end and store nothing; what is left of the backlog is deleted by the next window.
    await built.app.close();
    await model.close();
    await db.execute(sql`delete from jobs where kind in (${COMMENTARY_WRITE_JOB}, ${OTHER_JOB}) and state <> 'done'`);
  }
}

/** Model lines per minute and another kind's wait, shared lane (as before #42) beside the own lane, in one run. */
export async function laneRun(handle: DatabaseHandle, config: AppConfig, board: { id: number; userId: number }, seconds: number) {
  const concurrency = Number(process.env.LLM_CONCURRENCY ?? DEFAULT_LLM_CONCURRENCY);
  const backlog = Math.ceil((seconds / 5) * concurrency * 2);
  const own = commentaryJobHandlers[COMMENTARY_WRITE_JOB] as JobKind;
  const loadBefore = load();
  // As before: `commentary_write` a plain kind in the shared lane, one job at a time, the other kind behind it.
  const shared = await window(
    handle,
    config,
    board,
    { [COMMENTARY_WRITE_JOB]: own.run, ...platformCheckJobHandlers },
    concurrency,
    seconds,
    backlog,
  );
  const laned = await window(
    handle,
    config,
    board,
    { ...commentaryJobHandlers, ...platformCheckJobHandlers },
    concurrency,
    seconds,
    backlog,
  );
  const wait = (f: LaneFigures) => (f.otherWaitMs === null ? `not done in ${seconds - 2} s` : `${Math.round(f.otherWaitMs)} ms`);
  console.log(
    `  model lines with the endpoint answering after 5 s, ${seconds} s each way, ${backlog} lines queued, worker polling each ${POLL_MS} ms` +
      ` (load ${loadBefore} → ${load()}):`,
  );
  console.log(
    `    shared lane, one at a time (before):    ${shared.modelLines} model lines = ${shared.perMinute.toFixed(1)}/min (at most ${shared.mostAtOnce} calls at once);` +
      ` another kind's job waited ${wait(shared)}`,
  );
  console.log(
    `    own lane, LLM_CONCURRENCY ${concurrency} (after): ${laned.modelLines} model lines = ${laned.perMinute.toFixed(1)}/min (at most ${laned.mostAtOnce} calls at once);` +
      ` another kind's job waited ${wait(laned)}`,
  );
}
