import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { events, federations, gyms, leagueEvents, leagueGyms, leagues, sportsNetworkChanges } from '#server/db/schema.ts';
import { ApiError, badRequest, conflict, notFound } from '#server/errors.ts';
import {
  LEAGUE_EVENTS_MAX,
  LEAGUE_GYMS_MAX,
  NETWORK_DESCRIPTION_MAX,
  NETWORK_NAME_LENGTH,
  REGION_MAX,
  SEASON_MAX_DAYS,
  SEASON_NAME_LENGTH,
  tidyName,
} from '#domain/sports-network.ts';
import { presentGym } from '../gyms/index.ts';

// Federations and leagues (administrators and editors change them; anyone reads them). Every change
// is one transaction with its sports_network_changes row. The season table is sports-network-season.ts.

type FederationRow = typeof federations.$inferSelect;
type LeagueRow = typeof leagues.$inferSelect;
type Subject = 'federation' | 'league';
type Detail = Record<string, number | string | boolean | null>;

export const NO_FEDERATION = 'No federation with that id.';
export const NO_LEAGUE = 'No league with that id.';
/** Lists are small by nature; this bounds them anyway. */
const LIST_MAX = 500;

const tx = <T>(db: Database, work: (t: Database) => Promise<T>) => db.transaction((t) => work(t as unknown as Database));

async function audit(db: Database, subject: Subject, subjectId: number, action: string, actorId: number, now: Date, detail: Detail = {}) {
  await db.insert(sportsNetworkChanges).values({ subject, subjectId, action, actorId, detail, createdAt: now });
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown };
  return err?.code === '23505' || (err?.cause !== undefined && isUniqueViolation(err.cause));
};

/** Runs a write that may hit a unique name index; the loser of a race hears the same 409 as a plain duplicate. */
async function uniqueName<T>(what: string, name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`A ${what} named “${name}” already exists.`);
    throw e;
  }
}

function cleanName(raw: string, what: string, field = 'name') {
  const name = tidyName(raw);
  if (name.length < NETWORK_NAME_LENGTH.min)
    throw badRequest(`Give the ${what} a name of at least ${NETWORK_NAME_LENGTH.min} characters.`, field);
  if (name.length > NETWORK_NAME_LENGTH.max) throw badRequest(`A ${what} name is at most ${NETWORK_NAME_LENGTH.max} characters.`, field);
  return name;
}

function cleanDescription(raw: string | undefined) {
  const description = (raw ?? '').trim();
  if (description.length > NETWORK_DESCRIPTION_MAX)
    throw badRequest(`The description is at most ${NETWORK_DESCRIPTION_MAX} characters.`, 'description');
  return description;
}

/** Refuses a name another row already has, whatever its case. */
async function nameTaken(db: Database, table: typeof federations | typeof leagues, name: string, exceptId: number | null, what: string) {
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(sql`lower(${table.name}) = lower(${name})`)
    .limit(1);
  if (row && row.id !== exceptId) throw conflict(`A ${what} named “${row.name}” already exists.`);
}

// ---------------------------------------------------------------- federations

export interface FederationInput {
  name: string;
  region?: string;
  description?: string;
}

function cleanFederation(input: FederationInput) {
  const region = tidyName(input.region ?? '');
  if (region.length > REGION_MAX) throw badRequest(`The country or region is at most ${REGION_MAX} characters.`, 'region');
  return { name: cleanName(input.name, 'federation'), region, description: cleanDescription(input.description) };
}

const leagueCount = sql<number>`(select count(*)::int from ${leagues} l where l.federation_id = ${federations}.id)`;

function presentFederation(f: FederationRow, leagueTotal: number) {
  return {
    id: f.id,
    name: f.name,
    region: f.region,
    description: f.description,
    league_count: Number(leagueTotal),
    updated_at: f.updatedAt.toISOString(),
  };
}

export async function listFederations(db: Database) {
  const rows = await db
    .select({ f: federations, n: leagueCount })
    .from(federations)
    .orderBy(sql`lower(${federations.name})`, asc(federations.id))
    .limit(LIST_MAX);
  return { items: rows.map((r) => presentFederation(r.f, r.n)) };
}

