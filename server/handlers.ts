import type { AppContext } from './context.ts';
import { adminHandlers } from './areas/admin/index.ts';
import { adminBiHandlers } from './areas/admin/index.ts';
import { adminTestingHandlers } from './areas/admin/index.ts';
import { athleteHandlers } from './areas/athletes/index.ts';
import { athleteImportHandlers } from './areas/athletes/index.ts';
import { authHandlers } from './areas/auth/index.ts';
import { challengeHandlers } from './areas/challenges/index.ts';
import { eventHandlers } from './areas/events/index.ts';
import { feedbackHandlers } from './areas/feedback/index.ts';
import { privacyHandlers } from './areas/privacy/index.ts';
import { legalHandlers } from './areas/legal/index.ts';
import { realtimeHandlers } from './areas/realtime/index.ts';
import { settingsHandlers } from './areas/settings/index.ts';
import { systemHandlers } from './areas/system/index.ts';
import { notificationHandlers } from './areas/notifications/index.ts';
import { teamHandlers } from './areas/teams/index.ts';
import { teamAllianceHandlers } from './areas/teams/index.ts';
import { videoHandlers } from './areas/videos/index.ts';
import { moderationHandlers } from './areas/moderation/index.ts';
import { judgingHandlers } from './areas/judging/index.ts';
import { analyticsHandlers } from './areas/analytics/index.ts';
import { theaterHandlers } from './areas/theater/index.ts';
import { gymHandlers } from './areas/gyms/index.ts';
import { sportsNetworkHandlers } from './areas/sports-network/index.ts';
import { storyHandlers } from './areas/stories/index.ts';
import { shownInStory } from './areas/stories/index.ts';
import { shownInTheater } from './areas/theater/index.ts';
import { claimEmailInvitations } from './areas/teams/index.ts';

/** Every operation's handler, keyed by operationId: the composition root, which also wires one area's hook into another. */
export function allHandlers(ctx: AppContext) {
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx, { accountCreated: claimEmailInvitations }),
    ...feedbackHandlers(ctx),
    ...challengeHandlers(ctx),
    ...eventHandlers(ctx),
    ...realtimeHandlers(ctx),
    ...athleteHandlers(ctx),
    ...athleteImportHandlers(ctx),
    ...privacyHandlers(ctx),
    ...settingsHandlers(ctx),
    ...legalHandlers(ctx),
    ...notificationHandlers(ctx),
    ...teamHandlers(ctx),
    ...teamAllianceHandlers(ctx),
    ...videoHandlers(ctx, { shownInTheater, shownInStory }),
    ...judgingHandlers(ctx),
    ...theaterHandlers(ctx),
    ...adminHandlers(ctx),
    ...adminBiHandlers(ctx),
    ...adminTestingHandlers(ctx),
    ...moderationHandlers(ctx),
    ...analyticsHandlers(ctx),
    ...gymHandlers(ctx),
    ...sportsNetworkHandlers(ctx),
    ...storyHandlers(ctx),
  };
}
