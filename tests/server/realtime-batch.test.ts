import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { packOf, parseEnvelopes } from '#server/lib/realtime/realtime-events.ts';
import { createTestApp, databaseKinds } from './helpers.ts';

// A round's close tells 25,000 accounts: their pushes go packed many to a NOTIFY (packOf), each under PostgreSQL's
// 8,000-byte limit (a pack that would pass it goes one envelope per message), and every node unpacks them (parseEnvelopes).

describe.each(databaseKinds)('pushes packed many to a message on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('packs envelopes of every size, multi-byte and escaped text included, under the limit', async () => {
    // 400 envelopes of ~100 to ~600 bytes, every 50th ~4,000: accents (2 bytes), emoji (4), quotes and newlines (escaped).
    const envelopes = sql`(select g as id, json_build_object('to', json_build_object('user', g), 'message', json_build_object(
        'type', 'notification_received', 'notification', json_build_object('id', g, 'title', 'N° ' || g || ' "quoted"' || chr(10),
        'body', case when g % 50 = 0 then repeat('💪', 1000) else repeat(case g % 3 when 0 then 'é' when 1 then '💪' else 'a' end, (g * 37) % 120) end)))::text as envelope
      from generate_series(1, 400) as g)`;
    const payloads = (await rowsOf<{ payload: string }>(t.context.database.db, packOf(envelopes))).map((r) => r.payload);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(7900);
    // Packed by id / 16: 26 packs (ids 1-15, 16-31, …, 400 alone); the 7 of 16 that hold a 4,000-byte envelope would pass
    // the limit and go one envelope per message (400's pack, of one, fits).
    expect(payloads.length).toBe(26 - 7 + 7 * 16);
    const unpacked = payloads.flatMap(parseEnvelopes);
    expect(unpacked.map((e) => ('user' in e.to ? e.to.user : 0)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 400 }, (_, i) => i + 1),
    );
    const message = (user: number) =>
      unpacked.find((e) => 'user' in e.to && e.to.user === user)!.message as unknown as { notification: object };
    expect(message(42).notification).toEqual({ id: 42, title: 'N° 42 "quoted"\n', body: 'é'.repeat((42 * 37) % 120) });
    expect(message(100).notification).toEqual({ id: 100, title: 'N° 100 "quoted"\n', body: '💪'.repeat(1000) });
  });

  it('a message that is one envelope, a batch, or not ours', () => {
    const one = { to: { user: 3 }, message: { type: 'notification_received' } };
    expect(parseEnvelopes(JSON.stringify(one))).toEqual([one]);
    expect(parseEnvelopes(JSON.stringify({ batch: [one, { to: { room: 'battle:1' } }, one] }))).toEqual([one, one]);
    expect(parseEnvelopes('not json')).toEqual([]);
    expect(parseEnvelopes('{"batch": 3}')).toEqual([]);
  });
});
