import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type Access = 'public' | 'user' | 'admin';

export interface PageRoute {
  /** The hyphenated path from the spec; its run-together form is derived. */
  path: string;
  title: string;
  /** One line on what the page is for, shown until the page's own issue fills it. */
  summary: string;
  access: Access;
  /** The page's own lazy chunk; pages without one show their title and summary. */
  load?: () => Promise<PageModule>;
  /** Only the path itself (no run-together form), e.g. /settings. */
  singleForm?: boolean;
}

const r = (path: string, title: string, summary: string, access: Access = 'public', load?: PageRoute['load']): PageRoute => ({
  path,
  title,
  summary,
  access,
  load,
});

/** Every route of the spec (section 2), in one table. */
export const pageRoutes: PageRoute[] = [
  r('/', 'Home', 'What RepForge is and where to start.', 'public', () => import('../features/landing/pages/home-page.tsx')),
  r('/ai-interview-page', 'AI Interview', 'Talk through your training and competition history with an AI interviewer.', 'user'),
  r('/admin-broadcast-dashboard', 'Broadcast Dashboard', 'Start, stop and monitor live broadcasts.', 'admin'),
  r('/admin-business-intelligence', 'Business Intelligence', 'Growth, engagement and revenue figures for the platform.', 'admin'),
  r('/admin-dashboard-page', 'Admin Dashboard', 'The state of the platform at a glance.', 'admin'),
  r('/admin-error-logs-page', 'Error Logs', 'Errors reported by browsers and the server.', 'admin'),
  r(
    '/admin-feedback-page',
    'Feedback',
    'Feedback from athletes: triage, answer and resolve.',
    'admin',
    () => import('../features/feedback/pages/admin-feedback-page.tsx'),
  ),
  r(
    '/admin-historical-upload',
    'Historical Upload',
    'Import past results from a CSV file.',
    'admin',
    () => import('../features/athletes/pages/admin-historical-upload.tsx'),
  ),
  r(
    '/admin-individual-challenges-page',
    'Challenge Administration',
    'Search, review and delete challenges.',
    'admin',
    () => import('../features/challenges/pages/admin-individual-challenges-page.tsx'),
  ),
  r('/admin-rate-limiting-page', 'Rate Limiting', 'Who is being rate limited and why.', 'admin'),
  r('/admin-reported-content-page', 'Reported Content', 'Content reported by the community, waiting for a decision.', 'admin'),
  r('/admin-security-monitoring-page', 'Security Monitoring', 'Sign-in failures, locked accounts and suspicious activity.', 'admin'),
  r(
    '/admin-sign-out-feedback-page',
    'Sign-out Feedback',
    'Ratings and comments athletes leave when signing out.',
    'admin',
    () => import('../features/feedback/pages/admin-sign-out-feedback-page.tsx'),
  ),
  r(
    '/admin-test-approval-page',
    'Test Approval',
    'Approve or reject submitted personal records.',
    'admin',
    () => import('../features/athletes/pages/admin-test-approval-page.tsx'),
  ),
  r(
    '/admin-test-management-page',
    'Test Management',
    'The catalogue of standard tests and their standards.',
    'admin',
    () => import('../features/athletes/pages/admin-test-management-page.tsx'),
  ),
  r('/admin-testing-page', 'Admin Testing', 'Check platform features in a safe sandbox.', 'admin'),
  r('/analytics-dashboard-page', 'Analytics', 'Your training and competition numbers over time.', 'user'),
  r(
    '/athlete-profile-page',
    'Athlete Profile',
    'An athlete’s records, results and achievements.',
    'public',
    () => import('../features/athletes/pages/athlete-profile-page.tsx'),
  ),
  r('/battle-hub', 'Battle Hub', 'Squad battles, battle royales and tournaments in one place.'),
  r(
    '/challenge-archive-page',
    'Challenge Archive',
    'Closed challenges and their final standings.',
    'public',
    () => import('../features/challenges/pages/challenge-archive-page.tsx'),
  ),
  r(
    '/challenge-detail-page',
    'Challenge',
    'A challenge’s workout, rules, divisions and standings.',
    'public',
    () => import('../features/challenges/pages/challenge-detail-page.tsx'),
  ),
  r(
    '/challenge-discovery-page',
    'Challenges',
    'Find a challenge to join.',
    'public',
    () => import('../features/challenges/pages/challenge-discovery-page.tsx'),
  ),
  r(
    '/challenge-leaderboard-page',
    'Challenge Leaderboard',
    'Every athlete’s best score, ranked.',
    'public',
    () => import('../features/challenges/pages/challenge-leaderboard-page.tsx'),
  ),
  r(
    '/challenge-replay-page',
    'Challenge Replay',
    'Watch a closed challenge’s leaderboard unfold over time.',
    'public',
    () => import('../features/challenges/pages/challenge-replay-page.tsx'),
  ),
  r(
    '/claim-performances',
    'Claim Performances',
    'Find historical results that are yours and claim them.',
    'user',
    () => import('../features/athletes/pages/claim-performances.tsx'),
  ),
  r('/commentary-admin-dashboard', 'Commentary Admin', 'Manage AI commentary for live events.', 'admin'),
  r(
    '/create-challenge-page',
    'Create a Challenge',
    'Set the workout, scoring, divisions and dates.',
    'user',
    () => import('../features/challenges/pages/create-challenge-page.tsx'),
  ),
  r('/creator-dashboard', 'Creator Dashboard', 'Your subscribers, earnings, payouts and campaigns.', 'user'),
  r('/creator-subscriptions-page', 'Creator Subscriptions', 'Subscribe to creators you follow.', 'user'),
  r(
    '/dashboard-page',
    'Dashboard',
    'Your active challenges, recent results and what to do next.',
    'user',
    () => import('./pages/dashboard-page.tsx'),
  ),
  r(
    '/edit-challenge-page',
    'Edit Challenge',
    'Change a challenge you created.',
    'user',
    () => import('../features/challenges/pages/edit-challenge-page.tsx'),
  ),
  r(
    '/forgot-password-page',
    'Forgot Password',
    'Get a link to set a new password.',
    'public',
    () => import('../features/auth/pages/forgot-password-page.tsx'),
  ),
  r(
    '/global-leaderboards-page',
    'Global Leaderboards',
    'The best athletes across every test.',
    'public',
    () => import('../features/athletes/pages/global-leaderboards-page.tsx'),
  ),
  r(
    '/global-test-leaderboards-page',
    'Global Ranks',
    'Rankings per standard test and overall.',
    'public',
    () => import('../features/athletes/pages/global-test-leaderboards-page.tsx'),
  ),
  r('/individual-battle-royale-page', 'Battle Royale', 'Every athlete for themselves, round after round.'),
  r(
    '/individual-challenge-detail-page',
    'Individual Challenge',
    'An individual challenge’s workout, rules and standings.',
    'public',
    () => import('../features/challenges/pages/challenge-detail-page.tsx'),
  ),
  r('/judging-dashboard', 'Judging', 'Video submissions waiting for a judge.', 'user'),
  r(
    '/leaderboard-page',
    'Leaderboard',
    'Standings of a challenge by division.',
    'public',
    () => import('../features/challenges/pages/challenge-leaderboard-page.tsx'),
  ),
  r('/liability-waiver-page', 'Liability Waiver', 'Read and accept the waiver some challenges require.', 'user'),
  r('/live-spectating', 'Live Spectating', 'Watch athletes attempt their workouts live.'),
  r('/live-stream-viewer', 'Live Stream', 'A live stream of an attempt.'),
  r('/live-stream-viewer-page', 'Live Stream Viewer', 'A live stream of an attempt, with chat and votes.'),
  r(
    '/login-page',
    'Sign In',
    'Sign in with your email, password and a one-time code.',
    'public',
    () => import('../features/auth/pages/login-page.tsx'),
  ),
  r(
    '/my-active-challenges-page',
    'My Active Challenges',
    'Challenges you have joined that are still open.',
    'user',
    () => import('../features/challenges/pages/my-active-challenges-page.tsx'),
  ),
  r(
    '/my-results-page',
    'My Results',
    'Every score you have submitted and where it ranks.',
    'user',
    () => import('../features/challenges/pages/my-results-page.tsx'),
  ),
  r('/my-stories-page', 'My Stories', 'Stories you have published.', 'user'),
  r(
    '/password-reset-page',
    'Reset Password',
    'Choose a new password.',
    'public',
    () => import('../features/auth/pages/password-reset-page.tsx'),
  ),
  r(
    '/performance-stats-page',
    'Performance Stats',
    'Your progress per test over time.',
    'user',
    () => import('../features/athletes/pages/performance-stats-page.tsx'),
  ),
  r(
    '/personal-records-dashboard',
    'Personal Records',
    'Your best result on every test.',
    'user',
    () => import('../features/athletes/pages/personal-records-dashboard.tsx'),
  ),
  r('/placeholder-video-page', 'Video', 'A video from the community.'),
  r(
    '/privacy-policy-page',
    'Privacy Policy',
    'What we collect, why, and your rights.',
    'public',
    () => import('../features/legal/pages/privacy-policy-page.tsx'),
  ),
  r('/privacy-settings-page', 'Privacy Settings', 'Choose who sees each part of your profile.', 'user'),
  r(
    '/score-submission-page',
    'Submit a Score',
    'Enter your result for a challenge.',
    'user',
    () => import('../features/challenges/pages/score-submission-page.tsx'),
  ),
  r('/signed-out-page', 'Signed Out', 'You are signed out.', 'public', () => import('./pages/signed-out-page.tsx')),
  r('/social-settings', 'Social Settings', 'Connect the community timeline and choose what it shares.', 'user'),
  r('/sports-network-admin', 'Sports Network Admin', 'Manage the sports network’s channels and events.', 'admin'),
  r('/squad-decimation-battle-page', 'Squad Decimation Battle', 'A live squad decimation battle.'),
  r('/squad-decimation-page', 'Squad Decimation', 'Squads compete; the weakest are cut each round.'),
  r('/squad-decimation-rules-page', 'Squad Decimation Rules', 'How squad decimation battles work.'),
  r('/story-submission-page', 'Share a Story', 'Tell the community about a workout, a comeback or a win.', 'user'),
  r(
    '/submit-pr-page',
    'Submit a Personal Record',
    'Send a new best for review.',
    'user',
    () => import('../features/athletes/pages/submit-pr-page.tsx'),
  ),
  r(
    '/submit-qualifying-attempt-page',
    'Qualifying Attempt',
    'Submit an attempt that qualifies you for a challenge.',
    'user',
    () => import('../features/athletes/pages/submit-qualifying-attempt-page.tsx'),
  ),
  r('/team-creation-page', 'Create a Team', 'Start a team and invite athletes.', 'user'),
  r('/team-dashboard-page', 'Team Dashboard', 'Your team’s members, invitations and results.', 'user'),
  r(
    '/terms-of-service-page',
    'Terms of Service',
    'The rules for using RepForge.',
    'public',
    () => import('../features/legal/pages/terms-of-service-page.tsx'),
  ),
  r(
    '/test-deep-dive-page',
    'Test Deep Dive',
    'A test’s standards, results and top athletes.',
    'public',
    () => import('../features/athletes/pages/test-deep-dive-page.tsx'),
  ),
  r('/video-interview-page', 'Video Interview', 'Record a video interview.', 'user'),
  r('/video-judging-test-page', 'Video Judging Practice', 'Practice judging on sample videos.', 'user'),
  { ...r('/settings', 'Settings', 'Your account, units, theme and notifications.', 'user'), singleForm: true },
];

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
