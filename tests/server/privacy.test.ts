import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_INTERVAL_MS, EXPORT_LINK_TTL_MS } from '#domain/privacy.ts';
import { rowsOf } from '#server/db/rows.ts';
import { EXPORT_AREAS } from '#server/areas/privacy/privacy-export.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, type SignedIn, signIn } from './helpers.ts';

const HOUR = 3_600_000;
const PULL_UPS = {
  name: 'Max pull-ups',
  category: 'gymnastics',
  movement: 'pull',
  unit: 'reps',
  direction: 'higher',
  min_value: 0,
  max_value: 100,
  standards: [
    {
      sex: 'any',
      bodyweight_min_kg: null,
      bodyweight_max_kg: null,
      anchors: [
        { score: 0, value: 0 },
        { score: 1000, value: 40 },
      ],
    },
  ],
  status: 'active',
};

describe.each(databaseKinds)('data export and privacy choices on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ana: SignedIn;
  let ben: SignedIn;
  let admin: SignedIn;
  let challengeId: number;
  // Every log line the app writes.
  const logs = new PassThrough();
  let logText = '';
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString('utf8')));

  beforeAll(async () => {
    t = await createTestApp(kind, { adminEmails: ['admin@example.test'], logger: true }, { rateLimit: false, logStream: logs });
    admin = await signIn(t, 'admin@example.test', 'admin-password', 'Admin Ada');
    ana = await signIn(t, 'ana@example.test', 'ana-password', 'Ana');
    ben = await signIn(t, 'ben@example.test', 'ben-password', 'Ben');
    const now = t.clock.now().getTime();
    const created = await call('POST', '/api/challenges/', ben, {
      title: 'Max push-ups',
      score_type: 'reps',
      starts_at: new Date(now - HOUR).toISOString(),
      ends_at: new Date(now + 48 * HOUR).toISOString(),
    });
    challengeId = created.json().id;
    for (const [who, reps] of [
      [ana, 50],
      [ben, 40],
    ] as const) {
      await call('POST', `/api/challenges/${challengeId}/join`, who, { division: 'rx', sex: 'female' });
      expect((await call('POST', `/api/challenges/${challengeId}/submit-score`, who, { reps })).statusCode).toBe(201);
    }
    await call('PUT', '/api/v1/athlete-profiles/me', ana, { display_name: 'Ana', gym: 'North Box', birth_year: 1990 });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? authHeaders(who) : {}, payload: payload as object });
  const names = async (who?: SignedIn) =>
    (
      (await call('GET', `/api/challenges/rankings?challenge_id=${challengeId}`, who)).json().items as {
        rank: number;
        athlete: { display_name: string };
      }[]
    ).map((r) => `${r.rank} ${r.athlete.display_name}`);

  it('exports every table that references users (read from the database’s foreign keys)', async () => {
    const foreignKeys = await rowsOf<{ table_name: string; column_name: string }>(
      t.context.database.db,
      sql`select c.conrelid::regclass::text as table_name, a.attname as column_name
          from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'f' and c.confrelid = 'users'::regclass`,
    );
    expect(foreignKeys.length).toBeGreaterThan(20);
    const covered = new Set(EXPORT_AREAS.flatMap((a) => a.sources.map((s) => `${s.table}.${s.column}`)));
    const missing = foreignKeys.map((k) => `${k.table_name}.${k.column_name}`).filter((k) => !covered.has(k));
    expect(missing, 'tables referencing users that the data export leaves out').toEqual([]);
  });

  it('asks for sign-in before exporting', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/privacy/exports' })).statusCode).toBe(401);
  });

  it('stores who may invite and anonymity; refuses a value outside its set, storing nothing', async () => {
    expect((await call('GET', '/api/privacy/settings', ana)).json()).toEqual({ invitations: 'everyone', board_anonymous: false });
    const bad = await call('PUT', '/api/privacy/settings', ana, { invitations: 'friends-of-friends' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', '/api/privacy/settings', ana, {})).statusCode).toBe(400);
    expect((await call('PUT', '/api/privacy/settings', ana, { board_anonymous: 'yes' })).statusCode).toBe(400);
    expect((await call('GET', '/api/privacy/settings', ana)).json()).toEqual({ invitations: 'everyone', board_anonymous: false });
    const saved = await call('PUT', '/api/privacy/settings', ana, { invitations: 'team_mates' });
    expect(saved.json()).toEqual({ invitations: 'team_mates', board_anonymous: false });
  });

  it('shows an anonymous athlete as “Athlete #N” to others and to visitors, by name to themself, in the same place', async () => {
    expect(await names(ben)).toEqual(['1 Ana', '2 Ben']);
    await call('PUT', '/api/privacy/settings', ana, { board_anonymous: true });
    expect(await names(ben)).toEqual([`1 Athlete #${ana.userId}`, '2 Ben']);
    expect(await names()).toEqual([`1 Athlete #${ana.userId}`, '2 Ben']);
    expect(await names(ana)).toEqual(['1 Ana', '2 Ben']);

    // The same on a test's board and the global board.
    const pullUps = (await call('POST', '/api/v1/tests', admin, PULL_UPS)).json().id as number;
    for (const [who, reps] of [
      [ana, '30'],
      [ben, '20'],
    ] as const) {
      const pr = await call('POST', '/api/v1/athlete-profiles/submit-pr', who, {
        test_id: pullUps,
        value: reps,
        unit: 'reps',
        achieved_on: '2026-11-01',
      });
      expect(pr.statusCode, pr.body).toBe(201);
      await call('POST', `/api/v1/athlete-profiles/admin/approve/${pr.json().id}`, admin);
    }
    const rows = async (url: string, who: SignedIn) =>
      ((await call('GET', url, who)).json().items as { rank: number; display_name: string }[]).map((r) => `${r.rank} ${r.display_name}`);
    for (const url of [`/api/v1/leaderboards/tests/${pullUps}`, '/api/v1/leaderboards/global']) {
      expect(await rows(url, ben), url).toEqual([`1 Athlete #${ana.userId}`, '2 Ben']);
      expect(await rows(url, ana), url).toEqual(['1 Ana', '2 Ben']);
    }
    await call('PUT', '/api/privacy/settings', ana, { board_anonymous: false });
    expect(await names(ben)).toEqual(['1 Ana', '2 Ben']);
  });

  it('builds a ZIP with one JSON file per area, shows its progress, and refuses a second export the same day', async () => {
    const first = await call('POST', '/api/privacy/exports', ana);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'queued', progress: 0, download_url: null });
    const again = await call('POST', '/api/privacy/exports', ana);
    expect(again.statusCode).toBe(429);
    expect(refusal(again)).toMatch(/one data export per day/);
    await t.settled();
    const list = (await call('GET', '/api/privacy/exports', ana)).json();
    expect(list.exports).toHaveLength(1);
    const ready = list.exports[0];
    expect(ready).toMatchObject({ status: 'ready', progress: 100 });
    expect(new Date(ready.expires_at).getTime() - new Date(ready.completed_at).getTime()).toBe(EXPORT_LINK_TTL_MS);
    expect(new Date(list.next_export_at).getTime()).toBe(t.clock.now().getTime() + EXPORT_INTERVAL_MS);

    logText = '';
    const download = await t.app.inject({ method: 'GET', url: ready.download_url });
    expect(download.statusCode).toBe(200);
    // The link's secret is never written to the log, also sent percent-encoded or with a query.
    const secret = /\/archive\/([0-9a-f]{64})$/.exec(ready.download_url)![1]!;
    const encoded = ready.download_url.replace(/[0-9a-f]{2}$/, (hex: string) => `%${hex.charCodeAt(0).toString(16)}${hex[1]}`);
    expect((await t.app.inject({ method: 'GET', url: encoded })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${ready.download_url}?x=1` })).statusCode).toBe(200);
    expect(logText).toContain('/archive/[REDACTED]');
    expect(logText).not.toContain(secret);
    expect(logText).not.toContain(secret.slice(0, 62));
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files).sort()).toEqual([...EXPORT_AREAS.map((a) => a.file), 'index.json'].sort());
    const read = (name: string) => JSON.parse(strFromU8(files[name]!));
    const account = read('account.json');
    expect(account.users).toEqual([expect.objectContaining({ email: 'ana@example.test', display_name: 'Ana' })]);
    expect(account.users[0]).not.toHaveProperty('password_hash');
    expect(account.sessions[0]).not.toHaveProperty('refresh_hash');
    expect(read('profile.json').athlete_profiles[0]).toMatchObject({ gym: 'North Box', birth_year: 1990 });
    const challenges = read('challenges.json');
    expect(challenges.challenge_scores).toEqual([expect.objectContaining({ challenge_id: challengeId })]);
    expect(challenges.challenge_scores).toHaveLength(1);
    // A score's value is a number on PGlite and on PostgreSQL alike (it was "50" on PostgreSQL).
    expect(typeof challenges.challenge_scores[0].value).toBe('number');
    // Consents name the document and its version, not a bare document id.
    const legal = read('legal.json');
    expect(legal.legal_consents.length).toBeGreaterThan(0);
    for (const consent of legal.legal_consents) {
      expect(consent).toMatchObject({ document: expect.stringMatching(/^(Terms of Service|Privacy Policy)$/), version: 1 });
    }
    // Ben's score is his, not Ana's.
    expect(JSON.stringify(files['challenges.json'] && strFromU8(files['challenges.json']))).not.toContain('ben@example.test');
    // The link needs its token and nothing else; a wrong token finds nothing.
    const forged = ready.download_url.replace(/[0-9a-f]{64}$/, 'a'.repeat(64));
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    // Ana mailed a link.
    expect(t.outbox.sent.some((m) => m.to === 'ana@example.test' && m.text.includes(ready.download_url))).toBe(true);

    t.clock.advance(EXPORT_INTERVAL_MS);
    ana = await signIn(t, 'ana@example.test', 'ana-password', 'Ana');
    const nextDay = await call('POST', '/api/privacy/exports', ana);
    expect(nextDay.statusCode).toBe(202);
    await t.settled();
    t.clock.advance(EXPORT_LINK_TTL_MS - EXPORT_INTERVAL_MS + 1);
    const expired = await t.app.inject({ method: 'GET', url: ready.download_url });
    expect(expired.statusCode).toBe(404);
    expect(refusal(expired)).toMatch(/expired/);
  });
});
