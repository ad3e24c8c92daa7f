import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { emitRealtimeMessage } from '#src/lib/realtime.ts';
import type { LiveAttemptView } from '#src/features/live/api/live.ts';
import { liveAttemptView } from './live-attempt-view.ts';

// A spectator's page reads the attempt again when its socket joins the room; the server writes the new spectator
// count at about the same time and tells the room. When that read was asked before the count was written and its
// answer comes after the room's message, it must not put the older count back (6 Dec: a spectator's page showed
// "Watching 0" for as long as nobody else came or went).

const state = vi.hoisted(() => ({ spectators: 0, hold: null as Promise<void> | null, reads: 0, view: null as unknown }));
const { GET } = vi.hoisted(() => ({
  GET: vi.fn(async (_path: string, _init: unknown) => {
    // A held read answers what the server had when it was asked, once released.
    state.reads++;
    const asked = state.spectators;
    const hold = state.hold;
    state.hold = null;
    if (hold) await hold;
    return { data: { ...(state.view as object), spectators: asked }, response: new Response(null, { status: 200 }) };
  }),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET } }));

const { liveAttemptKey, fetchLiveAttempt } = await import('#src/features/live/api/live.ts');
state.view = liveAttemptView({ seq: 3, count: 3 });
const { useLiveAttemptRoom } = await import('#src/features/live/components/live-room.ts');

function Watching() {
  const attempt = useQuery({ queryKey: liveAttemptKey(9), queryFn: () => fetchLiveAttempt(9) });
  return attempt.data ? <Room a={attempt.data} /> : <p>Loading…</p>;
}

function Room({ a }: { a: LiveAttemptView }) {
  useLiveAttemptRoom(a, { ended: () => {} });
  return <p data-testid="watching">{a.spectators}</p>;
}

describe('who is watching a live attempt', () => {
  it('keeps the count the room told over the answer of a read asked before it was written', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Watching />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('watching')).textContent).toBe('0');
    // The socket is let into the room: the page reads the attempt again, and the server answers that read with what
    // it had then, before this spectator was counted.
    let release!: () => void;
    state.hold = new Promise<void>((r) => (release = r));
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'live_attempt:9' }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    const readsBefore = state.reads;
    // The count is written (1) and the room told, while the read is still on its way.
    state.spectators = 1;
    await act(async () => {
      emitRealtimeMessage({ type: 'live_spectators', attempt_id: 9, spectators: 1 });
      await new Promise((r) => setTimeout(r, 0)); // the query's observers hear of it on the next tick
    });
    expect(screen.getByTestId('watching').textContent).toBe('1');
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByTestId('watching').textContent).toBe('1');
    // It was read again after the message, and that read's answer is the one kept.
    expect(state.reads).toBe(readsBefore + 1);
  });
});
