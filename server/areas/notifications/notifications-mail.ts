import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { mailSubject } from '#domain/mail-text.ts';
import { DEV_ORIGIN } from '#server/config.ts';
import { notifications, users } from '#server/db/schema.ts';
import type { JobHandler } from '#server/lib/jobs.ts';
import { INBOX_LINK, isNotificationKind, NOTIFICATION_KINDS } from '#domain/notifications.ts';

/** The job notify() queues, in the caller's transaction, for a notification whose kind the athlete gets by mail. */
export const NOTIFICATION_MAIL_JOB = 'notification.mail';

/** Where the athlete switches a kind's mail off. */
export const MAIL_SETTINGS_LINK = '/settings#notifications';

/**
 * Sends one notification's mail (a link to the item, and how to stop this kind of mail). A notification gone
 * since (the account was deleted) sends nothing; a mail server that fails makes the job retry.
 */
async function sendNotificationMail(ctx: AppContext, payload: Record<string, unknown>) {
  const [row] = await ctx.database.db
    .select({ n: notifications, email: users.email, name: users.displayName })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, Number(payload.notificationId)));
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

export const notificationMailJobHandlers: Record<string, JobHandler> = { [NOTIFICATION_MAIL_JOB]: sendNotificationMail };
