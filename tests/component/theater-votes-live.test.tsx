import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { emitRealtimeMessage } from '#src/lib/realtime.ts';
import { SessionContext, type SessionUser } from '#src/lib/session/session-view.ts';

// A signed-in viewer's theater reads the videos again when its socket joins the challenge's room; a vote cast at
// about the same time is counted by the server and told to the room. When that read was asked before the vote was
// counted and answers after the room's message, it must not put the older count back.

const state = vi.hoisted(() => ({ up: 2, hold: null as Promise<void> | null, reads: 0 }));
const { GET } = vi.hoisted(() => ({
  GET: vi.fn(async (_path: string, _init: unknown) => {
    // A held read answers what the server had when it was asked, once released.
    state.reads++;
    const up = state.up;
    const hold = state.hold;
    state.hold = null;
    if (hold) await hold;
    const item = { score_id: 11, votes: { up, down: 0, total: up }, my_vote: null };
    return { data: { items: [item] }, response: new Response(null, { status: 200 }) };
  }),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET } }));

const { useTheater } = await import('#src/features/theater/api/theater.ts');

function Votes() {
  const theater = useTheater(4);
  const item = theater.data?.items[0];
  return <p data-testid="up">{item ? String(item.votes.up) : 'Loading…'}</p>;
}

describe('the theater’s live vote counts', () => {
  it('keep the count the room told over the answer of a read asked before the vote was counted', async () => {
    const user = { wp_user_id: 7, display_name: 'Di' } as unknown as SessionUser;
    render(
      <SessionContext.Provider value={{ user, isAdmin: false, restoring: false }}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Votes />
        </QueryClientProvider>
      </SessionContext.Provider>,
    );
    expect(await screen.findByText('2')).toBeTruthy();
    // The socket is let into the room: the page reads the videos again, answered with what the server had then.
    let release!: () => void;
    state.hold = new Promise<void>((r) => (release = r));
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'challenge:4' }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    const readsBefore = state.reads;
    // A vote is counted (3) and the room told, while the read is still on its way.
    state.up = 3;
    await act(async () => {
      emitRealtimeMessage({ type: 'theater_votes', challenge_id: 4, score_id: 11, up: 3, down: 0, total: 3 });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByTestId('up').textContent).toBe('3');
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByTestId('up').textContent).toBe('3');
    // It was read again after the message, and that read's answer is the one kept.
    expect(state.reads).toBe(readsBefore + 1);
  });
});
