import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { creatorConnectAccounts } from '#server/db/schema.ts';
import { conflict } from '#server/errors.ts';
import { connectVerified } from '#domain/connect-account.ts';
import type { components } from '#openapi/schema.d.ts';

// Stripe Connect accounts as Stripe last described them (`account.updated`, taken once per event id by the webhook):
// stored on the creator's account row, shown on their dashboard, and checked before a payout is sent to it.

type AccountRow = typeof creatorConnectAccounts.$inferSelect;
export type ConnectAccountStatus = components['schemas']['ConnectAccountStatus'];

const presentStatus = (row: AccountRow): ConnectAccountStatus => ({
  charges_enabled: row.chargesEnabled,
  payouts_enabled: row.payoutsEnabled,
  details_submitted: row.detailsSubmitted,
  requirements_due: row.requirementsDue,
  disabled_reason: row.disabledReason,
  updated_at: row.statusAt?.toISOString() ?? null,
});

/**
 * Stores what Stripe says of one of our connected accounts. Stripe does not promise the order of its events, so an
 * event older than the status stored changes nothing; an account that is not ours changes nothing either.
 */
export async function storeAccountStatus(
  tx: Database,
  event: { accountId: string; at: Date; status: Omit<ConnectAccountStatus, 'updated_at'> },
) {
  const s = event.status;
  const updated = await tx
    .update(creatorConnectAccounts)
    .set({
      chargesEnabled: s.charges_enabled,
      payoutsEnabled: s.payouts_enabled,
      detailsSubmitted: s.details_submitted,
      requirementsDue: s.requirements_due,
      disabledReason: s.disabled_reason,
      statusAt: event.at,
    })
    .where(
      and(
        eq(creatorConnectAccounts.accountId, event.accountId),
        or(isNull(creatorConnectAccounts.statusAt), lte(creatorConnectAccounts.statusAt, event.at)),
      ),
    )
    .returning({ creatorId: creatorConnectAccounts.creatorId });
  return updated.length > 0;
}

/** The creator's connected account and its status, or null when they have none. */
export async function connectAccountOf(db: Database, creatorId: number) {
  const [row] = await db.select().from(creatorConnectAccounts).where(eq(creatorConnectAccounts.creatorId, creatorId));
  return row ? { accountId: row.accountId, status: presentStatus(row) } : null;
}

/** 409 with `detail` when the creator has a connected account Stripe has not verified (before anything is sent to Stripe). */
export function refuseUnverified(account: { status: ConnectAccountStatus } | null, detail: string) {
  if (account && !connectVerified(account.status)) throw conflict(detail);
}
