import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { emitRealtimeMessage } from '#src/lib/realtime.ts';
import { SessionContext, type SessionUser } from '#src/lib/session/session-view.ts';
import type { components } from '#openapi/schema.d.ts';

// A squad battle's page announces a round's close from the room's `squad_round_closed` message. A page whose socket
// was away when that message went out (it reconnected after the clock moved, or was still joining) reads the battle
// again when it is let back into the room; a round that closed meanwhile is then told from that round's own board, in
// the same words the message would have given.

type SquadBattle = components['schemas']['SquadBattle'];
type SquadBoard = components['schemas']['SquadBoard'];
type Round = components['schemas']['BattleRound'];

const HOUR = 3_600_000;
const start = Date.now() - 2 * HOUR + 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const ME = 11;
const members = {
  bear: [
    { user_id: ME, display_name: 'Di Pact' },
    { user_id: 12, display_name: 'Ben Pact' },
  ],
  wolf: [
    { user_id: 21, display_name: 'Mo Pact' },
    { user_id: 22, display_name: 'Max Pact' },
  ],
};

/** The battle after `closed` rounds: in round 1 nobody fell; in round 2 Di (Bear Den, 3rd) and Mo (Wolf Pack, 4th) fell. */
function battle(closed: number): SquadBattle {
  const round = (n: number): Round => ({
    round_no: n,
    opens_at: iso(start + (n - 1) * HOUR),
    closes_at: iso(start + n * HOUR),
    state: n <= closed ? 'closed' : n === closed + 1 ? 'open' : 'upcoming',
    cut: { kind: 'squad_cut', count: 1 } as unknown as Round['cut'],
    cut_text: 'the lowest-ranked living member of each squad is eliminated',
    field_size: n <= closed ? 4 : null,
    eliminated_count: n <= closed ? (n === 2 ? 2 : 0) : null,
  });
  return {
    battle: {
      id: 5,
      name: 'Pact Night',
      format: 'squad_decimation',
      description: '',
      creator_id: 1,
      score_type: 'reps',
      time_cap_ms: null,
      reps_per_round: null,
      has_tiebreak: false,
      judged_video: false,
      attempts_per_round: 1,
      starts_at: iso(start),
      ends_at: iso(start + 3 * HOUR),
      status: 'live',
      current_round: closed + 1,
      entered: 4,
      alive: closed >= 2 ? 2 : 4,
      rounds: [1, 2, 3].map(round),
      me: { entered_at: iso(start - HOUR), eliminated_round: closed >= 2 ? 2 : null, final_place: null },
      winner: null,
    } as SquadBattle['battle'],
    squad_size: 2,
    cut_per_squad: 1,
    immunity: false,
    trades_per_round: 0,
    rules: ['The lowest-ranked living member of each squad is eliminated.'],
    squads: [
      { team_id: 1, name: 'Bear Den', captain_id: 12, size: 2, living: closed >= 2 ? 1 : 2, out_round: null, final_place: null },
      { team_id: 2, name: 'Wolf Pack', captain_id: 22, size: 2, living: closed >= 2 ? 1 : 2, out_round: null, final_place: null },
    ],
    my_team_id: 1,
    winner_team_id: null,
  };
}

function board(round: number, closed: number): SquadBoard {
  const fell = (id: number) => (closed >= 2 && (id === ME || id === 21) ? 2 : null);
  const place: Record<number, number> = { 22: 1, 12: 2, [ME]: 3, 21: 4 };
  const squad = (team_id: number, name: string, list: { user_id: number; display_name: string }[], at: number) => ({
    place: at,
    team_id,
    name,
    in_round: 2,
    total_places: null,
    out_round: null,
    members: list.map((m) => ({
      ...m,
      place: round <= 2 ? (place[m.user_id] ?? null) : fell(m.user_id) ? null : place[m.user_id]!,
      score_text: '10 reps',
      eliminated_round: fell(m.user_id),
      on_the_block: false,
      protected: false,
    })),
  });
  return {
    round_no: round,
    closed: round <= closed,
    field: 4,
    scored: 4,
    squads: [squad(2, 'Wolf Pack', members.wolf, 1), squad(1, 'Bear Den', members.bear, 2)],
  } as SquadBoard;
}

const server = vi.hoisted(() => ({ closed: 1, boardReads: [] as (number | null)[] }));
const { GET } = vi.hoisted(() => ({
  GET: vi.fn(async (path: string, init?: { params?: { query?: { round?: number } } }) => {
    const ok = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) });
    if (path === '/api/squad-decimation/battles/{battleId}') return ok(battle(server.closed));
    if (path === '/api/squad-decimation/battles/{battleId}/board') {
      const round = init?.params?.query?.round ?? null;
      server.boardReads.push(round);
      return ok(board(round ?? Math.min(server.closed + 1, 3), server.closed));
    }
    return ok({ items: [] });
  }),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET, POST: GET } }));

const { default: SquadDecimationBattlePage } = await import('#src/features/battles/pages/squad-decimation-battle-page.tsx');

function renderPage() {
  window.history.replaceState(null, '', '/squad-decimation-battle-page?id=5');
  const user = { wp_user_id: ME, display_name: 'Di Pact' } as unknown as SessionUser;
  return render(
    <SessionContext.Provider value={{ user, isAdmin: false, restoring: false }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SquadDecimationBattlePage />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}

const ROUND_2 = 'Round 2 closed: you (Bear Den) and Mo Pact (Wolf Pack) fell.';
const reveal = () => document.querySelector('.battle-reveal')?.textContent ?? null;

describe('a squad battle page and its room', () => {
  it('tells a round that closed while its socket was away once it is back in the room, from that round’s board', async () => {
    server.closed = 1;
    renderPage();
    await screen.findByRole('heading', { name: 'Pact Night', level: 1 });
    // Round 1 had closed before the page opened: nothing is announced for it.
    expect(reveal()).toBeNull();
    // Round 2 closes while the socket is away; its message never reaches the page. The socket comes back.
    server.closed = 2;
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'battle:5' }));
    await screen.findByText(ROUND_2);
    expect(server.boardReads).toContain(2);
    // Back again later with nothing new: the same close is not told twice (and nothing else is).
    const reads = server.boardReads.length;
    act(() => emitRealtimeMessage({ type: 'joined', room_id: 'battle:5' }));
    await act(async () => new Promise((r) => setTimeout(r, 30)));
    expect(reveal()).toBe(ROUND_2);
    expect(server.boardReads.slice(reads)).not.toContain(2);
  });

  it('a close heard from the room is told from the message, in the same words, and not read back again', async () => {
    server.closed = 1;
    server.boardReads = [];
    renderPage();
    await screen.findByRole('heading', { name: 'Pact Night', level: 1 });
    await screen.findByText('Mo Pact');
    server.closed = 2;
    act(() =>
      emitRealtimeMessage({
        type: 'squad_round_closed',
        battle_id: 5,
        round_no: 2,
        eliminated: [
          { user_id: ME, team_id: 1, place: 3 },
          { user_id: 21, team_id: 2, place: 4 },
        ],
        squads_out: [],
        winner_team_id: null,
        finished: false,
      }),
    );
    expect(reveal()).toBe(ROUND_2);
    await act(async () => new Promise((r) => setTimeout(r, 30)));
    expect(server.boardReads).not.toContain(2);
  });
});
