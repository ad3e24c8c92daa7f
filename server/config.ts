import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseTrustProxy, type ProxyTrust } from './proxy-trust.ts';
import { DIRECTOR_EVALUATE_MS } from '#domain/director.ts';

/** Limits of uploaded videos. */
export interface VideoLimits {
  maxBytes: number;
  quotaBytes: number;
  maxDurationS: number;
  /** How long a signed stream or poster link works. */
  linkTtlMs: number;
}

export interface AppConfig {
  /**
   * A board's commentary lines a minute per node, once its burst is spent (COMMENTARY_BOARD_LINES_PER_MINUTE;
   * default BOARD_LINES_PER_MINUTE, domain/commentary-pace.ts).
   */
  commentaryBoardLinesPerMinute?: number;
  /** Where the app is mounted, always with leading and trailing slash ('/' or '/fit/'). */
  basePath: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data folder; undefined means an in-memory database (tests). */
  dataDir?: string;
  /** Built SPA folder (vite output); when absent only the API is served. */
  clientDir?: string;
  storeUrl: string;
  communitySiteUrl?: string;
  smtpUrl?: string;
  adminEmails: string[];
  seed: 'demo' | 'none';
  /**
   * Demo accounts sign in in one step (GET /api/auth/demo-accounts, POST /api/auth/demo-sign-in): on
   * with the demo world on the embedded database outside production, unless DEMO_SIGN_IN=off.
   */
  demoSignIn?: boolean;
  /**
   * The one-time code that makes a signed-in account the first administrator (printed in the start
   * banner); generated at each start outside production, and useless once an administrator exists.
   */
  adminSetupCode?: string;
  logger: boolean;
  /** Key for access tokens; when absent one is generated once and kept in the database. */
  jwtSecret?: string;
  mailFrom?: string;
  /**
   * The public origin for links in mail (e.g. https://repforge.app): APP_ORIGIN, required in
   * production; in development http://127.0.0.1:PORT. Never taken from a request's headers.
   */
  publicOrigin?: string;
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (TRUST_PROXY): a hop
   * count (1: the one proxy in front) or their addresses / CIDR ranges; client IPs for rate
   * limits, https for Secure cookies. Never "every hop". See proxy-trust.ts.
   */
  trustProxy?: ProxyTrust;
  /** Origins a browser may open the real-time socket from (ALLOWED_ORIGINS); empty means the app's own. */
  allowedOrigins?: string[];
  /**
   * Parent origins allowed to frame the app (EMBED_ORIGINS, comma-separated): CSP frame-ancestors,
   * the targets of parent messages, and a refresh cookie that works in a cross-site iframe.
   * Empty means the app's own origin only.
   */
  embedOrigins?: string[];
  /**
   * End-to-end tests only (TEST_CLOCK=1): the server's clock can be shifted with
   * PUT /api/test-clock {offset_ms}, so a test can make a week of history in seconds.
   */
  testClock?: boolean;
  /** Back off addresses that send wrong sign-in codes (per node, in memory); false only in tests. */
  signInBackoff?: boolean;
  /** Redis for rate-limit counters shared by every node (REDIS_URL); in memory per node when absent. */
  redisUrl?: string;
  /** What the counters' Redis keys start with (REDIS_KEY_PREFIX), so deployments sharing a Redis stay apart. */
  redisKeyPrefix?: string;
  /** scrypt cost as log2(N); lowered only by tests. */
  scryptLogN?: number;
  /** How long a wrong sign-in code takes to answer at the least (40 ms); lowered only by tests that do not time it. */
  wrongCodeFloorMs?: number;
  /** How often closed challenges are swept for final standings (timeline posts); off when absent (tests call the service). */
  standingsSweepMs?: number;
  /** How often the broadcast director looks at the live broadcast (live-director.ts); off when absent (tests call the service). */
  directorSweepMs?: number;
  /** How often accounts past their deletion grace period are erased and expired exports emptied; off when absent (tests call the service). */
  privacySweepMs?: number;
  /** Where uploaded videos and their renditions are kept (VIDEO_DIR); default DATA_DIR/videos. */
  videoDir?: string;
  /** Where uploaded images (story photos, avatars) are kept, re-encoded (IMAGE_DIR); default DATA_DIR/images; in the S3_URL bucket when set. */
  imageDir?: string;
  /** Size, quota, duration and link limits of videos (VIDEO_MAX_BYTES, VIDEO_QUOTA_BYTES, VIDEO_MAX_DURATION_S). */
  videoLimits?: Partial<VideoLimits>;
  /** S3-compatible object storage for videos (S3_URL, `s3://KEY:SECRET@HOST:PORT/BUCKET`); files under videoDir when absent. */
  s3Url?: string;
  /** Real payments through Stripe (STRIPE_SECRET_KEY); without it the local test provider completes payments (no money moves). */
  stripeSecretKey?: string;
  /** The signing secret of Stripe's webhook endpoint (STRIPE_WEBHOOK_SECRET); webhooks are refused without it. */
  stripeWebhookSecret?: string;
  /** How often the shared jobs table is polled (video processing, upload cleanup); off when absent (tests run jobs by hand). */
  jobsPollMs?: number;
  /**
   * The longest an idle job worker sleeps (default jobsPollMs): a job added on any node wakes it at once (NOTIFY), and so
   * does its next job's due time; this bounds the sweeps it runs after each poll and a notice lost between nodes.
   */
  jobsIdlePollMs?: number;
  /**
   * This node's name in the jobs table (NODE_ID; default host name and port): a restarted node
   * takes back at once the jobs it was running. Unique per running server.
   */
  nodeId?: string;
  /** How long a stopping server may drain requests, sockets and jobs before it exits anyway (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs?: number;
  /**
   * An OpenAI-compatible endpoint that writes commentary (LLM_BASE_URL, optional LLM_API_KEY, LLM_MODEL,
   * LLM_TIMEOUT_MS, LLM_CALLS_PER_HOUR, LLM_CONCURRENCY); the templates write it when absent (server/areas/commentary/).
   */
  llm?: LlmSettings;
}

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  callsPerHour: number;
  /** How many commentary lines one node asks the model for at once (LLM_CONCURRENCY); DEFAULT_LLM_CONCURRENCY when absent. */
  concurrency?: number;
}

