import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import { enqueueJob, type JobHandler } from '#server/lib/jobs.ts';
import { FANOUT_BATCH } from '#domain/follows.ts';
import { notify } from '../notifications/index.ts';
import { followerBatch } from './follows.ts';

// Telling followers: a new story or challenge queues one job in the author's own transaction (nothing is told of
// a post that did not commit); the job notifies the followers a batch at a time, each batch and the job for the
// next in one transaction, so a failed batch runs again whole and nobody is told twice.

export const FOLLOWERS_FANOUT_JOB = 'follows.fanout';

export interface Announcement {
  authorId: number;
  what: 'story' | 'challenge';
  title: string;
  link: string;
}

/** Queues the followers' notifications of a new story or challenge, in the caller's transaction. */
export async function announceToFollowers(tx: Database, a: Announcement, now: Date): Promise<void> {
  await enqueueJob(tx, FOLLOWERS_FANOUT_JOB, { ...a, after: 0 }, now);
}

const fanout: JobHandler = async (ctx: AppContext, payload) => {
  const authorId = Number(payload.authorId);
  const after = Number(payload.after ?? 0);
  const what = payload.what === 'challenge' ? 'challenge' : 'story';
  const title = String(payload.title ?? '').slice(0, 120);
  const link = String(payload.link ?? '');
  const db = ctx.database.db;
  const [author] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, authorId));
  if (!author) return;
  const now = ctx.now();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const batch = await followerBatch(t, authorId, after, FANOUT_BATCH);
    for (const userId of batch)
      await notify(
        t,
        {
          userId,
          kind: what === 'story' ? 'followed_story' : 'followed_challenge',
          title: what === 'story' ? `${author.name} posted a story: ${title}` : `${author.name} created a challenge: ${title}`,
          link,
        },
        now,
      );
    if (batch.length === FANOUT_BATCH)
      await enqueueJob(t, FOLLOWERS_FANOUT_JOB, { authorId, what, title, link, after: batch[batch.length - 1]! }, now);
  });
};

export const followJobHandlers: Record<string, JobHandler> = { [FOLLOWERS_FANOUT_JOB]: fanout };
