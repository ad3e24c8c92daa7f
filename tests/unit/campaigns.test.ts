import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetProblem,
  CAMPAIGN_BUDGET,
  CAMPAIGN_CPM_CENTS,
  campaignLedger,
  campaignSpend,
  campaignStatus,
  costPerJoin,
  pauseProblem,
  stillPromoted,
} from '#domain/campaigns.ts';
import { budgetCentsOf, detailsProblem, targetProblem, type CampaignDraft } from '#machines/campaign-create.ts';

const budget = fc.integer({ min: CAMPAIGN_BUDGET.minCents, max: CAMPAIGN_BUDGET.maxCents });
const day = fc.record({ impressions: fc.nat({ max: 100_000 }), paused: fc.boolean() });

describe('the spend rule', () => {
  it('charges 2 cents an impression (20.00 per thousand), rounded down, capped at the budget', () => {
    expect(CAMPAIGN_CPM_CENTS).toBe(2000);
    expect(campaignSpend(5000, 0)).toBe(0);
    expect(campaignSpend(5000, 3)).toBe(6);
    expect(campaignSpend(5000, 2499)).toBe(4998);
    expect(campaignSpend(5000, 2500)).toBe(5000);
    expect(campaignSpend(5000, 1_000_000)).toBe(5000);
    expect(stillPromoted(5000, 2499)).toBe(true);
    expect(stillPromoted(5000, 2500)).toBe(false);
  });

  it('never spends more than the budget, whatever the impressions', () => {
    fc.assert(
      fc.property(budget, fc.nat({ max: 1e9 }), (b, n) => {
        const s = campaignSpend(b, n);
        return Number.isInteger(s) && s >= 0 && s <= b;
      }),
    );
  });

  it('over any history of days: spend never exceeds the budget, never goes down, and a paused day adds nothing', () => {
    fc.assert(
      fc.property(budget, fc.array(day, { maxLength: 92 }), (b, days) => {
        const ledger = campaignLedger(b, days);
        let before = 0;
        ledger.forEach((d, i) => {
          expect(d.spentCents).toBeLessThanOrEqual(b);
          expect(d.spentCents).toBeGreaterThanOrEqual(before);
          if (days[i]!.paused) {
            expect(d.counted).toBe(0);
            expect(d.spentCents).toBe(before);
          }
          before = d.spentCents;
        });
      }),
    );
  });

  it('pausing days never makes a campaign spend more', () => {
    fc.assert(
      fc.property(budget, fc.array(day, { maxLength: 60 }), fc.array(fc.boolean(), { maxLength: 60 }), (b, days, pauses) => {
        const paused = days.map((d, i) => ({ ...d, paused: d.paused || (pauses[i] ?? false) }));
        const spentOf = (ds: typeof days) => campaignLedger(b, ds).at(-1)?.spentCents ?? 0;
        return spentOf(paused) <= spentOf(days);
      }),
    );
  });

  it('a join costs the spend shared out, to the cent; without a join there is no cost per join', () => {
    expect(costPerJoin(6, 0)).toBeNull();
    expect(costPerJoin(6, 1)).toBe(6);
    expect(costPerJoin(10, 3)).toBe(3);
    fc.assert(
      fc.property(fc.nat({ max: CAMPAIGN_BUDGET.maxCents }), fc.integer({ min: 1, max: 100_000 }), (s, j) => {
        const c = costPerJoin(s, j)!;
        return Math.abs(c * j - s) <= j / 2 + 1e-9;
      }),
    );
  });
});

describe('budgets and states', () => {
  it('a challenge needs a whole-cent budget within bounds and a currency; a story or tier may go without', () => {
    const c = (b: number | null | undefined, currency: string | null = 'usd') =>
      budgetProblem({ target_kind: 'challenge', budget_cents: b, currency });
    expect(c(undefined)?.field).toBe('budget_cents');
    expect(c(-500)?.field).toBe('budget_cents');
    expect(c(12.5)?.field).toBe('budget_cents');
    expect(c(499)?.field).toBe('budget_cents');
    expect(c(5000, null)?.field).toBe('currency');
    expect(c(5000, 'xyz')?.field).toBe('currency');
    expect(c(5000)).toBeNull();
    expect(budgetProblem({ target_kind: 'tier' })).toBeNull();
    expect(budgetProblem({ target_kind: 'story', budget_cents: 700, currency: 'eur' })).toBeNull();
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e8, max: 1e8 }), (b) => {
        const ok = Number.isInteger(b) && b >= CAMPAIGN_BUDGET.minCents && b <= CAMPAIGN_BUDGET.maxCents;
        return (c(b) === null) === ok;
      }),
    );
  });

  it('a campaign is scheduled, running, paused or ended; pause and resume only where they make sense', () => {
    const startsAt = new Date('2026-12-01T00:00:00Z');
    const endsAt = new Date('2026-12-08T00:00:00Z');
    const at = (iso: string, pausedAt: Date | null = null) => campaignStatus({ startsAt, endsAt, pausedAt }, new Date(iso));
    expect(at('2026-11-30T12:00:00Z')).toBe('scheduled');
    expect(at('2026-12-03T12:00:00Z')).toBe('running');
    expect(at('2026-12-03T12:00:00Z', startsAt)).toBe('paused');
    expect(at('2026-12-08T00:00:00Z', startsAt)).toBe('ended');
    expect(pauseProblem('running', 'pause')).toBeNull();
    expect(pauseProblem('scheduled', 'pause')).toBeNull();
    expect(pauseProblem('paused', 'resume')).toBeNull();
    expect(pauseProblem('paused', 'pause')).toMatch(/paused already/);
    expect(pauseProblem('running', 'resume')).toMatch(/not paused/);
    expect(pauseProblem('ended', 'pause')).toMatch(/ended/);
    expect(pauseProblem('ended', 'resume')).toMatch(/ended/);
  });
});

describe('the new campaign form’s checks', () => {
  const draft: CampaignDraft = {
    targetKind: 'challenge',
    targetId: 3,
    name: 'Winter push',
    budgetText: '50',
    currency: 'usd',
    startsOn: '2026-12-01',
    endsOn: '2026-12-07',
  };
  it('says what is missing, in the server’s words', () => {
    expect(targetProblem({ ...draft, targetId: null })).toBe('Choose one of your challenges.');
    expect(detailsProblem(draft, '2026-12-01')).toBeNull();
    expect(detailsProblem({ ...draft, budgetText: '' }, '2026-12-01')).toBe('Give the campaign a budget.');
    expect(detailsProblem({ ...draft, targetKind: 'tier', budgetText: '' }, '2026-12-01')).toBeNull();
    expect(detailsProblem({ ...draft, budgetText: '-5' }, '2026-12-01')).toMatch(/amount such as 50/);
    expect(detailsProblem({ ...draft, budgetText: '1' }, '2026-12-01')).toMatch(/whole cents from 5 to 100000/);
    expect(detailsProblem({ ...draft, endsOn: '2026-11-20' }, '2026-12-01')).toBe('The last day cannot come before the first.');
    expect(detailsProblem({ ...draft, name: 'x' }, '2026-12-01')).toMatch(/Name the campaign/);
    expect(budgetCentsOf('49.99')).toBe(4999);
  });
});