/** Commentary lines one node asks a model for at once, unless LLM_CONCURRENCY says otherwise. */
export const DEFAULT_LLM_CONCURRENCY = 4;
/** The most LLM_CONCURRENCY may be: each call in flight holds a connection to the endpoint and, briefly, one to the database. */
export const MAX_LLM_CONCURRENCY = 64;

export function normalizeBasePath(raw: string | undefined): string {
  const trimmed = (raw ?? '/').trim();
  if (!trimmed || trimmed === '/') return '/';
  if (!/^\/?[A-Za-z0-9._~\-/]+\/?$/.test(trimmed)) {
    throw new Error(`BASE_PATH must be a URL path such as /fit/, got ${JSON.stringify(raw)}`);
  }
  const parts = trimmed.split('/').filter(Boolean);
  return `/${parts.join('/')}/`;
}

/** A setting that stops the server from starting; main prints its message alone. */
export class ConfigError extends Error {}

/** Where links in mail point when no public origin is configured (development, tests). */
export const DEV_ORIGIN = (port: string | number = 8080) => `http://127.0.0.1:${port}`;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const configuredOrigin = publicOrigin(env.APP_ORIGIN || env.PUBLIC_URL);
  // A link built from the request's Host header sends reset tokens wherever an attacker points it.
  if (!configuredOrigin && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'APP_ORIGIN must be set when NODE_ENV=production: it is the public origin of links in mail, e.g. APP_ORIGIN=https://repforge.app',
    );
  }
  return {
    basePath: normalizeBasePath(env.BASE_PATH),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    clientDir: path.resolve(env.CLIENT_DIR || './dist/client'),
    storeUrl: env.STORE_URL || 'https://store.repforge.example/',
    communitySiteUrl: env.COMMUNITY_SITE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    seed: env.SEED === 'none' ? 'none' : 'demo',
    demoSignIn: env.SEED !== 'none' && !env.DATABASE_URL && env.NODE_ENV !== 'production' && env.DEMO_SIGN_IN !== 'off',
    adminSetupCode: env.NODE_ENV === 'production' ? undefined : setupCode(),
    logger: env.LOG !== 'silent',
    jwtSecret: env.JWT_SECRET || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    publicOrigin: configuredOrigin ?? DEV_ORIGIN(env.PORT || 8080),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    testClock: env.TEST_CLOCK === '1',
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || undefined,
    standingsSweepMs: 60_000,
    directorSweepMs: DIRECTOR_EVALUATE_MS,
    // With a movable test clock, a test that jumps past the grace period should not wait a minute.
    privacySweepMs: env.TEST_CLOCK === '1' ? 1000 : 60_000,
    videoDir: env.VIDEO_DIR ? path.resolve(env.VIDEO_DIR) : undefined,
    imageDir: env.IMAGE_DIR ? path.resolve(env.IMAGE_DIR) : undefined,
    videoLimits: {
      maxBytes: positiveNumber(env.VIDEO_MAX_BYTES, 'VIDEO_MAX_BYTES'),
      quotaBytes: positiveNumber(env.VIDEO_QUOTA_BYTES, 'VIDEO_QUOTA_BYTES'),
      maxDurationS: positiveNumber(env.VIDEO_MAX_DURATION_S, 'VIDEO_MAX_DURATION_S'),
    },
    s3Url: env.S3_URL || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    jobsPollMs: 1000,
    jobsIdlePollMs: 10_000,
    nodeId: env.NODE_ID || `${os.hostname()}:${env.PORT || 8080}`,
    shutdownTimeoutMs: positiveNumber(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS') ?? 10_000,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    embedOrigins: embedOrigins(env.EMBED_ORIGINS),
    commentaryBoardLinesPerMinute: positiveNumber(env.COMMENTARY_BOARD_LINES_PER_MINUTE, 'COMMENTARY_BOARD_LINES_PER_MINUTE'),
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY || undefined,
          model: env.LLM_MODEL || 'default',
          timeoutMs: positiveNumber(env.LLM_TIMEOUT_MS, 'LLM_TIMEOUT_MS') ?? 8000,
          callsPerHour: positiveNumber(env.LLM_CALLS_PER_HOUR, 'LLM_CALLS_PER_HOUR') ?? 300,
          concurrency: llmConcurrency(env.LLM_CONCURRENCY),
        }
      : undefined,
  };
}

