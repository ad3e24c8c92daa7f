import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { emitRealtimeMessage } from '#src/lib/realtime.ts';
import { SessionContext, type SessionUser } from '#src/lib/session/session-view.ts';

// A challenge board kept live by its room (useRankings with live on) reads the board again each time its socket is
// let into the room, the first join included: a score that landed while the socket was still connecting after a page
// load, or while it was away, was never announced to it.

const state = vi.hoisted(() => ({ leader: 'Ana', hold: null as Promise<void> | null }));
const { GET } = vi.hoisted(() => ({
  GET: vi.fn(async (_path: string, _init: unknown) => {
    // A held read answers what the server had when it was asked, once released.
    const asked = state.leader;
    const hold = state.hold;
    state.hold = null;
    if (hold) await hold;
    return { data: { items: [], total: 0, leader: asked }, response: new Response(null, { status: 200 }) };
  }),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET } }));

const { useRankings } = await import('#src/features/challenges/api/challenges.ts');

function Board() {
  const board = useRankings({ challengeId: 5, offset: 0, limit: 10 }, true);
  const leader = (board.data as unknown as { leader: string } | undefined)?.leader;
  return <p data-testid="leader">{leader ?? 'Loading the board…'}</p>;
}

function renderBoard() {
  const user = { wp_user_id: 7, display_name: 'Di' } as unknown as SessionUser;
  return render(
    <SessionContext.Provider value={{ user, isAdmin: false, restoring: false }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Board />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}

const rankingReads = () => GET.mock.calls.filter(([path]) => path === '/api/challenges/rankings').length;

describe('a live challenge board and its room', () => {
  it('reads the board again on each join of its own room (the first, and again after a reconnect), not on another room’s', async () => {
    renderBoard();
    expect(await screen.findByText('Ana')).toBeTruthy();
    const before = rankingReads();
    // Bo scored while the socket was still joining: the room's message never reached the page.
    state.leader = 'Bo';
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'challenge:6' }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(rankingReads()).toBe(before);
    expect(screen.getByTestId('leader').textContent).toBe('Ana');
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'challenge:5' }));
    expect(await screen.findByText('Bo')).toBeTruthy();
    // The socket dropped and came back; Cy scored meanwhile.
    state.leader = 'Cy';
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'challenge:5' }));
    expect(await screen.findByText('Cy')).toBeTruthy();
  });

  it('a join while the first read is on its way reads again: that read may have begun before the score', async () => {
    state.leader = 'Ana';
    let release = () => {};
    state.hold = new Promise<void>((resolve) => (release = resolve));
    renderBoard();
    await screen.findByText('Loading the board…');
    state.leader = 'Bo';
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'challenge:5' }));
    await act(async () => release());
    expect(await screen.findByText('Bo')).toBeTruthy();
    expect(screen.queryByText('Ana')).toBeNull();
  });

  it('a socket that comes back reads again even when its room’s "joined" was lost on the way', async () => {
    state.leader = 'Ana';
    act(() => emitRealtimeMessage({ type: 'connected', user_id: 7, expires_at: new Date(Date.now() + 3_600_000).toISOString() }));
    renderBoard();
    expect(await screen.findByText('Ana')).toBeTruthy();
    // The connection dropped; Dan scored meanwhile; the new connection's hello arrives, its room's "joined" does not.
    state.leader = 'Dan';
    act(() => emitRealtimeMessage({ type: 'connected', user_id: 7, expires_at: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(await screen.findByText('Dan')).toBeTruthy();
  });
});
