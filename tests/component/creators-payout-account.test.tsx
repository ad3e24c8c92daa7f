import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const mutate = vi.fn();
let onboarding: { mutate: typeof mutate; isPending: boolean; error: Error | null } = { mutate, isPending: false, error: null };
vi.mock('#src/features/creators/api/creators.ts', () => ({ useStartPayoutOnboarding: () => onboarding }));

const { PayoutAccount } = await import('#src/features/creators/components/payout-account.tsx');

describe('where payouts go', () => {
  beforeEach(() => {
    mutate.mockClear();
    onboarding = { mutate, isPending: false, error: null };
  });

  it('in test mode says no money moves and offers no Stripe onboarding', () => {
    render(<PayoutAccount via="manual" connected={false} />);
    expect(screen.getByText(/Test mode: no money moves/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('with Stripe Connect offers to connect an account, then to update it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<PayoutAccount via="connect" connected={false} />);
    await user.click(screen.getByRole('button', { name: 'Connect a Stripe account for payouts' }));
    expect(mutate).toHaveBeenCalledTimes(1);
    rerender(<PayoutAccount via="connect" connected />);
    expect(screen.getByRole('button', { name: 'Update your Stripe payout details' })).toBeTruthy();
    expect(screen.getByText(/transferred to your Stripe account/)).toBeTruthy();
  });

  it('is busy while Stripe answers and says when it did not', () => {
    onboarding = { mutate, isPending: true, error: null };
    const { rerender } = render(<PayoutAccount via="connect" connected={false} />);
    expect(screen.getByRole('button').getAttribute('aria-busy')).toBe('true');
    onboarding = { mutate, isPending: false, error: new Error('Stripe did not answer. Please try again.') };
    rerender(<PayoutAccount via="connect" connected={false} />);
    expect(screen.getByRole('alert').textContent).toBe('Stripe did not answer. Please try again.');
  });
});
