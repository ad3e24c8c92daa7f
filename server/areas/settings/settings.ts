import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { athleteProfiles, DEFAULT_PRIVACY, sessions, userSettings, users } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { isTimeZone, setTimeZone } from '../realtime/index.ts';
import { deviceName } from '../auth/index.ts';
import { DEFAULT_UNIT_PREFERENCE, isUnitPreference, type UnitPreference } from '#domain/unit-preference.ts';
import {
  DEFAULT_IN_APP,
  EMAIL_KINDS,
  emailWanted,
  IN_APP_KINDS,
  isInAppKind,
  isNotificationKind,
  type InAppKind,
  type NotificationKind,
} from '#domain/notifications.ts';

/** Event kinds the community timeline takes, as the settings name them. */
export type TimelineKind = 'personal_record' | 'challenge_joined' | 'final_place';
export type TimelineSettings = Record<TimelineKind, boolean>;

export interface SettingsInput {
  units?: string;
  time_zone?: string;
  timeline?: Partial<Record<string, boolean>>;
  notifications?: { in_app?: Partial<Record<string, boolean>>; email?: Partial<Record<string, boolean>> };
}

const TIMELINE_COLUMNS = {
  personal_record: 'timelinePersonalRecord',
  challenge_joined: 'timelineChallengeJoined',
  final_place: 'timelineFinalPlace',
} as const satisfies Record<TimelineKind, keyof typeof userSettings.$inferInsert>;
const TIMELINE_KINDS = Object.keys(TIMELINE_COLUMNS) as TimelineKind[];

const IN_APP_COLUMNS = {
  achievement_unlocked: 'popupAchievementUnlocked',
  milestone_reached: 'popupMilestoneReached',
  personal_record: 'popupPersonalRecord',
  popup_sound: 'popupSound',
} as const satisfies Record<InAppKind, keyof typeof userSettings.$inferInsert>;

type SettingsColumn = (typeof TIMELINE_COLUMNS)[TimelineKind] | (typeof IN_APP_COLUMNS)[InAppKind];

export async function getSettings(ctx: AppContext, userId: number) {
  const db = ctx.database.db;
  const [row] = await db
    .select({ user: users, units: athleteProfiles.units, settings: userSettings })
    .from(users)
    .leftJoin(athleteProfiles, eq(athleteProfiles.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('No account with that id.');
  return {
    units: isUnitPreference(row.units) ? row.units : DEFAULT_UNIT_PREFERENCE,
    time_zone: row.user.timeZone,
    timeline: {
      personal_record: row.settings?.timelinePersonalRecord ?? true,
      challenge_joined: row.settings?.timelineChallengeJoined ?? true,
      final_place: row.settings?.timelineFinalPlace ?? true,
    },
    notifications: {
      in_app: Object.fromEntries(
        IN_APP_KINDS.map((kind) => [kind, row.settings ? row.settings[IN_APP_COLUMNS[kind]] : DEFAULT_IN_APP[kind]]),
      ) as Record<InAppKind, boolean>,
      email: Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, emailWanted(kind, row.settings?.emailKinds)])) as Record<
        NotificationKind,
        boolean
      >,
    },
    community: { site_url: ctx.config.communitySiteUrl ?? null, account_id: row.user.id, display_name: row.user.displayName },
  };
}