async function loadFederation(db: Database, id: number, lock = false): Promise<FederationRow> {
  const query = db.select().from(federations).where(eq(federations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_FEDERATION);
  return row;
}

async function federationOut(db: Database, id: number) {
  const [row] = await db.select({ f: federations, n: leagueCount }).from(federations).where(eq(federations.id, id));
  return presentFederation(row!.f, row!.n);
}

export async function createFederation(db: Database, actorId: number, input: FederationInput, now: Date) {
  const fields = cleanFederation(input);
  return uniqueName('federation', fields.name, () =>
    tx(db, async (t) => {
      await nameTaken(t, federations, fields.name, null, 'federation');
      const [row] = await t
        .insert(federations)
        .values({ ...fields, createdBy: actorId, createdAt: now, updatedAt: now })
        .returning();
      await audit(t, 'federation', row!.id, 'create', actorId, now, { name: row!.name });
      return presentFederation(row!, 0);
    }),
  );
}

export async function updateFederation(db: Database, actorId: number, id: number, input: FederationInput, now: Date) {
  const fields = cleanFederation(input);
  return uniqueName('federation', fields.name, () =>
    tx(db, async (t) => {
      const before = await loadFederation(t, id, true);
      await nameTaken(t, federations, fields.name, id, 'federation');
      await t
        .update(federations)
        .set({ ...fields, updatedAt: now })
        .where(eq(federations.id, id));
      await audit(t, 'federation', id, 'update', actorId, now, changedFields(before, fields));
      return federationOut(t, id);
    }),
  );
}

/** Deletes a federation; its leagues stay, without a federation. */
export async function deleteFederation(db: Database, actorId: number, id: number, now: Date) {
  await tx(db, async (t) => {
    const row = await loadFederation(t, id, true);
    const [n] = await t.select({ n: count() }).from(leagues).where(eq(leagues.federationId, id));
    await t.delete(federations).where(eq(federations.id, id));
    await audit(t, 'federation', id, 'delete', actorId, now, { name: row.name, leagues_left: Number(n?.n ?? 0) });
  });
}

/** What an update changed, old → new, for the audit. */
function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Detail {
  const out: Detail = {};
  for (const [k, v] of Object.entries(after)) {
    const old = before[k];
    if (old !== v) out[k] = `${String(old ?? '')} → ${String(v ?? '')}`.slice(0, 300);
  }
  return out;
}

// ---------------------------------------------------------------- leagues

export interface LeagueInput {
  name: string;
  federation_id?: number | null;
  season_name: string;
  season_starts_on: string;
  season_ends_on: string;
  description?: string;
}

const DAY = 86_400_000;
function parseDay(s: string, field: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== s) throw badRequest('Give the date as YYYY-MM-DD.', field);
  return ms;
}

async function cleanLeague(db: Database, input: LeagueInput) {
  const name = cleanName(input.name, 'league');
  const seasonName = tidyName(input.season_name);
  if (seasonName.length < SEASON_NAME_LENGTH.min) throw badRequest('Name the season (for example “2025”).', 'season_name');
  if (seasonName.length > SEASON_NAME_LENGTH.max)
    throw badRequest(`A season name is at most ${SEASON_NAME_LENGTH.max} characters.`, 'season_name');
  const starts = parseDay(input.season_starts_on, 'season_starts_on');
  const ends = parseDay(input.season_ends_on, 'season_ends_on');
  if (ends < starts) throw badRequest('The season must end on or after the day it starts.', 'season_ends_on');
  if ((ends - starts) / DAY > SEASON_MAX_DAYS) throw badRequest(`A season lasts at most ${SEASON_MAX_DAYS} days.`, 'season_ends_on');
  const federationId = input.federation_id ?? null;
  if (federationId !== null) {
    const [f] = await db.select({ id: federations.id }).from(federations).where(eq(federations.id, federationId));
    if (!f) throw new ApiError(422, 'That federation does not exist (it may have been deleted).', 'federation_id');
  }
  return {
    name,
    federationId,
    seasonName,
    seasonStartsOn: input.season_starts_on,
    seasonEndsOn: input.season_ends_on,
    description: cleanDescription(input.description),
  };
}

