import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '#src/lib/session/session-view.ts';

// A viewer who chose imperial units: every score the API writes in metric ("102.058 kg") reads in pounds and miles.
vi.mock('#src/lib/units.ts', () => ({ useUnitPreference: () => 'imperial' }));

const query = <T,>(data: T) => ({
  status: 'success',
  isPending: false,
  isError: false,
  isSuccess: true,
  data,
  error: null,
  refetch: vi.fn(),
});
const mutation = () => ({ mutate: vi.fn(), mutateAsync: vi.fn(), isPending: false, error: null });
const SQUAT = '102.058 kg'; // 225 lb
const RUN = '16.093 km'; // 10 mi (shorter runs read in metres whatever the preference)

const submission = {
  challenge: { id: 4, title: 'Squat day', score_type: 'load' },
  score: { id: 9, status: 'finished', display: SQUAT, verification: 'verified', submitted_at: '2026-12-01T10:00:00.000Z' },
  is_best: true,
  rank: 3,
  place: { rank: 3, of: 12, board: 'Women Rx', category: 'female', division: 'rx' },
  kudos: 0,
};
vi.mock('#src/features/landing/api/home.ts', () => ({
  useAccountSummary: () => ({ challenges: query({ items: [] }), submissions: query({ items: [submission] }) }),
  useHomeFeed: () =>
    query({
      open_challenges: [],
      todays_leaders: [
        { challenge: { id: 4, title: 'Squat day' }, athlete: { wp_user_id: 2, display_name: 'Ana' }, display: SQUAT, division: 'rx' },
      ],
      recent_records: [
        {
          id: 1,
          athlete: { wp_user_id: 3, display_name: 'Ben' },
          test_name: '10 mile run',
          value: '16.093',
          unit: 'km',
          normalized_score: 500,
          achieved_on: '2026-12-01',
          submitted_at: new Date().toISOString(),
        },
      ],
    }),
}));
vi.mock('#src/features/theater/api/theater.ts', () => ({
  useTheater: () =>
    query({
      items: [
        {
          score_id: 5,
          athlete: { wp_user_id: 2, display_name: 'Ana' },
          display: RUN,
          verification: 'verified',
          votes: { up: 0, down: 0, mine: null },
          mine: true,
          video: null,
        },
      ],
    }),
  useVote: () => mutation(),
}));
vi.mock('#src/features/teams/api/teams.ts', () => ({ useRemoveMember: () => mutation(), useSetRole: () => mutation() }));

const { AccountSummary } = await import('#src/features/landing/components/account-summary.tsx');
const { LivePanels } = await import('#src/features/landing/components/live-panels.tsx');
const { TheaterSection } = await import('#src/features/theater/components/theater-section.tsx');
const { MemberList } = await import('#src/features/teams/components/member-list.tsx');
const { VideoVerdicts } = await import('#src/features/challenges/components/video-verdicts.tsx');
const { ScoreState } = await import('#src/features/challenges/components/score-state.tsx');

const viewer = { wp_user_id: 2, display_name: 'Ana', wp_role: 'subscriber' };
function Signed({ children, client = new QueryClient() }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={{ user: viewer as never, isAdmin: false, restoring: false }}>{children}</SessionContext.Provider>
    </QueryClientProvider>
  );
}

describe('a viewer on pounds and miles', () => {
  it('sees the home summary’s latest result in lb, with its place naming the board', async () => {
    render(
      <Signed>
        <AccountSummary />
      </Signed>,
    );
    // A signed-in summary loads on demand (a visitor's home does without it).
    expect(await screen.findByText('225 lb')).toBeTruthy();
    expect(screen.queryByText(SQUAT)).toBeNull();
    expect(screen.getByText('3rd of 12 · Women Rx')).toBeTruthy();
  });

  it('sees today’s leaders in lb and the records ticker in mi', () => {
    render(
      <Signed>
        <LivePanels />
      </Signed>,
    );
    expect(screen.getByText('225 lb')).toBeTruthy();
    expect(screen.getByText('10 mi')).toBeTruthy();
    expect(document.body.textContent).not.toContain('kg');
  });

  it('sees the theater’s scores in mi', () => {
    render(
      <Signed>
        <TheaterSection challengeId={4} />
      </Signed>,
    );
    expect(document.body.textContent).toContain('10 mi');
    expect(document.body.textContent).not.toContain('km');
  });

  it('sees a team member’s recent results in lb', () => {
    const team = {
      id: 1,
      name: 'Bandits',
      members: [
        {
          user_id: 3,
          display_name: 'Ben',
          role: 'member',
          recent_results: [{ challenge_id: 4, challenge_title: 'Squat day', display: SQUAT, submitted_at: '2026-12-01T10:00:00.000Z' }],
        },
      ],
    };
    render(
      <Signed>
        <MemberList team={team as never} viewerId={2} isAdmin={false} />
      </Signed>,
    );
    expect(screen.getByText('Squat day: 225 lb')).toBeTruthy();
  });

  it('sees a judged video’s score, and what it was before the penalty, in lb', async () => {
    const client = new QueryClient();
    client.setQueryData(['judging', 'mine'], {
      items: [
        {
          score_id: 9,
          challenge: { id: 4, title: 'Squat day' },
          division: 'rx',
          display: '91.852 kg',
          original_display: SQUAT,
          place: null,
          state: 'judged',
          claim: null,
          verdict: 'penalized',
          penalty_percent: 10,
          reason: 'Depth',
          marks: [],
          appealed_at: null,
          appeal: null,
          video: null,
          theater: false,
        },
      ],
    });
    render(
      <Signed client={client}>
        <VideoVerdicts />
      </Signed>,
    );
    expect(await screen.findByText('Squat day: 202 lb')).toBeTruthy();
    expect(document.body.textContent).toContain('from 225 lb');
  });

  it('sees a score adjusted by a judge “from” its old value in lb', () => {
    render(
      <Signed>
        <ScoreState
          score={
            {
              id: 1,
              status: 'finished',
              value: 91_852,
              display: '91.852 kg',
              verification: 'verified',
              submitted_at: '2026-12-01T10:00:00.000Z',
              adjusted: { verdict: 'penalized', penalty_percent: 10, from_display: SQUAT, reason: null },
            } as never
          }
          isBest
        />
      </Signed>,
    );
    expect(document.body.textContent).toContain('From 225 lb by a judge');
  });
});
