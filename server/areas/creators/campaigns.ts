import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { challenges, creatorCampaigns, creatorTiers, stories } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { CAMPAIGN_LIMITS, campaignProblem, dayStart, DAY_MS } from '#domain/creators.ts';
import { budgetProblem, campaignSpend, campaignStatus, costPerJoin } from '#domain/campaigns.ts';
import type { Currency } from '#domain/ledger.ts';

// Campaigns: a creator promotes one of their stories, tiers or challenges for a period through a link. Views of the
// promoted item (impressions of a challenge in discovery, promotions.ts) and clicks are counted server-side, at most
// once per viewer, kind and day, bots left out by their user agent; subscriptions started through the link carry the
// campaign, and its revenue is read from the ledger; joins of a promoted challenge are counted once per person. A
// paused campaign promotes and counts nothing. The figures are aggregated in SQL over a bounded range of days.

export type CampaignTarget = 'story' | 'tier' | 'challenge';
export const NO_CAMPAIGN = 'No campaign with that link.';
const BOT_AGENT = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|curl|wget|python-requests|httpclient/i;

export interface CampaignInput {
  name: string;
  target_kind: CampaignTarget;
  target_id: number;
  starts_on: string;
  ends_on: string;
  budget_cents?: number | null;
  currency?: Currency | null;
}

const today = (now: Date) => now.toISOString().slice(0, 10);
const linkOf = (code: string) => `/api/creators/campaigns/${code}/go`;

/** Who is looking, for counting once a day: the account, or a hash of the address and browser; null for a bot. */
export function viewerKey(userId: number | null, ip: string, userAgent: string | undefined): string | null {
  if (userAgent && BOT_AGENT.test(userAgent)) return null;
  if (userId !== null) return `u:${userId}`;
  return `a:${createHash('sha256')
    .update(`${ip}|${userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 32)}`;
}

const TARGET_PROBLEM: Record<CampaignTarget, string> = {
  story: 'Promote one of your own stories.',
  tier: 'Promote one of your own offered tiers.',
  challenge: 'Promote one of your own public challenges that has not closed.',
};

/** The promoted item, checked: one of the creator's own visible stories, offered tiers or public challenges (400 otherwise). */
async function ownTarget(db: Database, creatorId: number, kind: CampaignTarget, id: number, now: Date) {
  const [row] =
    kind === 'challenge'
      ? await db
          .select({ id: challenges.id })
          .from(challenges)
          .where(
            and(
              eq(challenges.id, id),
              eq(challenges.creatorId, creatorId),
              isNull(challenges.deletedAt),
              isNull(challenges.hiddenAt),
              eq(challenges.visibility, 'public'),
              gt(challenges.endsAt, now),
            ),
          )
      : kind === 'story'
        ? await db
            .select({ id: stories.id })
            .from(stories)
            .where(and(eq(stories.id, id), eq(stories.authorId, creatorId), isNull(stories.hiddenAt)))
        : await db
            .select({ id: creatorTiers.id })
            .from(creatorTiers)
            .where(and(eq(creatorTiers.id, id), eq(creatorTiers.creatorId, creatorId), isNull(creatorTiers.archivedAt)));
  if (!row) throw badRequest(TARGET_PROBLEM[kind], 'target_id');
}

export async function createCampaign(ctx: AppContext, creatorId: number, input: CampaignInput) {
  const db = ctx.database.db;
  const now = ctx.now();
  const problem = campaignProblem(input, today(now));
  if (problem) throw badRequest(problem.detail, problem.field);
  const budget = budgetProblem(input);
  if (budget) throw badRequest(budget.detail, budget.field);
  await ownTarget(db, creatorId, input.target_kind, input.target_id, now);
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(4702, ${creatorId})`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(creatorCampaigns).where(eq(creatorCampaigns.creatorId, creatorId));
    if (Number(n) >= CAMPAIGN_LIMITS.perCreator) throw conflict(`You can keep at most ${CAMPAIGN_LIMITS.perCreator} campaigns.`);
    const [row] = await tx
      .insert(creatorCampaigns)
      .values({
        creatorId,
        name: input.name.trim(),
        targetKind: input.target_kind,
        targetId: input.target_id,
        code: randomBytes(6).toString('base64url'),
        startsAt: dayStart(input.starts_on)!,
        endsAt: new Date(dayStart(input.ends_on)!.getTime() + DAY_MS),
        createdAt: now,
        budgetCents: input.budget_cents ?? null,
        currency: input.budget_cents === undefined || input.budget_cents === null ? null : (input.currency ?? null),
      })
      .returning();
    return { id: row!.id, name: row!.name, code: row!.code, link: linkOf(row!.code) };
  });
}

const running = (now: Date) =>
  sql`${creatorCampaigns.startsAt} <= ${now.toISOString()}::timestamptz and ${creatorCampaigns.endsAt} > ${now.toISOString()}::timestamptz`;
