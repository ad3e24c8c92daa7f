import { and, count, desc, eq, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { battles, challenges, commentaryBattleStreams, commentaryLines, commentaryStreams, liveAttempts } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import type { JobHandlers, RunningJob } from '#server/lib/jobs.ts';
import { DEFAULT_LLM_CONCURRENCY } from '#server/config.ts';
import { lineTextProblem, type CommentaryKind, type LineStatus } from '#domain/commentary.ts';
import { announce, COMMENTARY_WRITE_JOB, lineRequest, presentLine, storeLines } from './store.ts';
import { writerFor } from './writers.ts';
import { COMMENTARY_DRAFTS_JOB, writeDrafts } from './drafts.ts';

// Commentary lines: template lines written in the move's own deferred work (write-soon.ts), a model's by the board's
// one job (drafts.ts); then queued for editors or published at once (auto-publish); editors approve, edit or reject; published lines
// go to the challenge's room, a live attempt's also to the attempt's room (its viewer and the broadcast), and a
// battle's to the battle's room (its page).

type LineRow = typeof commentaryLines.$inferSelect;

export const NO_LINE = 'No commentary line with that id.';
export const NO_CHALLENGE_TEXT = 'No challenge with that id.';
export const NO_ATTEMPT_TEXT = 'No live attempt with that id.';
export const NO_BATTLE_TEXT = 'No battle with that id.';
export const EDIT_PUBLISHED_TEXT = 'This line is already published; published lines cannot be changed.';
export const REJECTED_TEXT = 'This line was rejected; it can no longer be changed.';

export const presentAdminLine = (r: LineRow) => ({
  id: r.id,
  challenge_id: r.challengeId,
  attempt_id: r.attemptId,
  battle_id: r.battleId,
  kind: r.kind as CommentaryKind,
  text: r.text,
  status: r.status as LineStatus,
  source: r.source as 'template' | 'model',
  fallback_reason: r.fallbackReason,
  edited: r.edited,
  facts: r.facts,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
  published_at: r.publishedAt?.toISOString() ?? null,
});

/** The job a move, a live moment or a battle's moment queued (a model's line, or a template batch that could not be stored): the line written (a model or the templates), stored, and published when the stream auto-publishes. */
export async function writeLine(ctx: AppContext, payload: Record<string, unknown>, job?: RunningJob): Promise<void> {
  const request = lineRequest(payload);
  if (!request) return;
  const { live, battle } = request;
  // A moment seen twice (two updates at once, a retried job) is written once: no second model call.
  if (live && (await momentWritten(ctx.database.db, eq(commentaryLines.attemptId, live.attemptId), live.key))) return;
  if (battle && (await momentWritten(ctx.database.db, eq(commentaryLines.battleId, battle.battleId), battle.key))) return;
  const written = await writerFor(ctx).write(request.facts, request.seed, job?.signal);
  // Released (the server is stopping) while the model was asked: the job is back in the queue and the next worker
  // asks again; a template line stored here would take the moment's place.
  if (job?.signal.aborted) return;
  await storeLines(ctx, [{ request, written }]);
}

const llmConcurrency = (ctx: AppContext) => (ctx.config.llm ? (ctx.config.llm.concurrency ?? DEFAULT_LLM_CONCURRENCY) : 1);

/**
 * A model's lines: `commentary_drafts`, one coalesced job per board (or battle) writing its drafts (drafts.ts), runs
 * in a lane of its own, LLM_CONCURRENCY boards at once per node (their calls share LLM_CONCURRENCY slots, each awaiting
 * the endpoint for up to LLM_TIMEOUT_MS without holding the shared job lane). `commentary_write`, one line per job,
 * is what a batch that could not be stored becomes (retried there), in its own lane too.
 */
export const commentaryJobHandlers: JobHandlers = {
  [COMMENTARY_DRAFTS_JOB]: { run: writeDrafts, concurrency: llmConcurrency },
  [COMMENTARY_WRITE_JOB]: { run: writeLine, concurrency: llmConcurrency },
};

async function momentWritten(db: Database, of: SQL, key: string) {
  const [row] = await db
    .select({ id: commentaryLines.id })
    .from(commentaryLines)
    .where(and(of, eq(commentaryLines.eventKey, key)));
  return !!row;
}

/** The published lines of a battle, newest first (its page's strip). */
export async function publishedBattleLines(ctx: AppContext, battleId: number, limit: number) {
  const db = ctx.database.db;
  const [battle] = await db.select({ id: battles.id }).from(battles).where(eq(battles.id, battleId));
  if (!battle) throw notFound(NO_BATTLE_TEXT);
  return publishedWhere(db, eq(commentaryLines.battleId, battleId), limit);
}

/** The published lines of a live attempt, newest first (its viewer's and the broadcast's strip). */
export async function publishedAttemptLines(ctx: AppContext, attemptId: number, limit: number) {
  const db = ctx.database.db;
  const [attempt] = await db.select({ id: liveAttempts.id }).from(liveAttempts).where(eq(liveAttempts.id, attemptId));
  if (!attempt) throw notFound(NO_ATTEMPT_TEXT);
  return publishedWhere(db, eq(commentaryLines.attemptId, attemptId), limit);
}

/** The published lines of a challenge, newest first (the board's strip). */
export async function publishedLines(ctx: AppContext, challengeId: number, limit: number) {
  if (!(await challengeExists(ctx.database.db, challengeId))) throw notFound(NO_CHALLENGE_TEXT);
  return publishedWhere(ctx.database.db, eq(commentaryLines.challengeId, challengeId), limit);
}

/** Published lines of one subject (a challenge, a battle or a live attempt), newest first. */
async function publishedWhere(db: Database, subject: SQL, limit: number) {
  const rows = await db
    .select()
    .from(commentaryLines)
    .where(and(subject, eq(commentaryLines.status, 'published')))
    .orderBy(desc(commentaryLines.publishedAt), desc(commentaryLines.id))
    .limit(limit);
  return { items: rows.map(presentLine) };
}

/** Editors' queue: lines of one challenge (or all), by status, newest first; `before` pages on by id. */
export async function lineQueue(
  ctx: AppContext,
  q: { challengeId?: number; battleId?: number; status: LineStatus; limit: number; before?: number },
) {
  const rows = await ctx.database.db
    .select()
    .from(commentaryLines)
    .where(
      and(
        eq(commentaryLines.status, q.status),
        q.challengeId ? eq(commentaryLines.challengeId, q.challengeId) : undefined,
        q.battleId ? eq(commentaryLines.battleId, q.battleId) : undefined,
        q.before ? lt(commentaryLines.id, q.before) : undefined,
      ),
    )
    .orderBy(desc(commentaryLines.id))
    .limit(q.limit);
  return { items: rows.map(presentAdminLine) };
}

/** The streams editors look after: challenges and battles with lines or settings, the busiest queue first; and what writes lines. */
export async function streams(ctx: AppContext) {
  const db = ctx.database.db;
  const [queued, battleQueued, settings, battleSettings] = await Promise.all([
    db
      .select({ challengeId: commentaryLines.challengeId, status: commentaryLines.status, n: count() })
      .from(commentaryLines)
      .where(isNotNull(commentaryLines.challengeId))
      .groupBy(commentaryLines.challengeId, commentaryLines.status),
    db
      .select({ battleId: commentaryLines.battleId, status: commentaryLines.status, n: count() })
      .from(commentaryLines)
      .where(isNotNull(commentaryLines.battleId))
      .groupBy(commentaryLines.battleId, commentaryLines.status),
    db.select().from(commentaryStreams),
    db.select().from(commentaryBattleStreams),
  ]);
  const ids = [...new Set([...queued.map((r) => r.challengeId!), ...settings.map((s) => s.challengeId)])];
  const titles = ids.length
    ? await db.select({ id: challenges.id, title: challenges.title }).from(challenges).where(inArray(challenges.id, ids))
    : [];
  const battleIds = [...new Set([...battleQueued.map((r) => r.battleId!), ...battleSettings.map((s) => s.battleId)])];
  const names = battleIds.length
    ? await db.select({ id: battles.id, title: battles.name }).from(battles).where(inArray(battles.id, battleIds))
    : [];
  const stream = (
    title: string,
    s: { autoPublish: boolean; autoPublishModel: boolean } | undefined,
    n: (status: LineStatus) => number,
  ) => ({
    title,
    auto_publish: s?.autoPublish ?? false,
    auto_publish_model: s?.autoPublishModel ?? false,
    queued: n('queued'),
    published: n('published'),
  });
  const items = titles.map((c) => ({
    challenge_id: c.id,
    ...stream(
      c.title,
      settings.find((x) => x.challengeId === c.id),
      (status) => Number(queued.find((r) => r.challengeId === c.id && r.status === status)?.n ?? 0),
    ),
  }));
  const battleItems = names.map((b) => ({
    battle_id: b.id,
    ...stream(
      b.title,
      battleSettings.find((x) => x.battleId === b.id),
      (status) => Number(battleQueued.find((r) => r.battleId === b.id && r.status === status)?.n ?? 0),
    ),
  }));
  const busiest = (a: { queued: number; title: string }, b: { queued: number; title: string }) =>
    b.queued - a.queued || a.title.localeCompare(b.title);
  items.sort(busiest);
  battleItems.sort(busiest);
  const w = writerFor(ctx).describe;
  return { items, battles: battleItems, writer: { kind: w.kind, model: w.model } };
}

/** A queued line's row, or the reason it cannot change: 404, or 409 published / rejected. */
async function queuedOr409(db: Database, lineId: number): Promise<LineRow> {
  const [row] = await db.select().from(commentaryLines).where(eq(commentaryLines.id, lineId));
  if (!row) throw notFound(NO_LINE);
  if (row.status === 'published') throw conflict(EDIT_PUBLISHED_TEXT);
  if (row.status === 'rejected') throw conflict(REJECTED_TEXT);
  return row;
}

/** Changes a queued line in one statement that holds only while it is still queued (two editors at once: one wins). */
async function decide(
  ctx: AppContext,
  lineId: number,
  change: Partial<typeof commentaryLines.$inferInsert>,
  then?: (r: LineRow, tx: Database) => Promise<void>,
) {
  return ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [row] = await tx
      .update(commentaryLines)
      .set(change)
      .where(and(eq(commentaryLines.id, lineId), eq(commentaryLines.status, 'queued')))
      .returning();
    if (!row) await queuedOr409(tx, lineId);
    if (!row) throw conflict(EDIT_PUBLISHED_TEXT);
    if (then) await then(row, tx);
    return presentAdminLine(row);
  });
}

