import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectorBoardView, DirectorCandidateView } from '#src/features/live/api/live-director.ts';

function candidate(attemptId: number, name: string, over: Partial<DirectorCandidateView> = {}): DirectorCandidateView {
  return {
    attempt_id: attemptId,
    display_name: name,
    challenge_id: 4,
    challenge_title: 'Max burpees',
    count: 45,
    count_unit: 'reps',
    projected_place: 2,
    places_at_stake: 2,
    pace: { kind: 'leader_pace', ahead_ms: 4000 },
    spectators: 12,
    score: 67,
    parts: { place: 27, stake: 16, pace: 2, spectators: 22 },
    ...over,
  };
}

const state: { board: DirectorBoardView } = { board: undefined as never };
const calls = { setDirector: vi.fn(), keep: vi.fn() };

function boardOf(over: Partial<DirectorBoardView> = {}): DirectorBoardView {
  return {
    broadcast_id: 3,
    status: 'live',
    mode: 'auto',
    featured_attempt_id: 7,
    directed: true,
    switched_at: '2026-12-03T10:00:00Z',
    next_switch_at: '2026-12-03T10:00:30Z',
    pick: 7,
    reason: 'waiting',
    min_interval_ms: 30_000,
    switch_margin: 10,
    candidates: [
      candidate(8, 'Bo Climber'),
      candidate(7, 'Ana Featured', {
        projected_place: 4,
        places_at_stake: 0,
        pace: { kind: 'leader_mark', ahead_ms: -30_000 },
        spectators: 0,
        score: 6,
        parts: { place: 21, stake: 0, pace: -15, spectators: 0 },
      }),
    ],
    server_time: '2026-12-03T10:00:10Z',
    ...over,
  };
}

// The panel with what the server answered provided (no session, no network).
vi.mock('#src/features/live/api/live-director.ts', () => ({
  useDirectorBoard: () => ({
    status: 'success',
    isPending: false,
    isError: false,
    isSuccess: true,
    data: state.board,
    error: null,
    refetch: vi.fn(),
  }),
  useKeepDirectorBoard: () => calls.keep,
  setDirector: (...args: unknown[]) => calls.setDirector(...args),
}));

const { DirectorPanel } = await import('#src/features/live/components/director-panel.tsx');

describe('the director panel', () => {
  beforeEach(() => {
    calls.setDirector.mockReset();
    calls.keep.mockReset();
    state.board = boardOf();
  });

  it('shows each candidate’s score parts in words, the mode and the next allowed switch', () => {
    render(<DirectorPanel broadcastId={3} />);
    expect(screen.getByRole('radio', { name: /Auto/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('status').textContent).toMatch(/less than 30 s ago.*Next switch allowed in 20 s\./);
    const bo = screen.getByRole('listitem', { name: 'Bo Climber on Max burpees' });
    expect(within(bo).getByTestId('director-words').textContent).toBe(
      'would place 2nd · 2 places at stake · 4 s ahead of the leader’s pace · 12 watching',
    );
    expect(bo.textContent).toContain('Score 67 = place 27 + at stake 16 + pace 2 + watching 22');
    const ana = screen.getByRole('listitem', { name: 'Ana Featured on Max burpees' });
    expect(within(ana).getByText('Featured')).toBeTruthy();
    expect(within(ana).getByTestId('director-words').textContent).toBe(
      'would place 4th · no places at stake · reaches the leader’s mark in 30 s at this pace · nobody watching',
    );
  });

  it('pins a candidate and switches the mode through the server; a refusal is said in plain words', async () => {
    const user = userEvent.setup({ delay: null });
    const pinnedBoard = boardOf({ mode: 'pinned', featured_attempt_id: 8, pick: 8, reason: 'pinned' });
    calls.setDirector.mockResolvedValueOnce(pinnedBoard);
    render(<DirectorPanel broadcastId={3} />);
    await user.click(screen.getByRole('button', { name: 'Pin Bo Climber' }));
    expect(calls.setDirector).toHaveBeenCalledWith(3, { mode: 'pinned', attempt_id: 8 });
    await vi.waitFor(() => expect(calls.keep).toHaveBeenCalledWith(pinnedBoard));

    calls.setDirector.mockRejectedValueOnce(new Error('That attempt is no longer live; pin one that is live now.'));
    await user.click(screen.getByRole('button', { name: 'Pin Ana Featured' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'That attempt is no longer live; pin one that is live now.');

    calls.setDirector.mockResolvedValueOnce(pinnedBoard);
    await user.click(screen.getByRole('radio', { name: /Pinned/ }));
    expect(calls.setDirector).toHaveBeenLastCalledWith(3, { mode: 'pinned', attempt_id: null });
  });

  it('says when the broadcast shows a stream and when nobody is live', () => {
    state.board = boardOf({ directed: false, candidates: [] });
    const { unmount } = render(<DirectorPanel broadcastId={3} />);
    expect(screen.getByText(/external stream/)).toBeTruthy();
    unmount();
    state.board = boardOf({ candidates: [], reason: 'none', pick: null });
    render(<DirectorPanel broadcastId={3} />);
    expect(screen.getByText(/Nobody is live right now/)).toBeTruthy();
  });
});
