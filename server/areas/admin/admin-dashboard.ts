import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';

// The admin dashboard: the platform at a glance. One statement of counts, each on an index
// (users' primary key, activity days by day — the one meaning of "active", shared with business
// intelligence's daily actives (server/lib/bi-record.ts) —, scores by submission time, the partial
// indexes of the open queues, error events by time).

const ERROR_WINDOW_HOURS = 24;

export async function dashboard(ctx: AppContext) {
  const now = ctx.now();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(now.getTime() - ERROR_WINDOW_HOURS * 3_600_000);
  const [row] = await rowsOf<Record<string, number>>(
    ctx.database.db,
    sql`select
      (select count(*) from users)::int as users,
      (select count(*) from user_activity_days where day = ${dayStart.toISOString().slice(0, 10)}::date)::int as active_today,
      (select count(*) from challenge_scores where submitted_at >= ${dayStart.toISOString()}::timestamptz)::int as submissions_today,
      (select count(*) from personal_records where status = 'pending')::int as records_waiting,
      (select count(*) from challenge_scores where verification = 'unverified' and deleted_at is null)::int as scores_waiting,
      (select count(*) from score_videos where state in ('waiting', 'confirming', 'appealed'))::int as videos_waiting,
      (select count(*) from content_reports where status = 'open')::int as reports_waiting,
      (select count(*) from moderation_appeals where status = 'open')::int as appeals_waiting,
      (select count(*) from feedback where status = 'new')::int as feedback_waiting,
      (select count(*) from error_events where occurred_at >= ${since.toISOString()}::timestamptz)::int as errors_recent`,
  );
  const r = row ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  const figure = (id: string, label: string, hint: string, link: string, queue = false) => ({
    id,
    label,
    value: n(id),
    hint,
    link,
    attention: queue && n(id) > 0,
  });
  return {
    generated_at: now.toISOString(),
    figures: [
      figure('users', 'Users', 'Accounts on the platform.', '/admin-security-monitoring-page'),
      figure(
        'active_today',
        'Active today',
        'Accounts that used RepForge signed in since midnight UTC (as Business Intelligence counts daily actives).',
        '/admin-business-intelligence',
      ),
      figure('submissions_today', 'Submissions today', 'Challenge scores submitted since midnight UTC.', '/challenge-discovery-page'),
      figure('records_waiting', 'Records to approve', 'Personal records waiting for review.', '/admin-test-approval-page', true),
      figure(
        'scores_waiting',
        'Scores to review',
        'Challenge scores held for an administrator’s look.',
        '/admin-individual-challenges-page',
        true,
      ),
      figure(
        'videos_waiting',
        'Videos to judge',
        'Scores with video waiting for a judge, a senior’s confirmation or an appeal.',
        '/judging-dashboard',
        true,
      ),
      figure('reports_waiting', 'Reports', 'Open reports of content.', '/admin-reported-content-page', true),
      figure('appeals_waiting', 'Appeals', 'Moderation decisions appealed by their authors.', '/admin-reported-content-page#appeals', true),
      figure('feedback_waiting', 'Feedback', 'New feedback nobody has looked at.', '/admin-feedback-page', true),
      figure('errors_recent', 'Errors (24 h)', `Errors reported in the last ${ERROR_WINDOW_HOURS} hours.`, '/admin-error-logs-page', true),
    ],
  };
}
