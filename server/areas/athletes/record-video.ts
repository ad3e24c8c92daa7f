import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { personalRecords, scoreVideos } from '#server/db/schema.ts';
import { ApiError } from '#server/errors.ts';
import { ownReadyVideo, presentVideo, type VideoRow, videoService } from '../videos/index.ts';

// The video of a personal record or qualifying attempt: one of the athlete's own uploads, ready,
// backing no score and no other record. Its reviewer (an administrator or editor) and the athlete
// get signed links to watch it; nobody else is shown it.

export const RECORD_VIDEO_FIELD = 'video_id';
export const VIDEO_TAKEN = 'That video already backs another result. Upload a video of this attempt.';

/** Checks the video named by a submission; null when none is given. */
export async function checkRecordVideo(db: Database, userId: number, videoId: string | null | undefined): Promise<string | null> {
  if (!videoId) return null;
  await ownReadyVideo(db, userId, videoId, RECORD_VIDEO_FIELD);
  const [score] = await db.select({ id: scoreVideos.scoreId }).from(scoreVideos).where(eq(scoreVideos.videoId, videoId)).limit(1);
  const [record] = await db.select({ id: personalRecords.id }).from(personalRecords).where(eq(personalRecords.videoId, videoId)).limit(1);
  if (score || record) throw new ApiError(409, VIDEO_TAKEN, RECORD_VIDEO_FIELD);
  return videoId;
}

/** The record's video as its athlete or reviewer sees it (signed links for that viewer). */
export function recordVideoView(ctx: AppContext, video: VideoRow | null, viewerId: number) {
  return video ? presentVideo(videoService(ctx), video, viewerId) : null;
}
