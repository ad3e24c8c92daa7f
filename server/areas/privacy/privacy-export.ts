import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { EXPORT_INTERVAL_MS, EXPORT_LINK_TTL_MS } from '#domain/privacy.ts';
import { LEGAL_TITLES, type LegalKind } from '#domain/legal.ts';
import { DEV_ORIGIN } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/rows.ts';
import { dataExports, users } from '#server/db/schema.ts';
import { ApiError, notFound } from '#server/errors.ts';
import { enqueueJob, runDueJobs, type JobHandlers } from '#server/lib/jobs.ts';
import { keyedHash, safeEqual } from '#server/lib/tokens.ts';

/** One table's rows that belong to the athlete: where `column` holds their id. Secrets are left out. */
interface ExportSource {
  table: string;
  column: string;
  omit?: string[];
  /** Rows that point at a legal document (document_id): each names it, with its version, instead of the bare id. */
  legalDocument?: true;
}

/**
 * Every table that references users, grouped into one JSON file per area. A server test
 * compares this with the database's foreign keys to users: a new table must be added here.
 */
export const EXPORT_AREAS: { file: string; about: string; sources: ExportSource[] }[] = [
  {
    file: 'account.json',
    about: 'Your account, sign-ins and sessions (codes, tokens and password hashes are never exported).',
    sources: [
      { table: 'users', column: 'id', omit: ['password_hash'] },
      { table: 'sessions', column: 'user_id', omit: ['csrf_token', 'refresh_hash', 'previous_refresh_hash'] },
      { table: 'login_codes', column: 'user_id', omit: ['code_hash', 'attempt_hash'] },
      { table: 'password_resets', column: 'user_id', omit: ['token_hash'] },
      { table: 'community_auth_codes', column: 'user_id', omit: ['code_hash'] },
      // Retried submissions' keys (kept a day): which request, when; the kept answer is the score, exported with it.
      { table: 'idempotency_keys', column: 'user_id', omit: ['response', 'request_hash'] },
    ],
  },
  {
    file: 'profile.json',
    about: 'Your athlete profile, privacy choices and settings, and the gyms, leagues and federations you added or changed.',
    sources: [
      { table: 'athlete_profiles', column: 'user_id' },
      { table: 'privacy_settings', column: 'user_id' },
      { table: 'user_settings', column: 'user_id' },
      { table: 'gyms', column: 'created_by' },
      { table: 'gym_changes', column: 'actor_id' },
      { table: 'federations', column: 'created_by' },
      { table: 'leagues', column: 'created_by' },
      { table: 'sports_network_changes', column: 'actor_id' },
    ],
  },
  {
    file: 'records.json',
    about: 'Your personal records, bests, global scores, historical results and claims.',
    sources: [
      { table: 'personal_records', column: 'user_id' },
      { table: 'test_bests', column: 'user_id' },
      { table: 'global_scores', column: 'user_id' },
      { table: 'historical_results', column: 'user_id' },
      { table: 'performance_claims', column: 'user_id' },
    ],
  },
  {
    file: 'challenges.json',
    about: 'Challenges and events you created or joined, your scores, entries and the teams you captain.',
    sources: [
      { table: 'challenges', column: 'creator_id' },
      { table: 'events', column: 'creator_id' },
      { table: 'challenge_participants', column: 'user_id' },
      { table: 'challenge_scores', column: 'user_id' },
      { table: 'challenge_entries', column: 'user_id' },
      { table: 'challenge_teams', column: 'captain_id' },
    ],
  },
  {
    file: 'battles.json',
    about:
      'Battles and tournaments you created or entered (with your seeds and bracket matches), your attempts in them, and the negotiation moves you made or that named you.',
    sources: [
      { table: 'battles', column: 'creator_id' },
      { table: 'battle_entries', column: 'user_id' },
      { table: 'battle_attempts', column: 'user_id' },
      { table: 'battle_matches', column: 'a_user_id' },
      { table: 'battle_matches', column: 'b_user_id' },
      { table: 'battle_squads', column: 'captain_id' },
      { table: 'battle_tokens', column: 'used_on' },
      { table: 'battle_pacts', column: 'proposed_by' },
      { table: 'battle_pacts', column: 'answered_by' },
      { table: 'battle_negotiation_log', column: 'actor_id' },
      { table: 'battle_negotiation_log', column: 'member_id' },
      { table: 'tournaments', column: 'creator_id' },
      { table: 'tournament_seeds', column: 'user_id' },
    ],
  },
  {
    file: 'live.json',
    about:
      'Your live attempts (counted live from the tap screen), the reactions you sent while watching others, and the broadcasts you scheduled.',
    sources: [
      { table: 'live_attempts', column: 'user_id' },
      { table: 'live_reactions', column: 'user_id' },
      { table: 'live_broadcasts', column: 'created_by' },
    ],
  },
  {
    file: 'creators.json',
    about:
      'The subscription tiers you offer as a creator, your subscribers, the creators you subscribe to, your promotion campaigns, and the Stripe account your payouts go to.',
    sources: [
      { table: 'creator_tiers', column: 'creator_id' },
      { table: 'creator_connect_accounts', column: 'creator_id' },
      { table: 'creator_campaigns', column: 'creator_id' },
      { table: 'creator_subscriptions', column: 'creator_id' },
      { table: 'creator_subscriptions', column: 'subscriber_id' },
    ],
  },
  {
    file: 'commentary.json',
    about: 'Commentary lines written about your results on the boards, and those still waiting to be written.',
    sources: ['commentary_lines', 'commentary_drafts'].map((table) => ({ table, column: 'user_id' })),
  },
  {
    file: 'interviews.json',
    about:
      'Your AI and video interviews: the questions you were asked, your answers (video answers name their clip in videos.json), and where you published them.',
    sources: [
      { table: 'interviews', column: 'user_id' },
      { table: 'interview_questions', column: 'user_id' },
      { table: 'video_interviews', column: 'user_id' },
      { table: 'video_interview_questions', column: 'user_id' },
    ],
  },
  {
    file: 'follows.json',
    about: 'Whom you follow, who follows you, and the kudos you gave to stories and results.',
    sources: [
      { table: 'follows', column: 'follower_id' },
      { table: 'follows', column: 'followee_id' },
      { table: 'kudos', column: 'user_id' },
    ],
  },
  {
    file: 'achievements.json',
    about: 'Your achievements and streaks.',
    sources: [
      { table: 'achievements', column: 'user_id' },
      { table: 'streaks', column: 'user_id' },
    ],
  },
  {
    file: 'timeline.json',
    about: 'What was posted to the community timeline about you.',
    sources: [{ table: 'timeline_posts', column: 'user_id' }],
  },
  {
    file: 'feedback.json',
    about: 'Feedback you sent.',
    sources: [{ table: 'feedback', column: 'user_id' }],
  },
  {
    file: 'staff-actions.json',
    about: 'What you did as staff: reviews, deletions, uploads and tests you added.',
    sources: [
      { table: 'challenges', column: 'deleted_by' },
      { table: 'feedback_changes', column: 'changed_by' },
      { table: 'personal_records', column: 'reviewed_by' },
      { table: 'performance_claims', column: 'reviewed_by' },
      { table: 'historical_batches', column: 'uploaded_by' },
      { table: 'tests', column: 'created_by' },
      { table: 'legal_documents', column: 'published_by' },
      { table: 'auth_events', column: 'actor_id' },
      { table: 'error_groups', column: 'status_changed_by' },
      { table: 'rate_limit_changes', column: 'changed_by' },
      { table: 'rate_limit_settings', column: 'updated_by' },
      { table: 'judge_certificates', column: 'granted_by' },
      { table: 'judging_test_clips', column: 'created_by' },
      { table: 'score_videos', column: 'claimed_by' },
      { table: 'score_videos', column: 'verdict_by' },
      { table: 'battle_attempts', column: 'verdict_by' },
      { table: 'score_videos', column: 'confirmed_by' },
      { table: 'content_reports', column: 'resolved_by' },
      { table: 'moderation_actions', column: 'actor_id' },
      { table: 'moderation_appeals', column: 'decided_by' },
      { table: 'commentary_lines', column: 'decided_by' },
      { table: 'commentary_streams', column: 'updated_by' },
      { table: 'commentary_battle_streams', column: 'updated_by' },
    ],
  },
  {
    file: 'moderation.json',
    about: 'The content you reported, moderators’ decisions about your content and your appeals.',
    sources: [
      { table: 'content_reports', column: 'reporter_id' },
      { table: 'moderation_actions', column: 'author_id' },
      { table: 'moderation_appeals', column: 'author_id' },
    ],
  },
  {
    file: 'legal.json',
    about: 'The versions of the terms and privacy policy you accepted, and the liability waivers you signed.',
    sources: [
      { table: 'legal_consents', column: 'user_id', legalDocument: true },
      { table: 'waiver_signatures', column: 'user_id', legalDocument: true },
    ],
  },
  {
    file: 'teams.json',
    about:
      'Your lasting teams, the invitations and join requests you sent or received, the alliances you proposed or answered for a team, and your notification inbox.',
    sources: [
      { table: 'team_members', column: 'user_id' },
      { table: 'teams', column: 'created_by' },
      { table: 'team_invitations', column: 'user_id' },
      { table: 'team_invitations', column: 'invited_by' },
      { table: 'team_challenge_entries', column: 'entered_by' },
      { table: 'alliances', column: 'proposed_by' },
      { table: 'alliance_members', column: 'responded_by' },
      { table: 'notifications', column: 'user_id' },
    ],
  },
  {
    file: 'security.json',
    about:
      'Your sign-in history (each sign-in, failure, lock and reset with its address and browser), the app errors your sessions reported, the days you used the app and the challenges you opened each day (counted for the platform’s statistics).',
    sources: [
      { table: 'auth_events', column: 'user_id' },
      { table: 'error_events', column: 'user_id' },
      { table: 'user_activity_days', column: 'user_id' },
      { table: 'challenge_view_days', column: 'user_id' },
    ],
  },
  {
    file: 'videos.json',
    about: 'The videos you uploaded: name, size, checksum, state and what processing found (the files play on the videos page).',
    sources: [{ table: 'videos', column: 'user_id' }],
  },
  {
    file: 'judging.json',
    about:
      'Your scores with video and their verdicts, your judge certificates, your judging test attempts, and each judging step you took (claims, verdicts, appeals).',
    sources: [
      { table: 'score_videos', column: 'athlete_id' },
      { table: 'judge_certificates', column: 'user_id' },
      { table: 'judging_test_attempts', column: 'user_id' },
      { table: 'judging_audit', column: 'actor_id' },
    ],
  },
  {
    file: 'theater.json',
    about: "Your thumbs up and thumbs down on other athletes' score videos in challenge theaters.",
    sources: [{ table: 'video_votes', column: 'user_id' }],
  },
  {
    file: 'stories.json',
    about:
      'The stories you published and the comments you wrote under stories, hidden ones included, and the pictures you uploaded (stories and avatar; each is at /api/images/ID/1280).',
    sources: [
      { table: 'stories', column: 'author_id' },
      { table: 'story_comments', column: 'author_id' },
      { table: 'images', column: 'owner_id' },
    ],
  },
  {
    file: 'privacy.json',
    about: 'Your data exports and account deletion requests.',
    sources: [
      { table: 'data_exports', column: 'user_id', omit: ['archive'] },
      { table: 'account_deletions', column: 'user_id', omit: ['code_hash'] },
    ],
  },
];

