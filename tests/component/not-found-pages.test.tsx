import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Issue #37: a page opened for one thing (?id=…) that the server does not know (404) says so in words and
// offers a way back to its hub, instead of an error with only Retry. The server is stood in for by a fetch
// that answers every API call 404 with a {detail}, as the real one does for an unknown id; the pages, their
// hooks and the API client are the real ones.
const realFetch = globalThis.fetch;
const asked: string[] = [];
vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
  asked.push(input instanceof Request ? input.url : String(input));
  return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
});
afterAll(() => vi.stubGlobal('fetch', realFetch));

vi.mock('#src/lib/session/session-view.ts', () => ({
  useSessionView: () => ({ user: { wp_user_id: 9, display_name: 'Ana' }, isAdmin: false, restoring: false }),
}));
vi.mock(import('#src/lib/realtime.ts'), async (importOriginal) => ({ ...(await importOriginal()), useRealtime: () => undefined }));

const { linkSession } = await import('#src/api/client.ts');
linkSession({ token: () => 'token', csrfToken: () => 'csrf', refresh: async () => false });

type Page = () => Promise<{ default: ComponentType }>;
interface Case {
  family: string;
  address: string;
  page: Page;
  what: RegExp;
  back: { name: RegExp; href: string };
}

const cases: Case[] = [
  {
    family: 'a squad battle',
    address: '/squad-decimation-battle-page?id=999999',
    page: () => import('#src/features/battles/pages/squad-decimation-battle-page.tsx'),
    what: /This squad battle does not exist or was removed/,
    back: { name: /Squad Decimation/, href: '/squad-decimation-page' },
  },
  {
    family: 'a squad battle’s rules',
    address: '/squad-decimation-rules-page?id=999999',
    page: () => import('#src/features/battles/pages/squad-decimation-rules-page.tsx'),
    what: /This squad battle does not exist or was removed/,
    back: { name: /Squad Decimation/, href: '/squad-decimation-page' },
  },
  {
    family: 'a battle royale',
    address: '/individual-battle-royale-page?id=999999',
    page: () => import('#src/features/battles/pages/individual-battle-royale-page.tsx'),
    what: /This battle does not exist or was removed/,
    back: { name: /Battle Hub/, href: '/battle-hub' },
  },
  {
    family: 'a tournament (and its bracket)',
    address: '/battle-hub?tournament=999999',
    page: () => import('#src/features/battles/pages/battle-hub.tsx'),
    what: /This tournament does not exist or was removed/,
    back: { name: /See all tournaments/, href: '/battle-hub?kind=tournaments' },
  },
  {
    family: 'a team',
    address: '/team-dashboard-page?id=999999',
    page: () => import('#src/features/teams/pages/team-dashboard-page.tsx'),
    what: /This team does not exist or was removed/,
    back: { name: /Go to your teams/, href: '/team-dashboard-page' },
  },
  {
    family: 'a gym',
    address: '/gym-page?id=999999',
    page: () => import('#src/features/gyms/pages/gym-page.tsx'),
    what: /This gym does not exist or was removed/,
    back: { name: /Browse the gyms/, href: '/gyms-page' },
  },
  {
    family: 'a live attempt',
    address: '/live-stream-viewer?id=999999',
    page: () => import('#src/features/live/pages/live-stream-viewer.tsx'),
    what: /This live attempt does not exist or was removed/,
    back: { name: /See who is live now/, href: '/live-spectating' },
  },
  {
    family: 'an event',
    address: '/leaderboard-page?event=999999',
    page: () => import('#src/app/pages/leaderboard-page.tsx'),
    what: /This event does not exist or was removed/,
    back: { name: /See the events/, href: '/challenge-discovery-page#events-title' },
  },
  {
    family: 'a challenge’s board',
    address: '/challenge-leaderboard-page?id=999999',
    page: () => import('#src/features/challenges/pages/challenge-leaderboard-page.tsx'),
    what: /This challenge does not exist or was removed/,
    back: { name: /Browse challenges/, href: '/challenge-discovery-page' },
  },
  ...['abc', '0', '12345678901'].map((id) => ({
    family: `a challenge’s board by an id that is no challenge’s (${id})`,
    address: `/challenge-leaderboard-page?id=${id}`,
    page: (() => import('#src/features/challenges/pages/challenge-leaderboard-page.tsx')) as Page,
    what: /This challenge does not exist or was removed/,
    back: { name: /Browse challenges/, href: '/challenge-discovery-page' },
  })),
  {
    family: 'a challenge’s replay',
    address: '/challenge-replay-page?id=999999',
    page: () => import('#src/features/challenges/pages/challenge-replay-page.tsx'),
    what: /This challenge does not exist or was removed/,
    back: { name: /Browse challenges/, href: '/challenge-discovery-page' },
  },
  {
    family: 'a challenge’s score form',
    address: '/score-submission-page?id=999999',
    page: () => import('#src/features/challenges/pages/score-submission-page.tsx'),
    what: /This challenge does not exist or was removed/,
    back: { name: /Browse challenges/, href: '/challenge-discovery-page' },
  },
  {
    family: 'a challenge to edit',
    address: '/edit-challenge-page?id=999999',
    page: () => import('#src/features/challenges/pages/edit-challenge-page.tsx'),
    what: /This challenge does not exist or was removed/,
    back: { name: /Browse challenges/, href: '/challenge-discovery-page' },
  },
  {
    family: 'a story',
    address: '/my-stories-page?story=999999',
    page: () => import('#src/features/stories/pages/my-stories-page.tsx'),
    what: /This story does not exist or was removed/,
    back: { name: /See all stories/, href: '/my-stories-page' },
  },
  {
    family: 'a story to edit',
    address: '/story-submission-page?edit=999999',
    page: () => import('#src/features/stories/pages/story-submission-page.tsx'),
    what: /This story does not exist or was removed/,
    back: { name: /Back to stories/, href: '/my-stories-page' },
  },
  {
    family: 'a video',
    address: '/placeholder-video-page?id=00000000-0000-4000-8000-000000000000',
    page: () => import('#src/features/videos/pages/placeholder-video-page.tsx'),
    what: /This video does not exist or was removed/,
    back: { name: /All your videos/, href: '/placeholder-video-page' },
  },
];

describe('a page opened for something that does not exist', () => {
  it.each(cases)('$family ($address) says so and links back to its hub', async ({ address, page, what, back }) => {
    window.history.pushState({}, '', address);
    const { default: Page } = await page();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    expect((await screen.findByText(what, {}, { timeout: 5000 })).textContent).toMatch(what);
    const links = screen.getAllByRole('link', { name: back.name });
    expect(links.map((l) => l.getAttribute('href'))).toContain(back.href);
    // Nothing offers to ask again for what the server said does not exist.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('QueryState on a 404 it was given no words for', () => {
  it('shows the server’s words and the way home, not a Retry', async () => {
    const { QueryState } = await import('#src/components/query-state.tsx');
    const { ApiError } = await import('#src/api/errors.ts');
    const query = {
      data: undefined,
      error: new ApiError('No squad with that id.', 404),
      isPending: false,
      isError: true,
      refetch: vi.fn(),
    };
    render(<QueryState query={query}>{() => 'never'}</QueryState>);
    expect(screen.getByRole('heading', { name: 'No squad with that id.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
