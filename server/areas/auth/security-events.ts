import type { AppContext } from '#server/context.ts';
import { authEvents } from '#server/db/schema.ts';
import type { AuthEventKind } from '#domain/admin-operations.ts';

/** Where a call came from, as the security timeline keeps it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export const requestMeta = (request: { ip: string; headers: Record<string, unknown> }): RequestMeta => {
  const ua = request.headers['user-agent'];
  return { ip: request.ip.slice(0, 64), userAgent: typeof ua === 'string' && ua ? ua.slice(0, 300) : null };
};

export interface AuthEventInput {
  kind: AuthEventKind;
  userId?: number | null;
  email?: string | null;
  actorId?: number | null;
  detail?: string | null;
}

/** Appends one event to the timeline after the answer has gone out (its cost never shows in sign-in times). */
export function recordAuthEvent(ctx: AppContext, meta: RequestMeta | undefined, event: AuthEventInput) {
  if (!meta) return;
  const occurredAt = ctx.now();
  ctx.tasks.defer('record auth event', () =>
    ctx.database.db.insert(authEvents).values({
      kind: event.kind,
      userId: event.userId ?? null,
      email: event.email ? event.email.trim().toLowerCase().slice(0, 254) : null,
      ip: meta.ip,
      userAgent: meta.userAgent,
      actorId: event.actorId ?? null,
      detail: event.detail?.slice(0, 200) ?? null,
      occurredAt,
    }),
  );
}