export const EXPORT_TOO_SOON_TEXT = 'You can request one data export per day. Download the one you already have, or try again tomorrow.';
export const EXPORT_LINK_GONE_TEXT = 'This download link has expired or does not exist. Request a new export on the privacy settings page.';

type ExportRow = typeof dataExports.$inferSelect;

function presentExport(ctx: AppContext, row: ExportRow, now: Date) {
  return {
    id: row.id,
    status: row.status as 'queued' | 'building' | 'ready' | 'failed',
    progress: row.progress,
    requested_at: row.requestedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    size_bytes: row.sizeBytes,
    /** Where to download it (the link is its only key), while the link lives. */
    download_url: row.status === 'ready' && row.expiresAt && row.expiresAt > now ? exportDownloadPath(ctx, row.id) : null,
  };
}

/** The athlete's exports, newest first (the ten latest), and when the next one may be asked for. */
export async function listExports(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const rows = await ctx.database.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(10);
  const latest = rows.find((r) => r.status !== 'failed');
  const next = latest ? new Date(latest.requestedAt.getTime() + EXPORT_INTERVAL_MS) : now;
  return {
    exports: rows.map((r) => presentExport(ctx, r, now)),
    next_export_at: (next > now ? next : now).toISOString(),
  };
}

/** The job that builds an export (server/lib/jobs.ts): retried, taken back after a crash, failed for good only after its attempts. */
export const EXPORT_JOB = 'privacy.export';

