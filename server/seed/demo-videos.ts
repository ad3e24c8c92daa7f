import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { challengeEntries, challenges, scoreVideos, users } from '../db/schema.ts';
import { DEMO_ADMIN_EMAIL } from './cast.ts';
import { mediaToolsPresent, seedDemoVideo, videoService } from '../areas/videos/index.ts';

/** The open challenge whose best entries get theater videos, and how many. */
const THEATER_CHALLENGE = 'Max unbroken pull-ups';
const THEATER_VIDEOS = 3;

/**
 * Theater videos for the demo world: the best Rx entries of one open challenge get a short clip
 * each (made with ffmpeg, processed by the same job as any upload; ready a few seconds after the
 * start), shown in its theater and judged valid. Skipped when ffmpeg is not installed;
 * what it did, in words.
 */
export async function seedDemoTheater(ctx: AppContext): Promise<string> {
  if (!(await mediaToolsPresent())) return 'ffmpeg is not installed, so the demo world has no theater videos';
  const db = ctx.database.db;
  const [challenge] = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(eq(challenges.title, THEATER_CHALLENGE), isNull(challenges.deletedAt)));
  if (!challenge) return `no "${THEATER_CHALLENGE}" challenge, so no theater videos`;
  const best = await db
    .select({
      scoreId: challengeEntries.scoreId,
      userId: challengeEntries.userId,
      value: challengeEntries.value,
      sortKey: challengeEntries.sortKey,
    })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, challenge.id), eq(challengeEntries.division, 'rx')))
    .orderBy(asc(challengeEntries.sortKey), asc(challengeEntries.submittedAt))
    .limit(THEATER_VIDEOS);
  // Judged already (valid, by the demo administrator), as the scores they back are verified on the boards.
  const [judge] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, DEMO_ADMIN_EMAIL));
  const svc = videoService(ctx);
  for (const [i, entry] of best.entries()) {
    const videoId = await seedDemoVideo(svc, entry.userId, `pull-ups-${i + 1}.mp4`, i * 120);
    await db
      .insert(scoreVideos)
      .values({
        scoreId: entry.scoreId,
        challengeId: challenge.id,
        athleteId: entry.userId,
        videoId,
        originalValue: entry.value,
        originalSortKey: entry.sortKey,
        theaterShownAt: ctx.now(),
        state: 'judged',
        verdict: 'valid',
        verdictBy: judge?.id ?? null,
        verdictAt: ctx.now(),
        judges: judge ? [judge.id] : [],
        createdAt: ctx.now(),
      })
      .onConflictDoNothing();
  }
  return `${best.length} theater videos of "${THEATER_CHALLENGE}" are being processed`;
}
