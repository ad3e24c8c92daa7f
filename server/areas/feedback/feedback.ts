import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { feedback, feedbackChanges, feedbackSearchExpression, signoutFeedback } from './schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';

export type FeedbackType = 'general_feedback' | 'bug_report' | 'feature_request';
export type FeedbackStatus = 'new' | 'in_progress' | 'resolved' | 'wont_fix';

export const FEEDBACK_TYPES: FeedbackType[] = ['general_feedback', 'bug_report', 'feature_request'];
export const FEEDBACK_STATUSES: FeedbackStatus[] = ['new', 'in_progress', 'resolved', 'wont_fix'];

/** The moves a status may make (see openapi/feedback.yaml). */
export const ALLOWED_MOVES: Record<FeedbackStatus, FeedbackStatus[]> = {
  new: ['in_progress', 'resolved', 'wont_fix'],
  in_progress: ['resolved', 'wont_fix'],
  resolved: ['in_progress'],
  wont_fix: ['in_progress'],
};

export interface Author {
  wp_user_id: number;
  display_name: string;
  email: string;
}

/** Looks up the people named on feedback rows (users live in the auth area). */
export type AuthorLookup = (userIds: number[]) => Promise<Map<number, Author>>;

export interface FeedbackInput {
  type: FeedbackType;
  subject: string;
  description: string;
  page_url?: string;
  browser_info?: string;
  steps_to_reproduce?: string;
}

const blankToNull = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export async function createFeedback(db: Database, input: FeedbackInput, userId: number | null): Promise<number> {
  const subject = input.subject.trim();
  const description = input.description.trim();
  if (!subject) throw badRequest("Subject can't be blank.", 'subject');
  if (!description) throw badRequest("Description can't be blank.", 'description');
  const [row] = await db
    .insert(feedback)
    .values({
      type: input.type,
      subject,
      description,
      pageUrl: blankToNull(input.page_url),
      browserInfo: blankToNull(input.browser_info),
      stepsToReproduce: input.type === 'bug_report' ? blankToNull(input.steps_to_reproduce) : null,
      userId,
    })
    .returning({ id: feedback.id });
  return row!.id;
}

type FeedbackRow = typeof feedback.$inferSelect;

function present(row: FeedbackRow, authors: Map<number, Author>) {
  return {
    id: row.id,
    type: row.type as FeedbackType,
    subject: row.subject,
    description: row.description,
    page_url: row.pageUrl,
    browser_info: row.browserInfo,
    steps_to_reproduce: row.stepsToReproduce,
    status: row.status as FeedbackStatus,
    admin_note: row.adminNote,
    author: row.userId !== null ? (authors.get(row.userId) ?? null) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** LIKE pattern for words typed by a person: %, _ and \ are literal. */
function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listFeedback(
  db: Database,
  authorsOf: AuthorLookup,
  q: { type?: FeedbackType; status?: FeedbackStatus; search?: string; page: number; page_size: number },
) {
  const filters: SQL[] = [];
  if (q.type) filters.push(eq(feedback.type, q.type));
  if (q.status) filters.push(eq(feedback.status, q.status));
  const search = q.search?.trim();
  if (search) filters.push(sql`${feedbackSearchExpression} like ${containsPattern(search)}`);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  const authors = await authorsOf([...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))]);
  return { items: rows.map((r) => present(r, authors)), total: total?.n ?? 0, page: q.page, page_size: q.page_size };
}

export async function getFeedback(db: Database, authorsOf: AuthorLookup, id: number) {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
  if (!row) throw notFound('No feedback with that id.');
  const changes = await db
    .select()
    .from(feedbackChanges)
    .where(eq(feedbackChanges.feedbackId, id))
    .orderBy(feedbackChanges.changedAt, feedbackChanges.id);
  const people = await authorsOf([...new Set([...(row.userId === null ? [] : [row.userId]), ...changes.map((c) => c.changedBy)])]);
  return {
    ...present(row, people),
    history: changes.map((c) => ({
      from_status: c.fromStatus as FeedbackStatus,
      to_status: c.toStatus as FeedbackStatus,
      note: c.note,
      changed_by: people.get(c.changedBy)?.display_name ?? 'A former team member',
      changed_at: c.changedAt.toISOString(),
    })),
  };
}

