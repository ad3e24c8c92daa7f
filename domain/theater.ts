/** The community theater (server/areas/theater/theater.ts, src/features/theater): spectators' votes on score videos. */

/** A spectator's vote: thumbs up or thumbs down, one per person per score, changeable. */
export type VoteValue = 1 | -1;

/** Most video scores one challenge's theater lists (best voted first). */
export const THEATER_LIMIT = 24;
