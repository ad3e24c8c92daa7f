import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { notify, notifyMany } from '#server/areas/notifications/notifications.ts';
import type { Database } from '#server/db/index.ts';
import { sql } from 'drizzle-orm';
import { authHeaders, createTestApp, databaseKinds, type SignedIn, signIn } from './helpers.ts';
import { expectSocketContractKept, receivedMessage } from './socket-contract.ts';

// Every message a socket of these tests received keeps the contract (openapi/realtime.yaml).
afterEach(expectSocketContractKept);

type Message = { type: string } & Record<string, unknown>;

/** Opens the socket and keeps every message it gets. */
async function openSocket(url: string) {
  const messages: Message[] = [];
  const ws = new WebSocket(url);
  ws.on('message', (data) => messages.push(receivedMessage<Message>(data)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const next = async (type: string) => {
    for (let waited = 0; waited < 3000; waited += 25) {
      const found = messages.find((m) => m.type === type);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no ${type}; got ${messages.map((m) => m.type).join(', ')}`);
  };
  return { ws, messages, next };
}

describe.each(databaseKinds)('notification inbox on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ana: SignedIn;
  let ben: SignedIn;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    ana = await signIn(t, 'ana@example.test', 'athlete-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'athlete-password', 'Ben');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn) => t.app.inject({ method, url, headers: who ? authHeaders(who) : {} });
  const db = () => t.context.database.db;

  it('notify() stores inside the caller’s transaction and pushes to the account’s sockets at commit', async () => {
    const socket = await openSocket(`${base}/api/ws?token=${encodeURIComponent(ana.token)}&user_id=${ana.userId}`);
    await socket.next('connected');
    await db().transaction(async (tx) => {
      await notify(tx as unknown as Database, {
        userId: ana.userId,
        kind: 'team_member_joined',
        title: 'Hello Ana',
        body: 'First',
        link: '/settings',
      });
    });
    const pushed = await socket.next('notification_received');
    expect(pushed.notification).toMatchObject({ title: 'Hello Ana', body: 'First', link: '/settings', read: false });
    // A rolled-back change tells nobody.
    await expect(
      db().transaction(async (tx) => {
        await notify(tx as unknown as Database, { userId: ana.userId, kind: 'team_member_joined', title: 'Never' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    socket.ws.close();
    const page = (await call('GET', '/api/notifications', ana)).json();
    expect(page.items.map((n: { title: string }) => n.title)).toEqual(['Hello Ana']);
    expect(page).toMatchObject({ total: 1, unread: 1, page: 1 });
  });

  it('keeps only in-app links and pages newest first; counts, reads one and all; others cannot touch them', async () => {
    for (let i = 1; i <= 4; i++)
      await notify(db(), {
        userId: ben.userId,
        kind: 'team_member_joined',
        title: `N${i}`,
        link: i === 2 ? 'https://evil.example/' : '/x',
      });
    const first = (await call('GET', '/api/notifications?page=1&per_page=3', ben)).json();
    expect(first.items.map((n: { title: string }) => n.title)).toEqual(['N4', 'N3', 'N2']);
    expect(first.items[2].link).toBe('');
    expect(first).toMatchObject({ total: 4, unread: 4, per_page: 3 });
    expect((await call('GET', '/api/notifications?page=2&per_page=3', ben)).json().items).toHaveLength(1);
    expect((await call('GET', '/api/notifications?per_page=500', ben)).statusCode).toBe(400);

    const id = first.items[0].id as number;
    expect((await call('POST', `/api/notifications/${id}/read`, ana)).statusCode).toBe(404);
    const read = await call('POST', `/api/notifications/${id}/read`, ben);
    expect(read.json()).toMatchObject({ notification: { id, read: true }, unread: 3 });
    expect((await call('GET', '/api/notifications/unread-count', ben)).json()).toEqual({ unread: 3 });
    expect((await call('GET', '/api/notifications/unread-count', ana)).json()).toEqual({ unread: 1 });
    expect((await call('POST', '/api/notifications/read-all', ben)).json()).toEqual({ unread: 0 });
    expect((await call('GET', '/api/notifications/unread-count', ben)).json()).toEqual({ unread: 0 });
    expect((await call('GET', '/api/notifications/unread-count')).statusCode).toBe(401);
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: authHeaders(ana, false) });
    expect(noCsrf.statusCode).toBe(403);
    expect((await call('GET', '/api/notifications/unread-count', ana)).json()).toEqual({ unread: 1 });
  });

  it('notifyMany() tells many at once as notify() would: rows, pushes, and mail only for those who keep it on', async () => {
    const cy = await signIn(t, 'cy@example.test', 'athlete-password', 'Cy');
    const dee = await signIn(t, 'dee@example.test', 'athlete-password', 'Dee');
    // Dee turned this kind's mail off; Cy keeps the default (on).
    await db().execute(sql`insert into user_settings (user_id, email_kinds) values (${dee.userId}, '{"battle_eliminated": false}'::jsonb)
      on conflict (user_id) do update set email_kinds = excluded.email_kinds`);
    const socket = await openSocket(`${base}/api/ws?token=${encodeURIComponent(cy.token)}&user_id=${cy.userId}`);
    await socket.next('connected');
    await db().transaction(async (tx) => {
      await notifyMany(tx as unknown as Database, [
        {
          userId: cy.userId,
          kind: 'battle_eliminated',
          title: 'Out, Cy',
          body: 'Place 9 of 10',
          link: '/individual-battle-royale-page?id=1',
        },
        { userId: dee.userId, kind: 'battle_eliminated', title: 'Out, Dee', link: 'https://evil.example/' },
      ]);
    });
    // The push is built in SQL (storeAndPush), packed with others (packOf) and unpacked by the hub: it must be the very
    // notification the inbox then lists (the socket contract's check in afterEach covers its shape).
    const pushed = (await socket.next('notification_received')).notification;
    expect(pushed).toMatchObject({ title: 'Out, Cy', body: 'Place 9 of 10', read: false });
    socket.ws.close();
    const cyPage = (await call('GET', '/api/notifications', cy)).json();
    expect(pushed).toEqual(cyPage.items[0]);
    const deePage = (await call('GET', '/api/notifications', dee)).json();
    expect(cyPage.items).toMatchObject([{ title: 'Out, Cy', link: '/individual-battle-royale-page?id=1' }]);
    expect(deePage.items).toMatchObject([{ title: 'Out, Dee', link: '' }]);
    // Queued MAILS_PER_JOB to a job (notificationIds), as notify() queues one (notificationId).
    const mails = await db().execute(sql`select m.id::int as id from jobs j,
      jsonb_array_elements_text(coalesce(j.payload->'notificationIds', jsonb_build_array(j.payload->'notificationId'))) as m(id)
      where j.kind = 'notification.mail' and m.id::int in (${cyPage.items[0].id}, ${deePage.items[0].id})`);
    const ids = (Array.isArray(mails) ? mails : (mails as { rows: { id: number }[] }).rows).map((r: { id: number }) => r.id);
    expect(ids).toEqual([cyPage.items[0].id]);
  });
});
