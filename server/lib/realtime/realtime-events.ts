import { sql, type SQL } from 'drizzle-orm';
import type { SocketServerMessage } from '#domain/socket-messages.ts';
import type { Database } from '#server/db/index.ts';

/** The one NOTIFY channel every server node LISTENs on. */
export const REALTIME_CHANNEL = 'repforge_realtime';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ours stay far below. */
const MAX_PAYLOAD_BYTES = 7900;

/** Every socket of one user, every socket in one room, or every open socket (site-wide news such as a broadcast). */
export type RealtimeTarget = { user: number } | { room: string } | { everyone: true };

/** A message for sockets (one of the contract's, openapi/realtime.yaml) and who it is for. */
export interface RealtimeEnvelope {
  to: RealtimeTarget;
  message: SocketServerMessage;
}

export const challengeRoom = (challengeId: number) => `challenge:${challengeId}`;
export const liveAttemptRoom = (sessionId: string) => `live_attempt:${sessionId}`;
/** A battle's page (rounds, negotiation, commentary). */
export const battleRoom = (battleId: number) => `battle:${battleId}`;

/**
 * Sends envelopes to every node through NOTIFY. Given a transaction, they go out only
 * if it commits (PostgreSQL delivers NOTIFY at commit), so a rolled-back score never
 * celebrates and a committed one is announced once.
 */
export async function publish(db: Database, envelopes: RealtimeEnvelope[]): Promise<void> {
  if (!envelopes.length) return;
  const rows = sql.join(
    envelopes.map((e, i) => sql`(${i}::int, ${payloadOf(e)}::text)`),
    sql`, `,
  );
  // One statement; PostgreSQL delivers a transaction's notifications in the order they were sent.
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, v.payload) from (values ${rows}) as v(n, payload) order by v.n`);
}

/** An envelope as its NOTIFY payload, refused when PostgreSQL could not carry it. */
export function payloadOf(envelope: RealtimeEnvelope): string {
  const payload = JSON.stringify(envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`Real-time message ${envelope.message.type} is too large to publish`);
  return payload;
}

/**
 * The NOTIFY payloads that carry many envelopes built in SQL: `rows` names a relation of (id, envelope), each envelope
 * the JSON text of a RealtimeEnvelope; they are packed in id order into `{"batch":[…]}` messages under
 * MAX_PAYLOAD_BYTES (parseEnvelopes unpacks them). One NOTIFY per ~20 envelopes of ~350 bytes, not one each: a
 * round's close tells 25,000 accounts. Each envelope's bytes (and its comma) are placed end to end; a message takes
 * those that start within `width` of its first, so it holds at most width + the widest envelope bytes.
 */
export function packOf(rows: SQL): SQL {
  const wrapper = '{"batch":[]}'.length;
  return sql`select '{"batch":[' || string_agg(e.envelope, ',' order by e.id) || ']}' as payload
    from (
      select r.id, r.envelope,
        sum(octet_length(r.envelope) + 1) over (order by r.id) - octet_length(r.envelope) - 1 as start,
        greatest(${MAX_PAYLOAD_BYTES - wrapper} - max(octet_length(r.envelope) + 1) over (), 1) as width
      from ${rows} as r
    ) as e
    group by e.start / e.width
    order by e.start / e.width`;
}

/** The envelopes of one NOTIFY payload: one (publish), or a batch of them (packOf); none when it is not ours. */
export function parseEnvelopes(payload: string): RealtimeEnvelope[] {
  try {
    const value = JSON.parse(payload) as RealtimeEnvelope | { batch?: unknown };
    if (value && typeof value === 'object' && 'batch' in value && Array.isArray(value.batch)) return value.batch.filter(isEnvelope);
    return isEnvelope(value) ? [value] : [];
  } catch {
    return [];
  }
}

function isEnvelope(value: unknown): value is RealtimeEnvelope {
  const e = value as RealtimeEnvelope | null;
  return !!e && typeof e === 'object' && !!e.to && !!e.message && typeof e.message.type === 'string';
}
