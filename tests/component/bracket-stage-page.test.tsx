import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { emitRealtimeMessage } from '#src/lib/realtime.ts';
import { SessionContext } from '#src/lib/session/session-view.ts';
import type { SessionUser } from '#src/lib/session/session-view.ts';
import type { components } from '#openapi/schema.d.ts';

type Battle = components['schemas']['Battle'];
type BattleBracket = components['schemas']['BattleBracket'];

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const now = Date.now();
const side = (seed: number, name: string, score_text: string | null = null) => ({
  seed,
  user_id: 100 + seed,
  display_name: name,
  score_text,
});

/** Stage 2 of the Knockout Cup: a bracket of 4; the semi-finals closed (Cy, seed 3, beat Bo), the final open now. */
const battle = (me: Battle['me']): Battle => ({
  id: 42,
  name: 'Knockout Cup · Knockout',
  format: 'bracket_tournament',
  description: 'Stage of the tournament Knockout Cup.',
  creator_id: 1,
  score_type: 'reps',
  time_cap_ms: null,
  reps_per_round: null,
  has_tiebreak: false,
  judged_video: false,
  attempts_per_round: 2,
  starts_at: iso(now - 2 * HOUR),
  ends_at: iso(now + 20 * HOUR),
  status: 'live',
  current_round: 2,
  entered: 4,
  alive: 2,
  rounds: [
    {
      round_no: 1,
      opens_at: iso(now - 2 * HOUR),
      closes_at: iso(now - HOUR),
      state: 'closed',
      cut: { kind: 'head_to_head' },
      cut_text: 'head to head',
      field_size: 4,
      eliminated_count: 2,
    },
    {
      round_no: 2,
      opens_at: iso(now - HOUR),
      closes_at: iso(now + 20 * HOUR),
      state: 'open',
      cut: { kind: 'head_to_head' },
      cut_text: 'head to head',
      field_size: null,
      eliminated_count: null,
    },
  ],
  me,
  winner: null,
});

const semis = {
  round_no: 1,
  name: 'Semi-finals',
  matches: [
    { slot: 0, a: side(1, 'Ana', '30 reps'), b: side(4, 'Di', '20 reps'), winner_seed: 1, bye: false, projected: false },
    { slot: 1, a: side(2, 'Bo', '25 reps'), b: side(3, 'Cy', '28 reps'), winner_seed: 3, bye: false, projected: false },
  ],
};
const bracketWith = (anaFinal: string | null): BattleBracket => ({
  battle_id: 42,
  tournament_id: 7,
  tournament_name: 'Knockout Cup',
  stage_no: 2,
  stage_name: 'Knockout',
  bracket: {
    rounds: [
      semis,
      {
        round_no: 2,
        name: 'Final',
        matches: [{ slot: 0, a: side(1, 'Ana', anaFinal), b: side(3, 'Cy'), winner_seed: null, bye: false, projected: false }],
      },
    ],
  },
});

const state = vi.hoisted(() => ({ me: null as unknown, bracket: null as unknown, hold: null as Promise<void> | null }));
const { GET } = vi.hoisted(() => ({
  GET: vi.fn(async (path: string, _init: unknown) => {
    // A held read answers what the server had when it was asked, once released.
    if (path.endsWith('/bracket') && state.hold) {
      const asked = state.bracket;
      const hold = state.hold;
      state.hold = null;
      await hold;
      return { data: asked, response: new Response(null, { status: 200 }) };
    }
    const data = path.endsWith('/bracket')
      ? state.bracket
      : path.endsWith('/my-attempts')
        ? { items: [] }
        : path.includes('/commentary/')
          ? { items: [] }
          : battle(state.me as Battle['me']);
    return { data, response: new Response(null, { status: 200 }) };
  }),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET, POST: GET } }));

const { default: BattlePage } = await import('#src/features/battles/pages/individual-battle-royale-page.tsx');