/** EMBED_ORIGINS as a list of origins; anything that is not an http(s) origin (a path, '*') is a start-up error. */
export function embedOrigins(raw: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (raw ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== item.replace(/\/$/, '').toLowerCase()) {
      throw new Error(`EMBED_ORIGINS must list origins such as https://parent.example, got ${JSON.stringify(item)}`);
    }
    origins.push(url.origin);
  }
  return origins;
}

/** APP_ORIGIN / PUBLIC_URL as an origin (scheme://host[:port]); the mount point is added from BASE_PATH. */
function publicOrigin(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`APP_ORIGIN / PUBLIC_URL must be a URL such as https://repforge.app, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`APP_ORIGIN / PUBLIC_URL must be http(s), got ${JSON.stringify(raw)}`);
  return url.origin;
}

/** TRUST_PROXY, with a bad value stopping the start with its reason. */
function trustProxySetting(raw: string | undefined): ProxyTrust | undefined {
  try {
    return parseTrustProxy(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/** A positive whole number from the environment, or undefined when unset (the default applies). */
function positiveNumber(raw: string | undefined, name: string): number | undefined {
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
  return n;
}

function llmConcurrency(raw: string | undefined): number {
  const n = positiveNumber(raw, 'LLM_CONCURRENCY') ?? DEFAULT_LLM_CONCURRENCY;
  if (n > MAX_LLM_CONCURRENCY) throw new ConfigError(`LLM_CONCURRENCY must be at most ${MAX_LLM_CONCURRENCY}, got ${JSON.stringify(raw)}`);
  return n;
}

/** Letters and digits that cannot be mistaken for one another when copied from a terminal. */
const SETUP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh administrator setup code, such as K7QM-4XWD-9PRT (about 74 bits). */
export function setupCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => SETUP_ALPHABET[randomInt(SETUP_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}
