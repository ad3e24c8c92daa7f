import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreatorListing, CreatorSubscription } from '#src/features/creators/api/creators.ts';

const subscribe = vi.fn(async (tierId: number) => ({ subscription: { id: 1, tier_id: tierId }, checkout_url: null }));
const tier = (id: number, creatorId: number, name: string) => ({
  id,
  creator_id: creatorId,
  name,
  price_cents: 799,
  currency: 'usd' as const,
  benefits: 'Weekly plans',
  archived: false,
  active_subscribers: 0,
});
const creators: { items: CreatorListing[]; provider: 'local' | 'stripe' } = {
  provider: 'local',
  items: [
    { creator_id: 5, display_name: 'Coach Cara', subscribers: 0, tiers: [tier(1, 5, 'Training Club')] },
    { creator_id: 9, display_name: 'Me Myself', subscribers: 0, tiers: [tier(2, 9, 'My Club')] },
  ],
};
const mine: { items: CreatorSubscription[] } = { items: [] };
const query = <T,>(data: T) => ({
  status: 'success',
  isPending: false,
  isError: false,
  isSuccess: true,
  data,
  error: null,
  refetch: vi.fn(),
});
const mutation = (mutateAsync: unknown) => ({ mutate: vi.fn(), mutateAsync, isPending: false, error: null });

// The page as an athlete (user 9, a creator too) sees it, with what the server answered provided.
vi.mock('#src/features/creators/api/creators.ts', () => ({
  useCreators: () => query(creators),
  useMySubscriptions: () => query(mine),
  useSubscribe: () => mutation(subscribe),
  useChangeSubscription: () => mutation(vi.fn()),
}));
vi.mock('#src/lib/session/session-view.ts', () => ({ useSessionView: () => ({ user: { wp_user_id: 9 } }) }));

const { default: CreatorSubscriptionsPage } = await import('#src/features/creators/pages/creator-subscriptions-page.tsx');

describe('the creator subscriptions page', () => {
  it('labels the test provider, subscribes to another creator’s tier and never offers your own', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CreatorSubscriptionsPage />);
    expect(screen.getByRole('note').textContent).toContain('Test mode: no money moves');
    expect(screen.getByText('You do not subscribe to any creator yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe to My Club' })).toBeNull();
    expect(screen.getByText(/Your own tier/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Subscribe to Training Club' }));
    expect(subscribe).toHaveBeenCalledWith(1);
    expect((await screen.findByRole('status')).textContent).toContain('Subscribed to Training Club');
  });

  it('shows a cancelled subscription with its end date and a way to resubscribe', () => {
    mine.items = [
      {
        id: 4,
        tier_id: 1,
        tier_name: 'Training Club',
        creator_id: 5,
        creator_name: 'Coach Cara',
        price_cents: 799,
        currency: 'usd',
        status: 'active',
        has_access: true,
        cancel_at_period_end: true,
        current_period_end: '2027-01-15T10:00:00Z',
        provider: 'local',
        started_at: '2026-12-16T10:00:00Z',
      },
    ];
    render(<CreatorSubscriptionsPage />);
    const row = screen.getAllByRole('listitem').find((li) => li.textContent?.includes('Access until'))!;
    expect(row.textContent).toContain('Cancelled');
    expect(row.textContent).toContain('it will not renew');
    expect(within(row).getByRole('button', { name: 'Resubscribe' })).toBeTruthy();
  });
});
