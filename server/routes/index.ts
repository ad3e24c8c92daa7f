import type { AppContext } from '../context.ts';
import { adminHandlers } from './admin.ts';
import { adminBiHandlers } from './admin-bi.ts';
import { adminTestingHandlers } from './admin-testing.ts';
import { athleteHandlers } from './athletes.ts';
import { athleteImportHandlers } from './athletes-imports.ts';
import { authHandlers } from './auth.ts';
import { challengeHandlers } from './challenges.ts';
import { eventHandlers } from './events.ts';
import { feedbackHandlers } from './feedback.ts';
import { privacyHandlers } from './privacy.ts';
import { legalHandlers } from './legal.ts';
import { realtimeHandlers } from './realtime.ts';
import { settingsHandlers } from './settings.ts';
import { systemHandlers } from './system.ts';
import { notificationHandlers } from './notifications.ts';
import { teamHandlers } from './teams.ts';
import { teamAllianceHandlers } from './teams-alliances.ts';
import { videoHandlers } from './videos.ts';
import { moderationHandlers } from './moderation.ts';
import { judgingHandlers } from './judging.ts';
import { analyticsHandlers } from './analytics.ts';
import { theaterHandlers } from './theater.ts';
import { gymHandlers } from './gyms.ts';
import { sportsNetworkHandlers } from './sports-network.ts';
import { storyHandlers } from './stories.ts';

/** Every operation's handler, keyed by operationId. */
export function allHandlers(ctx: AppContext) {
  return {
    ...systemHandlers(ctx),
    ...authHandlers(ctx),
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
    ...videoHandlers(ctx),
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
