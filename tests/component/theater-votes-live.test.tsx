import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionUser } from '#src/lib/session/session-view.ts';
import { joinThenMessage, serverHas } from './held-read.ts';

// A signed-in viewer's theater reads the videos again when its socket joins the challenge's room; a vote cast at
// about the same time is counted by the server and told to the room. When that read was asked before the vote was
// counted and answers after the room's message, it must not put the older count back.

vi.mock('#src/api/client.ts', async () => (await import('./held-read.ts')).heldClient);

const { useTheater } = await import('#src/features/theater/api/theater.ts');

function Votes() {
  const theater = useTheater(4);
  const item = theater.data?.items[0];
  return <p data-testid="up">{item ? String(item.votes.up) : 'Loading…'}</p>;
}

describe('the theater’s live vote counts', () => {
  it('keep the count the room told over the answer of a read asked before the vote was counted', async () => {
    let up = 2;
    serverHas(() => ({ items: [{ score_id: 11, votes: { up, down: 0, total: up }, my_vote: null }] }));
    const user = { wp_user_id: 7, display_name: 'Di' } as unknown as SessionUser;
    render(
      <SessionContext.Provider value={{ user, isAdmin: false, restoring: false }}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Votes />
        </QueryClientProvider>
      </SessionContext.Provider>,
    );
    expect(await screen.findByText('2')).toBeTruthy();
    // The socket is let into the room (the page reads the videos again, answered with what the server had then); a
    // vote is counted (3) and the room told while that read is still on its way.
    const race = await joinThenMessage('challenge:4', () => (up = 3), {
      type: 'theater_votes',
      challenge_id: 4,
      score_id: 11,
      up: 3,
      down: 0,
      total: 3,
    });
    expect(screen.getByTestId('up').textContent).toBe('3');
    await race.release();
    expect(screen.getByTestId('up').textContent).toBe('3');
    // It was read again after the message, and that read's answer is the one kept.
    expect(race.readsSinceMessage()).toBe(1);
  });
});
