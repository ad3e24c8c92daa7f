import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScoreView } from '#src/features/challenges/api/challenges.ts';
import { ScoreState } from '#src/features/challenges/components/score-state.tsx';

// The viewer's units (the account's setting, a query in the app): metric here.
vi.mock('#src/lib/units.ts', () => ({ useUnitPreference: () => 'metric' }));

const score = (over: Partial<ScoreView>): ScoreView =>
  ({
    id: 1,
    status: 'finished',
    value: 100,
    tiebreak_ms: null,
    display: '100 reps',
    verification: 'verified',
    submitted_at: new Date().toISOString(),
    ...over,
  }) as ScoreView;

describe('a score’s state where the athlete lists their scores', () => {
  it('says Unverified, and not also Ranked, while its video waits for a judge', () => {
    render(<ScoreState score={score({ video_check: 'unverified' })} isBest />);
    expect(screen.getByText('Unverified')).toBeTruthy();
    expect(screen.queryByText('Ranked')).toBeNull();
    expect(screen.getByText('Waiting for a judge to watch the video')).toBeTruthy();
  });

  it('says Unverified and why while its video still processes, and when it could not be processed', () => {
    const { unmount } = render(<ScoreState score={score({ video_check: 'waiting_for_video' })} isBest />);
    expect(screen.getByText('Unverified')).toBeTruthy();
    expect(screen.queryByText('Ranked')).toBeNull();
    expect(screen.getByText(/^Waiting for its video/)).toBeTruthy();
    unmount();
    render(<ScoreState score={score({ video_check: 'no_video' })} isBest />);
    expect(screen.getByText('Unverified')).toBeTruthy();
    expect(screen.getByText(/could not be processed/)).toBeTruthy();
  });

  it('says Ranked for the best score once a judge has passed its video, and Verified for the others', () => {
    const { unmount } = render(<ScoreState score={score({ video_check: 'judged' })} isBest />);
    expect(screen.getByText('Ranked')).toBeTruthy();
    expect(screen.queryByText('Unverified')).toBeNull();
    unmount();
    render(<ScoreState score={score({})} isBest={false} />);
    expect(screen.getByText('Verified')).toBeTruthy();
  });
});