/** Checks every field before anything is written: one bad value stores nothing. */
function checkSettings(input: SettingsInput) {
  if (input.units !== undefined && !isUnitPreference(input.units)) {
    throw badRequest(`Units must be metric (kg, km) or imperial (lb, mi), not “${String(input.units)}”.`, 'units');
  }
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) {
    throw badRequest(`${input.time_zone} is not a time zone we know; use an IANA name such as Europe/Berlin.`, 'time_zone');
  }
  const switches: Partial<Record<SettingsColumn, boolean>> = {};
  for (const [kind, on] of Object.entries(input.timeline ?? {})) {
    if (!TIMELINE_KINDS.includes(kind as TimelineKind)) throw badRequest(`“${kind}” is not a timeline event kind.`, 'timeline');
    if (typeof on !== 'boolean') throw badRequest(`The timeline choice for ${kind} must be on or off.`, `timeline.${kind}`);
    switches[TIMELINE_COLUMNS[kind as TimelineKind]] = on;
  }
  for (const [kind, on] of Object.entries(input.notifications?.in_app ?? {})) {
    if (!isInAppKind(kind)) throw badRequest(`“${kind}” is not an in-app notification kind.`, `notifications.in_app.${kind}`);
    if (typeof on !== 'boolean') throw badRequest(`The in-app choice for ${kind} must be on or off.`, `notifications.in_app.${kind}`);
    switches[IN_APP_COLUMNS[kind]] = on;
  }
  const email: Record<string, boolean> = {};
  for (const [kind, on] of Object.entries(input.notifications?.email ?? {})) {
    if (!isNotificationKind(kind)) throw badRequest(`“${kind}” is not a notification kind.`, `notifications.email.${kind}`);
    if (typeof on !== 'boolean') throw badRequest(`The mail choice for ${kind} must be on or off.`, `notifications.email.${kind}`);
    email[kind] = on;
  }
  return { units: input.units as UnitPreference | undefined, timeZone: input.time_zone, switches, email };
}

/** Saves the given settings in one transaction; units go on the athlete profile, the time zone on the account. */
export async function updateSettings(ctx: AppContext, userId: number, input: SettingsInput) {
  const checked = checkSettings(input);
  const now = ctx.now();
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    if (checked.timeZone !== undefined) await setTimeZone(tx, userId, checked.timeZone);
    if (checked.units !== undefined) {
      // The profile's units are the one stored choice; a profile row with every other field empty holds it.
      await tx
        .insert(athleteProfiles)
        .values({ userId, units: checked.units, privacy: DEFAULT_PRIVACY, updatedAt: now })
        .onConflictDoUpdate({ target: athleteProfiles.userId, set: { units: checked.units, updatedAt: now } });
    }
    const emailChosen = Object.keys(checked.email).length > 0;
    if (Object.keys(checked.switches).length > 0 || emailChosen) {
      // Mail choices merge into the stored ones: kinds left out keep theirs.
      const emailKinds = sql`${userSettings.emailKinds} || ${JSON.stringify(checked.email)}::jsonb`;
      await tx
        .insert(userSettings)
        .values({ userId, ...checked.switches, emailKinds: checked.email, updatedAt: now })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: { ...checked.switches, ...(emailChosen ? { emailKinds } : {}), updatedAt: now },
        });
    }
  });
  return getSettings(ctx, userId);
}

/** Whether an athlete lets an event kind go on the timeline (SQL for statements that post for many athletes). */
export const timelineAllows = (kind: TimelineKind, userId: unknown) =>
  sql`not exists (select 1 from ${userSettings} where ${userSettings.userId} = ${userId} and ${userSettings[TIMELINE_COLUMNS[kind]]} = false)`;

/** Whether one athlete lets an event kind go on the timeline (read in the caller's transaction). */
export async function timelineAllowed(db: Database, userId: number, kind: TimelineKind) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ? row[TIMELINE_COLUMNS[kind]] : true;
}

/** Live sessions of the account, the caller's first, then by last use. */
export async function listSessions(ctx: AppContext, userId: number, currentId: string) {
  const lastUsed = sql<Date>`coalesce(${sessions.rotatedAt}, ${sessions.createdAt})`;
  const rows = await ctx.database.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsed: lastUsed.mapWith(sessions.createdAt),
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())))
    .orderBy(desc(sql`${sessions.id} = ${currentId}`), desc(lastUsed))
    .limit(200);
  return {
    items: rows.map((r) => ({
      id: r.id,
      device: deviceName(r.userAgent),
      signed_in_at: r.createdAt.toISOString(),
      last_used_at: r.lastUsed.toISOString(),
      current: r.id === currentId,
    })),
  };
}

/** Ends another live session of the account; its tokens stop working on their next use. */
export async function signOutSession(ctx: AppContext, userId: number, currentId: string, sessionId: string) {
  if (sessionId === currentId) throw conflict('This is the browser you are using: sign out of it with Sign out in the menu.');
  const ended = await ctx.database.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound('That session has already ended.');
}

/** Ends every live session of the account but the caller's. */
export async function signOutOthers(ctx: AppContext, userId: number, currentId: string) {
  const ended = await ctx.database.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return { signed_out: ended.length };
}
