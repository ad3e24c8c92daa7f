import { and, asc, count, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { commentaryDrafts, commentaryLines } from '#server/db/schema.ts';
import { enqueueCoalesced, type RunningJob } from '#server/lib/jobs.ts';
import { DEFAULT_LLM_CONCURRENCY } from '#server/config.ts';
import { templateLine } from '#domain/commentary.ts';
import { lineRequest, storeLines, storeLinesIn, subjectColumns, type LineRequest } from './store.ts';
import { writerFor, type WrittenLine } from './writers.ts';

// A model's lines, coalesced per board (issue #42): each move (or live or battle moment) worth a line with a model
// is stored as a draft (its public facts), and its board (or battle) gets one `commentary_drafts` job, queued once
// however many moves wait (`enqueueCoalesced`: at most one queued or running per board; one that is running runs
// again when it ends). The job reads the board's drafts when it runs, asks the model for up to LLM_CONCURRENCY at
// once per node, and stores each line with its draft's deletion in one transaction, so a draft stays until its line
// exists: a node that stops or dies leaves its drafts, and the job (released or taken back) asks again. A board keeps
// at most DRAFTS_PER_SLOT × LLM_CONCURRENCY drafts: past that the templates write a new moment's line at once.

export const COMMENTARY_DRAFTS_JOB = 'commentary_drafts';

/** Drafts read per statement. */
const READ_BATCH = 200;
/** Written lines stored per transaction at most (fewer when the model is slow: stored as they come, at most every FLUSH_MS). */
const FLUSH_LINES = 100;
const FLUSH_MS = 200;
/** While calls are in flight, the board's drafts are read again this often (another node's, stored meanwhile). */
const READ_AGAIN_MS = 1000;

type DraftRow = typeof commentaryDrafts.$inferSelect;

const battleKey = (id: number) => `commentary:battle:${id}`;
const challengeKey = (id: number) => `commentary:challenge:${id}`;

/** The coalescing key and job payload of a line's board: its battle's, or its challenge's (a board move or a live moment). */
function subjectOf(r: LineRequest) {
  return r.battle
    ? { key: battleKey(r.battle.battleId), payload: { battle_id: r.battle.battleId } }
    : { key: challengeKey(r.challengeId!), payload: { challenge_id: r.challengeId } };
}
/** Model calls at once on this node (LLM_CONCURRENCY). */
const concurrencyOf = (ctx: AppContext) => (ctx.config.llm ? (ctx.config.llm.concurrency ?? DEFAULT_LLM_CONCURRENCY) : 1);

/** The in-process wake-ups of running draft jobs, by key: a draft stored on this node is asked for without waiting. */
const wakers = new WeakMap<AppContext, Map<string, () => void>>();

/**
 * Drafts a board (or battle) keeps waiting for the model, per call slot (LLM_CONCURRENCY): 32 by default, about 40 s of
 * calls for a model answering in 5 s. A model writes about 48 lines a minute at the default while a busy board asks
 * for thousands: past this, a new moment's line is written by the templates at once, saying why, so the drafts stay
 * bounded, every moment still gets its line, and the model's lines are about moments less than a minute old.
 */
export const DRAFTS_PER_SLOT = 8;
/** What a line written by the templates because its board's drafts were full says to editors (`fallback_reason`). */
export const MODEL_BEHIND_TEXT = 'The model was behind: this board already had as many lines waiting for it as it keeps.';

/** How many more drafts each board of `requests` may keep (counted in the caller's transaction; boards not listed have none). */
async function roomLeft(tx: Database, requests: LineRequest[], kept: number): Promise<Map<string, number>> {
  const d = commentaryDrafts;
  const challengeIds = [...new Set(requests.flatMap((r) => (r.battle ? [] : [r.challengeId!])))];
  const battleIds = [...new Set(requests.flatMap((r) => (r.battle ? [r.battle.battleId] : [])))];
  const rows = await tx
    .select({ challengeId: d.challengeId, battleId: d.battleId, n: count() })
    .from(d)
    .where(
      or(
        challengeIds.length ? inArray(d.challengeId, challengeIds) : undefined,
        battleIds.length ? inArray(d.battleId, battleIds) : undefined,
      ),
    )
    .groupBy(d.challengeId, d.battleId);
  const room = new Map<string, number>();
  for (const r of rows) {
    const key = r.battleId !== null ? battleKey(r.battleId) : challengeKey(r.challengeId!);
    room.set(key, (room.get(key) ?? kept) - Number(r.n));
  }
  return room;
}

/**
 * Stores the lines' requests as drafts and queues their boards' jobs (or marks the running ones to run again), in
 * one transaction: a draft never waits without a job. A moment already waiting is not stored twice. A board that
 * already keeps its `DRAFTS_PER_SLOT` × LLM_CONCURRENCY drafts takes no more: those moments' lines are written by the
 * templates in the same transaction (`MODEL_BEHIND_TEXT`). Two nodes counting at once may each fill the last room,
 * so a board can pass the bound by a batch per node, never more.
 */
export async function storeDrafts(ctx: AppContext, payloads: Record<string, unknown>[]): Promise<void> {
  const requests = payloads.map(lineRequest).filter((r): r is LineRequest => r !== null);
  if (!requests.length) return;
  const now = ctx.now();
  const kept = DRAFTS_PER_SLOT * concurrencyOf(ctx);
  const drafted = new Set<string>();
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const room = await roomLeft(tx, requests, kept);
    const drafts: LineRequest[] = [];
    const behind: LineRequest[] = [];
    for (const r of requests) {
      const { key } = subjectOf(r);
      const left = room.get(key) ?? kept;
      room.set(key, left - 1);
      (left > 0 ? drafts : behind).push(r);
    }
    if (drafts.length) {
      const subjects = drafts.map(subjectOf);
      await tx
        .insert(commentaryDrafts)
        .values(drafts.map((r) => ({ ...subjectColumns(r), facts: r.facts, createdAt: now })))
        .onConflictDoNothing();
      await enqueueCoalesced(tx, COMMENTARY_DRAFTS_JOB, subjects, now);
      for (const s of subjects) drafted.add(s.key);
    }
    await storeLinesIn(
      tx,
      behind.map((request) => ({
        request,
        written: { text: templateLine(request.facts, request.seed), source: 'template' as const, fallbackReason: MODEL_BEHIND_TEXT },
      })),
      now,
    );
  });
  const waking = wakers.get(ctx);
  for (const key of drafted) waking?.get(key)?.();
}

