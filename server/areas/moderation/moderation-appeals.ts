import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { moderationActions, moderationAppeals, users } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import {
  APPEAL_REASON_LIMITS,
  APPEALABLE_ACTIONS,
  KIND_LABELS,
  MODERATION_REASON_LIMITS,
  type ModerationAction,
  type ReportableKind,
} from '#domain/moderation.ts';
import { moderationKinds } from './moderation-kinds.ts';
import { latestActions, people, presentAction, presentAppeal, type Actor } from './moderation.ts';
import { notify } from '../notifications/index.ts';

// The author's side of moderation: the decisions about their content, one appeal each, and an
// administrator's answer (never the one who acted).

export const APPEAL_ADMIN_TEXT = 'Only an administrator decides appeals.';
export const APPEAL_OTHER_ADMIN_TEXT = 'An administrator who did not take the action decides its appeal.';

async function items(ctx: AppContext, rows: { kind: string; itemId: string }[]) {
  const db = ctx.database.db;
  return Promise.all(rows.map((r) => moderationKinds[r.kind as ReportableKind].find(db, r.itemId)));
}

async function titles(ctx: AppContext, rows: { kind: string; itemId: string }[]) {
  return (await items(ctx, rows)).map((item, i) => item?.title ?? `A removed ${KIND_LABELS[rows[i]!.kind as ReportableKind]}`);
}

async function appealsOf(ctx: AppContext, actionIds: number[]) {
  if (!actionIds.length) return new Map<number, typeof moderationAppeals.$inferSelect>();
  const rows = await ctx.database.db.select().from(moderationAppeals).where(inArray(moderationAppeals.actionId, actionIds));
  return new Map(rows.map((r) => [r.actionId, r]));
}

/** The decisions about the signed-in user's content (dismissals left out: they leave nothing against them). */
export async function myDecisions(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const rows = await db
    .select()
    .from(moderationActions)
    .where(and(eq(moderationActions.authorId, userId), ne(moderationActions.action, 'dismiss')))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(100);
  const [found, appeals] = await Promise.all([
    items(ctx, rows),
    appealsOf(
      ctx,
      rows.map((r) => r.id),
    ),
  ]);
  const deciders = await people(
    db,
    [...appeals.values()].map((a) => a.decidedBy),
  );
  return {
    items: rows.map((r, i) => {
      const appeal = appeals.get(r.id);
      return {
        id: r.id,
        kind: r.kind as ReportableKind,
        item_id: r.itemId,
        title: found[i]?.title ?? `A removed ${KIND_LABELS[r.kind as ReportableKind]}`,
        link: moderationLink(r.kind as ReportableKind, r.itemId) ?? found[i]?.link ?? '/my-stories-page?tab=mine',
        action: r.action as ModerationAction,
        reason: r.reason,
        suspended_until: r.suspendedUntil?.toISOString() ?? null,
        created_at: r.createdAt.toISOString(),
        appealable: !appeal && APPEALABLE_ACTIONS.includes(r.action as ModerationAction),
        appeal: appeal ? presentAppeal(appeal, deciders) : null,
      };
    }),
  };
}

/** Where the author finds the item (a comment: under its story, which its registry entry names). */
const moderationLink = (kind: ReportableKind, itemId: string): string | null =>
  ({
    profile: `/athlete-profile-page?id=${itemId}`,
    challenge: `/challenge-detail-page?id=${itemId}`,
    score: '/my-results-page',
    team: `/team-dashboard-page?id=${itemId}`,
    video: `/placeholder-video-page?id=${itemId}`,
    story: `/my-stories-page?story=${itemId}`,
    comment: null,
  })[kind];

/** The author appeals a decision once. */
export async function appeal(ctx: AppContext, userId: number, actionId: number, reason: string) {
  const why = reason.trim();
  if (why.length < APPEAL_REASON_LIMITS.min || why.length > APPEAL_REASON_LIMITS.max)
    throw badRequest(
      `Say why the decision should change (${APPEAL_REASON_LIMITS.min} to ${APPEAL_REASON_LIMITS.max} characters).`,
      'reason',
    );
  const db = ctx.database.db;
  await db.transaction(async (tx) => {
    const [action] = await tx.select().from(moderationActions).where(eq(moderationActions.id, actionId)).for('update');
    if (!action || action.authorId !== userId) throw notFound('No decision about your content with that id.');
    if (!APPEALABLE_ACTIONS.includes(action.action as ModerationAction)) throw conflict('This decision leaves nothing to appeal.');
    const [existing] = await tx
      .select({ id: moderationAppeals.id })
      .from(moderationAppeals)
      .where(eq(moderationAppeals.actionId, actionId));
    if (existing) throw conflict('You already appealed this decision; each decision can be appealed once.');
    await tx.insert(moderationAppeals).values({ actionId, authorId: userId, reason: why, createdAt: ctx.now() });
  });
  const mine = await myDecisions(ctx, userId);
  return mine.items.find((d) => d.id === actionId)!;
}

