import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { adminBiHandlers, adminHandlers, adminTestingHandlers } from './areas/admin/index.ts';
import { analyticsHandlers } from './areas/analytics/index.ts';
import { athleteHandlers, athleteImportHandlers } from './areas/athletes/index.ts';
import { authHandlers } from './areas/auth/index.ts';
import { battleHandlers } from './areas/battles/index.ts';
import { challengeHandlers } from './areas/challenges/index.ts';
import { commentaryHandlers, noteScoreMove } from './areas/commentary/index.ts';
import { creatorHandlers } from './areas/creators/index.ts';
import { eventHandlers } from './areas/events/index.ts';
import { feedbackHandlers } from './areas/feedback/index.ts';
import { followHandlers } from './areas/follows/index.ts';
import { gymHandlers } from './areas/gyms/index.ts';
import { imageHandlers } from './areas/images/index.ts';
import { judgingHandlers } from './areas/judging/index.ts';
import { legalHandlers } from './areas/legal/index.ts';
import { liveBroadcastHandlers, liveHandlers } from './areas/live/index.ts';
import { interviewHandlers, shownOnProfile } from './areas/interviews/index.ts';
import { moderationHandlers } from './areas/moderation/index.ts';
import { notificationHandlers } from './areas/notifications/index.ts';
import { privacyHandlers } from './areas/privacy/index.ts';
import { realtimeHandlers } from './areas/realtime/index.ts';
import { settingsHandlers } from './areas/settings/index.ts';
import { sportsNetworkHandlers } from './areas/sports-network/index.ts';
import { shownInStory, storyHandlers, storyPictureAccess } from './areas/stories/index.ts';
import { systemHandlers } from './areas/system/index.ts';
import { claimEmailInvitations, teamAllianceHandlers, teamHandlers } from './areas/teams/index.ts';
import { shownInTheater, theaterHandlers } from './areas/theater/index.ts';
import { videoHandlers } from './areas/videos/index.ts';
import { boardWriters as markWriters } from './lib/boards/writer-sync.ts';

/**
 * Every operation's handler, keyed by operationId: the composition root, which also wires one area's
 * hook into another. Areas whose writes change what a board shows (scores, entries, profiles, names,
 * privacy, gyms, events, leagues, records, verdicts, moderation, videos behind scores) opt in as board
 * writers: their answers wait until the change has reached this node's board cache.
 */
export function allHandlers(ctx: AppContext, wiring: { boardWriteStarted?: (request: FastifyRequest) => void } = {}) {
  const boardWriters = <H extends Parameters<typeof markWriters>[0]>(handlers: H) => markWriters(handlers, wiring.boardWriteStarted);
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx, { accountCreated: claimEmailInvitations }),
    ...feedbackHandlers(ctx),
    // A score that moves the board may become a commentary line (written off the request path).
    ...boardWriters(challengeHandlers(ctx, { scoreSubmitted: (move) => noteScoreMove(ctx, move) })),
    ...boardWriters(eventHandlers(ctx)),
    ...realtimeHandlers(ctx),
    ...boardWriters(athleteHandlers(ctx)),
    ...boardWriters(athleteImportHandlers(ctx)),
    ...boardWriters(privacyHandlers(ctx)),
    ...boardWriters(settingsHandlers(ctx)),
    ...legalHandlers(ctx),
    ...notificationHandlers(ctx),
    ...boardWriters(teamHandlers(ctx)),
    ...boardWriters(teamAllianceHandlers(ctx)),
    ...boardWriters(videoHandlers(ctx, { shownInTheater, shownInStory, shownOnProfile })),
    ...boardWriters(judgingHandlers(ctx)),
    ...theaterHandlers(ctx),
    ...adminHandlers(ctx),
    ...adminBiHandlers(ctx),
    ...adminTestingHandlers(ctx),
    ...boardWriters(moderationHandlers(ctx)),
    ...analyticsHandlers(ctx),
    ...boardWriters(gymHandlers(ctx)),
    ...boardWriters(sportsNetworkHandlers(ctx)),
    ...storyHandlers(ctx),
    ...imageHandlers(ctx, { storyPictureAccess: (storyId, reader) => storyPictureAccess(ctx, storyId, reader) }),
    ...battleHandlers(ctx),
    ...commentaryHandlers(ctx),
    ...interviewHandlers(ctx),
    ...creatorHandlers(ctx),
    ...followHandlers(ctx),
    // A live attempt's end is a score submission: its answer waits for the board like a score's.
    ...boardWriters(liveHandlers(ctx)),
    // Broadcasts: the site-wide live show (scheduled, started and stopped by administrators).
    ...liveBroadcastHandlers(ctx),
  };
}
