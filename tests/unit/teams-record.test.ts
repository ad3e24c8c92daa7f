import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { recordOf } from '#src/features/teams/record.ts';
import type { TeamChallengeEntry } from '#src/features/teams/api/teams.ts';

const entry = (over: Partial<TeamChallengeEntry>): TeamChallengeEntry => ({
  challenge_id: 1,
  title: 'Rows',
  status: 'closed',
  starts_at: '2026-10-01T00:00:00.000Z',
  ends_at: '2026-10-08T00:00:00.000Z',
  entered_at: '2026-10-01T00:00:00.000Z',
  challenge_team_id: 1,
  competitors: 3,
  place: 1,
  teams: 4,
  aggregate: '90 reps',
  ...over,
});

describe("a team's record", () => {
  it('keeps finished challenges with a counted place, oldest first, as the share of other teams beaten', () => {
    const record = recordOf([
      entry({ challenge_id: 3, ends_at: '2026-11-08T00:00:00.000Z', place: 4, teams: 4 }),
      entry({ challenge_id: 2, status: 'open', place: 1 }),
      entry({ challenge_id: 4, place: null }),
      entry({ challenge_id: 5, ends_at: '2026-09-01T00:00:00.000Z', place: 1, teams: 1 }),
      entry({ challenge_id: 6, ends_at: '2026-10-08T00:00:00.000Z', place: 2, teams: 5 }),
    ]);
    expect(record.map((p) => [p.challengeId, p.place, p.teams, p.beaten])).toEqual([
      [5, 1, 1, 100],
      [6, 2, 5, 75],
      [3, 4, 4, 0],
    ]);
  });

  it('puts every finish between 0% and 100%, a win at 100% and last place at 0%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const teams = Math.max(a, b);
        const place = Math.min(a, b);
        const [p] = recordOf([entry({ place, teams })]);
        expect(p!.beaten).toBeGreaterThanOrEqual(0);
        expect(p!.beaten).toBeLessThanOrEqual(100);
        if (place === 1) expect(p!.beaten).toBe(100);
        if (place === teams && teams > 1) expect(p!.beaten).toBe(0);
      }),
    );
  });
});
