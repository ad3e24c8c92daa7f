import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emitRealtimeMessage } from '#src/lib/realtime.ts';
import type { SquadNegotiation } from '#src/features/battles/api/negotiation.ts';
import type { components } from '#openapi/schema.d.ts';

type Line = components['schemas']['CommentaryLine'];
const line = (id: number, battleId: number, text: string): Line => ({
  id,
  challenge_id: null,
  attempt_id: null,
  battle_id: battleId,
  kind: 'battle_cut',
  text,
  published_at: new Date().toISOString(),
});

const { GET } = vi.hoisted(() => ({
  GET: vi.fn(async (_path: string, _init: unknown) => ({
    data: { items: [] as Line[] },
    response: new Response(null, { status: 200 }),
  })),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET } }));

const negotiation: SquadNegotiation = {
  enabled: true,
  trades_per_round: 1,
  round_no: 2,
  squads: [
    { team_id: 1, name: 'Red Squad', standing: true, held: 1, declared: 0, spent: 0, trades_this_round: 0 },
    { team_id: 2, name: 'Blue Squad', standing: true, held: 1, declared: 0, spent: 0, trades_this_round: 0 },
  ],
  open_pacts: [
    { id: 7, round_no: 2, kind: 'offer', from_team_id: 2, to_team_id: 1, note: '', status: 'open', created_at: new Date().toISOString() },
    { id: 8, round_no: 2, kind: 'request', from_team_id: 2, to_team_id: 1, note: '', status: 'open', created_at: new Date().toISOString() },
  ],
  log: [],
  my: null,
} as SquadNegotiation;

vi.mock('#src/features/battles/api/negotiation.ts', () => ({
  useSquadNegotiation: () => ({ isPending: false, isError: false, error: null, data: negotiation, refetch: () => {} }),
  useProposePact: () => ({}),
  useAnswerPact: () => ({}),
  useSpendToken: () => ({}),
}));

const { default: CommentaryStrip } = await import('#src/components/commentary-strip.tsx');
const { NegotiationPanel } = await import('#src/features/battles/components/negotiation-panel.tsx');

const withQueries = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe("a battle page's live words", () => {
  it('shows the published commentary of its battle, and each new line the moment it is published', async () => {
    GET.mockResolvedValueOnce({
      data: { items: [line(1, 5, 'Round 1 of Royale is closed: Cy and Di fall at the cut.')] },
      response: new Response(null, { status: 200 }),
    });
    withQueries(<CommentaryStrip battleId={5} />);
    const strip = await screen.findByRole('region', { name: 'Live commentary' });
    expect(GET).toHaveBeenCalledWith('/api/commentary/battles/{battleId}/lines', {
      params: { path: { battleId: 5 }, query: { limit: 3 } },
    });
    expect(within(strip).getByText(/Cy and Di fall at the cut/)).toBeTruthy();
    act(() => {
      emitRealtimeMessage({ type: 'commentary_published', line: line(2, 6, 'Another battle’s line.') });
      emitRealtimeMessage({ type: 'commentary_published', line: line(3, 5, 'Ana wins Royale!') });
    });
    // React Query tells its observers on the next tick.
    await within(strip).findByText('Ana wins Royale!');
    const items = within(strip)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Ana wins Royale!', 'Round 1 of Royale is closed: Cy and Di fall at the cut.']);
  });

  it('says, politely and live, who declined whose offer and who withdrew theirs', async () => {
    withQueries(<NegotiationPanel battleId={4} />);
    act(() => emitRealtimeMessage({ type: 'pact_declined', battle_id: 4, pact_id: 7, from_team_id: 2, to_team_id: 1 }));
    const status = screen.getAllByRole('status').find((s) => s.textContent);
    expect(status?.textContent).toBe('Red Squad declined Blue Squad’s offer.');
    act(() => emitRealtimeMessage({ type: 'pact_withdrawn', battle_id: 4, pact_id: 8, from_team_id: 2, to_team_id: 1 }));
    expect(screen.getByText('Blue Squad withdrew its request to Red Squad.')).toBeTruthy();
    // Another battle's pacts are not this page's news.
    act(() => emitRealtimeMessage({ type: 'pact_declined', battle_id: 9, pact_id: 1, from_team_id: 1, to_team_id: 2 }));
    expect(screen.getByText('Blue Squad withdrew its request to Red Squad.')).toBeTruthy();
  });
});