const exportIdOf = (payload: Record<string, unknown>) => Number(payload.exportId);

/** The mail with the link: its own job, queued with the archive in one transaction, so a crash between the two loses nothing. */
export const EXPORT_MAIL_JOB = 'privacy.export.mail';

export const exportJobHandlers: JobHandlers = {
  [EXPORT_JOB]: {
    run: (ctx, payload) => buildExport(ctx, exportIdOf(payload)),
    failed: (ctx, payload) => markExportFailed(ctx, exportIdOf(payload)),
  },
  [EXPORT_MAIL_JOB]: (ctx, payload) => mailExportReady(ctx, exportIdOf(payload)),
};

async function markExportFailed(ctx: AppContext, exportId: number) {
  await ctx.database.db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ['queued', 'building'])));
}

/**
 * Exports that no job will finish (queued or building without a queued or running job: left by a
 * server that built them in-process before exports were jobs, or whose job failed without its hook)
 * are failed, so they stop counting as the day's export. Run at start and by the privacy sweep.
 */
export async function failStrandedExports(ctx: AppContext): Promise<number> {
  const rows = await rowsOf(
    ctx.database.db,
    sql`update data_exports e set status = 'failed'
        where e.status in ('queued', 'building')
          and not exists (select 1 from jobs j where j.kind = ${EXPORT_JOB} and j.state in ('queued', 'running')
                          and j.payload->>'exportId' = e.id::text)
        returning e.id`,
  );
  return rows.length;
}

