import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { contentReports, loginCodes, moderationActions, moderationAppeals, sessions, users } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import {
  ACTION_LABELS,
  KIND_LABELS,
  MODERATION_REASON_LIMITS,
  MODERATION_REASONS,
  REPORT_DETAILS_MAX,
  SUSPEND_DAYS,
  reasonLabel,
  type ModerationAction,
  type ModerationReason,
  type ReportableKind,
} from '#domain/moderation.ts';
import { moderationKinds } from './moderation-kinds.ts';
import { notify } from '../notifications/index.ts';

// Reports and the moderators' actions. What each kind of item is (its author, preview, hiding) lives in
// moderation-kinds.ts; the author's decisions and appeals in moderation-appeals.ts.

export const PROTECTED_CONTENT_TEXT = "Only an administrator can moderate an administrator's content.";
export const ALREADY_REPORTED_TEXT = 'You already reported this. A moderator will look at it; you will hear the outcome.';
const SETTINGS_LINK = '/settings#moderation';

export interface Actor {
  id: number;
  role: string;
}

const itemMissing = (kind: ReportableKind) => notFound(`No ${KIND_LABELS[kind]} with that id.`);

/** A signed-in user reports an item: one open report per user per item. */
export async function reportContent(
  ctx: AppContext,
  reporterId: number,
  input: { kind: ReportableKind; item_id: string; reason: ModerationReason; details?: string },
) {
  const db = ctx.database.db;
  const details = (input.details ?? '').trim();
  if (details.length > REPORT_DETAILS_MAX) throw badRequest(`Keep the details under ${REPORT_DETAILS_MAX} characters.`, 'details');
  if (input.reason === 'other' && details.length < 3) throw badRequest('Say in a few words what is wrong.', 'details');
  const item = await moderationKinds[input.kind].find(db, input.item_id);
  if (!item) throw itemMissing(input.kind);
  if (item.authorId === reporterId) throw badRequest('You cannot report your own content.');
  const now = ctx.now();
  const [row] = await db
    .insert(contentReports)
    .values({ kind: input.kind, itemId: input.item_id, reporterId, reason: input.reason, details, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(ALREADY_REPORTED_TEXT);
  return { id: row.id, kind: input.kind, item_id: row.itemId, reason: input.reason, created_at: row.createdAt.toISOString() };
}

const severityCase = sql.raw(`case ${MODERATION_REASONS.map((r) => `when reason = '${r.id}' then ${r.severity}`).join(' ')} else 1 end`);

export async function people(db: Database, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const rows = wanted.length
    ? await db.select({ id: users.id, display_name: users.displayName, role: users.role }).from(users).where(inArray(users.id, wanted))
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Items with open reports, grouped: most severe reason first, then most reported, then latest. */
export async function queue(ctx: AppContext) {
  const db = ctx.database.db;
  const groups = await rowsOf<{
    kind: ReportableKind;
    item_id: string;
    reports: number;
    severity: number;
    first_at: Date | string;
    last_at: Date | string;
    details: string[] | null;
  }>(
    db,
    sql`select kind, item_id, count(*)::int as reports, max(${severityCase})::int as severity,
          min(created_at) as first_at, max(created_at) as last_at,
          (array_agg(details order by created_at desc) filter (where details <> ''))[1:3] as details
        from content_reports where status = 'open'
        group by kind, item_id
        order by severity desc, reports desc, last_at desc
        limit 100`,
  );
  const reasons = groups.length
    ? await db
        .select({ kind: contentReports.kind, itemId: contentReports.itemId, reason: contentReports.reason, n: count() })
        .from(contentReports)
        .where(
          and(
            eq(contentReports.status, 'open'),
            inArray(
              contentReports.itemId,
              groups.map((g) => g.item_id),
            ),
          ),
        )
        .groupBy(contentReports.kind, contentReports.itemId, contentReports.reason)
    : [];
  const [[total], items] = await Promise.all([
    db.select({ n: count() }).from(contentReports).where(eq(contentReports.status, 'open')),
    Promise.all(groups.map((g) => moderationKinds[g.kind].find(db, g.item_id))),
  ]);
  const authors = await people(
    db,
    items.map((i) => i?.authorId),
  );
  return {
    open_reports: total?.n ?? 0,
    items: groups.map((g, i) => {
      const item = items[i];
      return {
        kind: g.kind,
        item_id: g.item_id,
        title: item?.title ?? `This ${KIND_LABELS[g.kind]} no longer exists`,
        excerpt: item?.excerpt ?? '',
        link: item?.link ?? '',
        hidden: item?.hidden ?? false,
        author: item?.authorId ? (authors.get(item.authorId) ?? null) : null,
        reports: g.reports,
        severity: g.severity,
        reasons: reasons
          .filter((r) => r.kind === g.kind && r.itemId === g.item_id)
          .map((r) => ({ reason: r.reason as ModerationReason, count: r.n }))
          .sort((a, b) => b.count - a.count),
        details: g.details ?? [],
        first_reported_at: new Date(g.first_at).toISOString(),
        last_reported_at: new Date(g.last_at).toISOString(),
      };
    }),
  };
}

function checkReason(reason: string) {
  const why = reason.trim();
  if (why.length < MODERATION_REASON_LIMITS.min || why.length > MODERATION_REASON_LIMITS.max)
    throw badRequest(
      `Say why (${MODERATION_REASON_LIMITS.min} to ${MODERATION_REASON_LIMITS.max} characters): the author reads it.`,
      'reason',
    );
  return why;
}

const DAY_MS = 86_400_000;

/** What the author is told of an action on their content. */
function authorNotice(action: ModerationAction, what: string, why: string, until: Date | null) {
  switch (action) {
    case 'hide':
      return { title: `Moderators hid your ${what}`, body: `It no longer shows to others. The reason: ${why} You may appeal once.` };
    case 'restore':
      return { title: `Your ${what} shows again`, body: `Moderators restored it. ${why}` };
    case 'warn':
      return { title: `A warning about your ${what}`, body: `The reason: ${why} You may appeal once.` };
    case 'suspend':
      return {
        title: 'Your account is suspended',
        body: `Because of your ${what}, you cannot sign in until ${until!.toISOString().slice(0, 10)}. The reason: ${why} You may appeal once.`,
      };
    default:
      return null;
  }
}

const OUTCOME_TEXT: Record<ModerationAction, string> = {
  hide: 'Moderators hid it.',
  restore: 'Moderators looked at it and it stays up.',
  dismiss: 'Moderators looked at it and found nothing against the rules.',
  warn: 'Moderators warned its author.',
  suspend: "Moderators suspended its author's account for a while.",
};

/** Hide, restore, dismiss, warn or suspend: one transaction with the audit row, the closed reports and every notice. */
export async function moderate(
  ctx: AppContext,
  actor: Actor,
  kind: ReportableKind,
  itemId: string,
  input: { action: ModerationAction; reason: string; days?: number },
) {
  const db = ctx.database.db;
  const why = checkReason(input.reason);
  if (input.action === 'suspend' && input.days === undefined)
    throw badRequest(`Say for how many days (${SUSPEND_DAYS.min} to ${SUSPEND_DAYS.max}).`, 'days');
  if (input.action !== 'suspend' && input.days !== undefined) throw badRequest('Days go with a suspension only.', 'days');
  const registry = moderationKinds[kind];
  const now = ctx.now();
  const record = await db.transaction(async (tx) => {
    const item = await registry.find(tx, itemId);
    const open = await tx
      .select({ id: contentReports.id, reporterId: contentReports.reporterId })
      .from(contentReports)
      .where(and(eq(contentReports.kind, kind), eq(contentReports.itemId, itemId), eq(contentReports.status, 'open')))
      .for('update');
    if (!item && !(input.action === 'dismiss' && open.length)) throw itemMissing(kind);
    const authorId = item?.authorId ?? null;
    const [author] = authorId ? await tx.select().from(users).where(eq(users.id, authorId)).for('update') : [];
    if (author?.role === 'administrator' && actor.role !== 'administrator') throw new ApiError(403, PROTECTED_CONTENT_TEXT);
    if (authorId === actor.id && input.action !== 'dismiss') throw new ApiError(403, 'Someone else moderates your own content.');
    let until: Date | null = null;
    switch (input.action) {
      case 'hide':
        if (item!.hidden) throw conflict('It is hidden already.');
        await registry.setHidden(tx, itemId, now);
        break;
      case 'restore':
        if (!item!.hidden) throw conflict('It is not hidden.');
        await registry.setHidden(tx, itemId, null);
        break;
      case 'dismiss':
        if (!open.length) throw conflict('There are no open reports of it to dismiss.');
        break;
      case 'warn':
      case 'suspend':
        if (!author) throw conflict('Nobody is left to warn or suspend: the account is gone.');
        if (input.action === 'suspend') {
          until = new Date(now.getTime() + input.days! * DAY_MS);
          await tx.update(users).set({ suspendedUntil: until }).where(eq(users.id, author.id));
          // A suspension ends every session at once: the next call signs them out.
          await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.userId, author.id), sql`${sessions.revokedAt} is null`));
          // And spends any sign-in code already mailed, so none opens a session during the suspension.
          await tx
            .update(loginCodes)
            .set({ consumedAt: now })
            .where(and(eq(loginCodes.userId, author.id), sql`${loginCodes.consumedAt} is null`));
        }
        break;
    }
    if (open.length)
      await tx
        .update(contentReports)
        .set({
          status: input.action === 'dismiss' || input.action === 'restore' ? 'dismissed' : 'actioned',
          resolvedAt: now,
          resolvedBy: actor.id,
        })
        .where(
          inArray(
            contentReports.id,
            open.map((r) => r.id),
          ),
        );
    const [row] = await tx
      .insert(moderationActions)
      .values({
        kind,
        itemId,
        authorId,
        actorId: actor.id,
        action: input.action,
        reason: why,
        suspendDays: input.action === 'suspend' ? input.days! : null,
        suspendedUntil: until,
        reportsClosed: open.length,
        createdAt: now,
      })
      .returning();
    const what = KIND_LABELS[kind];
    const title = item?.title ?? what;
    for (const reporterId of new Set(open.map((r) => r.reporterId)))
      await notify(
        tx,
        { userId: reporterId, kind: 'report_outcome', title: `Your report of the ${what} “${title}”`, body: OUTCOME_TEXT[input.action] },
        now,
      );
    const notice = authorNotice(input.action, `${what} “${title}”`, why, until);
    if (notice && author) await notify(tx, { userId: author.id, kind: 'moderation_decision', ...notice, link: SETTINGS_LINK }, now);
    return { row: row!, title };
  });
  const map = await people(db, [record.row.authorId, actor.id]);
  return presentAction(record.row, record.title, map, null);
}