/** A draft as the line request it was stored from. */
const requestOf = (d: DraftRow) =>
  lineRequest({
    challenge_id: d.challengeId ?? undefined,
    battle_id: d.battleId ?? undefined,
    user_id: d.userId,
    score_id: d.scoreId ?? undefined,
    attempt_id: d.attemptId ?? undefined,
    event_key: d.eventKey ?? undefined,
    facts: d.facts,
  });

/** The drafts whose line exists already (a retried submission, a moment seen twice, a line stored before a crash). */
async function writtenAlready(db: Database, drafts: DraftRow[]): Promise<Set<number>> {
  const l = commentaryLines;
  const of = (d: DraftRow): SQL | undefined =>
    d.scoreId !== null
      ? eq(l.scoreId, d.scoreId)
      : d.attemptId !== null && d.eventKey !== null
        ? and(eq(l.attemptId, d.attemptId), eq(l.eventKey, d.eventKey))
        : d.battleId !== null && d.eventKey !== null
          ? and(eq(l.battleId, d.battleId), eq(l.eventKey, d.eventKey))
          : undefined;
  const conditions = drafts.map(of).filter((c): c is SQL => c !== undefined);
  if (!conditions.length) return new Set();
  const rows = await db
    .select({ scoreId: l.scoreId, attemptId: l.attemptId, battleId: l.battleId, eventKey: l.eventKey })
    .from(l)
    .where(or(...conditions));
  const done = (d: DraftRow) =>
    rows.some((r) =>
      d.scoreId !== null
        ? r.scoreId === d.scoreId
        : d.attemptId !== null
          ? r.attemptId === d.attemptId && r.eventKey === d.eventKey
          : r.battleId === d.battleId && r.eventKey === d.eventKey,
    );
  return new Set(drafts.filter(done).map((d) => d.id));
}

/** At most `size` calls at once on this node, whichever boards' jobs make them. */
class Gate {
  private readonly queue: (() => void)[] = [];
  constructor(private free: number) {}
  async take() {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
  }
  give() {
    const next = this.queue.shift();
    if (next) next();
    else this.free += 1;
  }
}
const gates = new WeakMap<AppContext, Gate>();
function gateOf(ctx: AppContext) {
  let gate = gates.get(ctx);
  if (!gate) gates.set(ctx, (gate = new Gate(concurrencyOf(ctx))));
  return gate;
}