/**
 * Queues an export as a job in the same transaction (one per EXPORT_INTERVAL_MS; a failed one
 * does not count) and starts it on this node after the answer; any node's worker takes it
 * otherwise. The account row lock makes two requests at once queue one export.
 */
export async function requestExport(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const row = await ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [recent] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          inArray(dataExports.status, ['queued', 'building', 'ready']),
          gt(dataExports.requestedAt, new Date(now.getTime() - EXPORT_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (recent) throw new ApiError(429, EXPORT_TOO_SOON_TEXT);
    const [created] = await tx.insert(dataExports).values({ userId, requestedAt: now }).returning();
    await enqueueJob(tx, EXPORT_JOB, { exportId: created!.id }, now);
    return created!;
  });
  ctx.tasks.defer('data export', () => runDueJobs(ctx, exportJobHandlers));
  return presentExport(ctx, row, now);
}

/** JSON that keeps 64-bit numbers (as text) and dates (ISO). */
const toJson = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);

/**
 * The athlete's rows of one table, each read as JSON by the database (to_jsonb), so a value has one type on
 * PGlite and PostgreSQL alike: a bigint (a score's value) is a number on both, not a number on one and text
 * on the other as the drivers return them.
 */
async function rowsFor(ctx: AppContext, source: ExportSource, userId: number) {
  const table = sql.identifier(source.table);
  const column = sql.identifier(source.column);
  const rows = source.legalDocument
    ? await rowsOf<{ row: Record<string, unknown>; kind: string; version: number }>(
        ctx.database.db,
        sql`select to_jsonb(t) as row, d.kind, d.version from ${table} t join legal_documents d on d.id = t.document_id
            where t.${column} = ${userId} order by t.id`,
      )
    : await rowsOf<{ row: Record<string, unknown> }>(
        ctx.database.db,
        sql`select to_jsonb(t) as row from ${table} t where t.${column} = ${userId} order by 1`,
      );
  return rows.map((r: { row: Record<string, unknown>; kind?: string; version?: number }) => {
    const row = typeof r.row === 'string' ? (JSON.parse(r.row) as Record<string, unknown>) : r.row;
    const kept = Object.fromEntries(Object.entries(row).filter(([key]) => !source.omit?.includes(key)));
    if (r.kind === undefined) return kept;
    return { document: LEGAL_TITLES[r.kind as LegalKind] ?? r.kind, version: Number(r.version), ...kept };
  });
}

