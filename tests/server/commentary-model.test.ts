import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { commentaryJobHandlers } from '#server/areas/commentary/lines.ts';
import { DRAFTS_PER_SLOT, MODEL_BEHIND_TEXT, storeDrafts } from '#server/areas/commentary/drafts.ts';
import { enqueueJob, jobWorker, releaseRunningJobs, runDueJobs, startJobWorker } from '#server/lib/jobs.ts';
import { authHeaders, createTestApp, databaseKinds, signIn, type SignedIn, type TestApp } from './helpers.ts';
import { startFakeModel } from './fake-model.ts';

// Model lines run in a lane of their own, LLM_CONCURRENCY at once per node (issue #42): a slow endpoint costs one
// timeout per batch of lines rather than per line, other job kinds do not wait behind it, the hourly budget and the
// fallback hold under concurrency, and two nodes still write each line once. A board's waiting lines are drafts and
// one coalesced job (`commentary_drafts`), however many moves wait: the jobs table holds O(1) rows per board. The
// draft is stored after the submission's answer (the move's deferred batch, as a template line would be), and a board
// keeps at most DRAFTS_PER_SLOT × LLM_CONCURRENCY drafts: past that the templates write the line at once.

const HOUR = 3_600_000;
const TIMEOUT_MS = 1500;
const CONCURRENCY = 4;

type LineRow = { score_id: number; source: string; fallback_reason: string | null };

