import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import VideoPlayer, { type PlayableVideo } from '#src/components/video-player.tsx';
import { LiveGaps, gapMarkers } from '#src/features/judging/components/live-gaps.tsx';
import type { JudgingSubmission } from '#src/features/judging/api/judging.ts';

const recording: PlayableVideo = {
  id: '7d1c4a52-1f7e-4a52-9d2b-2f4b7a3c9e10',
  file_name: 'live-attempt-9.webm',
  status: 'ready',
  progress: 1,
  frame_rate: 24,
  stream_url: '/api/videos/7d1c4a52-1f7e-4a52-9d2b-2f4b7a3c9e10/stream',
  poster_url: null,
};

const gaps: JudgingSubmission['live_gaps'] = [
  { at_ms: 76_000, gap_ms: 4_000, recording_ms: 72_000, text: 'Gap of 4 s at 1:12 — the athlete’s connection dropped' },
  { at_ms: 190_000, gap_ms: 12_000, recording_ms: 182_000, text: 'Gap of 12 s at 3:02 — the athlete’s connection dropped' },
];

/** The judging panel's wiring: the gap list seeks the one player. */
function Panel({ gaps: shown }: { gaps: JudgingSubmission['live_gaps'] }) {
  const [seekTo, setSeekTo] = useState<{ seconds: number } | null>(null);
  return (
    <>
      <VideoPlayer video={recording} seekTo={seekTo} markers={gapMarkers(shown)} momentLinks={false} />
      <LiveGaps gaps={shown} onSeek={(seconds) => setSeekTo({ seconds })} />
    </>
  );
}

describe('gaps of a live recording on the judging screen', () => {
  it('lists each gap in words, and choosing one takes the player there (again after moving away)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Panel gaps={gaps} />);
    expect(screen.getByRole('heading', { name: 'Gaps in this live recording' })).toBeTruthy();
    const video = screen.getByLabelText('Video: live-attempt-9.webm') as HTMLVideoElement;
    await user.click(screen.getByRole('button', { name: 'Gap of 12 s at 3:02 — the athlete’s connection dropped' }));
    expect(video.currentTime).toBe(182);
    await user.click(screen.getByRole('button', { name: 'Gap of 4 s at 1:12 — the athlete’s connection dropped' }));
    expect(video.currentTime).toBe(72);
    video.currentTime = 10;
    await user.click(screen.getByRole('button', { name: 'Gap of 4 s at 1:12 — the athlete’s connection dropped' }));
    expect(video.currentTime).toBe(72);
  });

  it('shows nothing for an uploaded video (no gaps)', () => {
    render(<Panel gaps={[]} />);
    expect(screen.queryByRole('heading', { name: 'Gaps in this live recording' })).toBeNull();
  });
});
