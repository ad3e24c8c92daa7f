import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { notifications, userSettings } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { packOf, publish, REALTIME_CHANNEL } from '#server/lib/realtime/realtime-events.ts';
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

/** Notifications per statement in notifyMany. */
const BATCH = 5000;

/**
 * notify() for many accounts at once: per 5,000, one statement stores the rows (sent as one JSON parameter), pushes
 * each to its account's sockets (the message notify() sends, built in SQL) and queues the mail of those who keep
 * the kind's mail on. A round's close that tells 25,000 athletes makes 5 round trips, not 100,000.
 */
export async function notifyMany(tx: Database, inputs: readonly NotificationInput[], now = new Date()): Promise<void> {
  for (let i = 0; i < inputs.length; i += BATCH) {
    const batch = inputs.slice(i, i + BATCH).map((input) => ({
      user_id: input.userId,
      kind: input.kind.slice(0, 40),
      title: input.title.slice(0, 160),
      body: (input.body ?? '').slice(0, 1000),
      link: safeLink(input.link ?? ''),
    }));
    const kinds = [...new Set(batch.map((n) => n.kind as NotificationKind))];
    await storeAndPush(
      tx,
      sql`select x.user_id, x.kind, x.title, x.body, x.link
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(user_id int, kind text, title text, body text, link text)`,
      kinds,
      now,
    );
  }
}

/**
 * notify() for every account a query names, in one statement with no row sent from the app: `rows` selects
 * (user_id, title, body) in the caller's transaction, e.g. everyone a round's close has just eliminated.
 */
export async function notifyEach(
  tx: Database,
  input: { kind: NotificationKind; link?: string; rows: SQL },
  now = new Date(),
): Promise<void> {
  await storeAndPush(
    tx,
    sql`select x.user_id, ${input.kind.slice(0, 40)}::text, left(x.title, 160), left(coalesce(x.body, ''), 1000), ${safeLink(input.link ?? '')}::text
        from (${input.rows}) as x(user_id, title, body)`,
    [input.kind],
    now,
  );
}

/** Mail jobs queued per statement: one per this many notifications (notifications-mail.ts sends each its own mail). */
export const MAILS_PER_JOB = 100;

/**
 * Stores the notifications `source` selects (user_id, kind, title, body, link), pushes them, queues their mail.
 * Profiled at 25,000 rows (a round's close at 100,000 athletes, docs/benchmarks.md): the rows go in in account order,
 * so the foreign key's lookups of `users` and the two per-account indexes walk their pages in order rather than at
 * random (the insert and its key checks about half the time); the pushes are built by concatenation rather than nested
 * json_build_object (most of the push's cost) and go out 16 to a NOTIFY (realtime-events.ts packOf; each node's hub
 * fans them out); the mails are queued MAILS_PER_JOB to a job.
 */
async function storeAndPush(tx: Database, source: SQL, kinds: readonly NotificationKind[], now: Date) {
  const at = now.toISOString();
  const mailByDefault = Object.fromEntries(kinds.map((kind) => [kind, emailWanted(kind, null)]));
  await tx.execute(sql`
    with ins as (
      insert into notifications (user_id, kind, title, body, link, created_at)
      select s.user_id, s.kind, s.title, s.body, s.link, ${at}::timestamptz
      from (${source}) as s(user_id, kind, title, body, link)
      order by s.user_id
      returning id, user_id, kind, title, body, link
    ), envelopes as materialized (
      -- The message notify() publishes (presentNotification), one per row: strings through to_json, numbers as they are.
      select i.id, '{"to":{"user":' || i.user_id || '},"message":{"type":' || to_json(${NOTIFICATION_MESSAGE}::text)
        || ',"notification":{"id":' || i.id || ',"kind":' || to_json(i.kind) || ',"title":' || to_json(i.title)
        || ',"body":' || to_json(i.body) || ',"link":' || to_json(i.link) || ',"read":false,"created_at":'
        || to_json(${at}::text) || '}}}' as envelope
      from ins i
    ), pushed as (
      select count(pg_notify(${REALTIME_CHANNEL}, p.payload)) as n from (${packOf(sql`envelopes`)}) as p
    ), mailed as (
      insert into jobs (kind, payload, run_at, created_at)
      select ${NOTIFICATION_MAIL_JOB}, jsonb_build_object('notificationIds', jsonb_agg(m.id order by m.id)), ${at}::timestamptz, ${at}::timestamptz
      from (
        select i.id, (row_number() over (order by i.id) - 1) / ${MAILS_PER_JOB} as job
        from ins i left join user_settings s on s.user_id = i.user_id
        where coalesce((s.email_kinds ->> i.kind)::boolean, (${JSON.stringify(mailByDefault)}::jsonb ->> i.kind)::boolean, false)
      ) as m
      group by m.job
      returning 1
    )
    select (select n from pushed) as pushed, (select count(*) from mailed) as mailed`);
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
