import { Button } from '#src/components/ui/button.tsx';
import { useStartPayoutOnboarding } from '../api/creators.ts';

/**
 * How payouts reach the creator: with Stripe Connect, their Stripe account (onboarding, or continuing it); in test
 * mode, an administrator approves and marks payouts paid and no money moves.
 */
export function PayoutAccount({ via, connected }: { via: 'manual' | 'connect'; connected: boolean }) {
  const onboarding = useStartPayoutOnboarding();
  if (via === 'manual')
    return <p className="muted">Test mode: no money moves. An administrator approves your payouts and marks them paid.</p>;
  return (
    <div className="creators-payout-account">
      <p className="muted">
        {connected
          ? 'Approved payouts are transferred to your Stripe account. Update your details on Stripe at any time.'
          : 'Connect a Stripe account to receive payouts: approved payouts are transferred to it.'}
      </p>
      <Button loading={onboarding.isPending} onClick={() => onboarding.mutate()}>
        {connected ? 'Update your Stripe payout details' : 'Connect a Stripe account for payouts'}
      </Button>
      {onboarding.error ? (
        <p className="error-text" role="alert">
          {onboarding.error.message}
        </p>
      ) : null}
    </div>
  );
}
