import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { creatorSubscribeMachine } from '#machines/creator-subscribe.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { useSubscribe } from '../api/creators.ts';

/** Subscribe to one tier: paid at once by the local test provider, or on to Stripe's checkout page. */
export function SubscribeButton({
  tierId,
  tierName,
  onSubscribed,
}: {
  tierId: number;
  tierName: string;
  /** Told once the local provider has charged: the card keeps saying so after the lists refresh and this button goes. */
  onSubscribed?: () => void;
}) {
  const subscribe = useSubscribe();
  const flow = useFlow(
    creatorSubscribeMachine.provide({
      actors: {
        subscribe: fromPromise(async () => {
          const checkoutUrl = (await subscribe.mutateAsync(tierId)).checkout_url;
          if (!checkoutUrl) onSubscribed?.();
          return { checkoutUrl };
        }),
        openCheckout: fromPromise(async ({ input }) => {
          window.location.assign(input.url);
        }),
      },
    }),
  );
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const done = useSelector(flow, (s) => s.matches('subscribed'));
  const problem = useSelector(flow, (s) => s.context.problem);
  if (done)
    return (
      <p className="success-text" role="status">
        Subscribed to {tierName}.
      </p>
    );
  return (
    <div>
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => flow.send({ type: failed ? 'subscribe.retry' : 'subscribe.confirm' })}
      >
        {busy ? 'Subscribing…' : failed ? 'Try again' : `Subscribe to ${tierName}`}
      </button>
    </div>
  );
}
