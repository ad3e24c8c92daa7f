import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type Access = 'public' | 'user' | 'admin';

export interface PageRoute {
  /** The hyphenated path from the spec; its run-together form is derived. */
  path: string;
  title: string;
  access: Access;
  /** The page's own lazy chunk; pages without one show their title and what they are for (route-summaries.ts). */
  load?: () => Promise<PageModule>;
  /** Only the path itself (no run-together form), e.g. /settings. */
  singleForm?: boolean;
}

const r = (path: string, title: string, access: Access = 'public', load?: PageRoute['load']): PageRoute => ({
  path,
  title,
  access,
  load,
});

/** Every route of the spec (section 2), in one table. */
export const pageRoutes: PageRoute[] = [
  r('/', 'Home', 'public', () => import('../features/landing/pages/home-page.tsx')),
  r('/ai-interview-page', 'AI Interview', 'user', () => import('../features/interviews/pages/ai-interview-page.tsx')),
  r('/admin-broadcast-dashboard', 'Broadcast Dashboard', 'admin', () => import('../features/live/pages/live-broadcast-dashboard.tsx')),
  r(
    '/admin-business-intelligence',
    'Business Intelligence',
    'admin',
    () => import('../features/admin/pages/admin-business-intelligence-page.tsx'),
  ),
  r('/admin-home-page', 'Admin', 'admin', () => import('../features/admin/pages/admin-home-page.tsx')),
  r('/admin-dashboard-page', 'Admin Dashboard', 'admin', () => import('../features/admin/pages/admin-dashboard-page.tsx')),
  r('/admin-error-logs-page', 'Error Logs', 'admin', () => import('../features/admin/pages/admin-error-logs-page.tsx')),
  r('/admin-feedback-page', 'Feedback', 'admin', () => import('../features/feedback/pages/admin-feedback-page.tsx')),
  r('/admin-historical-upload', 'Historical Upload', 'admin', () => import('../features/athletes/pages/admin-historical-upload.tsx')),
  r(
    '/admin-individual-challenges-page',
    'Challenge Administration',
    'admin',
    () => import('../features/challenges/pages/admin-individual-challenges-page.tsx'),
  ),
  r('/admin-rate-limiting-page', 'Rate Limiting', 'admin', () => import('../features/admin/pages/admin-rate-limiting-page.tsx')),
  r('/admin-reported-content-page', 'Reported Content', 'admin', () => import('../features/admin/pages/admin-reported-content-page.tsx')),
  r(
    '/admin-security-monitoring-page',
    'Security Monitoring',
    'admin',
    () => import('../features/admin/pages/admin-security-monitoring-page.tsx'),
  ),
  r(
    '/admin-sign-out-feedback-page',
    'Sign-out Feedback',
    'admin',
    () => import('../features/feedback/pages/admin-sign-out-feedback-page.tsx'),
  ),
  r('/admin-test-approval-page', 'Test Approval', 'admin', () => import('../features/athletes/pages/admin-test-approval-page.tsx')),
  r('/admin-test-management-page', 'Test Management', 'admin', () => import('../features/athletes/pages/admin-test-management-page.tsx')),
  r('/admin-testing-page', 'Admin Testing', 'admin', () => import('../features/admin/pages/admin-testing-page.tsx')),
  r('/analytics-dashboard-page', 'Analytics', 'user', () => import('../features/analytics/pages/analytics-dashboard-page.tsx')),
  r('/athlete-profile-page', 'Athlete Profile', 'public', () => import('./pages/athlete-profile-page.tsx')),
  r('/battle-hub', 'Battle Hub', 'public', () => import('../features/battles/pages/battle-hub.tsx')),
  r('/challenge-archive-page', 'Challenge Archive', 'public', () => import('../features/challenges/pages/challenge-archive-page.tsx')),
  r('/challenge-detail-page', 'Challenge', 'public', () => import('./pages/challenge-detail-page.tsx')),
  r('/challenge-discovery-page', 'Challenges', 'public', () => import('./pages/challenge-discovery-page.tsx')),
  r(
    '/challenge-leaderboard-page',
    'Challenge Leaderboard',
    'public',
    () => import('../features/challenges/pages/challenge-leaderboard-page.tsx'),
  ),
  r('/challenge-replay-page', 'Challenge Replay', 'public', () => import('../features/challenges/pages/challenge-replay-page.tsx')),
  r('/claim-performances', 'Claim Performances', 'user', () => import('../features/athletes/pages/claim-performances.tsx')),
  r(
    '/commentary-admin-dashboard',
    'Commentary Admin',
    'admin',
    () => import('../features/commentary/pages/commentary-admin-dashboard.tsx'),
  ),
  r('/create-challenge-page', 'Create a Challenge', 'user', () => import('./pages/create-challenge-page.tsx')),
  r('/creator-dashboard', 'Creator Dashboard', 'user', () => import('../features/creators/pages/creator-dashboard.tsx')),
  r(
    '/creator-subscriptions-page',
    'Creator Subscriptions',
    'user',
    () => import('../features/creators/pages/creator-subscriptions-page.tsx'),
  ),
  r('/dashboard-page', 'Dashboard', 'user', () => import('./pages/dashboard-page.tsx')),
  r('/edit-challenge-page', 'Edit Challenge', 'user', () => import('./pages/edit-challenge-page.tsx')),
  r('/forgot-password-page', 'Forgot Password', 'public', () => import('../features/auth/pages/forgot-password-page.tsx')),
  r('/gym-page', 'Gym', 'public', () => import('../features/gyms/pages/gym-page.tsx')),
  r('/gyms-page', 'Gyms', 'public', () => import('../features/gyms/pages/gyms-page.tsx')),
  r('/global-leaderboards-page', 'Global Leaderboards', 'public', () => import('../features/athletes/pages/global-leaderboards-page.tsx')),
  r(
    '/global-test-leaderboards-page',
    'Global Ranks',
    'public',
    () => import('../features/athletes/pages/global-test-leaderboards-page.tsx'),
  ),
  r(
    '/individual-battle-royale-page',
    'Battle Royale',
    'public',
    () => import('../features/battles/pages/individual-battle-royale-page.tsx'),
  ),
  r('/individual-challenge-detail-page', 'Individual Challenge', 'public', () => import('./pages/challenge-detail-page.tsx')),
  r('/judging-dashboard', 'Judging', 'user', () => import('../features/judging/pages/judging-dashboard.tsx')),
  r('/leaderboard-page', 'Leaderboard', 'public', () => import('./pages/leaderboard-page.tsx')),
  r('/liability-waiver-page', 'Liability Waiver', 'user', () => import('../features/legal/pages/liability-waiver-page.tsx')),
  r('/live-attempt-page', 'Go Live', 'user', () => import('../features/live/pages/live-attempt-page.tsx')),
  r('/live-spectating', 'Live Spectating', 'public', () => import('../features/live/pages/live-spectating.tsx')),
  r('/live-stream-viewer', 'Live Stream', 'public', () => import('../features/live/pages/live-stream-viewer.tsx')),
  r('/live-stream-viewer-page', 'Live Broadcast', 'public', () => import('../features/live/pages/live-broadcast-viewer.tsx')),
  r('/login-page', 'Sign In', 'public', () => import('../features/auth/pages/login-page.tsx')),
  r(
    '/my-active-challenges-page',
    'My Active Challenges',
    'user',
    () => import('../features/challenges/pages/my-active-challenges-page.tsx'),
  ),
  r('/my-results-page', 'My Results', 'user', () => import('../features/challenges/pages/my-results-page.tsx')),
  r('/my-stories-page', 'Stories', 'user', () => import('../features/stories/pages/my-stories-page.tsx')),
  r('/password-reset-page', 'Reset Password', 'public', () => import('../features/auth/pages/password-reset-page.tsx')),
  r('/performance-stats-page', 'Performance Stats', 'user', () => import('../features/athletes/pages/performance-stats-page.tsx')),
  r('/personal-records-dashboard', 'Personal Records', 'user', () => import('../features/athletes/pages/personal-records-dashboard.tsx')),
  r('/placeholder-video-page', 'Video', 'user', () => import('../features/videos/pages/placeholder-video-page.tsx')),
  r('/privacy-policy-page', 'Privacy Policy', 'public', () => import('../features/legal/pages/privacy-policy-page.tsx')),
  r('/privacy-settings-page', 'Privacy Settings', 'user', () => import('./pages/privacy-settings-page.tsx')),
  r('/score-submission-page', 'Submit a Score', 'user', () => import('../features/challenges/pages/score-submission-page.tsx')),
  r('/signed-out-page', 'Signed Out', 'public', () => import('./pages/signed-out-page.tsx')),
  r('/social-settings', 'Social Settings', 'user', () => import('../features/settings/pages/social-settings-page.tsx')),
  r('/sports-network-admin', 'Sports Network Admin', 'admin', () => import('../features/gyms/pages/sports-network-admin-page.tsx')),
  r(
    '/squad-decimation-battle-page',
    'Squad Decimation Battle',
    'public',
    () => import('../features/battles/pages/squad-decimation-battle-page.tsx'),
  ),
  r('/squad-decimation-page', 'Squad Decimation', 'public', () => import('../features/battles/pages/squad-decimation-page.tsx')),
  r(
    '/squad-decimation-rules-page',
    'Squad Decimation Rules',
    'public',
    () => import('../features/battles/pages/squad-decimation-rules-page.tsx'),
  ),
  r('/story-submission-page', 'Share a Story', 'user', () => import('../features/stories/pages/story-submission-page.tsx')),
  r('/submit-pr-page', 'Submit a Personal Record', 'user', () => import('../features/athletes/pages/submit-pr-page.tsx')),
  r(
    '/submit-qualifying-attempt-page',
    'Qualifying Attempt',
    'user',
    () => import('../features/athletes/pages/submit-qualifying-attempt-page.tsx'),
  ),
  r('/team-creation-page', 'Create a Team', 'user', () => import('../features/teams/pages/team-creation-page.tsx')),
  r('/team-dashboard-page', 'Team Dashboard', 'user', () => import('../features/teams/pages/team-dashboard-page.tsx')),
  r('/terms-of-service-page', 'Terms of Service', 'public', () => import('../features/legal/pages/terms-of-service-page.tsx')),
  r('/test-deep-dive-page', 'Test Deep Dive', 'public', () => import('../features/athletes/pages/test-deep-dive-page.tsx')),
  r('/video-interview-page', 'Video Interview', 'user', () => import('../features/interviews/pages/video-interview-page.tsx')),
  r('/video-judging-test-page', 'Video Judging Test', 'user', () => import('../features/judging/pages/video-judging-test-page.tsx')),
  { ...r('/settings', 'Settings', 'user', () => import('../features/settings/pages/settings-page.tsx')), singleForm: true },
];

