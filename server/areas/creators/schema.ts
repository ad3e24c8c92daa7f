import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';

/** A creator's subscription tier: a monthly price in minor units of one currency, and what subscribers get. */
export const creatorTiers = pgTable(
  'creator_tiers',
  {
    id: serial('id').primaryKey(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    benefits: varchar('benefits', { length: 1000 }).notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('creator_tiers_creator_idx').on(t.creatorId, t.id)],
);

/**
 * A subscription: pending until its first payment (Stripe's checkout), active while paid, ended after its
 * period once cancelled. At most one pending or active subscription per subscriber and creator.
 */
export const creatorSubscriptions = pgTable(
  'creator_subscriptions',
  {
    id: serial('id').primaryKey(),
    tierId: integer('tier_id')
      .notNull()
      .references(() => creatorTiers.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'active' | 'ended'. */
    status: varchar('status', { length: 12 }).notNull(),
    /** 'local' | 'stripe'. */
    provider: varchar('provider', { length: 12 }).notNull(),
    /** Stripe's checkout session id, then its subscription id. */
    providerRef: varchar('provider_ref', { length: 255 }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The campaign whose link the subscriber came through (campaigns.ts), if any. */
    campaignId: integer('campaign_id').references((): AnyPgColumn => creatorCampaigns.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('creator_subscriptions_live_idx')
      .on(t.creatorId, t.subscriberId)
      .where(sql`status in ('pending', 'active')`),
    index('creator_subscriptions_subscriber_idx').on(t.subscriberId, t.id),
    index('creator_subscriptions_creator_idx').on(t.creatorId, t.status),
    index('creator_subscriptions_ref_idx').on(t.providerRef),
    index('creator_subscriptions_campaign_idx').on(t.campaignId),
  ],
);

/** One posting of the ledger (domain/ledger.ts): its entries sum to zero per currency (checked when the transaction commits). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    /** 'subscription_payment' | 'refund' | 'payout'. */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** The creator concerned; kept (without a foreign key) when the account is erased, as the ledger keeps its entries. */
    creatorId: integer('creator_id').notNull(),
    subscriptionId: integer('subscription_id'),
    /** What makes a posting happen once: the provider's payment (invoice or checkout session), a refund's charge, a payout's id. */
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull().unique(),
    /** A refund names the payment it reverses. */
    reversesId: integer('reverses_id'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    /**
     * Kept with the posting (domain/ledger.ts postingFiguresOf), written with its entries in one database transaction:
     * its currency and, from the creator's side, gross, fee and net in minor units, so a statement reads the month's
     * postings by the creator-and-time index alone. The entries stay the truth; `creatorSumsDrift` compares.
     */
    currency: varchar('currency', { length: 3 }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_transactions_creator_idx').on(t.creatorId, t.kind, t.postedAt),
    // A creator's statement: their postings of one month.
    index('ledger_transactions_creator_time_idx').on(t.creatorId, t.postedAt),
    // Whether a payment was refunded (the pending part of a balance, refunds).
    index('ledger_transactions_reverses_idx')
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
  ],
);

/**
 * Kept sums: a creator's figures per currency and UTC month (domain/ledger.ts creatorSumsOf), added to in the same
 * database transaction as each posting, so a balance or a statement's opening balance reads a few rows instead of
 * every entry. `creatorSumsDrift` (ledger.ts) compares them with the entries.
 */
export const creatorLedgerMonths = pgTable(
  'creator_ledger_months',
  {
    creatorId: integer('creator_id').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The first day of the month (UTC). */
    month: date('month').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    owed: bigint('owed', { mode: 'number' }).notNull().default(0),
    paidOut: bigint('paid_out', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.currency, t.month] })],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: varchar('account', { length: 32 }).notNull(),
    creatorId: integer('creator_id'),
    /** Minor units; a debit is positive, a credit negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
  },
  (t) => [index('ledger_entries_tx_idx').on(t.transactionId), index('ledger_entries_account_idx').on(t.account, t.creatorId, t.currency)],
);

/** A payout a creator asked for; its ledger transaction is posted when it is requested. */
export const creatorPayouts = pgTable(
  'creator_payouts',
  {
    id: serial('id').primaryKey(),
    creatorId: integer('creator_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** 'requested' | 'approved' | 'paid' | 'rejected' (domain/creators.ts PAYOUT_STATUSES). */
    status: varchar('status', { length: 12 }).notNull(),
    transactionId: integer('transaction_id').references(() => ledgerTransactions.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The administrator who approved or turned it down (kept without a foreign key, as the ledger keeps its rows). */
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Why it was turned down, for the creator. */
    reason: varchar('reason', { length: 300 }),
    /** Stripe Connect: the transfer made when it was approved (its webhook marks the payout paid). */
    transferId: varchar('transfer_id', { length: 255 }),
  },
  (t) => [
    index('creator_payouts_creator_idx').on(t.creatorId, t.id),
    // A statement line's payout (payouts and reversals name it by their ledger transaction).
    index('creator_payouts_transaction_idx').on(t.transactionId),
    index('creator_payouts_status_idx').on(t.status, t.id),
    uniqueIndex('creator_payouts_transfer_idx')
      .on(t.transferId)
      .where(sql`${t.transferId} is not null`),
  ],
);

/** A creator's Stripe Connect (Express) account, made when they first start onboarding; payouts are transferred to it. */
export const creatorConnectAccounts = pgTable('creator_connect_accounts', {
  creatorId: integer('creator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: varchar('account_id', { length: 255 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** What Stripe's latest `account.updated` said (migration 0080); all false until it has said anything. */
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  /** Stripe's requirement codes due now or past due (e.g. `external_account`), at most CONNECT_REQUIREMENTS_MAX. */
  requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
  /** Why Stripe disabled the account, when it did (e.g. `requirements.past_due`). */
  disabledReason: varchar('disabled_reason', { length: 100 }),
  /** When Stripe made the event the status came from (an older event arriving late changes nothing); null: none yet. */
  statusAt: timestamp('status_at', { withTimezone: true }),
});

/** Every payment-provider event taken, by the provider's event id: a replayed event finds its row and changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  provider: varchar('provider', { length: 12 }).notNull(),
  type: varchar('type', { length: 255 }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** A creator promotes one of their stories, tiers or challenges for a period, through a link with this code (campaigns.ts). */
export const creatorCampaigns = pgTable(
  'creator_campaigns',
  {
    id: serial('id').primaryKey(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    /** 'story' | 'tier' | 'challenge'. */
    targetKind: varchar('target_kind', { length: 9 }).notNull(),
    targetId: integer('target_id').notNull(),
    code: varchar('code', { length: 16 }).notNull().unique(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The most the campaign may spend, in minor units of `currency` (domain/campaigns.ts); required for a challenge. */
    budgetCents: integer('budget_cents'),
    currency: varchar('currency', { length: 3 }),
    /** Set while the creator has paused it: nothing is promoted or counted. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
  },
  (t) => [index('creator_campaigns_creator_idx').on(t.creatorId, t.id), index('creator_campaigns_target_idx').on(t.targetKind, t.targetId)],
);

/** A view of a promoted item or a click through a campaign's link: at most one per viewer, kind and day. */
export const creatorCampaignEvents = pgTable(
  'creator_campaign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => creatorCampaigns.id, { onDelete: 'cascade' }),
    /** 'view' (an impression) | 'click' | 'join'. */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** `u:<user id>`, or `a:` and a hash of the address and browser for someone signed out. */
    viewerKey: varchar('viewer_key', { length: 64 }).notNull(),
    day: date('day').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('creator_campaign_events_once_idx').on(t.campaignId, t.kind, t.viewerKey, t.day)],
);
