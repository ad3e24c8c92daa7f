import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreatorDashboard } from '#src/features/creators/api/creators.ts';

const requestPayout = vi.fn(async (body: { amount_cents: number; currency: string }) => ({ id: 1, ...body }));
const createTier = vi.fn();
const startOnboarding = vi.fn();
const createCampaign = vi.fn(async (body: { name: string }) => ({
  id: 9,
  name: body.name,
  code: 'Zz9',
  link: '/api/creators/campaigns/Zz9/go',
}));
const setPaused = vi.fn(async (action: 'pause' | 'resume') => ({ id: 4, status: action === 'pause' ? 'paused' : 'running' }));
const dashboard: CreatorDashboard = {
  subscribers: 2,
  mrr: [{ currency: 'usd', amount_cents: 4998 }],
  balances: [
    { currency: 'usd', gross_cents: 4998, fee_cents: 498, available_cents: 4500, pending_cents: 0, paid_out_cents: 0, refunded_cents: 0 },
  ],
  fee_percent: 10,
  payout_min_cents: 2000,
  hold_days: 7,
  provider: 'local',
  payouts_via: 'manual',
  payout_account: false,
  payout_account_status: null,
  tiers: [
    { id: 3, creator_id: 9, name: 'Gold', price_cents: 2499, currency: 'usd', benefits: 'Plans', archived: false, active_subscribers: 2 },
  ],
  payouts: [],
};
const query = <T,>(data: T) => ({
  status: 'success',
  isPending: false,
  isError: false,
  isSuccess: true,
  data,
  error: null,
  refetch: vi.fn(),
});
const mutation = (mutateAsync: unknown, mutate: unknown = vi.fn()) => ({ mutate, mutateAsync, isPending: false, error: null });

// The dashboard as the creator sees it, with what the server answered provided (no session, no network).
vi.mock('#src/features/creators/api/creators.ts', () => ({
  useCreatorDashboard: () => query(dashboard),
  useRequestPayout: () => mutation(requestPayout),
  useCreateTier: () => mutation(vi.fn(), createTier),
  useArchiveTier: () => mutation(vi.fn()),
  useCampaigns: (days: number) => campaignsQuery(days),
  useMyChallenges: () =>
    query({
      items: [
        { id: 12, title: 'Burpee week', visibility: 'public', status: 'open' },
        { id: 13, title: 'Old', visibility: 'public', status: 'closed' },
      ],
    }),
  useCreateCampaign: () => mutation(createCampaign),
  useSetCampaignPaused: () => mutation(setPaused),
  downloadStatement: vi.fn(),
  useStartPayoutOnboarding: () => mutation(vi.fn(), startOnboarding),
}));
const campaignsQuery = vi.fn((days: number) =>
  query({
    from: '2026-11-03',
    to: '2026-12-02',
    items:
      days === 7
        ? []
        : [
            {
              id: 4,
              name: 'Gold week',
              target: { kind: 'tier', id: 3, title: 'Gold' },
              link: '/api/creators/campaigns/Ab12Cd34/go',
              starts_on: '2026-11-28',
              ends_on: '2026-12-04',
              status: 'running',
              views: 3,
              clicks: 2,
              joins: 1,
              subscriptions: 1,
              revenue: [{ currency: 'usd', gross_cents: 2499, fee_cents: 249, net_cents: 2250 }],
              budget_cents: 5000,
              currency: 'usd',
              spend_cents: 6,
              cost_per_join_cents: 6,
              days: [],
            },
          ],
  }),
);

const { default: CreatorDashboardPage } = await import('#src/features/creators/pages/creator-dashboard.tsx');