/**
 * A board's `commentary_drafts` job: its drafts, oldest first, each written (a model, up to LLM_CONCURRENCY at once per
 * node, or the templates on any failure) and stored with its draft's deletion; drafts stored meanwhile are read
 * as slots free, at once when stored on this node and each second while calls wait (another node's). Released (the server stops), it starts no call and stores no
 * line whose call was cut short: those drafts wait for the next worker, which asks again.
 */
export async function writeDrafts(ctx: AppContext, payload: Record<string, unknown>, job?: RunningJob): Promise<void> {
  const { challenge_id, battle_id } = payload as { challenge_id?: unknown; battle_id?: unknown };
  const subject = Number.isInteger(battle_id)
    ? { of: eq(commentaryDrafts.battleId, battle_id as number), key: battleKey(battle_id as number) }
    : Number.isInteger(challenge_id)
      ? { of: eq(commentaryDrafts.challengeId, challenge_id as number), key: challengeKey(challenge_id as number) }
      : null;
  if (!subject) return;
  const db = ctx.database.db;
  const writer = writerFor(ctx);
  const gate = gateOf(ctx);
  const slots = concurrencyOf(ctx);
  const aborted = () => !!job?.signal.aborted;
  const waiting: DraftRow[] = [];
  const inFlight = new Set<Promise<void>>();
  let written: { draftId: number; line: { request: LineRequest; written: WrittenLine } | null }[] = [];
  let after = 0;
  let flushedAt = Date.now();

  const read = async () => {
    const rows = await db
      .select()
      .from(commentaryDrafts)
      .where(and(subject.of, gt(commentaryDrafts.id, after)))
      .orderBy(asc(commentaryDrafts.id))
      .limit(READ_BATCH);
    if (!rows.length) return 0;
    after = rows.at(-1)!.id;
    const done = await writtenAlready(db, rows);
    for (const d of rows) if (done.has(d.id)) written.push({ draftId: d.id, line: null });
    waiting.push(...rows.filter((d) => !done.has(d.id)));
    return rows.length;
  };
  const flush = async () => {
    if (!written.length) return;
    const batch = written;
    written = [];
    flushedAt = Date.now();
    await storeLines(
      ctx,
      batch.flatMap((w) => (w.line ? [w.line] : [])),
      batch.map((w) => w.draftId),
    );
  };
  const start = (draft: DraftRow) => {
    const call = (async () => {
      const request = requestOf(draft);
      if (!request) {
        written.push({ draftId: draft.id, line: null });
        return;
      }
      await gate.take();
      try {
        if (aborted()) return;
        // Each call its own signal, ended with the job's: many calls per job, one listener on the job's at a time each.
        const own = new AbortController();
        const end = () => own.abort();
        job?.signal.addEventListener('abort', end);
        const line = await writer
          .write(request.facts, request.seed, own.signal)
          .finally(() => job?.signal.removeEventListener('abort', end));
        // Released while the model was asked: the draft waits for the next worker, which asks again.
        if (!aborted()) written.push({ draftId: draft.id, line: { request, written: line } });
      } finally {
        gate.give();
      }
    })();
    inFlight.add(call);
    void call.finally(() => inFlight.delete(call));
  };

  let wake = () => {};
  const waking = wakers.get(ctx) ?? new Map<string, () => void>();
  wakers.set(ctx, waking);
  waking.set(subject.key, () => wake());
  try {
    await read();
    while (!aborted()) {
      while (waiting.length && inFlight.size < slots) start(waiting.shift()!);
      if (!inFlight.size) {
        await flush();
        if (!(await read())) break;
        continue;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, READ_AGAIN_MS);
      });
      await Promise.race([...inFlight, woken]);
      clearTimeout(timer);
      if (!inFlight.size || written.length >= FLUSH_LINES || Date.now() - flushedAt >= FLUSH_MS) await flush();
      if (waiting.length < slots) await read();
    }
    await Promise.allSettled(inFlight);
    await flush();
  } finally {
    if (waking.get(subject.key)) waking.delete(subject.key);
  }
}
