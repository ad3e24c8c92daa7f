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

/** Envelopes per NOTIFY in packOf: ~350-byte notices make ~5.6 KB messages. */
const PACKED = 16;

/**
 * The NOTIFY payloads that carry many envelopes built in SQL: `rows` names a relation of (id, envelope), each envelope
 * the JSON text of a RealtimeEnvelope; they go PACKED to a `{"batch":[…]}` message by id (parseEnvelopes unpacks
 * them), so a round's close that tells 25,000 accounts sends ~1,600 NOTIFYs, not 25,000. A pack that would pass
 * MAX_PAYLOAD_BYTES (long texts) goes out one envelope per message instead. Grouped by id, not by running byte
 * counts: windows over the envelopes' text cost more than the NOTIFYs they saved (profiled at 25,000).
 */
export function packOf(rows: SQL): SQL {
  const room = MAX_PAYLOAD_BYTES - '{"batch":[]}'.length;
  return sql`with packs as materialized (
      select r.id / ${PACKED} as pack, sum(octet_length(r.envelope) + 1) as bytes, string_agg(r.envelope, ',') as joined
      from ${rows} as r group by 1
    )
    select '{"batch":[' || p.joined || ']}' as payload from packs as p where p.bytes <= ${room}
    union all
    select r.envelope from ${rows} as r
    where r.id / ${PACKED} = any (array(select p.pack from packs as p where p.bytes > ${room}))`;
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