describe('the creator dashboard', () => {
  it('shows the figures from the ledger, labels the test provider, and refuses a payout above the balance before asking the server', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CreatorDashboardPage />);
    expect(screen.getByRole('note').textContent).toContain('no money moves');
    const figures = screen.getByRole('list', { name: 'Your figures' });
    expect(figures.textContent).toContain('Subscribers2');
    expect(figures.textContent).toContain('$49.98');
    expect(figures.textContent).toContain('$45.00');
    const earnings = screen.getByRole('region', { name: 'Earnings per currency' });
    expect(within(earnings).getByText('$4.98')).toBeTruthy();
    // The statement download sits with the earnings.
    const statement = screen.getByRole('form', { name: 'Monthly statement' });
    expect(within(statement).getByRole('button', { name: /Download statement \(CSV\)/ })).toBeTruthy();

    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '46');
    await user.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(screen.getByRole('alert').textContent).toContain('more than your available balance');
    expect(requestPayout).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '45');
    await user.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('Payout of 45.00 requested.')).toBeTruthy();
    expect(requestPayout).toHaveBeenCalledWith({ amount_cents: 4500, currency: 'usd' });
  });

  it('checks a new tier in the browser with the same rules as the server', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CreatorDashboardPage />);
    const form = screen.getByRole('form', { name: 'Add a tier' });
    await user.type(within(form).getByLabelText('Tier name'), 'Silver');
    await user.type(within(form).getByLabelText('Monthly price'), '0.50');
    await user.click(within(form).getByRole('button', { name: 'Add the tier' }));
    expect(form.textContent).toContain('The monthly price is whole cents from 1 to 500.');
    expect(createTier).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('Monthly price'));
    await user.type(within(form).getByLabelText('Monthly price'), '9.99');
    await user.click(within(form).getByRole('button', { name: 'Add the tier' }));
    expect(createTier).toHaveBeenCalledWith({ name: 'Silver', price_cents: 999, currency: 'usd', benefits: '' }, expect.anything());
  });

  it('shows each campaign with its views, clicks, joins, subscriptions, revenue, spend and cost per join; a range with none says so', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CreatorDashboardPage />);
    const table = screen.getByRole('region', { name: 'Campaign figures' });
    const row = within(table).getByRole('row', { name: /Gold week/ });
    expect(row.textContent).toContain('Running');
    expect(row.textContent).toContain('Tier: Gold · 2026-11-28 to 2026-12-04');
    expect(row.textContent).toContain('/api/creators/campaigns/Ab12Cd34/go');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Views3',
      'Clicks2',
      'Joins1',
      'Subscriptions1',
      'Revenue$24.99',
      'Yours after fees$22.50',
      'Spent$0.06 of $50.00',
      'Cost per join$0.06',
    ]);
    await user.click(within(row).getByRole('button', { name: 'Pause Gold week' }));
    expect(setPaused).toHaveBeenCalledWith('pause');
    expect(await within(row).findByRole('button', { name: 'Resume Gold week' })).toBeTruthy();
    expect(campaignsQuery).toHaveBeenLastCalledWith(30);
    await user.click(screen.getByRole('combobox', { name: 'Figures for' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    expect(campaignsQuery).toHaveBeenLastCalledWith(7);
    expect(await screen.findByText(/No campaigns yet/)).toBeTruthy();
  });

  it('walks a new campaign through target, details and review, checking the budget before asking the server', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CreatorDashboardPage />);
    const form = screen.getByRole('form', { name: 'New campaign' });
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose one of your challenges.');
    await user.click(within(form).getByRole('combobox', { name: 'What to promote' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Challenge: Burpee week', 'Tier: Gold']);
    await user.click(screen.getByRole('option', { name: 'Challenge: Burpee week' }));
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    await user.type(within(form).getByLabelText('Campaign name'), 'Burpee push');
    await user.type(within(form).getByLabelText('Budget'), '-5');
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    expect(within(form).getByRole('alert').textContent).toContain('amount such as 50');
    await user.clear(within(form).getByLabelText('Budget'));
    await user.type(within(form).getByLabelText('Budget'), '50');
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    expect(form.textContent).toContain('PromotesChallenge: Burpee week');
    expect(form.textContent).toContain('Budget$50.00');
    expect(createCampaign).not.toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'Create the campaign' }));
    expect(await screen.findByText(/Campaign “Burpee push” created/)).toBeTruthy();
    expect(createCampaign).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Burpee push', target_kind: 'challenge', target_id: 12, budget_cents: 5000, currency: 'usd' }),
    );
  });
});
