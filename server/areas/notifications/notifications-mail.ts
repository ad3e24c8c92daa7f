import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { mailSubject } from '#domain/mail-text.ts';
import { DEV_ORIGIN } from '#server/config.ts';
import { notifications, users } from '#server/db/schema.ts';
import { enqueueJob, type JobHandler, type RunningJob } from '#server/lib/jobs.ts';
import { INBOX_LINK, isNotificationKind, NOTIFICATION_KINDS } from '#domain/notifications.ts';

/** The job notify() queues, in the caller's transaction, for a notification whose kind the athlete gets by mail. */
export const NOTIFICATION_MAIL_JOB = 'notification.mail';

/** Where the athlete switches a kind's mail off. */
export const MAIL_SETTINGS_LINK = '/settings#notifications';

/** How long a batch's failed mail waits before its own job tries it again (the worker's first back-off). */
const SPLIT_RETRY_MS = 30_000;

/**
 * Sends one notification's mail (a link to the item, and how to stop this kind of mail). A notification gone
 * since (the account was deleted) sends nothing; a mail server that fails makes the job retry.
 */
async function sendNotificationMail(ctx: AppContext, notificationId: number) {
  const [row] = await ctx.database.db
    .select({ n: notifications, email: users.email, name: users.displayName })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, notificationId));
  if (!row || !isNotificationKind(row.n.kind)) return;
  const origin = `${ctx.config.publicOrigin ?? DEV_ORIGIN()}${ctx.config.basePath}`;
  const url = (link: string) => `${origin}${link.slice(1)}`;
  const label = NOTIFICATION_KINDS[row.n.kind].label;
  await ctx.mailer.send({
    to: row.email,
    // Titles carry people's names and team names: no link or control character reaches the subject line.
    subject: mailSubject(row.n.title),
    text: [
      `Hello ${row.name},`,
      row.n.title,
      ...(row.n.body ? [row.n.body] : []),
      `See it on RepForge: ${url(row.n.link || INBOX_LINK)}`,
      `You get this email because “${label}” is on by mail. To stop these emails, switch it off in your notification settings: ${url(MAIL_SETTINGS_LINK)}`,
      'The RepForge team',
    ].join('\n\n'),
  });
}

/**
 * One notification's mail (`notificationId`, queued by notify()), or a batch's (`notificationIds`, queued by
 * notifyMany/notifyEach, MAILS_PER_JOB to a job), each mail its own as before. A batch records in its payload how
 * many it has sent (`sent`), after each mail, so a rerun (a worker that died, a retry) sends none twice; a mail that
 * fails becomes a job of its own (retried and failed alone, as a one-mail job is) and the batch goes on.
 */
async function sendNotificationMails(ctx: AppContext, payload: Record<string, unknown>, job: RunningJob) {
  if (!Array.isArray(payload.notificationIds)) return sendNotificationMail(ctx, Number(payload.notificationId));
  const ids = payload.notificationIds.map(Number);
  for (let i = Number(payload.sent ?? 0); i < ids.length; i++) {
    if (job.signal.aborted) return;
    await sendNotificationMail(ctx, ids[i]!).catch(() =>
      enqueueJob(ctx.database.db, NOTIFICATION_MAIL_JOB, { notificationId: ids[i] }, new Date(ctx.now().getTime() + SPLIT_RETRY_MS)),
    );
    await ctx.database.db.execute(sql`update jobs set payload = payload || jsonb_build_object('sent', ${i + 1}::int) where id = ${job.id}`);
  }
}

export const notificationMailJobHandlers: Record<string, JobHandler> = { [NOTIFICATION_MAIL_JOB]: sendNotificationMails };
