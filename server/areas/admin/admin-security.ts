import { and, count, desc, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { authEvents, sessions, users } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { ApiError, badRequest, notFound } from '#server/errors.ts';
import {
  AUTH_ALERT_WINDOW_HOURS,
  AUTH_EVENTS_COUNT_CAP,
  AUTH_FAILURE_KINDS,
  AUTH_FAILURES_PER_MINUTE_ALERT,
  type AuthEventKind,
} from '#domain/admin-operations.ts';
import { alias } from 'drizzle-orm/pg-core';
import { recordAuthEvent, type RequestMeta } from '../auth/index.ts';

const actors = alias(users, 'actors');

export async function listEvents(
  db: Database,
  q: { kind?: AuthEventKind; user_id?: number; ip?: string; page: number; page_size: number },
) {
  const filters: SQL[] = [];
  if (q.kind) filters.push(eq(authEvents.kind, q.kind));
  if (q.user_id) filters.push(eq(authEvents.userId, q.user_id));
  if (q.ip) filters.push(eq(authEvents.ip, q.ip.trim()));
  const where = filters.length ? and(...filters) : undefined;
  // Counted up to the cap (or this page's end if deeper), one row past it to know whether more match.
  const cap = Math.max(AUTH_EVENTS_COUNT_CAP, q.page * q.page_size);
  const matching = db
    .select({ one: sql`1` })
    .from(authEvents)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [rows, [counted]] = await Promise.all([
    db
      .select({ event: authEvents, userName: users.displayName, actorName: actors.displayName })
      .from(authEvents)
      .leftJoin(users, eq(users.id, authEvents.userId))
      .leftJoin(actors, eq(actors.id, authEvents.actorId))
      .where(where)
      // NULLS LAST as the index is built (drizzle-kit's DESC default): plain DESC means NULLS FIRST and sorts every row.
      .orderBy(sql`${authEvents.occurredAt} desc nulls last`, sql`${authEvents.id} desc nulls last`)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(matching),
  ]);
  const n = Number(counted?.n ?? 0);
  return {
    items: rows.map(({ event: e, userName, actorName }) => ({
      id: e.id,
      kind: e.kind as AuthEventKind,
      user_id: e.userId,
      user_name: userName,
      email: e.email,
      ip: e.ip,
      user_agent: e.userAgent,
      actor_name: actorName,
      detail: e.detail,
      occurred_at: e.occurredAt.toISOString(),
    })),
    total: Math.min(n, cap),
    total_capped: n > cap,
    page: q.page,
    page_size: q.page_size,
  };
}

/**
 * Addresses that failed sign-in at least the threshold times within any 60 seconds of the window:
 * a sliding minute ending at each failure (a burst across a clock minute's edge still counts),
 * one alert per address for its worst minute (the latest of equals). `minute` is that minute's end.
 */
export async function listAlerts(db: Database, now: Date) {
  const since = new Date(now.getTime() - AUTH_ALERT_WINDOW_HOURS * 3_600_000);
  const kinds = sql.join(
    AUTH_FAILURE_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const inMinute = sql`f.ip = e.ip and f.kind in (${kinds})
        and f.occurred_at > e.occurred_at - interval '1 minute' and f.occurred_at <= e.occurred_at`;
  const rows = await rowsOf<{ ip: string; minute: Date | string; failures: number; accounts: number }>(
    db,
    sql`select ip, minute, failures, accounts from (
          select distinct on (ip) ip, minute, failures, accounts from (
            select e.ip, e.occurred_at as minute,
              (select count(*) from auth_events f where ${inMinute})::int as failures,
              (select count(distinct coalesce(f.email, '')) from auth_events f where ${inMinute})::int as accounts
            from auth_events e
            where e.kind in (${kinds}) and e.occurred_at > ${since.toISOString()}::timestamptz
          ) w
          where failures >= ${AUTH_FAILURES_PER_MINUTE_ALERT}
          order by ip, failures desc, minute desc
        ) worst
        order by minute desc, failures desc
        limit 50`,
  );
  return {
    threshold_per_minute: AUTH_FAILURES_PER_MINUTE_ALERT,
    window_hours: AUTH_ALERT_WINDOW_HOURS,
    items: rows.map((r) => ({ ip: r.ip, minute: new Date(r.minute).toISOString(), failures: r.failures, accounts: r.accounts })),
  };
}

async function kindCounts(db: Database, where: SQL) {
  const rows = await db.select({ kind: authEvents.kind, n: count() }).from(authEvents).where(where).groupBy(authEvents.kind);
  return rows.map((r) => ({ kind: r.kind as AuthEventKind, count: r.n })).sort((a, b) => b.count - a.count);
}

/** One account's or one address's picture: counts by kind and the addresses (or accounts) involved. */
export async function summary(db: Database, q: { user_id?: number; ip?: string }, now: Date) {
  if (!q.user_id === !q.ip) throw badRequest('Ask about one account (user_id) or one address (ip).');
  if (q.user_id) {
    const [account] = await db.select().from(users).where(eq(users.id, q.user_id));
    if (!account) throw notFound('No account with that id.');
    const where = eq(authEvents.userId, account.id);
    const [counts, ips, [live]] = await Promise.all([
      kindCounts(db, where),
      db
        .select({ label: authEvents.ip, events: count(), lastSeen: max(authEvents.occurredAt) })
        .from(authEvents)
        .where(where)
        .groupBy(authEvents.ip)
        .orderBy(desc(max(authEvents.occurredAt)))
        .limit(20),
      db
        .select({ n: count() })
        .from(sessions)
        .where(
          and(eq(sessions.userId, account.id), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`),
        ),
    ]);
    return {
      account: {
        id: account.id,
        display_name: account.displayName,
        email: account.email,
        role: account.role,
        locked: account.lockedAt !== null,
        failed_attempts: account.failedAttempts,
        active_sessions: live?.n ?? 0,
      },
      counts,
      related: ips.map((r) => ({ label: r.label, user_id: null, events: r.events, last_seen: r.lastSeen!.toISOString() })),
    };
  }
  const where = eq(authEvents.ip, q.ip!.trim());
  const [counts, accounts] = await Promise.all([
    kindCounts(db, where),
    db
      .select({
        userId: authEvents.userId,
        email: authEvents.email,
        name: users.displayName,
        events: count(),
        lastSeen: max(authEvents.occurredAt),
      })
      .from(authEvents)
      .leftJoin(users, eq(users.id, authEvents.userId))
      .where(where)
      .groupBy(authEvents.userId, authEvents.email, users.displayName)
      .orderBy(desc(count()))
      .limit(20),
  ]);
  return {
    account: null,
    counts,
    related: accounts.map((r) => ({
      label: r.name ? `${r.name}${r.email ? ` (${r.email})` : ''}` : (r.email ?? 'unknown'),
      user_id: r.userId,
      events: r.events,
      last_seen: r.lastSeen!.toISOString(),
    })),
  };
}

export const PROTECTED_ADMIN_TEXT = 'Only an administrator can act on an administrator account.';

/** Ends every live session of an account; editors cannot do it to administrators. */
export async function revokeAllSessions(
  ctx: AppContext,
  actor: { id: number; role: string },
  userId: number,
  meta: RequestMeta,
  reason?: string,
) {
  const db = ctx.database.db;
  const [target] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!target) throw notFound('No account with that id.');
  if (target.role === 'administrator' && actor.role !== 'administrator') throw new ApiError(403, PROTECTED_ADMIN_TEXT);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  recordAuthEvent(ctx, meta, {
    kind: 'sessions_revoked',
    userId,
    actorId: actor.id,
    detail: `${ended.length} session(s) ended${reason?.trim() ? `: ${reason.trim()}` : ''}`,
  });
  return { revoked: ended.length };
}
