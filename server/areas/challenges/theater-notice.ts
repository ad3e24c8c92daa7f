import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { scoreVideos } from '#server/db/schema.ts';
import { challengeRoom, publish } from '#server/lib/realtime/realtime-events.ts';

/**
 * Tells each challenge room whose theater lists these scores (or this video) that its list changed: a
 * video shown or withdrawn, a score or video hidden, judged invalid or deleted. Open theaters fetch
 * it again, so a withdrawn video leaves at once. Nothing is sent for a score without a video.
 */
export async function theaterChanged(tx: Database, which: { scoreId: number } | { videoId: string }) {
  const rows = await tx
    .select({ scoreId: scoreVideos.scoreId, challengeId: scoreVideos.challengeId })
    .from(scoreVideos)
    .where('scoreId' in which ? eq(scoreVideos.scoreId, which.scoreId) : eq(scoreVideos.videoId, which.videoId));
  await publish(
    tx,
    rows.map((r) => ({
      to: { room: challengeRoom(r.challengeId) },
      message: { type: 'theater_changed', challenge_id: r.challengeId, score_id: r.scoreId },
    })),
  );
}
