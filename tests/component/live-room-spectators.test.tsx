import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { LiveAttemptView } from '#src/features/live/api/live.ts';
import { joinThenMessage, serverHas } from './held-read.ts';
import { liveAttemptView } from './live-attempt-view.ts';

// A spectator's page reads the attempt again when its socket joins the room; the server writes the new spectator
// count at about the same time and tells the room. When that read was asked before the count was written and its
// answer comes after the room's message, it must not put the older count back (6 Dec: a spectator's page showed
// "Watching 0" for as long as nobody else came or went).

vi.mock('#src/api/client.ts', async () => (await import('./held-read.ts')).heldClient);

const { liveAttemptKey, fetchLiveAttempt } = await import('#src/features/live/api/live.ts');
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
    const view = liveAttemptView({ seq: 3, count: 3 });
    let spectators = 0;
    serverHas(() => ({ ...view, spectators }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Watching />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('watching')).textContent).toBe('0');
    // The socket is let into the room (the page reads the attempt again, and the server answers that read with what
    // it had then, before this spectator was counted); the count is written (1) and the room told while that read is
    // still on its way.
    const race = await joinThenMessage('live_attempt:9', () => (spectators = 1), { type: 'live_spectators', attempt_id: 9, spectators: 1 });
    expect(screen.getByTestId('watching').textContent).toBe('1');
    await race.release();
    expect(screen.getByTestId('watching').textContent).toBe('1');
    // It was read again after the message, and that read's answer is the one kept.
    expect(race.readsSinceMessage()).toBe(1);
  });
});
