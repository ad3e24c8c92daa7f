import { count, countDistinct, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { errorEvents, errorGroups, users } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { notFound } from '#server/errors.ts';
import { sha256 } from '#server/lib/tokens.ts';
import {
  ERROR_MESSAGE_MAX,
  ERROR_RELEASE_MAX,
  ERROR_STACK_MAX,
  ERROR_URL_MAX,
  fingerprintSource,
  topFrame,
  type ErrorKind,
  type ErrorStatus,
} from '#domain/admin-operations.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DAILY_DAYS = 14;
const RECENT_REPORTS = 10;

export interface ErrorReport {
  kind: ErrorKind;
  message: string;
  stack?: string | null;
  url?: string | null;
  release?: string | null;
}

const cut = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

interface PendingReport {
  fingerprint: string;
  source: 'client' | 'server';
  kind: ErrorKind;
  message: string;
  stack: string | null;
  release: string | null;
  url: string | null;
  userId: number | null;
  now: Date;
  resolve: (groupId: number) => void;
  reject: (error: unknown) => void;
}

/** Reports written in one transaction at most (a crash storm's backlog goes out in several). */
const MAX_REPORTS_PER_WRITE = 500;
/**
 * How long a write waits for more reports to join it. PGlite runs in this thread: while it writes,
 * no request is read, so without a pause each report that arrives starts a write of its own.
 */
export const ERROR_WRITE_LINGER_MS = 2;

/**
 * Group commit: reports that arrive while a write is in flight wait and go out together in the
 * next transaction, one upsert per fingerprint (its occurrences added up) and one multi-row insert
 * of events. A lone report is written after a moment's pause (ERROR_WRITE_LINGER_MS); a crash storm costs one transaction per
 * batch instead of one per report, and the hot group row is locked once per batch instead of once
 * per report. Each caller's promise settles when its own report has committed.
 */
class ErrorWriter {
  private waiting: PendingReport[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  add(report: Omit<PendingReport, 'resolve' | 'reject'>): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...report, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setTimeout(() => void this.drain(), ERROR_WRITE_LINGER_MS);
      }
    });
  }

  private async drain() {
    try {
      while (this.waiting.length) {
        const batch = this.waiting.splice(0, MAX_REPORTS_PER_WRITE);
        try {
          const ids = await writeReports(this.db, batch);
          batch.forEach((p, i) => p.resolve(ids[i]!));
        } catch (error) {
          batch.forEach((p) => p.reject(error));
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

const writers = new WeakMap<Database, ErrorWriter>();

async function writeReports(db: Database, batch: PendingReport[]): Promise<number[]> {
  // One row per fingerprint, in fingerprint order (two nodes' batches lock shared groups in the same order).
  const groups = new Map<string, typeof errorGroups.$inferInsert>();
  for (const r of batch) {
    const g = groups.get(r.fingerprint);
    if (!g) {
      groups.set(r.fingerprint, {
        fingerprint: r.fingerprint,
        source: r.source,
        kind: r.kind,
        message: r.message,
        topFrame: topFrame(r.stack),
        stack: r.stack,
        lastRelease: r.release,
        lastUrl: r.url,
        occurrences: 1,
        firstSeen: r.now,
        lastSeen: r.now,
      });
      continue;
    }
    g.occurrences = (g.occurrences ?? 0) + 1;
    if (r.now < g.firstSeen) g.firstSeen = r.now;
    if (r.now > g.lastSeen) g.lastSeen = r.now;
    g.stack = r.stack ?? g.stack;
    g.lastRelease = r.release ?? g.lastRelease;
    g.lastUrl = r.url ?? g.lastUrl;
  }
  const rows = [...groups.values()].sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1));
  return db.transaction(async (tx) => {
    const written = await tx
      .insert(errorGroups)
      .values(rows)
      .onConflictDoUpdate({
        target: errorGroups.fingerprint,
        set: {
          occurrences: sql`${errorGroups.occurrences} + excluded.occurrences`,
          lastSeen: sql`greatest(${errorGroups.lastSeen}, excluded.last_seen)`,
          stack: sql`coalesce(excluded.stack, ${errorGroups.stack})`,
          lastRelease: sql`coalesce(excluded.last_release, ${errorGroups.lastRelease})`,
          lastUrl: sql`coalesce(excluded.last_url, ${errorGroups.lastUrl})`,
          reopenedCount: sql`${errorGroups.reopenedCount} + case when ${errorGroups.status} = 'resolved' then 1 else 0 end`,
          status: sql`case when ${errorGroups.status} = 'resolved' then 'open' else ${errorGroups.status} end`,
        },
      })
      .returning({ id: errorGroups.id, fingerprint: errorGroups.fingerprint });
    const idOf = new Map(written.map((g) => [g.fingerprint, g.id]));
    await tx
      .insert(errorEvents)
      .values(
        batch.map((r) => ({ groupId: idOf.get(r.fingerprint)!, userId: r.userId, release: r.release, url: r.url, occurredAt: r.now })),
      );
    return batch.map((r) => idOf.get(r.fingerprint)!);
  });
}

/**
 * Stores one report: into its group (made on first sight; a resolved group opens again) and as an
 * event, in one transaction shared with the reports that arrived meanwhile (ErrorWriter). The group
 * is found by the fingerprint's unique index, never a scan. Resolves once the report has committed.
 */
export async function recordError(db: Database, report: ErrorReport, source: 'client' | 'server', userId: number | null, now: Date) {
  const message = report.message.trim().slice(0, ERROR_MESSAGE_MAX) || 'Unknown error';
  const stack = cut(report.stack, ERROR_STACK_MAX);
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new ErrorWriter(db)));
  return writer.add({
    fingerprint: sha256(fingerprintSource(report.kind, message, stack)),
    source,
    kind: report.kind,
    message,
    stack,
    release: cut(report.release?.trim(), ERROR_RELEASE_MAX),
    url: cut(report.url, ERROR_URL_MAX),
    userId,
    now,
  });
}

