import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { AppConfig } from '#server/config.ts';
import { ApiError, badRequest, conflict } from '#server/errors.ts';
import { CREATOR_TEXT } from '#domain/creators.ts';
import type { Currency } from '#domain/ledger.ts';
import { CONNECT_CODE_MAX, CONNECT_REQUIREMENTS_MAX } from '#domain/connect-account.ts';
import type { ConnectAccountStatus } from './connect-status.ts';

// One payment-provider interface with two implementations: Stripe when STRIPE_SECRET_KEY is set, otherwise the
// local test provider, which completes every checkout on this server at once (no money moves).

export type ProviderKind = 'local' | 'stripe';

export interface CheckoutRequest {
  subscriptionId: number;
  tierName: string;
  priceCents: number;
  currency: Currency;
  /** Where Stripe sends the athlete back (absolute). */
  returnUrl: string;
}

/** Paid at once (the payment's id is what makes posting it idempotent), or a page the athlete must visit first. */
export type CheckoutResult = { kind: 'paid'; paymentId: string } | { kind: 'redirect'; url: string; sessionId: string };

/** What the ledger and the subscriptions need from a provider's event, whichever provider sent it. */
export type PaymentEvent =
  | {
      type: 'payment_succeeded';
      subscriptionId: number | null;
      providerRef: string | null;
      paymentId: string;
      amount: number;
      currency: string;
    }
  | { type: 'payment_refunded'; paymentId: string; refundId: string }
  | { type: 'subscription_ended'; providerRef: string }
  /** Stripe Connect: the money of an approved payout went to the creator's account (or on to their bank). */
  | { type: 'payout_transferred'; payoutId: number | null; transferId: string | null }
  /** Stripe Connect: what Stripe now says of a connected account (`at`: when Stripe made the event). */
  | { type: 'account_updated'; accountId: string; status: Omit<ConnectAccountStatus, 'updated_at'>; at: Date }
  | { type: 'ignored' };

/** Stripe Connect onboarding: where the creator goes to give Stripe their details (an Account Link). */
export interface PayoutOnboardingRequest {
  creatorId: number;
  /** The creator's connected account, when one was made before. */
  accountId: string | null;
  email: string | null;
  returnUrl: string;
  refreshUrl: string;
}

export interface PayoutTransferRequest {
  payoutId: number;
  accountId: string;
  amountCents: number;
  currency: Currency;
}

export interface VerifiedEvent {
  id: string;
  type: string;
  event: PaymentEvent;
}

export interface PaymentProvider {
  kind: ProviderKind;
  startCheckout(request: CheckoutRequest): Promise<CheckoutResult>;
  /** Stop renewing at the period's end (Stripe); the local provider has nothing to stop. */
  cancelAtPeriodEnd(providerRef: string | null, cancel: boolean): Promise<void>;
  /** Verifies a webhook's signature over the raw body and reads the event; 400 when it does not verify. */
  verifyWebhook(rawBody: string, signature: string | undefined): VerifiedEvent;
  /**
   * Payouts: 'manual' (administrators pay by their own means and mark payouts paid; the test provider, where no money
   * moves) or 'connect' (Stripe Connect: approving transfers the money, and the webhook marks the payout paid).
   */
  payouts: 'manual' | 'connect';
  /** Makes the creator's connected account if they have none, and the page that onboards them. */
  startPayoutOnboarding(request: PayoutOnboardingRequest): Promise<{ accountId: string; url: string }>;
  /** Sends an approved payout to the creator's connected account, once per payout (its id is the idempotency key). */
  transferPayout(request: PayoutTransferRequest): Promise<{ transferId: string }>;
}

export function localProvider(): PaymentProvider {
  return {
    kind: 'local',
    async startCheckout() {
      return { kind: 'paid', paymentId: `local_${randomUUID()}` };
    },
    async cancelAtPeriodEnd() {},
    verifyWebhook() {
      throw badRequest('Payment webhooks come from Stripe; this server uses the local test provider.');
    },
    payouts: 'manual',
    async startPayoutOnboarding() {
      throw conflict(CREATOR_TEXT.noConnectInTestMode);
    },
    async transferPayout() {
      throw conflict(CREATOR_TEXT.noConnectInTestMode);
    },
  };
}

type StripeObject = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : v && typeof v === 'object' && 'id' in v ? str(v.id) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);

/** Stripe's codes (strings of a sane length), each once, at most CONNECT_REQUIREMENTS_MAX. */
const codes = (...lists: unknown[]) =>
  [
    ...new Set(
      lists
        .flatMap((l) => (Array.isArray(l) ? l : []))
        .filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= CONNECT_CODE_MAX),
    ),
  ].slice(0, CONNECT_REQUIREMENTS_MAX);

/** A connected account's `account.updated`: its flags and what is due now or past due; ignored without an id or a time. */
function readAccount(object: StripeObject, created: number | null): PaymentEvent {
  const accountId = str(object.id);
  if (!accountId || !accountId.startsWith('acct_') || created === null) return { type: 'ignored' };
  const requirements = (object.requirements ?? {}) as StripeObject;
  const reason = typeof requirements.disabled_reason === 'string' ? requirements.disabled_reason.slice(0, CONNECT_CODE_MAX) : null;
  return {
    type: 'account_updated',
    accountId,
    at: new Date(created * 1000),
    status: {
      charges_enabled: object.charges_enabled === true,
      payouts_enabled: object.payouts_enabled === true,
      details_submitted: object.details_submitted === true,
      requirements_due: codes(requirements.past_due, requirements.currently_due),
      disabled_reason: reason || null,
    },
  };
}

