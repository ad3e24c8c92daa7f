import { asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { challenges, events, eventWorkouts, users } from '#server/db/schema.ts';
import { ApiError, badRequest, notFound } from '#server/errors.ts';
import { categoriesOf, hasCategories } from '#domain/divisions.ts';
import { EVENT_NAME_LENGTH, pointsTableProblem, type EventRule } from '#domain/events.ts';
import { challengeStatus, schemeOf, type ChallengeRow } from '../challenges/index.ts';

// Events: several workouts (the creator's own individual challenges) with one overall standing per division.
// The standing itself is events-standings.ts.

export type EventRow = typeof events.$inferSelect;

export interface EventInput {
  name: string;
  description?: string;
  rule: EventRule;
  points_table?: number[];
  challenge_ids: number[];
  starts_at: string;
  ends_at: string;
}

export interface Caller {
  id: number;
  isAdmin: boolean;
}

const MAX_DURATION_DAYS = 366;
export const NO_EVENT = 'No event with that id.';

/** Checks the input and the workouts; answers the workouts in the order given. */
async function checkInput(db: Database, caller: Caller, input: EventInput): Promise<ChallengeRow[]> {
  const name = input.name.trim();
  if (name.length < EVENT_NAME_LENGTH.min)
    throw badRequest(`Give the event a name of at least ${EVENT_NAME_LENGTH.min} characters.`, 'name');
  const starts = new Date(input.starts_at);
  const ends = new Date(input.ends_at);
  if (!(ends > starts)) throw badRequest('The event must end after it starts.', 'ends_at');
  if (ends.getTime() - starts.getTime() > MAX_DURATION_DAYS * 86_400_000)
    throw badRequest(`An event lasts at most ${MAX_DURATION_DAYS} days.`, 'ends_at');
  if (input.rule === 'points_table') {
    if (!input.points_table) throw badRequest('A points-table event needs its table (points for 1st, 2nd …).', 'points_table');
    const problem = pointsTableProblem(input.points_table);
    if (problem) throw badRequest(problem, 'points_table');
  }
  const ids = input.challenge_ids;
  if (new Set(ids).size !== ids.length) throw badRequest('Each workout can be in the event once.', 'challenge_ids');
  const rows = await db.select().from(challenges).where(inArray(challenges.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const picked: ChallengeRow[] = [];
  for (const id of ids) {
    const c = byId.get(id);
    if (!c || c.deletedAt) throw new ApiError(422, `Challenge ${id} does not exist (or was deleted).`, 'challenge_ids');
    if (!caller.isAdmin && c.creatorId !== caller.id)
      throw new ApiError(422, `“${c.title}” is not one of your challenges: an event is made of challenges you created.`, 'challenge_ids');
    if (c.kind !== 'individual')
      throw new ApiError(422, `“${c.title}” is a team challenge: events rank individual athletes.`, 'challenge_ids');
    picked.push(c);
  }
  const first = schemeOf(picked[0]!);
  for (const c of picked.slice(1)) {
    const s = schemeOf(c);
    if (s.sex !== first.sex || s.age !== first.age)
      throw new ApiError(
        422,
        `“${c.title}” splits its board differently from “${picked[0]!.title}”: every workout of an event needs the same divisions.`,
        'challenge_ids',
      );
  }
  return picked;
}

function values(input: EventInput) {
  return {
    name: input.name.trim(),
    description: (input.description ?? '').trim(),
    rule: input.rule,
    pointsTable: input.rule === 'points_table' ? input.points_table! : [],
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
  };
}

export async function createEvent(ctx: AppContext, caller: Caller, input: EventInput) {
  const db = ctx.database.db;
  const picked = await checkInput(db, caller, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...values(input), creatorId: caller.id, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning({ id: events.id });
    await tx.insert(eventWorkouts).values(picked.map((c, i) => ({ eventId: row!.id, challengeId: c.id, position: i + 1 })));
    return row!.id;
  });
  return getEvent(ctx, id);
}

export async function updateEvent(ctx: AppContext, caller: Caller, id: number, input: EventInput) {
  const db = ctx.database.db;
  const row = await loadEvent(db, id);
  if (!caller.isAdmin && row.creatorId !== caller.id)
    throw new ApiError(403, 'Only the event’s creator (or an administrator) can change it.');
  // An administrator editing keeps the creator's rights over the workouts they pick.
  const picked = await checkInput(db, caller.isAdmin ? caller : { id: row.creatorId, isAdmin: false }, input);
  await db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({ ...values(input), updatedAt: ctx.now() })
      .where(eq(events.id, id));
    await tx.delete(eventWorkouts).where(eq(eventWorkouts.eventId, id));
    await tx.insert(eventWorkouts).values(picked.map((c, i) => ({ eventId: id, challengeId: c.id, position: i + 1 })));
  });
  return getEvent(ctx, id);
}