function renderAs(userId: number | null) {
  window.history.pushState({}, '', '/individual-battle-royale-page?id=42');
  const user = userId === null ? null : ({ wp_user_id: userId, display_name: 'Someone' } as unknown as SessionUser);
  return render(
    <SessionContext.Provider value={{ user, isAdmin: false, restoring: false }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <BattlePage />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}
const texts = (el: HTMLElement) =>
  within(el)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe("a bracket stage's own battle page", () => {
  it('shows the bracket, not a royale board: rounds as lists of matches, the loser out, my open match with the attempt form', async () => {
    state.me = { entered_at: iso(now - 3 * HOUR), eliminated_round: null, final_place: null };
    state.bracket = bracketWith(null);
    renderAs(101);
    const bracket = await screen.findByRole('group', { name: 'Knockout bracket' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Round 1:/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Knockout Cup' }).getAttribute('href')).toBe('/battle-hub?tournament=7');
    // One line says which stage of which tournament this is (not the stage's description as well).
    expect(screen.getAllByText(/of the tournament|Stage 2 of/).map((p) => p.textContent)).toEqual([
      'Stage 2 of Knockout Cup: a bracket, each match head to head.',
    ]);

    const semiFinals = within(bracket).getByRole('region', { name: 'Semi-finals' });
    expect(within(semiFinals).getByText(/^Closed /)).toBeTruthy();
    expect(texts(semiFinals)).toEqual([
      'Match 1 DecidedSeed 1Ana (you)30 repsGoes onSeed 4Di20 repsOut',
      'Match 2 DecidedSeed 2Bo25 repsOutSeed 3Cy28 repsGoes on',
    ]);
    // The loser is greyed (and says "Out" in words).
    expect(within(semiFinals).getByText('Bo').closest('.bracket-side')?.classList.contains('is-out')).toBe(true);

    const final = within(bracket).getByRole('region', { name: 'Final' });
    expect(within(final).getByText(/^Open now, closes /)).toBeTruthy();
    const mine = within(final).getByRole('listitem');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(mine.textContent).toBe('Match 1 Your match: playing nowSeed 1Ana (you)No scoreSeed 3CyNo score');

    const card = screen.getByRole('heading', { name: 'Your match: Final', level: 2 }).closest('article')!;
    expect(within(card).getByText(/You \(seed 1\) against Cy \(seed 3\)\. Submit your attempts before/)).toBeTruthy();
    expect(within(card).getByRole('form', { name: 'Submit an attempt to round 2' })).toBeTruthy();
  });

  it('refreshes the bracket when the battle room says an attempt was scored', async () => {
    state.me = { entered_at: iso(now - 3 * HOUR), eliminated_round: null, final_place: null };
    state.bracket = bracketWith(null);
    renderAs(101);
    const final = await screen.findByRole('region', { name: 'Final' });
    expect(within(final).queryByText('40 reps')).toBeNull();
    state.bracket = bracketWith('40 reps');
    act(() => emitRealtimeMessage({ type: 'battle_attempt_scored', battle_id: 42, round_no: 2, user_id: 101 }));
    expect(await within(final).findByText('40 reps')).toBeTruthy();
    expect(screen.getByText('Your best: 40 reps · Cy’s best: no score yet')).toBeTruthy();
  });

  it('reads the battle again once its socket is in the room: a round that closed before the join still shows', async () => {
    state.me = { entered_at: iso(now - 3 * HOUR), eliminated_round: null, final_place: null };
    state.bracket = bracketWith(null);
    renderAs(101);
    await screen.findByRole('heading', { name: 'Your match: Final', level: 2 });
    // The final closed (Ana out) while the page's socket was still connecting: the room's message went unheard.
    state.me = { entered_at: iso(now - 3 * HOUR), eliminated_round: 2, final_place: null };
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'battle:41' }));
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'battle:42' }));
    expect(await screen.findByText('You were knocked out in the final and cannot submit again.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a room message during the bracket’s first read reads it again: the first answer may predate the change', async () => {
    state.me = { entered_at: iso(now - 3 * HOUR), eliminated_round: null, final_place: null };
    state.bracket = bracketWith(null);
    let release = () => {};
    state.hold = new Promise<void>((resolve) => (release = resolve));
    renderAs(101);
    await screen.findByText('Loading the bracket…');
    // Ana scores while the first read is on its way; the room says so before that read answers.
    state.bracket = bracketWith('40 reps');
    act(() => emitRealtimeMessage({ type: 'battle_attempt_scored', battle_id: 42, round_no: 2, user_id: 101 }));
    await act(async () => release());
    const final = await screen.findByRole('region', { name: 'Final' });
    expect(await within(final).findByText('40 reps')).toBeTruthy();
  });

  it('tells a knocked-out athlete they cannot submit, and a visitor to sign in; neither gets the form', async () => {
    state.me = { entered_at: iso(now - 3 * HOUR), eliminated_round: 1, final_place: null };
    state.bracket = bracketWith(null);
    const { unmount } = renderAs(102);
    expect(await screen.findByText('You were knocked out in the semi-finals and cannot submit again.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    unmount();

    state.me = null;
    renderAs(null);
    await screen.findByRole('group', { name: 'Knockout bracket' });
    expect(screen.getByText(/to see your match and submit your attempts/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enter this battle' })).toBeNull();
  });
});