/** Waits (real time) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(databaseKinds)('model commentary lines at once on %s', (kind) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeModel>>;
  let admin: SignedIn;
  let athlete: SignedIn;
  let challengeId = 0;
  let reps = 10;
  const db = () => t.context.database.db;
  /** Another server on the same database: its own worker, its own writer (and budget), the same clock. */
  const node = (nodeId: string, llm: Partial<NonNullable<AppContext['config']['llm']>> = {}): AppContext => ({
    ...t.context,
    config: { ...t.context.config, nodeId, llm: { ...t.context.config.llm!, ...llm } },
  });

  beforeAll(async () => {
    fake = await startFakeModel((facts) => `${String(facts.athlete)} sets the pace again!`, 'nonsense');
    t = await createTestApp(
      kind,
      {
        adminEmails: ['admin@example.test'],
        nodeId: 'node-a',
        // One board takes every move of this file, quickly: a pace that never binds here (the pace's own tests are in
        // commentary.test.ts and tests/unit/commentary-pace.test.ts).
        commentaryBoardLinesPerMinute: 600_000,
        llm: { baseUrl: fake.baseUrl, model: 'tiny', timeoutMs: TIMEOUT_MS, callsPerHour: 100, concurrency: CONCURRENCY },
      },
      { rateLimit: false },
    );
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    athlete = await signIn(t, 'cleo@example.test', 'athlete-password', 'Cleo');
    const now = t.clock.now().getTime();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/challenges/',
      headers: authHeaders(admin),
      payload: {
        title: 'Wall Balls',
        score_type: 'reps',
        starts_at: new Date(now - HOUR).toISOString(),
        ends_at: new Date(now + 48 * HOUR).toISOString(),
      },
    });
    challengeId = (created.json() as { id: number }).id;
    const dee = await signIn(t, 'dee@example.test', 'athlete-password', 'Dee');
    for (const who of [dee, athlete]) {
      await t.app.inject({
        method: 'POST',
        url: `/api/challenges/${challengeId}/join`,
        headers: authHeaders(who),
        payload: { division: 'rx', sex: 'female' },
      });
    }
    // Dee's first score on an empty board is not news; Cleo's takes the lead (a line), and every later one of hers
    // is a board record (a line each).
    await t.app.inject({
      method: 'POST',
      url: `/api/challenges/${challengeId}/submit-score`,
      headers: authHeaders(dee),
      payload: { reps: 1 },
    });
    await submit();
    await t.settled();
    expect(await runDueJobs(t.context, commentaryJobHandlers)).toBe(1);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function submit() {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/challenges/${challengeId}/submit-score`,
      headers: authHeaders(athlete),
      payload: { reps: (reps += 1) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { score: { id: number } }).score.id;
  }

  /** The board's jobs not finished, and its drafts (lines waiting for the model). */
  const waitingRows = async () =>
    (
      await rowsOf<{ jobs: number; drafts: number }>(
        db(),
        sql`select (select count(*)::int from jobs where kind = 'commentary_drafts' and state in ('queued', 'running')
              and coalesce_key = ${`commentary:challenge:${challengeId}`}) as jobs,
            (select count(*)::int from commentary_drafts where challenge_id = ${challengeId}) as drafts`,
      )
    )[0]!;

  /** `n` board records by the leader: `n` drafts and one `commentary_drafts` job for the board; answers their scores' ids. */
  async function movesWaiting(n: number, workerRunning = false) {
    const ids: number[] = [];
    // With a worker running, the app's work never settles while a line waits on the model: the worker takes the jobs.
    // Each move is handled (its draft stored, or already its line) before the next: moves of one athlete in one tick
    // are one move (the newest best stands; an older one makes no line).
    if (workerRunning) {
      for (let i = 0; i < n; i++) {
        const id = await submit();
        ids.push(id);
        await until(async () => (await handled(id)) > 0, 'the move handled');
      }
      return ids;
    }
    // Each move's facts read before the next (on a loaded machine a best replaced before its read makes no line).
    for (let i = 0; i < n; i++) {
      ids.push(await submit());
      await t.settled();
    }
    expect(await waitingRows()).toEqual({ jobs: 1, drafts: n });
    return ids;
  }

  /** Whether a score's move has its draft or its line. */
  const handled = async (scoreId: number) =>
    (
      await rowsOf<{ n: number }>(
        db(),
        sql`select (select count(*)::int from commentary_drafts where score_id = ${scoreId})
          + (select count(*)::int from commentary_lines where score_id = ${scoreId}) as n`,
      )
    )[0]!.n;

  const linesOf = (ids: number[]) =>
    rowsOf<LineRow>(
      db(),
      sql`select score_id, source, fallback_reason from commentary_lines where score_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by score_id`,
    );

  it('asks the model for LLM_CONCURRENCY lines at once: 8 lines with a silent endpoint take about two timeouts, not eight', async () => {
    fake.state.mode = 'slow';
    fake.state.mostAtOnce = 0;
    const asked = fake.state.bodies.length;
    const ids = await movesWaiting(2 * CONCURRENCY);
    const started = Date.now();
    expect(await runDueJobs(t.context, commentaryJobHandlers)).toBe(1);
    const took = Date.now() - started;
    // One after another: 8 timeouts (12 s). Four at a time: two (3 s), plus the writing.
    expect(took).toBeGreaterThanOrEqual(2 * TIMEOUT_MS - 50);
    expect(took).toBeLessThan(4 * TIMEOUT_MS);
    expect(fake.state.mostAtOnce).toBe(CONCURRENCY);
    expect(fake.state.bodies.length - asked).toBe(2 * CONCURRENCY);
    const lines = await linesOf(ids);
    expect(lines.map((l) => l.score_id)).toEqual(ids);
    expect(lines.every((l) => l.source === 'template' && l.fallback_reason === 'The model did not answer in time.')).toBe(true);
    expect(await waitingRows()).toEqual({ jobs: 0, drafts: 0 });
  });

  it('makes one job of a burst of moves on one board, and writes every line it should, with more moves coming while it runs', async () => {
    fake.state.mode = 'ok';
    fake.state.delayMs = 150;
    const [before] = await rowsOf<{ id: number }>(db(), sql`select coalesce(max(id), 0)::int as id from jobs`);
    const ids = await movesWaiting(3 * CONCURRENCY);
    // A patient node (its timeout well past the answer's 150 ms), so a loaded machine does not turn lines into templates.
    const patient = node('node-burst', { timeoutMs: 10_000 });
    const run = runDueJobs(patient, commentaryJobHandlers);
    await until(() => fake.state.open > 0, 'the model asked');
    // More moves while the board's job runs: still no second job row, the running one marked to run again.
    // Moves are gathered per tick (250 ms), so on an idle machine the job may finish before the last of them: a
    // board job queued after it is run here too (at most one more row, checked below).
    let running = true;
    void run.finally(() => (running = false));
    ids.push(...(await movesWaiting(CONCURRENCY, true)));
    await until(async () => {
      if (!running) await runDueJobs(patient, commentaryJobHandlers);
      return (await linesOf(ids)).length === ids.length;
    }, 'every line');
    await run;
    await t.settled();
    await runDueJobs(patient, commentaryJobHandlers);
    const lines = await linesOf(ids);
    expect(lines.map((l) => l.score_id)).toEqual(ids);
    expect(lines.every((l) => l.source === 'model')).toBe(true);
    const made = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where id > ${before!.id} and kind = 'commentary_drafts'`,
    );
    expect(made[0]!.n).toBeLessThanOrEqual(2);
    expect(await waitingRows()).toEqual({ jobs: 0, drafts: 0 });
    fake.state.delayMs = 0;
  });

  it('runs another job kind at once while model lines wait on the endpoint, and fills a free slot without waiting for the others', async () => {
    // A node whose model answers in 4 s (its timeout 10 s), so the first line is still waiting while more are noted.
    fake.state.mode = 'ok';
    fake.state.delayMs = 4000;
    const patient = node('node-w', { timeoutMs: 10_000 });
    const ids = await movesWaiting(1);
    let quickDone = 0;
    const stop = startJobWorker(patient, 20, {
      ...commentaryJobHandlers,
      'test.quick': async () => {
        quickDone = Date.now();
      },
    });
    try {
      await until(() => fake.state.open === 1, 'the model asked for the first line');
      const firstAskedAt = Date.now();
      // Lines noted while the first waits are asked for on the next poll, not once the first has its answer.
      ids.push(...(await movesWaiting(CONCURRENCY - 1, true)));
      await until(() => fake.state.open === CONCURRENCY, 'the model asked for every line');
      expect(Date.now() - firstAskedAt).toBeLessThan(fake.state.delayMs);
      const queuedAt = Date.now();
      const quick = await enqueueJob(db(), 'test.quick', {}, t.clock.now());
      await until(async () => {
        const [row] = await rowsOf<{ state: string }>(db(), sql`select state from jobs where id = ${quick}`);
        return row!.state === 'done';
      }, 'the other job');
      // Done at once, while the model lines were still waiting for their answers.
      expect(quickDone - queuedAt).toBeLessThan(2000);
      expect(fake.state.open).toBeGreaterThan(0);
      expect((await linesOf(ids)).length).toBeLessThan(ids.length);
      await until(async () => (await linesOf(ids)).length === ids.length, 'the model lines');
      expect((await linesOf(ids)).every((l) => l.source === 'model')).toBe(true);
    } finally {
      stop();
      await t.settled();
      fake.state.delayMs = 0;
    }
  });

  it('spends the hourly budget exactly under concurrency: calls started at once never pass it', async () => {
    fake.state.mode = 'ok';
    fake.state.delayMs = 300;
    fake.state.mostAtOnce = 0;
    const asked = fake.state.bodies.length;
    const ids = await movesWaiting(6);
    const budgeted = node('node-budget', { callsPerHour: 3, concurrency: 6 });
    expect(await runDueJobs(budgeted, commentaryJobHandlers)).toBe(1);
    expect(fake.state.bodies.length - asked).toBe(3);
    expect(fake.state.mostAtOnce).toBe(3);
    const lines = await linesOf(ids);
    expect(lines.filter((l) => l.source === 'model' && l.fallback_reason === null)).toHaveLength(3);
    expect(lines.filter((l) => l.fallback_reason === 'The hourly budget of model calls is spent.')).toHaveLength(3);
    // Still spent for the rest of the hour: the next line is the templates' without asking.
    const more = await movesWaiting(1);
    expect(await runDueJobs(budgeted, commentaryJobHandlers)).toBe(1);
    expect(fake.state.bodies.length - asked).toBe(3);
    expect((await linesOf(more))[0]).toMatchObject({ fallback_reason: 'The hourly budget of model calls is spent.' });
    fake.state.delayMs = 0;
  });

  it('writes each line once when two nodes run the lane at once, asking the model once per line', async () => {
    fake.state.mode = 'ok';
    fake.state.delayMs = 200;
    const asked = fake.state.bodies.length;
    const [before] = await rowsOf<{ id: number }>(db(), sql`select coalesce(max(id), 0)::int as id from jobs`);
    const ids = await movesWaiting(10);
    const [ranB, ranC] = await Promise.all([
      runDueJobs(node('node-b'), commentaryJobHandlers),
      runDueJobs(node('node-c'), commentaryJobHandlers),
    ]);
    // The board's one job ran on one node: the other found nothing to claim.
    expect(ranB + ranC).toBe(1);
    expect(fake.state.bodies.length - asked).toBe(10);
    const lines = await linesOf(ids);
    expect(lines.map((l) => l.score_id)).toEqual(ids);
    expect(lines.every((l) => l.source === 'model')).toBe(true);
    const jobs = await rowsOf<{ state: string; attempts: number }>(
      db(),
      sql`select state, attempts from jobs where id > ${before!.id} and kind = 'commentary_drafts'`,
    );
    expect(jobs).toEqual([{ state: 'done', attempts: 1 }]);
    expect(await waitingRows()).toEqual({ jobs: 0, drafts: 0 });
    fake.state.delayMs = 0;
  });

  it('ends a call in flight when its server stops: the job goes back to the queue with no line, and the next node asks again', async () => {
    fake.state.mode = 'slow';
    const [id] = await movesWaiting(1);
    const stopping = node('node-d');
    const run = runDueJobs(stopping, commentaryJobHandlers);
    await until(() => fake.state.open === 1, 'the model asked');
    expect(await releaseRunningJobs(stopping)).toBe(1);
    await run;
    await until(() => fake.state.open === 0, 'the call ended');
    expect(jobWorker(stopping).running.size).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(await linesOf([id!])).toEqual([]);
    // The draft waits with its job, back in the queue.
    expect(await waitingRows()).toEqual({ jobs: 1, drafts: 1 });
    fake.state.mode = 'ok';
    expect(await runDueJobs(node('node-e'), commentaryJobHandlers)).toBe(1);
    expect(await linesOf([id!])).toEqual([{ score_id: id, source: 'model', fallback_reason: null }]);
  });
  it('answers a submission before its draft is stored: the draft and its job come from the deferred work after the answer', async () => {
    fake.state.mode = 'ok';
    const tasks = t.context.tasks;
    const defer = tasks.defer.bind(tasks);
    // Every task deferred while this holds waits until released: the answer must not depend on any of them.
    const held: (() => void)[] = [];
    const names: string[] = [];
    tasks.defer = (name, work) => {
      names.push(name);
      defer(name, () => new Promise<void>((resolve) => held.push(resolve)).then(work));
    };
    let id: number;
    try {
      id = await submit();
      // Answered: no draft, no job and no line yet, while the move's work waits.
      expect(names).toContain('commentary move');
      expect(await waitingRows()).toEqual({ jobs: 0, drafts: 0 });
      expect(await linesOf([id])).toEqual([]);
    } finally {
      tasks.defer = defer;
      await until(() => held.length === names.length, 'the held work started');
      for (const release of held) release();
    }
    await t.settled();
    // The move's deferred batch stored the draft and queued the board's job; the model writes the line.
    expect(await waitingRows()).toEqual({ jobs: 1, drafts: 1 });
    expect(await runDueJobs(t.context, commentaryJobHandlers)).toBe(1);
    expect(await linesOf([id])).toEqual([{ score_id: id, source: 'model', fallback_reason: null }]);
  });

  it('keeps at most DRAFTS_PER_SLOT × LLM_CONCURRENCY drafts a board: past that the templates write the line at once, saying why', async () => {
    fake.state.mode = 'ok';
    const kept = DRAFTS_PER_SLOT * CONCURRENCY;
    const asked = fake.state.bodies.length;
    const ids = await movesWaiting(kept - 2);
    // A batch of five moments noted together (one deferred batch): two fill the board's room, three are behind.
    const facts = { kind: 'big_jump', athlete: 'Cleo', challenge: 'Wall Balls', place: 2, previous_place: 9, previous_leader: null };
    const [cleo] = await rowsOf<{ id: number }>(db(), sql`select id from users where email = 'cleo@example.test'`);
    await storeDrafts(
      t.context,
      [1, 2, 3, 4, 5].map((i) => ({ challenge_id: challengeId, user_id: cleo!.id, facts: { ...facts, score: `${i} reps` } })),
    );
    expect(await waitingRows()).toEqual({ jobs: 1, drafts: kept });
    // And a move through the API on the full board: its line is the templates', written by the move's own work.
    const late = await submit();
    await t.settled();
    expect(await waitingRows()).toEqual({ jobs: 1, drafts: kept });
    expect(await linesOf([late])).toEqual([{ score_id: late, source: 'template', fallback_reason: MODEL_BEHIND_TEXT }]);
    const behind = await rowsOf<{ score: string; source: string; status: string }>(
      db(),
      sql`select facts->>'score' as score, source, status from commentary_lines
        where challenge_id = ${challengeId} and score_id is null and fallback_reason = ${MODEL_BEHIND_TEXT} order by id`,
    );
    // Queued for editors like any line of a stream that does not auto-publish, the reason shown beside it.
    expect(behind).toEqual(['3 reps', '4 reps', '5 reps'].map((score) => ({ score, source: 'template', status: 'queued' })));
    expect(fake.state.bodies.length).toBe(asked);
    // The board's job asks the model for every draft it kept; then the board has room again.
    expect(await runDueJobs(node('node-kept', { timeoutMs: 10_000 }), commentaryJobHandlers)).toBe(1);
    expect(fake.state.bodies.length - asked).toBe(kept);
    const lines = await linesOf(ids);
    expect(lines.map((l) => l.score_id)).toEqual(ids);
    expect(lines.every((l) => l.source === 'model' && l.fallback_reason === null)).toBe(true);
    expect(await waitingRows()).toEqual({ jobs: 0, drafts: 0 });
    const next = await movesWaiting(1);
    expect(await runDueJobs(t.context, commentaryJobHandlers)).toBe(1);
    expect(await linesOf(next)).toEqual([{ score_id: next[0], source: 'model', fallback_reason: null }]);
  }, 120_000);
});
