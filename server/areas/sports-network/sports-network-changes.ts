import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { rowsOf } from '#server/db/rows.ts';
import { badRequest } from '#server/errors.ts';

// The sports network's history: every audited change (sports_network_changes, written in the same
// transaction as the change itself by sports-network.ts), newest first, with the names it concerns.
// A subject's name is its name now, or, once deleted, the one its last create or delete recorded;
// a gym's or event's name is the one recorded when it was added or removed, else its name now.

type Subject = 'federation' | 'league';
type Action = 'create' | 'update' | 'delete' | 'add_gym' | 'remove_gym' | 'add_event' | 'remove_event';

export interface ChangesQuery {
  subject?: Subject;
  subject_id?: number;
  limit: number;
  offset: number;
}

interface ChangeRow {
  id: number;
  subject: Subject;
  subject_id: number;
  subject_name: string | null;
  action: Action;
  actor_id: number | null;
  actor_name: string | null;
  detail: Record<string, number | string | boolean | null>;
  gym_name: string | null;
  event_name: string | null;
  created_at: Date | string;
  total: number;
}

const detailId = (key: string) => sql.raw(`case when jsonb_typeof(c.detail -> '${key}') = 'number' then (c.detail ->> '${key}')::int end`);

export async function networkChanges(db: Database, q: ChangesQuery) {
  if (q.subject_id !== undefined && q.subject === undefined)
    throw badRequest('Say whether subject_id is a federation or a league (subject).', 'subject');
  const where =
    q.subject === undefined
      ? sql`true`
      : q.subject_id === undefined
        ? sql`c.subject = ${q.subject}`
        : sql`c.subject = ${q.subject} and c.subject_id = ${q.subject_id}`;
  const rows = await rowsOf<ChangeRow>(
    db,
    sql`select c.id, c.subject, c.subject_id, c.action, c.actor_id, u.display_name as actor_name, c.detail, c.created_at,
        coalesce(l.name, f.name, (
          select c2.detail ->> 'name' from sports_network_changes c2
          where c2.subject = c.subject and c2.subject_id = c.subject_id and c2.action in ('create', 'delete')
          order by c2.id desc limit 1
        )) as subject_name,
        coalesce(c.detail ->> 'gym_name', g.name) as gym_name,
        coalesce(c.detail ->> 'event_name', e.name) as event_name,
        count(*) over ()::int as total
      from sports_network_changes c
      left join users u on u.id = c.actor_id
      left join leagues l on c.subject = 'league' and l.id = c.subject_id
      left join federations f on c.subject = 'federation' and f.id = c.subject_id
      left join gyms g on g.id = ${detailId('gym_id')}
      left join events e on e.id = ${detailId('event_id')}
      where ${where}
      order by c.id desc
      limit ${q.limit} offset ${q.offset}`,
  );
  // A page past the end has no row to carry the total: count it alone.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from sports_network_changes c where ${where}`))[0]?.n ?? 0);
  return {
    total,
    items: rows.map((r) => ({
      id: Number(r.id),
      subject: r.subject,
      subject_id: Number(r.subject_id),
      subject_name: r.subject_name ?? `${r.subject === 'league' ? 'League' : 'Federation'} #${r.subject_id}`,
      action: r.action,
      actor_id: r.actor_id === null ? null : Number(r.actor_id),
      actor_name: r.actor_name,
      detail: r.detail,
      gym_name: r.gym_name,
      event_name: r.event_name,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}
