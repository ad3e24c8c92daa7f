import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// A judged-video battle's attempt form: the athlete's processed uploads are offered (a query in the app), the
// attempt is refused on the form without one, and sent with the chosen video's id.
vi.mock('#src/api/my-videos.ts', () => ({
  useMyVideos: () => ({
    data: {
      videos: [
        { id: 'v-1', file_name: 'round-1.mp4', status: 'ready' },
        { id: 'v-2', file_name: 'still-processing.mp4', status: 'processing' },
      ],
    },
    isPending: false,
    isError: false,
  }),
}));
vi.mock('#src/components/video-uploader.tsx', () => ({ default: () => <p>Uploader</p> }));
const sent = vi.fn(async (_body: unknown) => ({ score_text: '42 reps', attempts_left: 1 }));
vi.mock('#src/features/battles/api/battles.ts', () => ({
  useSubmitAttempt: () => ({ mutateAsync: sent }),
  useEnterBattle: () => ({}),
}));

const { AttemptForm } = await import('#src/features/battles/components/battle-actions.tsx');

describe('the attempt form of a battle whose attempts need a judged video', () => {
  it('asks for the video, then sends the score with it and says it waits for a verdict', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AttemptForm battleId={3} scoreType="reps" round={1} judgedVideo />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText(/Your score for round 1/), '42');
    await user.click(screen.getByRole('button', { name: 'Submit the attempt' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/need a judged video/);
    expect(sent).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: 'Video' }));
    // Only processed uploads are offered.
    expect(screen.queryByRole('option', { name: 'still-processing.mp4' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'round-1.mp4' }));
    await user.click(screen.getByRole('button', { name: 'Submit the attempt' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/42 reps, waiting for a judge’s verdict/);
    expect(sent).toHaveBeenCalledWith({ reps: 42, video_id: 'v-1' });
  });
});
