import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { connectStatusInWords } from '#domain/connect-account.ts';
import { useStartPayoutOnboarding, type ConnectAccountStatus } from '../api/creators.ts';

/**
 * How payouts reach the creator: with Stripe Connect, their Stripe account (onboarding, or continuing it) and whether
 * Stripe has verified it, with what is still missing; in test mode, an administrator approves and marks payouts paid
 * and no money moves.
 */
export function PayoutAccount({
  via,
  connected,
  status = null,
}: {
  via: 'manual' | 'connect';
  connected: boolean;
  status?: ConnectAccountStatus | null;
}) {
  const onboarding = useStartPayoutOnboarding();
  if (via === 'manual')
    return <p className="muted">Test mode: no money moves. An administrator approves your payouts and marks them paid.</p>;
  const words = connected ? connectStatusInWords(status) : null;
  return (
    <div className="creators-payout-account">
      {words ? (
        <>
          <p>
            <Badge tone={words.verified ? 'success' : 'warning'}>{words.verified ? 'Verified by Stripe' : 'Not verified yet'}</Badge>{' '}
            {words.headline}
          </p>
          {words.missing.length > 0 ? (
            <>
              <p id="payout-account-missing">{words.verified ? 'Stripe will soon need:' : 'Still missing:'}</p>
              <ul aria-labelledby="payout-account-missing">
                {words.missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : (
        <p className="muted">Connect a Stripe account to receive payouts: approved payouts are transferred to it.</p>
      )}
      <Button loading={onboarding.isPending} onClick={() => onboarding.mutate()}>
        {!connected
          ? 'Connect a Stripe account for payouts'
          : words?.verified
            ? 'Update your Stripe payout details'
            : 'Finish onboarding on Stripe'}
      </Button>
      {onboarding.error ? (
        <p className="error-text" role="alert">
          {onboarding.error.message}
        </p>
      ) : null}
    </div>
  );
}
