import { COMMUNITY_FEED_HREF } from './community-feed.ts';

// The navigation model: every page a person may use, grouped as they think of it, in one place.
// The header's account menu, the phone menu and the admin home are drawn from these lists, and the
// navigation e2e test walks them. A page that needs an id (a challenge, a gym) is not listed here: it is
// reached from the page that lists those things (route-table.ts names each such page's `reachedFrom`).

export interface NavItem {
  href: string;
  label: string;
}

export type AreaId = 'compete' | 'train' | 'community' | 'me';

export interface NavArea {
  id: AreaId;
  label: string;
  items: readonly NavItem[];
}

export { COMMUNITY_FEED_HREF };

/** A signed-in athlete's pages (a judge and an administrator are athletes too). */
export const ATHLETE_AREAS: readonly NavArea[] = [
  {
    id: 'compete',
    label: 'Compete',
    items: [
      { href: '/challenge-discovery-page', label: 'Challenges' },
      { href: '/challenge-discovery-page#events-title', label: 'Events' },
      { href: '/my-active-challenges-page', label: 'My Challenges' },
      { href: '/battle-hub', label: 'Battles' },
      { href: '/live-spectating', label: 'Live Now' },
      { href: '/challenge-archive-page', label: 'Challenge Archive' },
      { href: '/judging-dashboard', label: 'Judging' },
    ],
  },
  {
    id: 'train',
    label: 'Train',
    items: [
      { href: '/personal-records-dashboard', label: 'Personal Records' },
      { href: '/performance-stats-page', label: 'Performance Stats' },
      { href: '/analytics-dashboard-page', label: 'My Analytics' },
      { href: '/global-test-leaderboards-page', label: 'Global Ranks' },
      { href: '/claim-performances', label: 'Claim Performances' },
    ],
  },
  {
    id: 'community',
    label: 'Community',
    items: [
      { href: COMMUNITY_FEED_HREF, label: 'Stories' },
      { href: '/ai-interview-page', label: 'AI Interview' },
      { href: '/video-interview-page', label: 'Video Interview' },
      { href: '/team-dashboard-page', label: 'Teams' },
      { href: '/gyms-page', label: 'Gyms' },
      { href: '/creator-subscriptions-page', label: 'Creators' },
      { href: '/global-leaderboards-page', label: 'Leaderboards' },
    ],
  },
  {
    id: 'me',
    label: 'Me',
    items: [
      { href: '/athlete-profile-page', label: 'My Profile' },
      { href: '/my-results-page', label: 'My Results' },
      { href: '/placeholder-video-page', label: 'My Videos' },
      { href: '/creator-dashboard', label: 'Creator Dashboard' },
      { href: '/settings', label: 'Settings' },
    ],
  },
];

/** The path of an href, without its query or fragment. */
export const pathOf = (href: string): string => href.replace(/[?#].*$/, '');

/** The area the page at `path` belongs to (its first listing), for marking the current area. */
export function areaOf(path: string, areas: readonly NavArea[] = ATHLETE_AREAS): AreaId | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const area of areas) if (area.items.some((i) => pathOf(i.href) === clean)) return area.id;
  return null;
}

export const ADMIN_HOME_HREF = '/admin-home-page';

export interface AdminPage extends NavItem {
  /** What the page is for, in the admin home. */
  hint: string;
  /** The admin dashboard figures (their ids) that count what waits on this page. */
  waiting?: readonly string[];
}

export interface AdminGroup {
  label: string;
  pages: readonly AdminPage[];
}

/** Every admin page, grouped, for the admin home (editors and administrators). */
export const ADMIN_GROUPS: readonly AdminGroup[] = [
  {
    label: 'Community and moderation',
    pages: [
      {
        href: '/admin-reported-content-page',
        label: 'Reported Content',
        hint: 'Reports and appeals waiting for a decision.',
        waiting: ['reports_waiting', 'appeals_waiting'],
      },
      { href: '/admin-feedback-page', label: 'Feedback', hint: 'What athletes told us.', waiting: ['feedback_waiting'] },
      { href: '/admin-sign-out-feedback-page', label: 'Sign-out Feedback', hint: 'Ratings left when signing out.' },
      { href: '/commentary-admin-dashboard', label: 'Commentary', hint: 'Lines on the boards’ big moments, to approve before they show.' },
      { href: '/admin-broadcast-dashboard', label: 'Broadcasts', hint: 'The site-wide live show: schedule, start and stop it.' },
    ],
  },
  {
    label: 'Challenges and records',
    pages: [
      {
        href: '/admin-individual-challenges-page',
        label: 'Challenges',
        hint: 'Every challenge, scores held for a look, deletions.',
        waiting: ['scores_waiting'],
      },
      {
        href: '/admin-test-approval-page',
        label: 'Test Approval',
        hint: 'Personal records and claims waiting for review.',
        waiting: ['records_waiting'],
      },
      { href: '/admin-test-management-page', label: 'Test Management', hint: 'The catalogue of tests and their standards.' },
      { href: '/admin-historical-upload', label: 'Historical Upload', hint: 'Import past results from a spreadsheet.' },
      { href: '/judging-dashboard', label: 'Judging', hint: 'Videos waiting for a judge.', waiting: ['videos_waiting'] },
    ],
  },
  {
    label: 'Gyms and leagues',
    pages: [{ href: '/sports-network-admin', label: 'Sports Network', hint: 'Gyms, leagues with their season tables, federations.' }],
  },
  {
    label: 'The platform',
    pages: [
      { href: '/admin-dashboard-page', label: 'Admin Dashboard', hint: 'Users, activity today and the queues at a glance.' },
      { href: '/admin-business-intelligence', label: 'Business Intelligence', hint: 'Growth, engagement, retention and the funnel.' },
      { href: '/admin-error-logs-page', label: 'Error Logs', hint: 'Errors from browsers and the server.', waiting: ['errors_recent'] },
      { href: '/admin-security-monitoring-page', label: 'Security', hint: 'Failed sign-ins, locked accounts, alerts.' },
      { href: '/admin-rate-limiting-page', label: 'Request Limits', hint: 'Who is being slowed down for asking too often.' },
      { href: '/admin-testing-page', label: 'Platform Check', hint: 'Try mail, the database and real time on the live platform.' },
    ],
  },
];

/** The Admin Tools bar (and the phone's Admin menu): the admin home first, then the spec's tools. */
export const ADMIN_TOOLS: readonly NavItem[] = [
  { href: ADMIN_HOME_HREF, label: 'Admin Home' },
  { href: '/admin-test-management-page', label: 'Test Management' },
  { href: '/admin-test-approval-page', label: 'Test Approval' },
  { href: '/admin-historical-upload', label: 'Historical Upload' },
  { href: '/admin-individual-challenges-page', label: 'Challenges' },
  { href: '/admin-feedback-page', label: 'Feedback' },
  { href: '/admin-sign-out-feedback-page', label: 'Sign-out Feedback' },
  { href: '/admin-error-logs-page', label: 'Error Logs' },
  { href: '/admin-security-monitoring-page', label: 'Security' },
];