type ActionRow = typeof moderationActions.$inferSelect;
type AppealRow = typeof moderationAppeals.$inferSelect;

export function presentAppeal(a: AppealRow, map: Map<number, { display_name: string }>) {
  return {
    id: a.id,
    reason: a.reason,
    status: a.status as 'open' | 'upheld' | 'reversed',
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
    decision_reason: a.decisionReason,
    decided_by: (a.decidedBy && map.get(a.decidedBy)?.display_name) || null,
  };
}
export type PresentedAppeal = ReturnType<typeof presentAppeal>;

export function presentAction(
  a: ActionRow,
  title: string,
  map: Map<number, { id: number; display_name: string; role: string }>,
  appeal: PresentedAppeal | null,
) {
  return {
    id: a.id,
    kind: a.kind as ReportableKind,
    item_id: a.itemId,
    title,
    action: a.action as ModerationAction,
    reason: a.reason,
    author: (a.authorId && map.get(a.authorId)) || null,
    actor: (a.actorId && map.get(a.actorId)) || null,
    suspended_until: a.suspendedUntil?.toISOString() ?? null,
    reports_closed: a.reportsClosed,
    created_at: a.createdAt.toISOString(),
    appeal,
  };
}

export const actionLabel = (a: ModerationAction) => ACTION_LABELS[a];
export { reasonLabel };

/** The latest actions, the audit trail. */
export async function latestActions(db: Database, limit = 100) {
  return db.select().from(moderationActions).orderBy(desc(moderationActions.createdAt), desc(moderationActions.id)).limit(limit);
}