export async function loadEvent(db: Database, id: number): Promise<EventRow> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw notFound(NO_EVENT);
  return row;
}

/** The event's workouts in order, with their challenge rows. */
export async function workoutsOf(db: Database, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: eventWorkouts.eventId, position: eventWorkouts.position, challenge: challenges })
    .from(eventWorkouts)
    .innerJoin(challenges, eq(challenges.id, eventWorkouts.challengeId))
    .where(inArray(eventWorkouts.eventId, eventIds))
    .orderBy(asc(eventWorkouts.eventId), asc(eventWorkouts.position));
}

/** The divisions an event ranks apart: its workouts' categories ('' alone when they have one board). */
export function eventCategories(workouts: { challenge: ChallengeRow }[]) {
  const first = workouts[0]?.challenge;
  if (!first || !hasCategories(schemeOf(first))) return [{ id: '', label: 'Everyone' }];
  return categoriesOf(schemeOf(first)).map((k) => ({ id: k.id, label: k.label }));
}

function eventStatus(e: EventRow, now: Date): 'upcoming' | 'open' | 'closed' {
  if (now < e.startsAt) return 'upcoming';
  return now >= e.endsAt ? 'closed' : 'open';
}

async function present(ctx: AppContext, rows: EventRow[]) {
  const db = ctx.database.db;
  const now = ctx.now();
  const [ws, people] = await Promise.all([
    workoutsOf(
      db,
      rows.map((r) => r.id),
    ),
    rows.length
      ? db
          .select({ id: users.id, name: users.displayName })
          .from(users)
          .where(
            inArray(
              users.id,
              rows.map((r) => r.creatorId),
            ),
          )
      : [],
  ]);
  const names = new Map(people.map((p) => [p.id, p.name]));
  return rows.map((e) => {
    const mine = ws.filter((w) => w.eventId === e.id);
    return {
      id: e.id,
      name: e.name,
      description: e.description,
      rule: e.rule as EventRule,
      points_table: e.pointsTable,
      starts_at: e.startsAt.toISOString(),
      ends_at: e.endsAt.toISOString(),
      status: eventStatus(e, now),
      creator: { wp_user_id: e.creatorId, display_name: names.get(e.creatorId) ?? 'Former athlete' },
      workouts: mine.map((w) => ({
        position: w.position,
        challenge_id: w.challenge.id,
        title: w.challenge.title,
        score_type: w.challenge.scoreType,
        status: challengeStatus(w.challenge, now),
      })),
      categories: eventCategories(mine),
      created_at: e.createdAt.toISOString(),
    };
  });
}

export async function getEvent(ctx: AppContext, id: number) {
  const [e] = await present(ctx, [await loadEvent(ctx.database.db, id)]);
  return e!;
}

/** Discovery: running or upcoming events, soonest ending first; or ended ones, latest first; or a challenge's events. */
export async function listEvents(ctx: AppContext, q: { ended?: boolean; challenge_id?: number; limit: number }) {
  const db = ctx.database.db;
  const now = ctx.now();
  let rows: EventRow[];
  if (q.challenge_id !== undefined) {
    const ids = db.select({ id: eventWorkouts.eventId }).from(eventWorkouts).where(eq(eventWorkouts.challengeId, q.challenge_id));
    rows = await db.select().from(events).where(inArray(events.id, ids)).orderBy(desc(events.endsAt)).limit(q.limit);
  } else if (q.ended) {
    rows = await db.select().from(events).where(lte(events.endsAt, now)).orderBy(desc(events.endsAt), desc(events.id)).limit(q.limit);
  } else {
    rows = await db.select().from(events).where(gt(events.endsAt, now)).orderBy(asc(events.endsAt), asc(events.id)).limit(q.limit);
  }
  return { items: await present(ctx, rows) };
}
