import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { jobs, notifications, userSettings } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { publish } from '#server/lib/realtime/realtime-events.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { emailWanted, type NotificationKind } from '#domain/notifications.ts';
import { NOTIFICATION_MAIL_JOB } from './notifications-mail.ts';

// The in-app inbox. Any area tells an account something with notify() inside its own transaction:
// the row and the socket push (NOTIFY, delivered at commit) stand or fall with the caller's change. So does
// the mail, for the kinds the athlete keeps on: a job queued in the same transaction, sent by the job worker
// after the commit (notifications-mail.ts), never inside the transaction nor before the answer.

export interface NotificationInput {
  userId: number;
  /** What it is about (domain/notifications.ts NOTIFICATION_KINDS: each has a label and a mail default on /settings). */
  kind: NotificationKind;
  title: string;
  body?: string;
  /** An in-app path such as /team-dashboard-page?id=3 ('' for none). */
  link?: string;
}

type NotificationRow = typeof notifications.$inferSelect;

export const presentNotification = (n: NotificationRow) => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  read: n.readAt !== null,
  created_at: n.createdAt.toISOString(),
});
export type PresentedNotification = ReturnType<typeof presentNotification>;

/** The real-time message every socket of the account gets for a new notification. */
export const NOTIFICATION_MESSAGE = 'notification_received';

/** Stores a notification in the caller's transaction (or database) and pushes it to the account's sockets at commit. */
export async function notify(tx: Database, input: NotificationInput, now = new Date()): Promise<PresentedNotification> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind.slice(0, 40),
      title: input.title.slice(0, 160),
      body: (input.body ?? '').slice(0, 1000),
      link: safeLink(input.link ?? ''),
      createdAt: now,
    })
    .returning();
  const notification = presentNotification(row!);
  await publish(tx, [{ to: { user: input.userId }, message: { type: NOTIFICATION_MESSAGE, notification } }]);
  const [choice] = await tx.select({ kinds: userSettings.emailKinds }).from(userSettings).where(eq(userSettings.userId, input.userId));
  if (emailWanted(input.kind, choice?.kinds)) await enqueueJob(tx, NOTIFICATION_MAIL_JOB, { notificationId: row!.id }, now);
  return notification;
}

/** Rows per statement in notifyMany (a statement carries at most 65,535 parameters). */
const BATCH = 2000;

/**
 * notify() for many accounts at once, in a few statements per 2,000 (the rows, their socket pushes, the mail
 * choices and the mail jobs), so a round's close that tells 25,000 athletes does not make 100,000 round trips.
 */
export async function notifyMany(tx: Database, inputs: readonly NotificationInput[], now = new Date()): Promise<void> {
  for (let i = 0; i < inputs.length; i += BATCH) {
    const batch = inputs.slice(i, i + BATCH);
    const rows = await tx
      .insert(notifications)
      .values(
        batch.map((input) => ({
          userId: input.userId,
          kind: input.kind.slice(0, 40),
          title: input.title.slice(0, 160),
          body: (input.body ?? '').slice(0, 1000),
          link: safeLink(input.link ?? ''),
          createdAt: now,
        })),
      )
      .returning();
    await publish(
      tx,
      rows.map((row) => ({ to: { user: row.userId }, message: { type: NOTIFICATION_MESSAGE, notification: presentNotification(row) } })),
    );
    const choices = await tx
      .select({ userId: userSettings.userId, kinds: userSettings.emailKinds })
      .from(userSettings)
      .where(inArray(userSettings.userId, [...new Set(rows.map((r) => r.userId))]));
    const chosen = new Map(choices.map((c) => [c.userId, c.kinds]));
    const mailed = rows.filter((row) => emailWanted(row.kind as NotificationKind, chosen.get(row.userId)));
    if (mailed.length)
      await tx
        .insert(jobs)
        .values(mailed.map((row) => ({ kind: NOTIFICATION_MAIL_JOB, payload: { notificationId: row.id }, runAt: now, createdAt: now })));
  }
}

/** Only in-app paths are kept: a notification never sends anyone off-site. */
const safeLink = (link: string) => (/^\/(?!\/)[^\s\\]*$/.test(link) ? link.slice(0, 300) : '');

export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** One page of the inbox, newest first, with the totals the bell and the history page show. */
export async function listNotifications(db: Database, userId: number, page: number, perPage: number) {
  const [items, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    unreadCount(db, userId),
  ]);
  return { items: items.map(presentNotification), total: total?.n ?? 0, unread, page, per_page: perPage };
}

export async function markRead(db: Database, userId: number, id: number, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('That notification does not exist.');
  return { notification: presentNotification(row), unread: await unreadCount(db, userId) };
}

export async function markAllRead(db: Database, userId: number, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread: 0 };
}
