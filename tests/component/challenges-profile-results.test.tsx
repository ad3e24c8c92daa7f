import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AthleteChallengeResult } from '#src/features/challenges/api/athlete-results.ts';

// Issue #37: the profile's "Challenge results": a verified score in a challenge without a catalogue test, in the
// viewer's units, with its place naming its board and a Verified badge. The viewer here keeps imperial units.
let items: AthleteChallengeResult[] = [];
vi.mock('#src/features/challenges/api/athlete-results.ts', () => ({
  useAthleteChallengeResults: () => ({ isPending: false, isError: false, data: { items }, error: null, refetch: vi.fn() }),
}));
vi.mock('#src/lib/units.ts', () => ({ useUnitPreference: () => 'imperial' }));

const { ProfileChallengeResults } = await import('#src/features/challenges/components/profile-challenge-results.tsx');

const result = (over: Partial<AthleteChallengeResult> = {}): AthleteChallengeResult => ({
  challenge: { id: 7, title: 'Deadlift ladder', score_type: 'load', status: 'open' },
  // 102.058 kg, as the server stores and writes it: 225 lb to an imperial viewer.
  score: { status: 'finished', value: 102_058, display: '102.058 kg' },
  place: { rank: 3, of: 12, board: 'Women Rx', category: 'female', division: 'rx' },
  verified: true,
  ...over,
});

describe('the profile’s challenge results', () => {
  it('shows each verified result in the viewer’s units, with its place naming its board, linked to that board', () => {
    items = [result()];
    render(<ProfileChallengeResults userId={5} name="Ana" />);
    expect(screen.getByRole('heading', { name: 'Challenge results' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Deadlift ladder/ });
    expect(within(row).getByRole('link', { name: 'Deadlift ladder' }).getAttribute('href')).toBe('/challenge-detail-page?id=7');
    expect(within(row).getByText(/Running/)).toBeTruthy();
    expect(within(row).getByText('225 lb')).toBeTruthy();
    expect(within(row).queryByText(/kg/)).toBeNull();
    const place = within(row).getByRole('link', { name: '3rd of 12 · Women Rx' });
    expect(place.getAttribute('href')).toBe('/challenge-leaderboard-page?id=7&cat=female&division=rx');
    expect(within(row).getByText('Verified')).toBeTruthy();
  });

  it('shows nothing for an athlete without such results', () => {
    items = [];
    const { container } = render(<ProfileChallengeResults userId={5} name="Ana" />);
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('heading', { name: 'Challenge results' })).toBeNull();
  });
});
