import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '#src/lib/session/session-view.ts';
import type { components } from '#openapi/schema.d.ts';

type Tournament = components['schemas']['Tournament'];
type Preview = components['schemas']['TournamentPreview'];
type Round = components['schemas']['BattleRound'];

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const now = Date.now();
const when = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The Winter Cup: a qualifier of two rounds (the first closed, the second open or closed), then a final the best 2 reach. */
const round = (round_no: number, state: Round['state'], opens: number): Round => ({
  round_no,
  opens_at: iso(opens),
  closes_at: iso(opens + HOUR),
  state,
  cut: { kind: 'keep_top', keep: 2 },
  cut_text: 'keep the best 2',
  field_size: state === 'closed' ? 3 : null,
  eliminated_count: state === 'closed' ? 1 : null,
});
const start = now - 2 * HOUR + 60_000;
const names = ['Ana', 'Bo', 'Cy'];

function cup(qualifierClosed: boolean): { tournament: Tournament; preview: Preview } {
  const seeds = qualifierClosed
    ? [
        { seed: 1, from_place: 1, user_id: 102, display_name: 'Bo' },
        { seed: 2, from_place: 2, user_id: 101, display_name: 'Ana' },
      ]
    : [];
  const qualifierRounds = [round(1, 'closed', start), round(2, qualifierClosed ? 'closed' : 'open', start + HOUR)];
  const finalRounds = [round(1, 'upcoming', start + 3 * HOUR)];
  const stage = (stage_no: number, name: string, rounds: Round[], status: 'entry' | 'live' | 'finished', advanced: boolean) => ({
    stage_no,
    name,
    format: 'battle_royale' as const,
    bracket: null,
    battle_id: 10 + stage_no,
    starts_at: rounds[0]!.opens_at,
    ends_at: rounds.at(-1)!.closes_at,
    status,
    advance: stage_no === 1 ? 2 : null,
    advanced,
    entered: stage_no === 1 ? 3 : seeds.length,
    alive: stage_no === 1 ? 2 : seeds.length,
    rounds,
    seeds: stage_no === 1 ? [] : seeds,
    me: null,
  });
  const tournament: Tournament = {
    id: 7,
    name: 'Winter Cup',
    description: '',
    creator_id: 1,
    score_type: 'reps',
    starts_at: iso(start),
    ends_at: iso(start + 4 * HOUR),
    status: 'live',
    entered: 3,
    stages: [
      stage(1, 'Qualifier', qualifierRounds, qualifierClosed ? 'finished' : 'live', qualifierClosed),
      stage(2, 'Final', finalRounds, 'entry', false),
    ],
    me: null,
    winner: null,
  };
  const previewStage = (stage_no: number, name: string, rounds: Round[]) => ({
    stage_no,
    name,
    format: 'battle_royale' as const,
    bracket: null,
    battle_id: 10 + stage_no,
    starts_at: rounds[0]!.opens_at,
    ends_at: rounds.at(-1)!.closes_at,
    projected_field: stage_no === 1 ? 3 : 2,
    advancing: stage_no === 1 ? 2 : null,
    rounds: rounds.map((r) => ({
      round_no: r.round_no,
      opens_at: r.opens_at,
      closes_at: r.closes_at,
      projected_field: 3,
      projected_keep: 2,
      cut_text: r.cut_text,
    })),
    seeds:
      stage_no === 1
        ? []
        : [1, 2].map((n) => {
            const athlete = seeds.find((s) => s.seed === n);
            return {
              seed: n,
              from_place: n,
              text: `${n === 1 ? '1st' : '2nd'} place of Qualifier`,
              athlete: athlete ? { user_id: athlete.user_id, display_name: athlete.display_name } : null,
            };
          }),
  });
  const preview: Preview = {
    tournament_id: 7,
    name: 'Winter Cup',
    status: 'live',
    entered: 3,
    stages: [previewStage(1, 'Qualifier', qualifierRounds), previewStage(2, 'Final', finalRounds)],
    // Entry order: Ana, Bo, Cy (Bo then won the qualifier).
    field: names.map((display_name, i) => ({ seed: i + 1, user_id: 101 + i, display_name })),
  };
  return { tournament, preview };
}

const state = vi.hoisted(() => ({ data: null as unknown as { tournament: unknown; preview: unknown } }));
const { GET } = vi.hoisted(() => ({
  GET: vi.fn(async (path: string) => ({
    data: path.endsWith('/preview') ? state.data.preview : state.data.tournament,
    response: new Response(null, { status: 200 }),
  })),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET, POST: GET } }));

const { TournamentPage } = await import('#src/features/battles/components/tournament-view.tsx');

function renderCup(qualifierClosed: boolean) {
  state.data = cup(qualifierClosed);
  return render(
    <SessionContext.Provider value={{ user: null, isAdmin: false, restoring: false }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TournamentPage id={7} />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}
const stageCard = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('article')!;

describe('the tournament page', () => {
  it('projects the seeding while the qualifier runs', async () => {
    renderCup(false);
    const seeding = await screen.findByRole('heading', { name: 'Projected seeding of Qualifier' });
    expect(seeding.nextElementSibling?.textContent).toBe('AnaBoCy');
    expect(within(stageCard('Stage 2: Final')).getByRole('heading', { name: 'Projected seeding', level: 4 })).toBeTruthy();
  });

  it('once the qualifier has closed, shows who went through as the real seeds, not the projection', async () => {
    renderCup(true);
    await screen.findByRole('heading', { name: 'Stage 2: Final', level: 3 });
    expect(screen.queryByText(/Projected seeding/)).toBeNull();
    const final = stageCard('Stage 2: Final');
    expect(within(final).getByRole('heading', { name: 'Seeding', level: 4 })).toBeTruthy();
    expect(within(final).getByText('Qualifier has closed: its best 2 went through, seeded by their place.')).toBeTruthy();
    expect([...final.querySelectorAll('.tournament-seeds li')].map((li) => li.textContent)).toEqual([
      'Seed 1: Bo (1st place of Qualifier)',
      'Seed 2: Ana (2nd place of Qualifier)',
    ]);
  });

  it('says when a closed round closed, when an open one closes and when an upcoming one opens; a stage’s one rule once', async () => {
    renderCup(false);
    const rounds = (name: string) => [...stageCard(name).querySelectorAll('.tournament-rounds li')].map((li) => li.textContent);
    await screen.findByRole('heading', { name: 'Projected seeding of Qualifier' });
    // Both qualifier rounds keep the best 2: the stage says so once, not on each round.
    expect(
      within(stageCard('Stage 1: Qualifier'))
        .getAllByText(/keep the best 2/)
        .map((e) => e.textContent),
    ).toEqual(['In every round, keep the best 2.']);
    expect(rounds('Stage 1: Qualifier')).toEqual([
      `Round 1 (closed ${when(start + HOUR)}) · 1 of 3 out`,
      `Round 2 (open now, closes ${when(start + 2 * HOUR)}) · projected 3 → 2`,
    ]);
    // A stage of one round says its rule on that round.
    expect(rounds('Stage 2: Final')).toEqual([`Round 1 (upcoming, opens ${when(start + 3 * HOUR)}): keep the best 2 · projected 3 → 2`]);
  });
});
