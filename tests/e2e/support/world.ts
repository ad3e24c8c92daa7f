import { pageRoutes, type PageRoute } from '#src/app/route-table.ts';
import { ADMIN_EMAIL, type Athlete } from './accounts.ts';
import { apiCall, apiSignIn, type ApiSession } from './api.ts';
import type { RunningApp } from './app.ts';
import type { Mailbox } from './mailbox.ts';

// The world every route is looked at in (tests/e2e/every-route.spec.ts and `npm run screenshots`):
// the demo seed, an athlete with results, a challenge of their own, an approved record and
// feedback for the admins, and real ids for the dynamic routes.

export const athlete: Athlete = {
  email: 'phone.athlete@example.test',
  name: 'Maximiliana Worthington-Featherstone',
  password: 'phone-password-1',
};
export const admin: Athlete = { email: ADMIN_EMAIL, name: 'Admin Ada', password: 'admin-password-1' };

export interface Ids {
  open: number;
  closed: number;
  test: number;
  athlete: number;
  own: number;
  /** The athlete's own user id. */
  me: number;
  /** A lasting team the athlete captains. */
  team: number;
  /** The athlete's gym. */
  gym: number;
}

/** Ids from the demo world (and a challenge of the athlete's own), so the dynamic routes show real content. */
async function seededIds(a: RunningApp, me: ApiSession): Promise<Omit<Ids, 'me' | 'team' | 'gym'>> {
  const get = async (path: string) => (await (await fetch(`${a.url}${path}`)).json()) as { items: Record<string, unknown>[] };
  const open = (await get('api/challenges/discover?status=open')).items;
  const closed = (await get('api/challenges/archive')).items;
  const tests = (await get('api/v1/tests')).items;
  const ranks = (await get('api/v1/leaderboards/global')).items;
  const fran = open.find((c) => c.score_type === 'time') ?? open[0]!;
  const own = await apiCall(a, me, 'POST', 'api/challenges/', {
    title: 'A challenge with a rather long title to see how it wraps on a phone screen',
    description: 'Max reps in 5 minutes.',
    kind: 'individual',
    score_type: 'reps',
    starts_at: new Date(Date.now() - 86_400_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    visibility: 'public',
  });
  return {
    open: fran.id as number,
    closed: closed[0]!.id as number,
    test: tests.find((t) => t.unit === 'kg')!.id as number,
    athlete: ranks[0]!.user_id as number,
    own: own.id as number,
  };
}

/** Gives the athlete a profile, scores in two challenges and an approved record; returns the ids the routes need. */
export async function seedAthleteWorld(a: RunningApp, mailbox: Mailbox): Promise<Ids> {
  const me = await apiSignIn(a, mailbox, athlete);
  const profile = await apiCall(a, me, 'PUT', 'api/v1/athlete-profiles/me', {
    display_name: athlete.name,
    sex: 'female',
    gym: 'The Very Long Named Strength and Conditioning Gym of the Harbour',
    privacy: { sex: 'public', birth_year: 'public', bodyweight: 'public', gym: 'public', bio: 'public', records: 'public' },
  });
  const team = await apiCall(a, me, 'POST', 'api/teams', {
    name: 'Harbour Strength and Conditioning Collective',
    tag: 'HSCC',
    gym: 'The Very Long Named Strength and Conditioning Gym of the Harbour',
    description: 'We train at dawn and compete as one.',
    visibility: 'public',
    max_size: 8,
  });
  await apiCall(a, me, 'POST', `api/teams/${team.id as number}/invitations`, {
    email: 'a.training.partner.with.a.long.address@example.test',
  });
  const ids = { ...(await seededIds(a, me)), me: profile.user_id as number, team: team.id as number, gym: profile.gym_id as number };
  await apiCall(a, me, 'POST', `api/challenges/${ids.open}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, me, 'POST', `api/challenges/${ids.open}/submit-score`, { capped: true, reps: 87 });
  await apiCall(a, me, 'POST', `api/challenges/${ids.own}/join`, { division: 'rx', sex: 'female' });
  await apiCall(a, me, 'POST', `api/challenges/${ids.own}/submit-score`, { reps: 123 });
  const today = new Date().toISOString().slice(0, 10);
  const pr = await apiCall(a, me, 'POST', 'api/v1/athlete-profiles/submit-pr', {
    test_id: ids.test,
    value: '142.5',
    unit: 'kg',
    achieved_on: today,
  });
  await apiCall(a, me, 'POST', 'api/v1/athlete-profiles/submit-pr', {
    test_id: ids.test,
    value: '150',
    unit: 'kg',
    achieved_on: today,
    evidence_url: 'https://video.example.test/a/very/long/path/to/the/evidence/of/this/lift',
  });
  // Something for the admin's feedback pages to show.
  await apiCall(a, me, 'POST', 'api/feedback/submit-feedback', {
    type: 'bug_report',
    subject: 'The leaderboard jumps when a new score arrives',
    description: 'While watching Fran live, the table moved under my thumb as scores came in, so I tapped the wrong athlete.',
    page_url: `${a.url}challenge-leaderboard-page?id=${ids.open}`,
  });
  await apiCall(a, me, 'POST', 'api/feedback/submit-feedback', {
    type: 'feature_request',
    subject: 'Compare two athletes side by side',
    description: 'A view of my bests next to a training partner, test by test.',
  });
  for (const [rating, comment] of [
    [5, 'Submitting a score took ten seconds. Love the live board.'],
    [3, ''],
    [4, 'Good, but I wish the archive had filters.'],
  ] as const) {
    await apiCall(a, me, 'POST', 'api/feedback/signout-feedback', comment ? { rating, comment } : { rating });
  }
  // A story in the Community feed, about a challenge, with a long word to wrap.
  await apiCall(a, me, 'POST', 'api/stories', {
    title: 'From one pull-up to a muscle-up in a year of early mornings at the harbour gym',
    body: 'Every morning at six: bands, negatives, then **false grip** holds. Supercalifragilisticexpialidocious patience.',
    challenge_id: ids.own,
  });
  const boss = await apiSignIn(a, mailbox, admin);
  await apiCall(a, boss, 'POST', `api/v1/athlete-profiles/admin/approve/${pr.id as number}`, {});
  return ids;
}

/** The address of a route (no leading slash), with the query string a dynamic route needs. */
export function addressOf(route: PageRoute, ids: Ids): string {
  const q: Record<string, string> = {
    '/challenge-detail-page': `?id=${ids.open}`,
    '/individual-challenge-detail-page': `?id=${ids.open}`,
    '/challenge-leaderboard-page': `?id=${ids.open}`,
    '/leaderboard-page': `?id=${ids.open}`,
    '/challenge-replay-page': `?id=${ids.closed}`,
    '/score-submission-page': `?id=${ids.open}`,
    '/edit-challenge-page': `?id=${ids.own}`,
    '/athlete-profile-page': `?id=${ids.me}`,
    '/test-deep-dive-page': `?id=${ids.test}`,
    '/global-test-leaderboards-page': `?test=${ids.test}`,
    '/performance-stats-page': `?test=${ids.test}`,
    '/submit-pr-page': `?test=${ids.test}`,
    '/team-dashboard-page': `?id=${ids.team}`,
    '/gym-page': `?id=${ids.gym}`,
  };
  return route.path.slice(1) + (q[route.path] ?? '');
}

/** Public and athlete routes (looked at signed out and as the athlete), and the admin routes (as the admin). */
export const memberRoutes = pageRoutes.filter((r) => r.access !== 'admin');
export const adminRoutes = pageRoutes.filter((r) => r.access === 'admin');
