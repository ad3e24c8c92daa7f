import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { FormEvent } from 'react';
import { creatorPayoutMachine } from '#machines/creator-payout.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { FormFooter } from '#src/components/form-footer.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { formatMoney } from '#domain/ledger.ts';
import { useRequestPayout, type Currency } from '../api/creators.ts';

/** Request a payout of available earnings in one currency. */
export function PayoutForm({ currency, availableCents, minCents }: { currency: Currency; availableCents: number; minCents: number }) {
  const payout = useRequestPayout();
  const flow = useFlow(
    creatorPayoutMachine.provide({
      actors: {
        requestPayout: fromPromise(async ({ input }) => {
          await payout.mutateAsync({ amount_cents: input.amountCents, currency });
          return { amountCents: input.amountCents };
        }),
      },
    }),
    { input: { minCents, availableCents } },
  );
  const text = useSelector(flow, (s) => s.context.text);
  const problem = useSelector(flow, (s) => s.context.problem);
  const done = useSelector(flow, (s) => s.context.done);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  if (done)
    return (
      <p className="success-text" role="status">
        {done}
      </p>
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'payout.submit' });
  };
  return (
    <form className="creators-form" aria-label={`Request a payout in ${currency.toUpperCase()}`} onSubmit={onSubmit} noValidate>
      <TextInput
        label={`Amount (${currency.toUpperCase()})`}
        hint={`Available ${formatMoney(availableCents, currency)}; at least ${formatMoney(minCents, currency)}.`}
        inputMode="decimal"
        value={text}
        onChange={(e) => flow.send({ type: 'payout.type', text: e.target.value })}
        maxLength={12}
        autoComplete="off"
      />
      <FormFooter submitLabel="Request payout" pendingLabel="Requesting…" pending={busy} error={problem} />
    </form>
  );
}