/**
 * Builds the ZIP area by area, recording progress as it goes. Run again after a crash or a failed
 * attempt, it starts over; the export is failed by the job's hook once its attempts are used up.
 */
export async function buildExport(ctx: AppContext, exportId: number) {
  const db = ctx.database.db;
  const [job] = await db
    .update(dataExports)
    .set({ status: 'building', progress: 0 })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ['queued', 'building'])))
    .returning();
  if (!job) return;
  const files: Record<string, Uint8Array> = {};
  const index: { file: string; about: string; tables: string[] }[] = [];
  for (const [i, area] of EXPORT_AREAS.entries()) {
    const content: Record<string, unknown[]> = {};
    for (const source of area.sources) {
      const key = source.column === 'user_id' || source.column === 'id' ? source.table : `${source.table} (${source.column})`;
      content[key] = await rowsFor(ctx, source, job.userId);
    }
    files[area.file] = strToU8(toJson(content));
    index.push({ file: area.file, about: area.about, tables: Object.keys(content) });
    const progress = Math.floor(((i + 1) / EXPORT_AREAS.length) * 100);
    await db
      .update(dataExports)
      .set({ progress: Math.min(progress, 99) })
      .where(eq(dataExports.id, exportId));
  }
  const now = ctx.now();
  files['index.json'] = strToU8(toJson({ generated_at: now.toISOString(), user_id: job.userId, files: index }));
  const zip = zipSync(files, { level: 6 });
  await db.transaction(async (tx) => {
    await tx
      .update(dataExports)
      .set({
        status: 'ready',
        progress: 100,
        archive: Buffer.from(zip).toString('base64'),
        sizeBytes: zip.byteLength,
        completedAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_LINK_TTL_MS),
      })
      .where(eq(dataExports.id, exportId));
    // The link goes out by mail too, so the athlete can fetch it later from anywhere.
    await enqueueJob(tx, EXPORT_MAIL_JOB, { exportId }, now);
  });
  ctx.tasks.defer('data export mail', () => runDueJobs(ctx, exportJobHandlers));
}

/** The secret in an export's download link: keyed, so nothing to store and nobody can guess it. */
const downloadToken = (ctx: AppContext, exportId: number) => keyedHash(ctx.jwtKey, `data-export:${exportId}`);

/** The download path of an export; its token is the only key to it (no sign-in needed, so a plain link works). */
export const exportDownloadPath = (ctx: AppContext, exportId: number) =>
  `${ctx.config.basePath}api/privacy/exports/${exportId}/archive/${downloadToken(ctx, exportId)}`;

async function mailExportReady(ctx: AppContext, exportId: number) {
  const [row] = await ctx.database.db
    .select({ email: users.email, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'ready')));
  // Gone (the account was erased) or expired before the mail could go: nothing to send.
  if (!row?.expiresAt || row.expiresAt <= ctx.now()) return;
  const origin = ctx.config.publicOrigin ?? DEV_ORIGIN();
  await ctx.mailer.send({
    to: row.email,
    subject: 'Your RepForge data export is ready',
    text: `Hello,\n\nThe copy of your data you asked for is ready. Download it (a ZIP file) within seven days:\n\n${origin}${exportDownloadPath(ctx, exportId)}\n\nAnyone with this link can download the file: do not share it.\n\nThe RepForge team`,
  });
}

/** The ZIP behind a download link, while the link lives. */
export async function downloadExport(ctx: AppContext, exportId: number, token: string): Promise<Buffer> {
  const now = ctx.now();
  if (!safeEqual(token, downloadToken(ctx, exportId))) throw notFound(EXPORT_LINK_GONE_TEXT);
  const [row] = await ctx.database.db
    .select({ archive: dataExports.archive, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'ready')));
  if (!row?.archive || !row.expiresAt || row.expiresAt <= now) throw notFound(EXPORT_LINK_GONE_TEXT);
  return Buffer.from(row.archive, 'base64');
}

/** Empties expired archives (the row stays, as a record of the request). */
export async function dropExpiredExports(ctx: AppContext) {
  await ctx.database.db
    .update(dataExports)
    .set({ archive: null })
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, ctx.now())));
}