/** Running and not paused: promoted, and counting. */
export const live = (now: Date) => sql`${running(now)} and ${creatorCampaigns.pausedAt} is null`;

/** Counts a view of these promoted items by this viewer today, for every campaign running now (not the creator's own views). */
export async function recordCampaignViews(ctx: AppContext, kind: CampaignTarget, ids: number[], viewer: string | null) {
  if (!viewer || ids.length === 0) return;
  const now = ctx.now();
  await ctx.database.db.execute(sql`
    insert into creator_campaign_events (campaign_id, kind, viewer_key, day, at)
    select ${creatorCampaigns.id}, 'view', ${viewer}, ${today(now)}::date, ${now.toISOString()}::timestamptz
    from ${creatorCampaigns}
    where ${creatorCampaigns.targetKind} = ${kind} and ${creatorCampaigns.targetId} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      and ${live(now)} and ${viewer} <> ('u:' || ${creatorCampaigns.creatorId})
    on conflict do nothing`);
}

/** A click through the link: counted while the campaign runs; answers where to send the visitor (with the code, for a subscription). */
export async function followCampaign(ctx: AppContext, code: string, viewer: string | null): Promise<string> {
  const db = ctx.database.db;
  const now = ctx.now();
  const [c] = await db.select().from(creatorCampaigns).where(eq(creatorCampaigns.code, code));
  if (!c) throw notFound(NO_CAMPAIGN);
  if (viewer && campaignStatus(c, now) === 'running' && viewer !== `u:${c.creatorId}`)
    await db.execute(sql`
      insert into creator_campaign_events (campaign_id, kind, viewer_key, day, at)
      values (${c.id}, 'click', ${viewer}, ${today(now)}::date, ${now.toISOString()}::timestamptz)
      on conflict do nothing`);
  const base = ctx.config.basePath;
  if (c.targetKind === 'challenge') return `${base}challenge-detail-page?id=${c.targetId}&campaign=${c.code}`;
  return c.targetKind === 'story'
    ? `${base}my-stories-page?story=${c.targetId}&campaign=${c.code}`
    : `${base}creator-subscriptions-page?creator=${c.creatorId}&campaign=${c.code}`;
}

/** The running campaign a subscription to this tier comes from, by its code, or null (an unknown or ended code is ignored). */
export async function campaignForSubscription(db: Database, code: string | undefined, tier: { id: number; creatorId: number }, now: Date) {
  if (!code) return null;
  const [c] = await db
    .select({ id: creatorCampaigns.id, kind: creatorCampaigns.targetKind, target: creatorCampaigns.targetId })
    .from(creatorCampaigns)
    .where(and(eq(creatorCampaigns.code, code), eq(creatorCampaigns.creatorId, tier.creatorId), live(now)));
  if (!c || (c.kind === 'tier' && c.target !== tier.id)) return null;
  return c.id;
}

interface StatRow {
  id: number;
  name: string;
  target_kind: CampaignTarget;
  target_id: number;
  target_title: string | null;
  code: string;
  starts_at: string | Date;
  ends_at: string | Date;
  paused_at: string | Date | null;
  budget_cents: number | null;
  currency: string | null;
  views: number;
  clicks: number;
  joins: number;
  views_total: number;
  joins_total: number;
  subscriptions: number;
}

interface DayRow {
  campaign_id: number;
  day: string;
  views: number;
  clicks: number;
  joins: number;
}

interface MoneyRow {
  campaign_id: number;
  currency: string;
  gross: string | number;
  fee: string | number;
  net: string | number;
}