/** Changes the status and records who did it, in one transaction. */
export async function updateFeedbackStatus(
  db: Database,
  authorsOf: AuthorLookup,
  id: number,
  change: { status: FeedbackStatus; admin_note?: string },
  adminId: number,
) {
  const note = blankToNull(change.admin_note);
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: feedback.status }).from(feedback).where(eq(feedback.id, id)).for('update');
    if (!row) throw notFound('No feedback with that id.');
    const from = row.status as FeedbackStatus;
    if (!ALLOWED_MOVES[from].includes(change.status)) {
      throw conflict(`Feedback that is ${from.replace('_', ' ')} cannot move to ${change.status.replace('_', ' ')}.`);
    }
    await tx
      .update(feedback)
      .set({ status: change.status, ...(note ? { adminNote: note } : {}), updatedAt: new Date() })
      .where(eq(feedback.id, id));
    await tx.insert(feedbackChanges).values({ feedbackId: id, fromStatus: from, toStatus: change.status, note, changedBy: adminId });
  });
  return getFeedback(db, authorsOf, id);
}

export async function feedbackSummary(db: Database, now = new Date()) {
  const day = 24 * 60 * 60 * 1000;
  const [byType, byStatus, [week], [month], [total]] = await Promise.all([
    db.select({ key: feedback.type, n: count() }).from(feedback).groupBy(feedback.type),
    db.select({ key: feedback.status, n: count() }).from(feedback).groupBy(feedback.status),
    db
      .select({ n: count() })
      .from(feedback)
      .where(gte(feedback.createdAt, new Date(now.getTime() - 7 * day))),
    db
      .select({ n: count() })
      .from(feedback)
      .where(gte(feedback.createdAt, new Date(now.getTime() - 30 * day))),
    db.select({ n: count() }).from(feedback),
  ]);
  const tally = (rows: { key: string; n: number }[], keys: string[]) =>
    Object.fromEntries(keys.map((k) => [k, rows.find((r) => r.key === k)?.n ?? 0]));
  return {
    total: total?.n ?? 0,
    by_type: tally(byType, FEEDBACK_TYPES),
    by_status: tally(byStatus, FEEDBACK_STATUSES),
    last_7_days: week?.n ?? 0,
    last_30_days: month?.n ?? 0,
  };
}

export async function createSignoutFeedback(db: Database, input: { rating: number; comment?: string }) {
  await db.insert(signoutFeedback).values({ rating: input.rating, comment: blankToNull(input.comment) });
}

export async function signoutFeedbackReport(db: Database, q: { days: number; page: number; page_size: number }, now = new Date()) {
  const since = new Date(now.getTime() - q.days * 24 * 60 * 60 * 1000);
  const dayExpr = sql<string>`to_char(${signoutFeedback.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [items, [totals], byDay] = await Promise.all([
    db
      .select()
      .from(signoutFeedback)
      .orderBy(desc(signoutFeedback.createdAt), desc(signoutFeedback.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count(), avg: sql<string | null>`avg(${signoutFeedback.rating})` }).from(signoutFeedback),
    db
      .select({ day: dayExpr, n: count(), avg: sql<string>`avg(${signoutFeedback.rating})` })
      .from(signoutFeedback)
      .where(gte(signoutFeedback.createdAt, since))
      .groupBy(dayExpr)
      .orderBy(dayExpr),
  ]);
  return {
    items: items.map((r) => ({ id: r.id, rating: r.rating, comment: r.comment, created_at: r.createdAt.toISOString() })),
    total: totals?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
    average_rating: totals?.avg === null || totals?.avg === undefined ? null : Math.round(Number(totals.avg) * 100) / 100,
    by_day: byDay.map((d) => ({ day: d.day, count: d.n, average_rating: Math.round(Number(d.avg) * 100) / 100 })),
  };
}