/** Reads the Stripe events this area acts on into provider-neutral events (`created`: the event's time, in seconds). */
export function readStripeEvent(type: string, object: StripeObject, created: number | null = null): PaymentEvent {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const subscriptionId = Number(metadata.subscription_id ?? NaN);
  const ours = Number.isSafeInteger(subscriptionId) && subscriptionId > 0 ? subscriptionId : null;
  switch (type) {
    case 'checkout.session.completed': {
      const amount = num(object.amount_total);
      if (object.payment_status !== 'paid' || amount === null) return { type: 'ignored' };
      // The first invoice is also sent as invoice.paid: both name the invoice, so the payment posts once.
      const paymentId = str(object.invoice) ?? str(object.id);
      if (!paymentId) return { type: 'ignored' };
      return {
        type: 'payment_succeeded',
        subscriptionId: ours,
        providerRef: str(object.subscription),
        paymentId,
        amount,
        currency: String(object.currency ?? ''),
      };
    }
    case 'invoice.paid': {
      const amount = num(object.amount_paid);
      const paymentId = str(object.id);
      const parent = (object.parent ?? {}) as StripeObject;
      const details = (parent.subscription_details ?? {}) as StripeObject;
      const providerRef = str(object.subscription) ?? str(details.subscription);
      if (amount === null || !paymentId || amount <= 0) return { type: 'ignored' };
      const meta = (details.metadata ?? object.subscription_details ?? {}) as Record<string, unknown>;
      const fromMeta = Number((meta as { subscription_id?: unknown }).subscription_id ?? NaN);
      return {
        type: 'payment_succeeded',
        subscriptionId: ours ?? (Number.isSafeInteger(fromMeta) && fromMeta > 0 ? fromMeta : null),
        providerRef,
        paymentId,
        amount,
        currency: String(object.currency ?? ''),
      };
    }
    case 'charge.refunded': {
      const paymentId = str(object.invoice) ?? str(metadata.payment_id);
      const refundId = str(object.id);
      if (!paymentId || !refundId || object.refunded !== true) return { type: 'ignored' };
      return { type: 'payment_refunded', paymentId, refundId: `refund_${refundId}` };
    }
    case 'transfer.created':
    case 'payout.paid': {
      // Our transfers carry the payout's id; a connected account's payout to its bank names the transfer it paid
      // out only through its metadata, which the dashboard's automatic payouts leave empty (then it is ignored).
      const payoutId = Number(metadata.payout_id ?? NaN);
      const transferId = type === 'transfer.created' ? str(object.id) : str(metadata.transfer_id);
      const ours = Number.isSafeInteger(payoutId) && payoutId > 0 ? payoutId : null;
      return ours || transferId ? { type: 'payout_transferred', payoutId: ours, transferId } : { type: 'ignored' };
    }
    case 'account.updated':
      return readAccount(object, created);
    case 'customer.subscription.deleted': {
      const providerRef = str(object.id);
      return providerRef ? { type: 'subscription_ended', providerRef } : { type: 'ignored' };
    }
    default:
      return { type: 'ignored' };
  }
}

/** Where the Stripe client sends its calls (tests point it at a local server); Stripe's own API by default. */
export type StripeHost = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

/**
 * The `stripe` package, loaded when a Stripe provider is first made (a server without STRIPE_SECRET_KEY never
 * loads it; server/lib/lazy-load.ts). Required, not imported: making a provider and checking a webhook stay synchronous.
 */
const loadStripe = (): typeof Stripe => createRequire(import.meta.url)('stripe') as typeof Stripe;

export function stripeProvider(secretKey: string, webhookSecret: string | undefined, host: StripeHost = {}): PaymentProvider {
  const StripeClient = loadStripe();
  const stripe = new StripeClient(secretKey, { ...host, maxNetworkRetries: 1 });
  return {
    kind: 'stripe',
    payouts: 'connect',
    async startPayoutOnboarding(request) {
      const accountId =
        request.accountId ??
        (
          await stripe.accounts.create(
            { type: 'express', ...(request.email ? { email: request.email } : {}), metadata: { creator_id: String(request.creatorId) } },
            { idempotencyKey: `connect-account:${request.creatorId}` },
          )
        ).id;
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: request.returnUrl,
        refresh_url: request.refreshUrl,
      });
      return { accountId, url: link.url };
    },
    async transferPayout(request) {
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          destination: request.accountId,
          metadata: { payout_id: String(request.payoutId) },
        },
        { idempotencyKey: `payout:${request.payoutId}` },
      );
      return { transferId: transfer.id };
    },
    async startCheckout(request) {
      const metadata = { subscription_id: String(request.subscriptionId) };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.priceCents,
              recurring: { interval: 'month' },
              product_data: { name: request.tierName },
            },
          },
        ],
        metadata,
        subscription_data: { metadata },
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
      });
      if (!session.url) throw new ApiError(502, 'Stripe did not open a checkout page. Please try again.');
      return { kind: 'redirect', url: session.url, sessionId: session.id };
    },
    async cancelAtPeriodEnd(providerRef, cancel) {
      if (providerRef?.startsWith('sub_')) await stripe.subscriptions.update(providerRef, { cancel_at_period_end: cancel });
    },
    verifyWebhook(rawBody, signature) {
      if (!webhookSecret || !signature) throw badRequest(CREATOR_TEXT.badSignature);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw badRequest(CREATOR_TEXT.badSignature);
      }
      return {
        id: event.id,
        type: event.type,
        event: readStripeEvent(event.type, event.data.object as unknown as StripeObject, num(event.created)),
      };
    },
  };
}

/** The provider this configuration asks for. */
export function paymentProvider(config: AppConfig): PaymentProvider {
  return config.stripeSecretKey ? stripeProvider(config.stripeSecretKey, config.stripeWebhookSecret) : localProvider();
}