const leagueColumns = {
  l: leagues,
  federation_name: federations.name,
  gym_count: sql<number>`(select count(*)::int from ${leagueGyms} m where m.league_id = ${leagues}.id)`,
  event_count: sql<number>`(select count(*)::int from ${leagueEvents} m where m.league_id = ${leagues}.id)`,
};

function presentLeague(r: { l: LeagueRow; federation_name: string | null; gym_count: number; event_count: number }) {
  return {
    id: r.l.id,
    name: r.l.name,
    federation: r.l.federationId !== null && r.federation_name !== null ? { id: r.l.federationId, name: r.federation_name } : null,
    season_name: r.l.seasonName,
    season_starts_on: r.l.seasonStartsOn,
    season_ends_on: r.l.seasonEndsOn,
    description: r.l.description,
    gym_count: Number(r.gym_count),
    event_count: Number(r.event_count),
    updated_at: r.l.updatedAt.toISOString(),
  };
}

export async function listLeagues(db: Database, q: { federation_id?: number }) {
  const rows = await db
    .select(leagueColumns)
    .from(leagues)
    .leftJoin(federations, eq(federations.id, leagues.federationId))
    .where(q.federation_id !== undefined ? eq(leagues.federationId, q.federation_id) : undefined)
    .orderBy(sql`lower(${leagues.name})`, asc(leagues.id))
    .limit(LIST_MAX);
  return { items: rows.map(presentLeague) };
}