/**
 * Pages opened for one thing (an id in the query) or at one moment, with where that happens: no menu
 * lists them, and the reach check (tests/e2e/support/reach.ts) looks for a link to every
 * other page a role may use.
 */
export const CONTEXTUAL_ROUTES: Readonly<Record<string, string>> = {
  '/challenge-detail-page': 'a challenge, from the challenge lists',
  '/individual-challenge-detail-page': 'a challenge, from the challenge lists',
  '/challenge-leaderboard-page': "a challenge's board, from its page",
  '/challenge-replay-page': "a challenge's replay, from its board",
  '/edit-challenge-page': 'your challenge, from its page',
  '/leaderboard-page': "a challenge's or an event's board",
  '/score-submission-page': 'a challenge you joined, from its page',
  '/liability-waiver-page': 'a challenge that needs a waiver, from its join form',
  '/submit-qualifying-attempt-page': 'a test with qualifying attempts, from its page',
  '/test-deep-dive-page': 'a test, from the global ranks',
  '/gym-page': 'a gym, from the gyms directory, a profile, a team or a board',
  '/password-reset-page': 'the link in a password-reset mail',
  '/signed-out-page': 'signing out',
  '/live-attempt-page': 'a challenge you joined, from its page (Go live)',
  '/live-stream-viewer': 'a live attempt, from Live Spectating or a challenge page',
  '/live-stream-viewer-page': 'the live broadcast, from its banner while one is live',
  '/squad-decimation-battle-page': 'a squad battle, from the Squad Decimation page',
};

/** Pages only for someone signed out (a signed-in athlete has no use for them). */
export const VISITOR_ONLY_ROUTES: readonly string[] = ['/login-page', '/forgot-password-page', '/password-reset-page', '/signed-out-page'];

/** The run-together form of a hyphenated path: /challenge-detail-page → /challengedetailpage. */
export function runTogether(path: string): string {
  return path.replace(/-/g, '');
}

/** Every path the router answers, each with its route (both forms from one table). */
export function routePaths(routes: PageRoute[] = pageRoutes): { path: string; route: PageRoute }[] {
  const out: { path: string; route: PageRoute }[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    for (const path of route.singleForm ? [route.path] : [route.path, runTogether(route.path)]) {
      if (seen.has(path)) continue;
      seen.add(path);
      out.push({ path, route });
    }
  }
  return out;
}
