import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, describe, expect, it, vi } from 'vitest';

// /global-leaderboards-page: the overall top (a podium, then the table) and the leader of each test. Its data now
// reaches the page in deferred renders and each test's card reads its own leader (the page's blocking time, #43);
// what a visitor sees once the answers are in must be the same. The server is stood in for by a fetch answering the
// three reads; the page, its hooks and the API client are the real ones.
const athlete = (rank: number, name: string, gym: string | null) => ({
  rank,
  user_id: 100 + rank,
  display_name: name,
  total: 13_000 - rank * 100,
  tests_count: 10 - rank,
  sex: null,
  age_group: null,
  gym,
  gym_id: gym ? rank : null,
});
const board = [
  athlete(1, 'Elif Haddad', 'Harbour Barbell'),
  athlete(2, 'Mateo Silva', 'Iron Yard'),
  athlete(3, 'Noor Rahman', null),
  athlete(4, 'Jonas Berg', 'Iron Yard'),
  athlete(5, 'Ama Owusu', null),
];
const test = (id: number, name: string, category: string, unit: string) => ({ id, name, category, unit, movement: 'mixed' });
const tests = [
  test(11, 'Fran', 'benchmark', 'seconds'),
  test(12, 'Back squat', 'strength', 'kg'),
  test(13, 'Muscle-up max', 'gymnastics', 'reps'),
];
const leaders: Record<number, { name: string; value: number; total: number } | null> = {
  11: { name: 'Mateo Silva', value: 185, total: 24 },
  12: { name: 'Elif Haddad', value: 140, total: 1 },
  13: null,
};

const realFetch = globalThis.fetch;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  if (url.pathname.endsWith('/api/v1/leaderboards/global')) return json({ items: board, total: 412, me: null });
  if (url.pathname.endsWith('/api/v1/tests')) return json({ items: tests, total: tests.length });
  const id = /\/api\/v1\/leaderboards\/tests\/(\d+)$/.exec(url.pathname)?.[1];
  if (id) {
    const leader = leaders[Number(id)];
    const items = leader
      ? [{ rank: 1, user_id: 7, display_name: leader.name, value: leader.value, normalized_score: 1000, achieved_on: '2026-11-30' }]
      : [];
    return json({ test: tests.find((t) => t.id === Number(id)), items, total: leader?.total ?? 0, me: null });
  }
  return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
});
afterAll(() => vi.stubGlobal('fetch', realFetch));

vi.mock('#src/lib/session/session-view.ts', () => ({
  useSessionView: () => ({ user: null, isAdmin: false, restoring: false }),
}));

const { default: GlobalLeaderboardsPage } = await import('#src/features/athletes/pages/global-leaderboards-page.tsx');

describe('the global leaderboards page', () => {
  it('shows the top three on the podium, the next ranks in the table and the leader of every test', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <GlobalLeaderboardsPage />
      </QueryClientProvider>,
    );
    const podium = await screen.findByRole('list', { name: 'Top three' });
    expect(
      within(podium)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Elif Haddad', 'Mateo Silva', 'Noor Rahman']);
    const table = screen.getByRole('table', { name: 'Ranks 4 to 5 of 412' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('Jonas Berg'), expect.stringContaining('Ama Owusu')]);

    // Each test under its category, with its own leader (or none yet).
    const benchmark = await screen.findByRole('region', { name: 'Benchmark workout' });
    const fran = within(benchmark).getByRole('listitem');
    await waitFor(() => expect(within(fran).getByRole('link', { name: 'Mateo Silva' })).toBeTruthy());
    expect(fran.textContent).toContain('24 athletes ranked');
    const strength = screen.getByRole('region', { name: 'Strength' });
    await waitFor(() => expect(within(strength).getByRole('link', { name: 'Elif Haddad' })).toBeTruthy());
    expect(strength.textContent).toContain('1 athlete ranked');
    const gymnastics = screen.getByRole('region', { name: 'Gymnastics' });
    await waitFor(() => expect(gymnastics.textContent).toContain('No approved results yet.'));
    expect(within(gymnastics).getByRole('link', { name: 'Muscle-up max' }).getAttribute('href')).toBe(
      '/global-test-leaderboards-page?test=13',
    );
  });
});
