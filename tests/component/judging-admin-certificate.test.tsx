import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionUser } from '#src/lib/session/session-view.ts';

// The server lets only accounts with a judge's certificate in force judge (server/role-gate.ts, x-role judge),
// administrators included. The page says so to an administrator and lets them certify their own account.
const HOUR = 3_600_000;
const state = vi.hoisted(() => ({ certificate: null as unknown, posted: [] as unknown[] }));
const { GET, POST } = vi.hoisted(() => ({
  GET: vi.fn(async (path: string) => {
    const data =
      path === '/api/judging/me'
        ? { certificate: state.certificate }
        : path.includes('queue')
          ? { items: [], total: 0 }
          : { items: [], total: 0 };
    return { data, response: new Response(null, { status: 200 }) };
  }),
  POST: vi.fn(async (path: string, init: { body: unknown }) => {
    state.posted.push({ path, body: init.body });
    const granted = {
      user_id: 1,
      level: 'judge',
      granted_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 365 * 24 * HOUR).toISOString(),
      in_force: true,
    };
    state.certificate = granted;
    return { data: granted, response: new Response(null, { status: 201 }) };
  }),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET, POST } }));

const { default: JudgingDashboard } = await import('#src/features/judging/pages/judging-dashboard.tsx');

function renderAs(isAdmin: boolean) {
  window.history.pushState({}, '', '/judging-dashboard');
  const user = { wp_user_id: 1, display_name: 'Admin Ada', role: isAdmin ? 'administrator' : 'athlete' } as unknown as SessionUser;
  return render(
    <SessionContext.Provider value={{ user, isAdmin, restoring: false }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <JudgingDashboard />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}

describe('the judging page for an administrator without a judge’s certificate', () => {
  it('says judging needs a certificate for administrators too, links the test, and certifies their own account in one press', async () => {
    state.certificate = null;
    state.posted = [];
    renderAs(true);
    expect(await screen.findByRole('heading', { name: 'Judging needs a judge’s certificate, for administrators too' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'video judging test' })[0]!.getAttribute('href')).toBe('/video-judging-test-page');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Certify my account for a season' }));
    expect(state.posted).toEqual([{ path: '/api/judging/certificates', body: { user_id: 1, level: 'judge' } }]);
    // Certified: the queue opens without a reload.
    expect(await screen.findByText(/Your\s+certificate runs until/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Judging needs a judge’s certificate/ })).toBeNull();
  });

  it('tells an athlete without one that judging is for certified judges, with no button to certify themself', async () => {
    state.certificate = null;
    renderAs(false);
    expect(await screen.findByRole('heading', { name: 'Judging is for certified judges' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Certify my account for a season' })).toBeNull();
  });
});