/** A 5xx the server answered, recorded like a client report (after the answer has gone out). */
export function recordServerFault(
  ctx: AppContext,
  error: unknown,
  request: { method: string; routeOptions?: { url?: string }; url: string; auth?: { user: { id: number } } },
) {
  const err = error instanceof Error ? error : new Error(String(error));
  const route = request.routeOptions?.url ?? request.url.split('?')[0] ?? '';
  ctx.tasks.defer('record server error', () =>
    recordError(
      ctx.database.db,
      { kind: 'server', message: `${request.method} ${route}: ${err.message || err.name}`, stack: err.stack, url: route },
      'server',
      request.auth?.user.id ?? null,
      ctx.now(),
    ),
  );
}

type GroupRow = typeof errorGroups.$inferSelect;

async function groupFigures(db: Database, ids: number[], now: Date) {
  if (ids.length === 0) return { hourly: new Map<number, number[]>(), affected: new Map<number, number>() };
  const since = new Date(now.getTime() - DAY_MS);
  const [buckets, affected] = await Promise.all([
    rowsOf<{ group_id: number; hours_ago: number; n: number }>(
      db,
      sql`select group_id, floor(extract(epoch from (${now.toISOString()}::timestamptz - occurred_at)) / 3600)::int as hours_ago,
            count(*)::int as n
          from error_events
          where group_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and occurred_at > ${since.toISOString()}::timestamptz
          group by 1, 2`,
    ),
    db
      .select({ groupId: errorEvents.groupId, n: countDistinct(errorEvents.userId) })
      .from(errorEvents)
      .where(inArray(errorEvents.groupId, ids))
      .groupBy(errorEvents.groupId),
  ]);
  const hourly = new Map(ids.map((id) => [id, Array.from({ length: 24 }, () => 0)]));
  for (const b of buckets) {
    const h = Math.min(23, Math.max(0, b.hours_ago));
    hourly.get(b.group_id)![23 - h] += b.n;
  }
  return { hourly, affected: new Map(affected.map((a) => [a.groupId, a.n])) };
}

function presentGroup(g: GroupRow, figures: Awaited<ReturnType<typeof groupFigures>>) {
  return {
    id: g.id,
    kind: g.kind as ErrorKind,
    source: g.source as 'client' | 'server',
    message: g.message,
    top_frame: g.topFrame,
    status: g.status as ErrorStatus,
    occurrences: g.occurrences,
    affected_users: figures.affected.get(g.id) ?? 0,
    first_seen: g.firstSeen.toISOString(),
    last_seen: g.lastSeen.toISOString(),
    last_release: g.lastRelease,
    reopened_count: g.reopenedCount,
    hourly: figures.hourly.get(g.id) ?? Array.from({ length: 24 }, () => 0),
  };
}

export async function listGroups(db: Database, q: { status?: ErrorStatus; page: number; page_size: number }, now: Date) {
  const where = q.status ? eq(errorGroups.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(errorGroups)
      .where(where)
      .orderBy(desc(errorGroups.lastSeen), desc(errorGroups.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(errorGroups).where(where),
  ]);
  const figures = await groupFigures(
    db,
    rows.map((r) => r.id),
    now,
  );
  return { items: rows.map((r) => presentGroup(r, figures)), total: total?.n ?? 0, page: q.page, page_size: q.page_size };
}

export async function groupDetail(db: Database, id: number, now: Date) {
  const [group] = await db.select().from(errorGroups).where(eq(errorGroups.id, id));
  if (!group) throw notFound('No error group with that id.');
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (DAILY_DAYS - 1) * DAY_MS);
  const [figures, days, recent] = await Promise.all([
    groupFigures(db, [id], now),
    rowsOf<{ day: string; n: number }>(
      db,
      sql`select to_char(date_trunc('day', occurred_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as n
          from error_events where group_id = ${id} and occurred_at >= ${firstDay.toISOString()}::timestamptz group by 1`,
    ),
    db
      .select({ occurredAt: errorEvents.occurredAt, release: errorEvents.release, url: errorEvents.url, user: users.displayName })
      .from(errorEvents)
      .leftJoin(users, eq(users.id, errorEvents.userId))
      .where(eq(errorEvents.groupId, id))
      .orderBy(desc(errorEvents.occurredAt), desc(errorEvents.id))
      .limit(RECENT_REPORTS),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d.n]));
  const daily = Array.from({ length: DAILY_DAYS }, (_, i) => {
    const day = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
  return {
    ...presentGroup(group, figures),
    stack: group.stack,
    last_url: group.lastUrl,
    daily,
    recent: recent.map((r) => ({ occurred_at: r.occurredAt.toISOString(), release: r.release, url: r.url, user: r.user })),
  };
}

export async function setGroupStatus(db: Database, id: number, status: ErrorStatus, actorId: number, now: Date) {
  const [row] = await db
    .update(errorGroups)
    .set({ status, statusChangedAt: now, statusChangedBy: actorId })
    .where(eq(errorGroups.id, id))
    .returning({ id: errorGroups.id });
  if (!row) throw notFound('No error group with that id.');
  return groupDetail(db, id, now);
}