export async function editLine(ctx: AppContext, editorId: number, lineId: number, text: string) {
  const problem = lineTextProblem(text);
  if (problem) throw badRequest(problem, 'text');
  return decide(ctx, lineId, { text: text.trim().replace(/\s+/g, ' '), edited: true, decidedBy: editorId });
}

export async function approveLine(ctx: AppContext, editorId: number, lineId: number) {
  const now = ctx.now();
  return decide(ctx, lineId, { status: 'published', decidedAt: now, decidedBy: editorId, publishedAt: now }, (row, tx) =>
    announce(tx, [row]),
  );
}

export async function rejectLine(ctx: AppContext, editorId: number, lineId: number) {
  return decide(ctx, lineId, { status: 'rejected', decidedAt: ctx.now(), decidedBy: editorId });
}

/** A challenge's stream settings (created on first change). */
export async function setStream(
  ctx: AppContext,
  editorId: number,
  challengeId: number,
  body: { auto_publish: boolean; auto_publish_model?: boolean },
) {
  if (!(await challengeExists(ctx.database.db, challengeId))) throw notFound(NO_CHALLENGE_TEXT);
  const values = {
    autoPublish: body.auto_publish,
    // A model's lines never publish alone without the stream's own auto-publish.
    autoPublishModel: body.auto_publish && (body.auto_publish_model ?? false),
    updatedBy: editorId,
    updatedAt: ctx.now(),
  };
  await ctx.database.db
    .insert(commentaryStreams)
    .values({ challengeId, ...values })
    .onConflictDoUpdate({ target: commentaryStreams.challengeId, set: values });
  return { challenge_id: challengeId, auto_publish: values.autoPublish, auto_publish_model: values.autoPublishModel };
}

/** Whether a challenge exists (the public list answers 404 for one that does not). */
export async function challengeExists(db: Database, challengeId: number) {
  const [row] = await db.select({ id: challenges.id }).from(challenges).where(eq(challenges.id, challengeId));
  return !!row;
}

/** A battle's stream settings (created on first change): the same two opt-ins as a challenge's. */
export async function setBattleStream(
  ctx: AppContext,
  editorId: number,
  battleId: number,
  body: { auto_publish: boolean; auto_publish_model?: boolean },
) {
  const [battle] = await ctx.database.db.select({ id: battles.id }).from(battles).where(eq(battles.id, battleId));
  if (!battle) throw notFound(NO_BATTLE_TEXT);
  const values = {
    autoPublish: body.auto_publish,
    autoPublishModel: body.auto_publish && (body.auto_publish_model ?? false),
    updatedBy: editorId,
    updatedAt: ctx.now(),
  };
  await ctx.database.db
    .insert(commentaryBattleStreams)
    .values({ battleId, ...values })
    .onConflictDoUpdate({ target: commentaryBattleStreams.battleId, set: values });
  return { battle_id: battleId, auto_publish: values.autoPublish, auto_publish_model: values.autoPublishModel };
}
