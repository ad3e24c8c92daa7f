import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '#openapi/schema.d.ts';

// An administrator works through the payouts queue: a payout they approve, then mark paid, stays in the queue saying
// so (the server's open queue no longer lists it once paid, and reading it again at once dropped the row before the
// administrator saw "Paid": the creators e2e flake).

type ReviewedPayout = components['schemas']['ReviewedPayout'];

const server = vi.hoisted(() => ({ status: 'requested' as string, queueReads: 0 }));
const payout = (status: string): ReviewedPayout => ({
  id: 5,
  amount_cents: 4500,
  currency: 'usd',
  status: status as ReviewedPayout['status'],
  requested_at: '2026-12-01T10:00:00Z',
  decided_at: status === 'requested' ? null : '2026-12-02T10:00:00Z',
  paid_at: status === 'paid' ? '2026-12-02T11:00:00Z' : null,
  reason: null,
  transfer_id: null,
  creator: { wp_user_id: 9, display_name: 'Coach Pia' },
});
const { GET, POST } = vi.hoisted(() => ({
  GET: vi.fn(async (_path: string, _init: unknown) => {
    server.queueReads += 1;
    // The open queue: requested and approved payouts only.
    const items = server.status === 'requested' || server.status === 'approved' ? [payout(server.status)] : [];
    return { data: { items }, response: new Response(null, { status: 200 }) };
  }),
  POST: vi.fn(async (_path: string, init: { body: { decision: string } }) => {
    server.status = init.body.decision === 'approve' ? 'approved' : init.body.decision === 'paid' ? 'paid' : 'rejected';
    const { creator: _creator, ...rest } = payout(server.status);
    return { data: rest, response: new Response(null, { status: 200 }) };
  }),
}));
vi.mock('#src/api/client.ts', () => ({ api: { GET }, secureApi: { GET, POST } }));

const { PayoutReview } = await import('#src/features/creators/components/payout-review.tsx');

describe('the payouts queue', () => {
  it('a payout approved then marked paid stays in the queue saying Paid, with nothing left to do on it', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PayoutReview />
      </QueryClientProvider>,
    );
    const queue = await screen.findByRole('list', { name: 'Payouts waiting for a decision' });
    expect(within(queue).getByText('Waiting for review')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve $45.00 for Coach Pia' }));
    expect(await within(queue).findByText('Approved, being paid')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark $45.00 for Coach Pia paid' }));
    expect(await within(queue).findByText('Paid')).toBeTruthy();
    // Whatever else the decision refreshes, the queue is not read again under the administrator's eyes.
    await new Promise((r) => setTimeout(r, 100));
    expect(server.queueReads).toBe(1);
    expect(within(screen.getByRole('list', { name: 'Payouts waiting for a decision' })).getByText('Paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Coach Pia/ })).toBeNull();
    expect(screen.queryByText('No payout is waiting for a decision.')).toBeNull();
    // Two decisions through the row's chart, each a render and a read: 1.3 s idle, over 5 s at load 40 (4 Dec).
  }, 15_000);
});
