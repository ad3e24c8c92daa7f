import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { packOf, parseEnvelopes } from '#server/lib/realtime/realtime-events.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

// A round's close tells 25,000 accounts: their pushes go packed many to a NOTIFY (packOf), each under PostgreSQL's
// 8,000-byte limit, and every node unpacks them in the order they were built (parseEnvelopes).

describe.each(databaseKinds)('pushes packed many to a message on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('packs envelopes of every size, multi-byte and escaped text included, under the limit and in order', async () => {
    // 400 envelopes from 60 to ~5,000 bytes: accents (2 bytes), emoji (4), quotes and newlines (escaped).
    const envelopes = sql`(select g as id, json_build_object('to', json_build_object('user', g), 'message', json_build_object(
        'type', 'notification_received', 'notification', json_build_object('id', g, 'title', 'N° ' || g || ' "quoted"' || chr(10),
        'body', repeat(case g % 3 when 0 then 'é' when 1 then '💪' else 'a' end, (g * 37) % 1000))))::text as envelope
      from generate_series(1, 400) as g)`;
    const payloads = (await rowsOf<{ payload: string }>(t.context.database.db, packOf(envelopes))).map((r) => r.payload);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(7900);
    expect(payloads.length).toBeLessThan(400 / 3);
    const unpacked = payloads.flatMap(parseEnvelopes);
    expect(unpacked.map((e) => ('user' in e.to ? e.to.user : 0))).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    const n = unpacked[41]!.message as unknown as { notification: { title: string; body: string } };
    expect(n.notification).toEqual({ id: 42, title: 'N° 42 "quoted"\n', body: 'é'.repeat((42 * 37) % 1000) });
  });

  it('a message that is one envelope, a batch, or not ours', () => {
    const one = { to: { user: 3 }, message: { type: 'notification_received' } };
    expect(parseEnvelopes(JSON.stringify(one))).toEqual([one]);
    expect(parseEnvelopes(JSON.stringify({ batch: [one, { to: { room: 'battle:1' } }, one] }))).toEqual([one, one]);
    expect(parseEnvelopes('not json')).toEqual([]);
    expect(parseEnvelopes('{"batch": 3}')).toEqual([]);
  });
});
