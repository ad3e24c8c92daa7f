// Promotion campaigns: the budget, what a campaign spends and what a join costs, and when a campaign is promoted.
// Both sides run these: the server to answer and to decide what discovery labels, the dashboard's form to check.
import { CURRENCIES, type Currency } from './ledger.ts';

/** Budgets in whole minor units (cents): 5.00 to 100,000.00. */
export const CAMPAIGN_BUDGET = { minCents: 500, maxCents: 10_000_000 } as const;

/**
 * The spend rule: a promoted challenge costs a fixed price per thousand impressions (CPM) counted by the server,
 * 20.00 per thousand (2 cents an impression), and a campaign never spends more than its budget. Nothing is shown
 * or counted while a campaign is paused, so a paused day spends nothing; once the budget is spent, the challenge is
 * no longer labelled "Promoted".
 */
export const CAMPAIGN_CPM_CENTS = 2_000;

export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What an impression count costs, in cents (whole cents, rounded down), never more than the budget. */
export function campaignSpend(budgetCents: number, impressions: number): number {
  return Math.min(budgetCents, Math.floor((impressions * CAMPAIGN_CPM_CENTS) / 1000));
}

/** One day of a campaign's life: the impressions shown that day and whether it was paused. */
export interface CampaignDay {
  impressions: number;
  paused: boolean;
}

/**
 * The impressions counted day by day, as the server counts them: none on a paused day, and none once the budget
 * is spent (the challenge is no longer promoted). Answers each day's counted impressions and the running spend.
 */
export function campaignLedger(budgetCents: number, days: readonly CampaignDay[]): { counted: number; spentCents: number }[] {
  let total = 0;
  return days.map((d) => {
    const counted = d.paused ? 0 : stillPromoted(budgetCents, total) ? d.impressions : 0;
    total += counted;
    return { counted, spentCents: campaignSpend(budgetCents, total) };
  });
}

/** Whether a campaign with this many impressions so far has budget left to be promoted. */
export function stillPromoted(budgetCents: number, impressions: number): boolean {
  return impressions * CAMPAIGN_CPM_CENTS < budgetCents * 1000;
}

/** The cost of one join in cents (rounded to the nearest cent), or null without a join. */
export function costPerJoin(spentCents: number, joins: number): number | null {
  return joins > 0 ? Math.round(spentCents / joins) : null;
}

/** A campaign's status now: before its first day, paused, past its last day, or running. */
export function campaignStatus(c: { startsAt: Date; endsAt: Date; pausedAt: Date | null }, now: Date): CampaignStatus {
  if (now >= c.endsAt) return 'ended';
  if (c.pausedAt) return 'paused';
  return now < c.startsAt ? 'scheduled' : 'running';
}

/** Why a pause or a resume cannot be done now (for the 409's detail), or null. */
export function pauseProblem(status: CampaignStatus, action: 'pause' | 'resume'): string | null {
  if (status === 'ended') return 'This campaign has ended; it can no longer be paused or resumed.';
  if (action === 'pause' && status === 'paused') return 'This campaign is paused already.';
  if (action === 'resume' && status !== 'paused') return 'This campaign is not paused.';
  return null;
}

/** Why a budget is refused, with its field, or null. A challenge campaign needs one; a story or tier campaign may have one. */
export function budgetProblem(input: {
  target_kind: string;
  budget_cents?: number | null;
  currency?: string | null;
}): { detail: string; field: string } | null {
  const { budget_cents: budget, currency } = input;
  if (budget === undefined || budget === null) {
    if (input.target_kind === 'challenge') return { detail: 'Give the campaign a budget.', field: 'budget_cents' };
    return currency ? { detail: 'Give a budget with its currency.', field: 'budget_cents' } : null;
  }
  if (!Number.isInteger(budget) || budget < CAMPAIGN_BUDGET.minCents || budget > CAMPAIGN_BUDGET.maxCents)
    return {
      detail: `The budget is whole cents from ${CAMPAIGN_BUDGET.minCents / 100} to ${CAMPAIGN_BUDGET.maxCents / 100}.`,
      field: 'budget_cents',
    };
  if (!currency || !(CURRENCIES as readonly string[]).includes(currency))
    return { detail: `The currency is one of ${CURRENCIES.join(', ').toUpperCase()}.`, field: 'currency' };
  return null;
}

export type { Currency };
