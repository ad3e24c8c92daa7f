// Creator subscriptions: the limits of tiers and payouts and the sentences both sides show.
import { CURRENCIES, type Currency } from './ledger.ts';

export { CURRENCIES, type Currency } from './ledger.ts';

export const CREATOR_LIMITS = {
  tiersPerCreator: 5,
  tierNameMin: 2,
  tierNameMax: 60,
  benefitsMax: 1000,
  /** Monthly price bounds in minor units: 1.00 to 500.00. */
  priceMin: 100,
  priceMax: 50_000,
  /** The smallest payout a creator may request, in minor units (20.00). */
  payoutMin: 2_000,
  payoutMax: 10_000_000,
  /** Money from a payment becomes available for payout this long after it was paid (refunds land inside it). */
  holdDays: 7,
  /** One subscription period. */
  periodDays: 30,
} as const;

export const DAY_MS = 86_400_000;

export const TEST_PROVIDER_NOTICE = 'Test mode: no money moves. The local test provider completes payments on this server.';

export const CREATOR_TEXT = {
  selfSubscribe: 'You cannot subscribe to your own tiers.',
  alreadySubscribed: 'You already have an active subscription to this creator.',
  noTier: 'No tier with that id.',
  noSubscription: 'No subscription with that id.',
  notYours: 'That subscription is not yours.',
  tooManyTiers: `A creator may offer at most ${CREATOR_LIMITS.tiersPerCreator} tiers.`,
  payoutTooSmall: `A payout must be at least ${CREATOR_LIMITS.payoutMin / 100} in the currency's main unit.`,
  payoutAboveAvailable: 'That is more than your available balance.',
  badSignature: 'The webhook signature did not verify.',
  noPayout: 'No payout with that id.',
  payoutReasonNeeded: 'Say why the payout is turned down (the creator reads it).',
  noConnectInTestMode: 'Test mode: no money moves. Payouts are approved and marked paid by administrators.',
  connectFailed: 'Stripe did not take the transfer. Nothing was approved; please try again.',
  payoutAccountNotVerified:
    'Stripe has not verified your payout account yet, so no payout can be sent to it. Finish Stripe’s onboarding from your dashboard, then ask again.',
  payoutAccountNotVerifiedForAdmin:
    'Stripe has not verified this creator’s payout account yet, so nothing was sent or approved. Approve it once Stripe has, or turn it down.',
} as const;

/**
 * A payout's life: requested by the creator (the money leaves their available balance at once), approved by an
 * administrator, then marked paid once the transfer went out; or rejected (with a reason) while not yet paid,
 * which gives the money back to the creator's balance.
 */
export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export type PayoutDecision = 'approve' | 'paid' | 'reject';

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  requested: 'Waiting for review',
  approved: 'Approved, being paid',
  paid: 'Paid',
  rejected: 'Turned down',
};

export const PAYOUT_REASON_MAX = 300;

/** The status a decision leads to from a status, or why it cannot be taken (for the 409's detail). */
export function payoutTransition(from: PayoutStatus, decision: PayoutDecision): { to: PayoutStatus } | { problem: string } {
  if (decision === 'approve')
    return from === 'requested'
      ? { to: 'approved' }
      : { problem: `This payout is ${PAYOUT_STATUS_LABELS[from].toLowerCase()}; only a payout waiting for review can be approved.` };
  if (decision === 'paid')
    return from === 'approved'
      ? { to: 'paid' }
      : { problem: `This payout is ${PAYOUT_STATUS_LABELS[from].toLowerCase()}; approve it before marking it paid.` };
  return from === 'requested' || from === 'approved'
    ? { to: 'rejected' }
    : { problem: `This payout is ${PAYOUT_STATUS_LABELS[from].toLowerCase()}; only an unpaid payout can be turned down.` };
}

export const isCurrency = (c: string): c is Currency => (CURRENCIES as readonly string[]).includes(c);

/** Why a tier's fields are refused, with the field, or null. */
export function tierProblem(input: { name: string; price_cents: number; currency: string; benefits: string }): {
  detail: string;
  field: string;
} | null {
  const name = input.name.trim();
  if (name.length < CREATOR_LIMITS.tierNameMin || name.length > CREATOR_LIMITS.tierNameMax)
    return { detail: `Name the tier in ${CREATOR_LIMITS.tierNameMin} to ${CREATOR_LIMITS.tierNameMax} characters.`, field: 'name' };
  if (!Number.isInteger(input.price_cents) || input.price_cents < CREATOR_LIMITS.priceMin || input.price_cents > CREATOR_LIMITS.priceMax)
    return {
      detail: `The monthly price is whole cents from ${CREATOR_LIMITS.priceMin / 100} to ${CREATOR_LIMITS.priceMax / 100}.`,
      field: 'price_cents',
    };
  if (!isCurrency(input.currency)) return { detail: `The currency is one of ${CURRENCIES.join(', ').toUpperCase()}.`, field: 'currency' };
  if (input.benefits.trim().length > CREATOR_LIMITS.benefitsMax)
    return { detail: `Benefits fit in ${CREATOR_LIMITS.benefitsMax} characters.`, field: 'benefits' };
  return null;
}

/** Parses what a creator types as a price ("4.99", "5") to cents, or null. */
export function parsePriceText(text: string): number | null {
  const m = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Campaigns: a name, and a period of whole UTC days (at most maxDays long); analytics ranges at most maxRangeDays. */
export const CAMPAIGN_LIMITS = { nameMin: 2, nameMax: 80, maxDays: 92, maxRangeDays: 366, perCreator: 50 } as const;

export interface CampaignDraft {
  name: string;
  starts_on: string;
  ends_on: string;
}

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD day as its UTC midnight, or null when it is not a real day. */
export function dayStart(text: string): Date | null {
  if (!DAY_TEXT.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? null : d;
}

/** The first thing wrong with a campaign, with its field, or null; `today` is the creator's current UTC day. */
export function campaignProblem(draft: CampaignDraft, today: string): { detail: string; field: string } | null {
  const name = draft.name.trim();
  if (name.length < CAMPAIGN_LIMITS.nameMin || name.length > CAMPAIGN_LIMITS.nameMax)
    return { detail: `Name the campaign in ${CAMPAIGN_LIMITS.nameMin} to ${CAMPAIGN_LIMITS.nameMax} characters.`, field: 'name' };
  const start = dayStart(draft.starts_on);
  const end = dayStart(draft.ends_on);
  if (!start) return { detail: 'Give the first day as a date (YYYY-MM-DD).', field: 'starts_on' };
  if (!end) return { detail: 'Give the last day as a date (YYYY-MM-DD).', field: 'ends_on' };
  if (end < start) return { detail: 'The last day cannot come before the first.', field: 'ends_on' };
  if (draft.ends_on < today) return { detail: 'The last day has already passed.', field: 'ends_on' };
  if ((end.getTime() - start.getTime()) / DAY_MS + 1 > CAMPAIGN_LIMITS.maxDays)
    return { detail: `A campaign runs at most ${CAMPAIGN_LIMITS.maxDays} days.`, field: 'ends_on' };
  return null;
}
