import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/api/errors.ts';
import { liveAttemptView } from './live-attempt-view.ts';

const attempt = liveAttemptView();

/** What the server was sent, in order; the first update finds the connection down. */
const sent: { seq: number; count: number }[] = [];
const sendLiveUpdate = vi.fn(async (_id: number, seq: number, count: number) => {
  sent.push({ seq, count });
  if (sent.length === 1) throw new ApiError('Network error. Please check your connection.', 0);
  return { attempt_id: 9, status: 'live' as const, seq, count, elapsed_ms: 1000, projected_place: 1 };
});
const endLiveAttempt = vi.fn(async (_id: number, body: { seq: number; count: number }) => ({
  ...attempt,
  status: 'ended' as const,
  end_reason: 'stopped' as const,
  seq: body.seq,
  count: body.count,
  score_text: `${body.count} reps`,
}));

vi.mock('#src/features/live/api/live.ts', () => ({
  useMyLiveAttempt: () => ({ isPending: false, isError: false, data: { attempt: null }, error: null }),
  useRefreshLive: () => () => {},
  startLiveAttempt: async () => attempt,
  sendLiveUpdate,
  endLiveAttempt,
  abandonLiveAttempt: async () => ({ ...attempt, status: 'abandoned' }),
  fetchLiveAttempt: async () => attempt,
}));

const { default: LiveAttemptPage } = await import('#src/features/live/pages/live-attempt-page.tsx');

describe('the tap counter', () => {
  it('counts every tap at once, keeps them through a dropped connection, and ends with the count it shows', async () => {
    window.history.pushState({}, '', '/live-attempt-page?challenge=3');
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveAttemptPage />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Start the clock' }));
    const tap = await screen.findByRole('button', { name: /^\+1/ });
    await user.click(tap);
    await user.click(tap);
    await user.click(tap);
    await user.click(screen.getByRole('button', { name: 'Undo one (−1)' }));
    expect(document.querySelector('.live-count-number')?.textContent).toBe('2');
    await screen.findByText(/Connection lost: your count is kept/);
    // Sending resumes after the retry delay with the newest count; nothing is counted twice.
    await waitFor(() => expect(sent.at(-1)).toEqual({ seq: 4, count: 2 }), { timeout: 5000 });
    expect(document.querySelector('.live-count-number')?.textContent).toBe('2');
    await user.click(screen.getByRole('button', { name: 'End and submit' }));
    await screen.findByText('Submitted: 2 reps.');
    expect(endLiveAttempt).toHaveBeenCalledWith(9, expect.objectContaining({ seq: 4, count: 2, finished: false }));
  });
});
