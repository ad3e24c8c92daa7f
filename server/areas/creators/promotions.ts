import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { creatorCampaigns } from '#server/db/schema.ts';
import { ApiError, conflict, notFound } from '#server/errors.ts';
import { CAMPAIGN_CPM_CENTS, campaignStatus, pauseProblem } from '#domain/campaigns.ts';
import { live, NO_CAMPAIGN } from './campaigns.ts';

// Promoted challenges: discovery labels a challenge "Promoted" while one of its creator's campaigns runs unpaused
// with budget left, and counts an impression per viewer and day; a click on it and a join through it are counted
// too (once per viewer and day, a join once per person). Pausing and resuming belong to the campaign's creator.

const today = (now: Date) => now.toISOString().slice(0, 10);
const NO_CAMPAIGN_ID = 'No campaign with that id.';

interface PromotedRow {
  id: number;
  target_id: number;
  code: string;
}

/**
 * Which of these challenges a campaign promotes now (running, unpaused, budget left), by challenge id with the
 * campaign's code; each shown one counts an impression for this viewer today (not a bot's, not the creator's own).
 */
export async function promoteChallenges(ctx: AppContext, challengeIds: number[], viewer: string | null): Promise<Map<number, string>> {
  if (challengeIds.length === 0) return new Map();
  const db = ctx.database.db;
  const now = ctx.now();
  const rows = await rowsOf<PromotedRow>(
    db,
    sql`
    select ${creatorCampaigns.id} as id, ${creatorCampaigns.targetId} as target_id, ${creatorCampaigns.code} as code
    from ${creatorCampaigns}
    where ${creatorCampaigns.targetKind} = 'challenge'
      and ${creatorCampaigns.targetId} in (${sql.join(
        challengeIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and ${live(now)} and ${creatorCampaigns.budgetCents} is not null
      and (select count(*) from creator_campaign_events e where e.campaign_id = ${creatorCampaigns.id} and e.kind = 'view')
          * ${CAMPAIGN_CPM_CENTS} < ${creatorCampaigns.budgetCents}::bigint * 1000
    order by ${creatorCampaigns.id}`,
  );
  const promoted = new Map<number, { id: number; code: string }>();
  for (const r of rows) if (!promoted.has(Number(r.target_id))) promoted.set(Number(r.target_id), { id: Number(r.id), code: r.code });
  if (viewer && promoted.size > 0) {
    await db.execute(sql`
      insert into creator_campaign_events (campaign_id, kind, viewer_key, day, at)
      select ${creatorCampaigns.id}, 'view', ${viewer}, ${today(now)}::date, ${now.toISOString()}::timestamptz
      from ${creatorCampaigns}
      where ${creatorCampaigns.id} in (${sql.join(
        [...promoted.values()].map((p) => sql`${p.id}`),
        sql`, `,
      )}) and ${viewer} <> ('u:' || ${creatorCampaigns.creatorId})
      on conflict do nothing`);
  }
  return new Map([...promoted].map(([challengeId, p]) => [challengeId, p.code]));
}

/** A click on a promoted challenge: counted while its campaign runs unpaused, once per viewer and day. */
export async function clickCampaign(ctx: AppContext, code: string, viewer: string | null): Promise<{ counted: boolean }> {
  const db = ctx.database.db;
  const now = ctx.now();
  const [c] = await db.select().from(creatorCampaigns).where(eq(creatorCampaigns.code, code));
  if (!c) throw notFound(NO_CAMPAIGN);
  if (!viewer || campaignStatus(c, now) !== 'running' || viewer === `u:${c.creatorId}`) return { counted: false };
  const inserted = await rowsOf<{ id: number }>(
    db,
    sql`
    insert into creator_campaign_events (campaign_id, kind, viewer_key, day, at)
    values (${c.id}, 'click', ${viewer}, ${today(now)}::date, ${now.toISOString()}::timestamptz)
    on conflict do nothing
    returning id`,
  );
  return { counted: inserted.length > 0 };
}

/**
 * A join of a promoted challenge through its campaign (the code the athlete came with): counted once per person when
 * the campaign runs unpaused and they joined while it ran. Called after the join has committed; it never refuses it.
 */
export async function recordCampaignJoin(ctx: AppContext, challengeId: number, userId: number, code: string | undefined) {
  if (!code) return;
  const now = ctx.now();
  const viewer = `u:${userId}`;
  await ctx.database.db.execute(sql`
    insert into creator_campaign_events (campaign_id, kind, viewer_key, day, at)
    select ${creatorCampaigns.id}, 'join', ${viewer}, ${today(now)}::date, ${now.toISOString()}::timestamptz
    from ${creatorCampaigns}
    where ${creatorCampaigns.code} = ${code} and ${creatorCampaigns.targetKind} = 'challenge'
      and ${creatorCampaigns.targetId} = ${challengeId} and ${live(now)} and ${creatorCampaigns.creatorId} <> ${userId}
      and exists (select 1 from challenge_participants p
                  where p.challenge_id = ${challengeId} and p.user_id = ${userId} and p.joined_at >= ${creatorCampaigns.startsAt})
      and not exists (select 1 from creator_campaign_events e
                      where e.campaign_id = ${creatorCampaigns.id} and e.kind = 'join' and e.viewer_key = ${viewer})
    on conflict do nothing`);
}

/** The creator pauses or resumes one of their campaigns: 404 unknown, 403 someone else's, 409 already so or ended. */
export async function setCampaignPaused(ctx: AppContext, userId: number, campaignId: number, action: 'pause' | 'resume') {
  const db = ctx.database.db;
  const now = ctx.now();
  const [c] = await db.select().from(creatorCampaigns).where(eq(creatorCampaigns.id, campaignId));
  if (!c) throw notFound(NO_CAMPAIGN_ID);
  if (c.creatorId !== userId) throw new ApiError(403, 'That campaign is not yours.');
  const problem = pauseProblem(campaignStatus(c, now), action);
  if (problem) throw conflict(problem);
  // Conditional on the state read above, so two clicks at once change it once and the second is told.
  const [updated] = await db
    .update(creatorCampaigns)
    .set({ pausedAt: action === 'pause' ? now : null })
    .where(
      sql`${creatorCampaigns.id} = ${campaignId} and ${creatorCampaigns.pausedAt} ${action === 'pause' ? sql`is null` : sql`is not null`}`,
    )
    .returning();
  if (!updated) throw conflict(action === 'pause' ? 'This campaign is paused already.' : 'This campaign is not paused.');
  return { id: updated.id, status: campaignStatus(updated, now) };
}