/** An administrator who did not act upholds or reverses the action. */
export async function decideAppeal(
  ctx: AppContext,
  actor: Actor,
  appealId: number,
  input: { decision: 'uphold' | 'reverse'; reason: string },
) {
  if (actor.role !== 'administrator') throw new ApiError(403, APPEAL_ADMIN_TEXT);
  const why = input.reason.trim();
  if (why.length < MODERATION_REASON_LIMITS.min || why.length > MODERATION_REASON_LIMITS.max)
    throw badRequest(
      `Say why (${MODERATION_REASON_LIMITS.min} to ${MODERATION_REASON_LIMITS.max} characters): the author reads it.`,
      'reason',
    );
  const db = ctx.database.db;
  const now = ctx.now();
  const actionId = await db.transaction(async (tx) => {
    const [a] = await tx.select().from(moderationAppeals).where(eq(moderationAppeals.id, appealId)).for('update');
    if (!a) throw notFound('No appeal with that id.');
    if (a.status !== 'open') throw conflict('This appeal was decided already.');
    const [action] = await tx.select().from(moderationActions).where(eq(moderationActions.id, a.actionId));
    if (action!.actorId === actor.id) throw new ApiError(403, APPEAL_OTHER_ADMIN_TEXT);
    const kind = action!.kind as ReportableKind;
    if (input.decision === 'reverse') {
      if (action!.action === 'hide') await moderationKinds[kind].setHidden(tx, action!.itemId, null);
      if (action!.action === 'suspend' && action!.authorId)
        await tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, action!.authorId));
    }
    await tx
      .update(moderationAppeals)
      .set({ status: input.decision === 'reverse' ? 'reversed' : 'upheld', decidedBy: actor.id, decisionReason: why, decidedAt: now })
      .where(eq(moderationAppeals.id, appealId));
    await notify(
      tx,
      {
        userId: a.authorId,
        kind: 'moderation_appeal',
        title: input.decision === 'reverse' ? 'Your appeal succeeded' : 'Your appeal was turned down',
        body: input.decision === 'reverse' ? `The decision is reversed. ${why}` : `The decision stands. The reason: ${why}`,
        link: '/settings#moderation',
      },
      now,
    );
    return a.actionId;
  });
  const [row] = await db.select().from(moderationActions).where(eq(moderationActions.id, actionId));
  const [appealRow] = await db.select().from(moderationAppeals).where(eq(moderationAppeals.id, appealId));
  const map = await people(db, [row!.authorId, row!.actorId, appealRow!.decidedBy]);
  const [title] = await titles(ctx, [row!]);
  return presentAction(row!, title!, map, presentAppeal(appealRow!, map));
}

/** The audit trail and the appeals waiting. */
export async function actionsOverview(ctx: AppContext) {
  const db = ctx.database.db;
  const rows = await latestActions(db);
  const open = await db
    .select({ action: moderationActions, appeal: moderationAppeals })
    .from(moderationAppeals)
    .innerJoin(moderationActions, eq(moderationActions.id, moderationAppeals.actionId))
    .where(eq(moderationAppeals.status, 'open'))
    .orderBy(moderationAppeals.createdAt)
    .limit(100);
  const appeals = await appealsOf(
    ctx,
    rows.map((r) => r.id),
  );
  const map = await people(db, [
    ...rows.flatMap((r) => [r.authorId, r.actorId]),
    ...open.flatMap((o) => [o.action.authorId, o.action.actorId]),
    ...[...appeals.values()].map((a) => a.decidedBy),
  ]);
  const [names, openNames] = await Promise.all([
    titles(ctx, rows),
    titles(
      ctx,
      open.map((o) => o.action),
    ),
  ]);
  return {
    items: rows.map((r, i) => {
      const a = appeals.get(r.id);
      return presentAction(r, names[i]!, map, a ? presentAppeal(a, map) : null);
    }),
    appeals: open.map((o, i) => presentAction(o.action, openNames[i]!, map, presentAppeal(o.appeal, map))),
  };
}
