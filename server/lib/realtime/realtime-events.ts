import { sql } from 'drizzle-orm';
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

export function parseEnvelope(payload: string): RealtimeEnvelope | null {
  try {
    const value = JSON.parse(payload) as RealtimeEnvelope;
    if (!value || typeof value !== 'object' || !value.to || !value.message || typeof value.message.type !== 'string') return null;
    return value;
  } catch {
    return null;
  }
}
