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

  it('with Stripe Connect offers to connect an account, then to finish onboarding', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<PayoutAccount via="connect" connected={false} />);
    await user.click(screen.getByRole('button', { name: 'Connect a Stripe account for payouts' }));
    expect(mutate).toHaveBeenCalledTimes(1);
    rerender(<PayoutAccount via="connect" connected />);
    // Connected, but Stripe has not said yet whether it verified the account.
    expect(screen.getByRole('button', { name: 'Finish onboarding on Stripe' })).toBeTruthy();
  });

  const status = {
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements_due: ['external_account', 'individual.dob.day', 'individual.dob.month', 'tos_acceptance.date'],
    disabled_reason: 'requirements.past_due',
    updated_at: '2026-12-03T10:00:00.000Z',
  };

  it('says plainly that Stripe has not verified the account, what is missing, and offers to finish onboarding', async () => {
    const user = userEvent.setup();
    render(<PayoutAccount via="connect" connected status={status} />);
    expect(screen.getByText('Not verified yet')).toBeTruthy();
    expect(screen.getByText(/Stripe has not verified your account yet, so payouts cannot be sent to it/)).toBeTruthy();
    expect(screen.getByText(/paused the account until the missing details are given/)).toBeTruthy();
    // Stripe's codes in words, each once (the date of birth's three parts are one thing to give).
    const missing = screen.getByRole('list', { name: 'Still missing:' });
    expect([...missing.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'a bank account for payouts',
      'your date of birth',
      'accepting Stripe’s terms of service',
    ]);
    expect(document.body.textContent).not.toMatch(/external_account|individual\.dob/);
    await user.click(screen.getByRole('button', { name: 'Finish onboarding on Stripe' }));
    expect(mutate).toHaveBeenCalledTimes(1);
  });

  it('says when Stripe has verified the account, when it is still checking, and when it has not said anything yet', () => {
    const verified = {
      ...status,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements_due: [],
      disabled_reason: null,
    };
    const { rerender } = render(<PayoutAccount via="connect" connected status={verified} />);
    expect(screen.getByText('Verified by Stripe')).toBeTruthy();
    expect(screen.getByText(/Stripe has verified your account: approved payouts are transferred to it/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update your Stripe payout details' })).toBeTruthy();
    rerender(<PayoutAccount via="connect" connected status={{ ...verified, payouts_enabled: false }} />);
    expect(screen.getByText(/Stripe is checking the details you gave/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish onboarding on Stripe' })).toBeTruthy();
    rerender(<PayoutAccount via="connect" connected status={null} />);
    expect(screen.getByText('Not verified yet')).toBeTruthy();
    expect(screen.getByText(/Stripe has not told us yet whether it verified your account/)).toBeTruthy();
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
