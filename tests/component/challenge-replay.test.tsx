import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const query = <T,>(data: T) => ({
  status: 'success',
  isPending: false,
  isError: false,
  isSuccess: true,
  data,
  error: null,
  refetch: vi.fn(),
});
const score = (id: number, ms: number) => ({
  id,
  status: 'finished',
  value: ms,
  display: `${Math.floor(ms / 60_000)}:${String((ms / 1000) % 60).padStart(2, '0')}`,
  tiebreak_ms: null,
  submitted_at: `2026-11-0${id}T10:00:00Z`,
  verification: 'verified',
});
const athlete = (id: number, name: string) => ({ wp_user_id: id, display_name: name });
// Ana (women, Rx) 5:00, Bo (men, Rx) 3:20, Cy (women, Scaled) 1:40, in that order of submission.
const history = {
  challenge_id: 7,
  ranked: [2, 1, 3],
  items: [
    { athlete: athlete(1, 'Ana'), division: 'rx', category: 'female', score: score(1, 300_000) },
    { athlete: athlete(2, 'Bo'), division: 'rx', category: 'male', score: score(2, 200_000) },
    { athlete: athlete(3, 'Cy'), division: 'scaled', category: 'female', score: score(3, 100_000) },
  ],
};
const challenge = {
  id: 7,
  title: 'Fran',
  score_type: 'time',
  my_entry: null,
  divisions: {
    overall_board: false,
    overall_standards: '',
    categories: [
      { id: 'female', label: 'Women', standards: '' },
      { id: 'male', label: 'Men', standards: '' },
    ],
  },
};

vi.mock('#src/features/challenges/api/challenges.ts', async (original) => ({
  ...(await original<object>()),
  useChallenge: () => query(challenge),
}));
vi.mock('#src/features/challenges/api/score-history.ts', () => ({ useScoreHistory: () => query(history) }));
vi.mock('#src/lib/session/session-view.ts', () => ({ useSessionView: () => ({ user: null }) }));
vi.mock('#src/lib/units.ts', () => ({ useUnitPreference: () => 'metric' }));

const { default: ChallengeReplayPage } = await import('#src/features/challenges/pages/challenge-replay-page.tsx');

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent ?? '');

const progress = () => document.querySelector('.replay-controls [aria-live]')?.textContent ?? '';

describe('the challenge replay', () => {
  beforeEach(() => window.history.replaceState(null, '', '/challenge-replay-page?id=7'));

  it('replays one board of a challenge ranked women and men apart, and the address keeps the board', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ChallengeReplayPage />);
    // The women's board, played to its end: Ana and Cy only; Bo (men) never appears.
    expect(progress()).toMatch(/^2 of 2 scores/);
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('The Women board at this moment');
    const women = names();
    expect(women).toHaveLength(2);
    expect(women[0]).toContain('Ana');
    expect(women[1]).toContain('Cy');
    expect(women.join(' ')).not.toContain('Bo');

    await user.click(screen.getByRole('combobox', { name: 'Board' }));
    await user.click(await screen.findByRole('option', { name: 'Men' }));
    expect(new URLSearchParams(window.location.search).get('cat')).toBe('male');
    expect(progress()).toMatch(/^1 of 1 scores/);
    expect(names()[0]).toContain('Bo');
  });

  it('Rx or Scaled narrows the rows and keeps their places', () => {
    window.history.replaceState(null, '', '/challenge-replay-page?id=7&cat=female&division=scaled');
    render(<ChallengeReplayPage />);
    expect(screen.getByRole('combobox', { name: 'Division' }).textContent).toContain('Scaled');
    const rows = names();
    expect(rows).toHaveLength(1);
    // Cy is second on the women's board (Rx ranks above Scaled) and keeps that place when Scaled is shown alone.
    expect(rows[0]).toMatch(/^2/);
    expect(rows[0]).toContain('Cy');
  });
});
