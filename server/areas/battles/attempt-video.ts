import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { videos } from '#server/db/schema.ts';
import { ApiError, badRequest, isUniqueViolation } from '#server/errors.ts';
import { videoBacksSomething } from '../videos/index.ts';
import type { BattleRow } from './battles.ts';

// A judged-video battle's attempt names a video of it (domain/battles/judged.ts): the athlete's own upload that has
// finished processing and backs no other attempt or challenge score. Read before the attempt's transaction; the
// unique index on battle_attempts.video_id refuses a race between two attempts naming the same video.

export const VIDEO_NEEDED =
  'This battle’s attempts need a judged video: choose a video of this attempt that you uploaded and that has finished processing.';
const VIDEO_TAKEN = 'That video already backs another attempt or score. Upload a video of this attempt.';

/** The attempt's video id (null in a battle without judged video), or the 4xx that refuses it. */
export async function checkAttemptVideo(db: Database, b: BattleRow, userId: number, given: unknown): Promise<string | null> {
  const videoId = typeof given === 'string' && given.trim() ? given.trim() : null;
  if (!b.judgedVideo) {
    if (videoId) throw badRequest('This battle does not judge videos: submit the score alone.', 'video_id');
    return null;
  }
  if (!videoId) throw new ApiError(422, VIDEO_NEEDED, 'video_id');
  const [v] = await db.select({ userId: videos.userId, status: videos.status }).from(videos).where(eq(videos.id, videoId));
  if (!v) throw new ApiError(422, 'No video with that id: choose one of your uploads.', 'video_id');
  if (v.userId !== userId) throw new ApiError(403, 'That video is not one of yours: an attempt names a video you uploaded.', 'video_id');
  if (v.status !== 'ready')
    throw new ApiError(422, 'That video is not ready yet: submit the attempt once it has finished processing.', 'video_id');
  if (await videoBacksSomething(db, videoId)) throw new ApiError(409, VIDEO_TAKEN, 'video_id');
  return videoId;
}

/** An insert refused by the video's unique index (two attempts at once with one video): 409, the transaction rolled back. */
export function refuseVideoTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiError(409, VIDEO_TAKEN, 'video_id');
  throw error;
}