export async function loadLeague(db: Database, id: number, lock = false): Promise<LeagueRow> {
  const query = db.select().from(leagues).where(eq(leagues.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_LEAGUE);
  return row;
}

/** A league with its member gyms (by name) and events (by start). */
export async function leagueDetail(db: Database, id: number) {
  const [row] = await db
    .select(leagueColumns)
    .from(leagues)
    .leftJoin(federations, eq(federations.id, leagues.federationId))
    .where(eq(leagues.id, id));
  if (!row) throw notFound(NO_LEAGUE);
  const [memberGyms, leagueEventRows] = await Promise.all([
    db
      .select({ g: gyms })
      .from(leagueGyms)
      .innerJoin(gyms, eq(gyms.id, leagueGyms.gymId))
      .where(eq(leagueGyms.leagueId, id))
      .orderBy(sql`lower(${gyms.name})`, asc(gyms.id)),
    db
      .select({ id: events.id, name: events.name, startsAt: events.startsAt, endsAt: events.endsAt })
      .from(leagueEvents)
      .innerJoin(events, eq(events.id, leagueEvents.eventId))
      .where(eq(leagueEvents.leagueId, id))
      .orderBy(asc(events.startsAt), asc(events.id)),
  ]);
  return {
    league: presentLeague(row),
    gyms: memberGyms.map((m) => presentGym(m.g)),
    events: leagueEventRows.map((e) => ({ id: e.id, name: e.name, starts_at: e.startsAt.toISOString(), ends_at: e.endsAt.toISOString() })),
  };
}

export async function createLeague(db: Database, actorId: number, input: LeagueInput, now: Date) {
  const fields = await cleanLeague(db, input);
  const id = await uniqueName('league', fields.name, () =>
    tx(db, async (t) => {
      await nameTaken(t, leagues, fields.name, null, 'league');
      const [row] = await t
        .insert(leagues)
        .values({ ...fields, createdBy: actorId, createdAt: now, updatedAt: now })
        .returning();
      await audit(t, 'league', row!.id, 'create', actorId, now, { name: row!.name, federation_id: row!.federationId });
      return row!.id;
    }),
  );
  return leagueDetail(db, id);
}

export async function updateLeague(db: Database, actorId: number, id: number, input: LeagueInput, now: Date) {
  const fields = await cleanLeague(db, input);
  await uniqueName('league', fields.name, () =>
    tx(db, async (t) => {
      const before = await loadLeague(t, id, true);
      await nameTaken(t, leagues, fields.name, id, 'league');
      await t
        .update(leagues)
        .set({ ...fields, updatedAt: now })
        .where(eq(leagues.id, id));
      await audit(t, 'league', id, 'update', actorId, now, changedFields(before, fields));
    }),
  );
  return leagueDetail(db, id);
}

export async function deleteLeague(db: Database, actorId: number, id: number, now: Date) {
  await tx(db, async (t) => {
    const row = await loadLeague(t, id, true);
    await t.delete(leagues).where(eq(leagues.id, id));
    await audit(t, 'league', id, 'delete', actorId, now, { name: row.name });
  });
}

// ---------------------------------------------------------------- members and events

export async function addLeagueGym(db: Database, actorId: number, leagueId: number, gymId: number, now: Date) {
  await tx(db, async (t) => {
    await loadLeague(t, leagueId, true);
    const [gym] = await t.select().from(gyms).where(eq(gyms.id, gymId));
    if (!gym) throw new ApiError(422, 'That gym is not listed (it may have been merged into another).', 'gym_id');
    const [n] = await t.select({ n: count() }).from(leagueGyms).where(eq(leagueGyms.leagueId, leagueId));
    if (Number(n?.n ?? 0) >= LEAGUE_GYMS_MAX) throw new ApiError(422, `A league has at most ${LEAGUE_GYMS_MAX} gyms.`, 'gym_id');
    const added = await t.insert(leagueGyms).values({ leagueId, gymId, addedAt: now }).onConflictDoNothing().returning();
    if (added.length === 0) throw conflict(`${gym.name} is already a member of this league.`);
    await audit(t, 'league', leagueId, 'add_gym', actorId, now, { gym_id: gymId, gym_name: gym.name });
  });
  return leagueDetail(db, leagueId);
}

export async function removeLeagueGym(db: Database, actorId: number, leagueId: number, gymId: number, now: Date) {
  await tx(db, async (t) => {
    await loadLeague(t, leagueId, true);
    const gone = await t
      .delete(leagueGyms)
      .where(and(eq(leagueGyms.leagueId, leagueId), eq(leagueGyms.gymId, gymId)))
      .returning();
    if (gone.length === 0) throw notFound('That gym is not a member of this league.');
    const [gym] = await t.select({ name: gyms.name }).from(gyms).where(eq(gyms.id, gymId));
    await audit(t, 'league', leagueId, 'remove_gym', actorId, now, { gym_id: gymId, gym_name: gym?.name ?? null });
  });
  return leagueDetail(db, leagueId);
}

export async function addLeagueEvent(db: Database, actorId: number, leagueId: number, eventId: number, now: Date) {
  await tx(db, async (t) => {
    await loadLeague(t, leagueId, true);
    const [event] = await t.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, eventId));
    if (!event) throw new ApiError(422, 'That event does not exist (it may have been deleted).', 'event_id');
    const [n] = await t.select({ n: count() }).from(leagueEvents).where(eq(leagueEvents.leagueId, leagueId));
    if (Number(n?.n ?? 0) >= LEAGUE_EVENTS_MAX) throw new ApiError(422, `A league counts at most ${LEAGUE_EVENTS_MAX} events.`, 'event_id');
    const added = await t.insert(leagueEvents).values({ leagueId, eventId, addedAt: now }).onConflictDoNothing().returning();
    if (added.length === 0) throw conflict(`“${event.name}” is already one of this league’s events.`);
    await audit(t, 'league', leagueId, 'add_event', actorId, now, { event_id: eventId, event_name: event.name });
  });
  return leagueDetail(db, leagueId);
}

export async function removeLeagueEvent(db: Database, actorId: number, leagueId: number, eventId: number, now: Date) {
  await tx(db, async (t) => {
    await loadLeague(t, leagueId, true);
    const gone = await t
      .delete(leagueEvents)
      .where(and(eq(leagueEvents.leagueId, leagueId), eq(leagueEvents.eventId, eventId)))
      .returning();
    if (gone.length === 0) throw notFound('That event is not one of this league’s events.');
    const [event] = await t.select({ name: events.name }).from(events).where(eq(events.id, eventId));
    await audit(t, 'league', leagueId, 'remove_event', actorId, now, { event_id: eventId, event_name: event?.name ?? null });
  });
  return leagueDetail(db, leagueId);
}
