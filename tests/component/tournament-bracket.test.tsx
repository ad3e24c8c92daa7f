import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TournamentBracket, matchText, type BracketData } from '#src/features/battles/components/tournament-bracket.tsx';

const side = (seed: number, display_name: string | null, score_text: string | null = null) => ({
  seed,
  user_id: display_name ? seed + 100 : null,
  display_name,
  score_text,
});

/** A 5-seed bracket after its first round: byes for seeds 1–3, Ed (5) beat Di (4), the semi-finals to be played. */
const bracket: BracketData = {
  rounds: [
    {
      round_no: 1,
      name: 'Quarter-finals',
      matches: [
        { slot: 0, a: side(1, 'Ana'), b: null, winner_seed: 1, bye: true, projected: false },
        { slot: 1, a: side(4, 'Di', '40 reps'), b: side(5, 'Ed', '50 reps'), winner_seed: 5, bye: false, projected: false },
        { slot: 2, a: side(2, 'Bo'), b: null, winner_seed: 2, bye: true, projected: false },
        { slot: 3, a: side(3, 'Cy'), b: null, winner_seed: 3, bye: true, projected: false },
      ],
    },
    {
      round_no: 2,
      name: 'Semi-finals',
      matches: [
        { slot: 0, a: side(1, 'Ana', '30 reps'), b: side(5, 'Ed'), winner_seed: null, bye: false, projected: false },
        { slot: 1, a: side(2, 'Bo'), b: side(3, 'Cy'), winner_seed: null, bye: false, projected: false },
      ],
    },
    {
      round_no: 3,
      name: 'Final',
      matches: [{ slot: 0, a: side(1, 'Ana'), b: side(2, 'Bo'), winner_seed: null, bye: false, projected: true }],
    },
  ],
};

describe('a bracket stage on the tournament page', () => {
  it('shows each round as a titled list of matches in words', () => {
    render(<TournamentBracket bracket={bracket} label="Knockout bracket" />);
    const group = screen.getByRole('group', { name: 'Knockout bracket' });
    const rounds = within(group).getAllByRole('heading');
    expect(rounds.map((h) => h.textContent)).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    const quarter = within(screen.getByRole('region', { name: 'Quarter-finals' })).getAllByRole('listitem');
    expect(quarter.map((li) => li.textContent)).toEqual([
      '1 Ana: a bye, goes straight on',
      '4 Di 40 reps — 5 Ed 50 reps, Ed advances',
      '2 Bo: a bye, goes straight on',
      '3 Cy: a bye, goes straight on',
    ]);
    const semis = within(screen.getByRole('region', { name: 'Semi-finals' })).getAllByRole('listitem');
    expect(semis.map((li) => li.textContent)).toEqual(['1 Ana 30 reps — 5 Ed, to be decided', '2 Bo — 3 Cy, to be decided']);
    expect(within(screen.getByRole('region', { name: 'Final' })).getByRole('listitem').textContent).toBe('1 Ana — 2 Bo (projected)');
  });

  it('names seeds not known yet by their number, and a decided match by its winner', () => {
    expect(matchText({ slot: 0, a: side(1, null), b: side(8, null), winner_seed: null, bye: false, projected: true })).toBe(
      'Seed 1 — Seed 8 (projected)',
    );
    expect(matchText({ slot: 0, a: side(1, 'Ana', '2:47'), b: side(8, 'Bo', '3:10'), winner_seed: 1, bye: false, projected: false })).toBe(
      '1 Ana 2:47 — 8 Bo 3:10, Ana advances',
    );
  });
});
