import type { AppContext } from './context.ts';
import { adminBiHandlers, adminHandlers, adminTestingHandlers } from './areas/admin/index.ts';
import { analyticsHandlers } from './areas/analytics/index.ts';
import { athleteHandlers, athleteImportHandlers } from './areas/athletes/index.ts';
import { authHandlers } from './areas/auth/index.ts';
import { challengeHandlers } from './areas/challenges/index.ts';
import { eventHandlers } from './areas/events/index.ts';
import { feedbackHandlers } from './areas/feedback/index.ts';
import { gymHandlers } from './areas/gyms/index.ts';
import { judgingHandlers } from './areas/judging/index.ts';
import { legalHandlers } from './areas/legal/index.ts';
import { moderationHandlers } from './areas/moderation/index.ts';
import { notificationHandlers } from './areas/notifications/index.ts';
import { privacyHandlers } from './areas/privacy/index.ts';
import { realtimeHandlers } from './areas/realtime/index.ts';
import { settingsHandlers } from './areas/settings/index.ts';
import { sportsNetworkHandlers } from './areas/sports-network/index.ts';
import { shownInStory, storyHandlers } from './areas/stories/index.ts';
import { systemHandlers } from './areas/system/index.ts';
import { claimEmailInvitations, teamAllianceHandlers, teamHandlers } from './areas/teams/index.ts';
import { shownInTheater, theaterHandlers } from './areas/theater/index.ts';
import { videoHandlers } from './areas/videos/index.ts';
import { boardWriters } from './lib/boards/writer-sync.ts';

/**
 * Every operation's handler, keyed by operationId: the composition root, which also wires one area's
 * hook into another. Areas whose writes change what a board shows (scores, entries, profiles, names,
 * privacy, gyms, events, leagues, records, verdicts, moderation, videos behind scores) opt in as board
 * writers: their answers wait until the change has reached this node's board cache.
 */
export function allHandlers(ctx: AppContext) {
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx, { accountCreated: claimEmailInvitations }),
    ...feedbackHandlers(ctx),
    ...boardWriters(challengeHandlers(ctx)),
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
    ...boardWriters(videoHandlers(ctx, { shownInTheater, shownInStory })),
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
  };
}
