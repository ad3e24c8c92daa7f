import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/rows.ts';
import { buildApp, type AppOverrides } from '#server/app.ts';
import { createChallenge } from '#server/areas/challenges/index.ts';
import { Outbox } from '#server/lib/mail.ts';
import type { AppConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '#server/db/index.ts';
import { videos } from '#server/db/schema.ts';
import { postgresTemplate } from './templates.ts';
import { takePgliteDatabase } from './pglite-pool.ts';
import './openapi-parse-memo.ts'; // one parse of the contract per worker, not per test app

/** Server tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    basePath: '/',
    storeUrl: 'https://store.example.test/',
    adminEmails: [],
    seed: 'none',
    logger: false,
    scryptLogN: 10,
    ...overrides,
  };
}

/**
 * A migrated database as the template left it: in-memory PGlite (reused within the worker, put back on close:
 * `tests/server/pglite-pool.ts`), or a new PostgreSQL database dropped on close.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') return takePgliteDatabase();
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = await postgresTemplate(adminUrl);
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`create database ${name} template ${template}`);
      break;
    } catch (e) {
      // 55006: another test file is copying the template at this instant.
      if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private t = Date.parse('2026-11-23T10:00:00Z')) {}
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export async function createTestApp(kind: DatabaseKind, overrides: Partial<AppConfig> = {}, appOverrides: AppOverrides = {}) {
  const database = await createTestDatabase(kind);
  const outbox = new Outbox();
  const clock = new TestClock();
  const { app, context } = await buildApp(testConfig(overrides), database, { mailer: outbox, now: clock.now, ...appOverrides });
  await app.ready();
  return {
    app,
    context,
    /** Every mail the app sent, in order (`outbox.sent`, `outbox.last(to)`); await `settled()` first. */
    outbox,
    clock,
    /** Waits for the work done after answers (sign-in bookkeeping, mail) to finish. */
    settled: () => context.tasks.settled(),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A reps challenge open from an hour ago to an hour on, its board split by sex (no age groups) with the combined one: its id. */
export async function openSplitChallenge(ctx: TestApp['context'], creatorId: number, title: string): Promise<number> {
  const now = ctx.now().getTime();
  const c = await createChallenge(ctx, creatorId, {
    title,
    score_type: 'reps',
    starts_at: new Date(now - 3_600_000).toISOString(),
    ends_at: new Date(now + 3_600_000).toISOString(),
    sex_divisions: 'split',
    age_scheme: 'none',
    overall_board: true,
  });
  return c.id;
}

export interface SignedIn {
  token: string;
  csrf: string;
  /** The refresh cookie as a Cookie header value. */
  cookie: string;
  userId: number;
  role: string;
}

export function refreshCookieFrom(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'refresh_token');
  if (!c) throw new Error('no refresh cookie');
  return `refresh_token=${c.value}`;
}

/** The code in the newest mail to this address (after the app's deferred work is done). */
export async function lastCode(t: TestApp, email: string): Promise<string> {
  await t.settled();
  const mail = [...t.outbox.sent].reverse().find((m) => m.to.toLowerCase() === email.toLowerCase());
  const match = mail && /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`);
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1]!;
}

/** Registers (if needed) and signs in through the real endpoints. */
export async function signIn(t: TestApp, email: string, password = 'correct horse battery', name = 'Test Athlete'): Promise<SignedIn> {
  const base = t.context.config.basePath;
  await t.app.inject({ method: 'POST', url: `${base}api/user_registration/register`, payload: { email, password, display_name: name } });
  t.clock.advance(61_000); // past any resend window of an earlier sign-in
  const started = await t.app.inject({ method: 'POST', url: `${base}api/auth/initiate-login`, payload: { email, password } });
  if (started.statusCode !== 200) throw new Error(started.body);
  const res = await t.app.inject({ method: 'POST', url: `${base}api/auth/verify-otp`, payload: { email, code: await lastCode(t, email) } });
  if (res.statusCode !== 200) throw new Error(res.body);
  const body = res.json();
  return {
    token: body.token.token,
    csrf: body.csrf_token,
    cookie: refreshCookieFrom(res),
    userId: body.user.wp_user_id,
    role: body.user.wp_role,
  };
}

export const authHeaders = (s: SignedIn, withCsrf = true) => ({
  authorization: `Bearer ${s.token}`,
  ...(withCsrf ? { 'x-csrf-token': s.csrf } : {}),
});

/** The global ranking's per-bucket athlete counts as kept, beside a recount from global_scores. */
export async function globalBucketCounts(db: DatabaseHandle['db']) {
  return {
    kept: await rowsOf(db, sql`select bucket, athletes from global_score_buckets where athletes <> 0 order by bucket`),
    recount: await rowsOf(
      db,
      sql`select floor(total / 100.0)::int as bucket, count(*)::int as athletes from global_scores group by 1 order by 1`,
    ),
  };
}

/** What a refusal tells the caller: its sentence and the fields it names (`field_errors`), for matching either. */
export function refusal(res: { json: () => unknown }): string {
  const body = res.json() as { detail?: string; field_errors?: Record<string, string> };
  return [body.detail ?? '', ...Object.keys(body.field_errors ?? {})].join(' | ');
}

/**
 * A video row owned by `owner`, as if uploaded and processed (ready unless `status` says otherwise), with no
 * files behind it; returns its id. Tests of what may attach a video (scores, records, the theater) start here.
 */
export async function insertVideo(
  t: TestApp,
  owner: SignedIn,
  fields: Partial<Pick<typeof videos.$inferInsert, 'purpose' | 'fileName' | 'sizeBytes' | 'sha256' | 'durationMs' | 'status'>> = {},
): Promise<string> {
  const id = randomUUID();
  const status = fields.status ?? 'ready';
  await t.context.database.db.insert(videos).values({
    id,
    userId: owner.userId,
    purpose: 'score',
    fileName: 'attempt.mp4',
    declaredType: 'video/mp4',
    sizeBytes: 1000,
    sha256: 'a'.repeat(64),
    progress: status === 'ready' ? 1 : 0.5,
    durationMs: 420_000,
    createdAt: t.clock.now(),
    readyAt: status === 'ready' ? t.clock.now() : null,
    ...fields,
    status,
  });
  return id;
}

/**
 * Posts `event` to the Stripe webhook endpoint as Stripe does: its JSON with a `stripe-signature` header made with
 * the webhook `secret`, or the `signature` given (a forged one, to see it refused).
 */
export function sendStripeEvent(
  app: Pick<FastifyInstance, 'inject'>,
  event: object,
  { secret, signature }: { secret: string; signature?: string },
) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/creators/stripe-webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}
