import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { accountDeletions } from '#server/db/schema.ts';
import { sendLater } from './auth.ts';

/** Signing in during the grace period cancels a scheduled deletion (called inside the sign-in transaction). */
export async function cancelDeletionOnSignIn(tx: Database, userId: number, now: Date): Promise<boolean> {
  const cancelled = await tx
    .update(accountDeletions)
    .set({ status: 'cancelled', cancelledAt: now, eraseAfter: null })
    .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'scheduled')))
    .returning({ userId: accountDeletions.userId });
  return cancelled.length > 0;
}

export function mailDeletionCancelled(ctx: AppContext, to: string) {
  sendLater(ctx, {
    to,
    subject: 'Your RepForge account deletion is cancelled',
    text: `Hello,\n\nYou signed in, so your account will not be deleted. To delete it after all, ask again on the privacy settings page.\n\nThe RepForge team`,
  });
}