/** The range of days asked for (default the last 30 through today), checked: from ≤ to, at most maxRangeDays. */
export function statsRange(now: Date, from?: string, to?: string) {
  const toDay = to ?? today(now);
  const end = dayStart(toDay);
  if (!end) throw badRequest('Give the last day as a date (YYYY-MM-DD).', 'to');
  const fromDay = from ?? new Date(end.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const start = dayStart(fromDay);
  if (!start) throw badRequest('Give the first day as a date (YYYY-MM-DD).', 'from');
  if (start > end) throw badRequest('The first day cannot come after the last.', 'from');
  if ((end.getTime() - start.getTime()) / DAY_MS + 1 > CAMPAIGN_LIMITS.maxRangeDays)
    throw badRequest(`Ask for at most ${CAMPAIGN_LIMITS.maxRangeDays} days at once.`, 'from');
  return { from: fromDay, to: toDay, start, endExclusive: new Date(end.getTime() + DAY_MS) };
}

/** Each of the creator's campaigns with its views, clicks, subscriptions and revenue within the range, in two SQL statements. */
export async function campaignStats(ctx: AppContext, creatorId: number, fromText?: string, toText?: string) {
  const db = ctx.database.db;
  const range = statsRange(ctx.now(), fromText, toText);
  const [start, end] = [range.start.toISOString(), range.endExclusive.toISOString()];
  const rows = await rowsOf<StatRow>(
    db,
    sql`
    select c.id, c.name, c.target_kind, c.target_id, c.code, c.starts_at, c.ends_at, c.paused_at, c.budget_cents, c.currency,
      case c.target_kind when 'story' then (select title from stories where id = c.target_id)
                         when 'challenge' then (select title from challenges where id = c.target_id)
                         else (select name from creator_tiers where id = c.target_id) end as target_title,
      (select count(*) from creator_campaign_events e
         where e.campaign_id = c.id and e.kind = 'view' and e.day >= ${range.from}::date and e.day <= ${range.to}::date)::int as views,
      (select count(*) from creator_campaign_events e
         where e.campaign_id = c.id and e.kind = 'click' and e.day >= ${range.from}::date and e.day <= ${range.to}::date)::int as clicks,
      (select count(*) from creator_campaign_events e
         where e.campaign_id = c.id and e.kind = 'join' and e.day >= ${range.from}::date and e.day <= ${range.to}::date)::int as joins,
      (select count(*) from creator_campaign_events e where e.campaign_id = c.id and e.kind = 'view')::int as views_total,
      (select count(*) from creator_campaign_events e where e.campaign_id = c.id and e.kind = 'join')::int as joins_total,
      (select count(*) from creator_subscriptions s
         where s.campaign_id = c.id and s.status <> 'pending'
           and s.created_at >= ${start}::timestamptz and s.created_at < ${end}::timestamptz)::int as subscriptions
    from creator_campaigns c
    where c.creator_id = ${creatorId}
    order by c.starts_at desc, c.id desc
    limit ${CAMPAIGN_LIMITS.perCreator}`,
  );
  const money = await rowsOf<MoneyRow>(
    db,
    sql`
    select s.campaign_id, le.currency,
      sum(case when le.account = 'subscriber_clearing' then le.amount else 0 end) as gross,
      -sum(case when le.account = 'platform_fee_revenue' then le.amount else 0 end) as fee,
      -sum(case when le.account = 'creator_payable' then le.amount else 0 end) as net
    from ledger_entries le
    join ledger_transactions lt on lt.id = le.transaction_id
    join creator_subscriptions s on s.id = lt.subscription_id
    join creator_campaigns c on c.id = s.campaign_id
    where c.creator_id = ${creatorId} and lt.kind in ('subscription_payment', 'refund')
      and lt.posted_at >= ${start}::timestamptz and lt.posted_at < ${end}::timestamptz
    group by s.campaign_id, le.currency
    order by le.currency`,
  );
  const days = await rowsOf<DayRow>(
    db,
    sql`
    select e.campaign_id, to_char(e.day, 'YYYY-MM-DD') as day,
      (count(*) filter (where e.kind = 'view'))::int as views,
      (count(*) filter (where e.kind = 'click'))::int as clicks,
      (count(*) filter (where e.kind = 'join'))::int as joins
    from creator_campaign_events e
    join creator_campaigns c on c.id = e.campaign_id
    where c.creator_id = ${creatorId} and e.day >= ${range.from}::date and e.day <= ${range.to}::date
    group by e.campaign_id, e.day
    order by e.day`,
  );
  const now = ctx.now();
  return {
    from: range.from,
    to: range.to,
    items: rows.map((r) => {
      const startsAt = new Date(r.starts_at);
      const endsAt = new Date(r.ends_at);
      const budget = r.budget_cents === null ? null : Number(r.budget_cents);
      const spend = budget === null ? null : campaignSpend(budget, Number(r.views_total));
      return {
        id: Number(r.id),
        name: r.name,
        target: { kind: r.target_kind, id: Number(r.target_id), title: r.target_title ?? 'Deleted' },
        link: linkOf(r.code),
        starts_on: startsAt.toISOString().slice(0, 10),
        ends_on: new Date(endsAt.getTime() - DAY_MS).toISOString().slice(0, 10),
        status: campaignStatus({ startsAt, endsAt, pausedAt: r.paused_at === null ? null : new Date(r.paused_at) }, now),
        views: Number(r.views),
        clicks: Number(r.clicks),
        joins: Number(r.joins),
        budget_cents: budget,
        currency: budget === null ? null : (r.currency as Currency),
        spend_cents: spend,
        cost_per_join_cents: spend === null ? null : costPerJoin(spend, Number(r.joins_total)),
        days: days
          .filter((d) => Number(d.campaign_id) === Number(r.id))
          .map((d) => ({ day: d.day, views: Number(d.views), clicks: Number(d.clicks), joins: Number(d.joins) })),
        subscriptions: Number(r.subscriptions),
        revenue: money
          .filter((m) => Number(m.campaign_id) === Number(r.id))
          .map((m) => ({
            currency: m.currency as Currency,
            gross_cents: Number(m.gross),
            fee_cents: Number(m.fee),
            net_cents: Number(m.net),
          })),
      };
    }),
  };
}
