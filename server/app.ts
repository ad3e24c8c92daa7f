import type { Writable } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import './lib/openapi-meta-schema.ts'; // one compiled meta-schema per process, not per app
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppConfig } from './config.ts';
import { proxyTrust } from './proxy-trust.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import type { AppContext } from './context.ts';
import { loadOpenapiDocument } from './openapi.ts';
import { allHandlers } from './handlers.ts';
import { begunSync, writesBoards } from './lib/boards/writer-sync.ts';
import { inlineScriptHashes, readIndexHtml, registerClient } from './static.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerInputGuards } from './input-guards.ts';
import { carryRoles, registerRoleGate } from './role-gate.ts';
import { securityHandlers, DEFAULT_SCRYPT_LOG_N, warmUpPasswordChecks } from './areas/auth/index.ts';
import { registerRealtime } from './areas/realtime/index.ts';
import { startBoardCache } from './lib/boards/board-cache.ts';
import { answerKeptEarly } from './lib/boards/send-kept.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { loadSigningKey } from './lib/tokens.ts';
import { BackgroundTasks } from './lib/background.ts';
import { exportJobHandlers, failStrandedExports, sweepPrivacy } from './areas/privacy/index.ts';
import { recordServerFault, attachRateLimits, RateLimits, platformCheckJobHandlers, biJobHandlers, biSweep } from './areas/admin/index.ts';
import { scoreVideoJobHandlers, sweepFinalStandings } from './areas/challenges/index.ts';
import { jobWorker, pruneFinishedJobs, reclaimDeadJobs, releaseRunningJobs, startJobWorker, type JobHandlers } from './lib/jobs.ts';
import { registerTestHooks, testJobHandlers } from './lib/test-hooks.ts';
import { notificationMailJobHandlers } from './areas/notifications/index.ts';
import { battleBoardWatcher, battleJobHandlers } from './areas/battles/index.ts';
import { commentaryJobHandlers } from './areas/commentary/index.ts';
import { keepByteBodies } from './lib/uploaded-bytes.ts';
import { keepRawBodies, renewalSweep } from './areas/creators/index.ts';
import { followJobHandlers } from './areas/follows/index.ts';
import { keepRequestBytes } from './lib/request-bytes.ts';
import {
  liveCleanupJobHandlers,
  liveCleanupSweep,
  liveJobHandlers,
  liveRecordingJobHandlers,
  liveSpectatorWatcher,
  sweepDirector,
} from './areas/live/index.ts';
import { videoJobHandlers, videoSweep, videoService } from './areas/videos/index.ts';
import { loggerOptions } from './logging.ts';
import { ApiError, databaseFaultStatus, isDatabaseFault, RATE_LIMITED_TEXT, SERVICE_UNAVAILABLE_TEXT } from './errors.ts';
import { compileOnFirstUse, serializerOnFirstUse } from './lib/lazy-compile.ts';

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
}

export type { RealtimeHub } from './areas/realtime/index.ts';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

const SERVER_FAULT = 'Something went wrong on our side. Please try again in a moment.';

/**
 * Builds the whole server: database (opened and migrated unless one is given),
 * the API routes generated from openapi/openapi.yaml, and the SPA. Closing the
 * Fastify instance closes the database.
 */
export interface AppOverrides {
  mailer?: Mailer;
  now?: () => Date;
  /** Off only in tests that hammer one endpoint on purpose (also the per-address sign-in back-off). */
  rateLimit?: boolean;
  /** Where log lines go when config.logger is on (tests read them); stdout otherwise. */
  logStream?: Writable;
  /** Off only in benches that measure boards read from the database every time. */
  boardCache?: boolean;
}

export { RATE_LIMITED_TEXT };

export async function buildApp(config: AppConfig, database?: DatabaseHandle, overrides: AppOverrides = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.logger ? loggerOptions(process.env.LOG_LEVEL ?? 'info', overrides.logStream) : false,
    bodyLimit: 1024 * 1024,
    trustProxy: proxyTrust(config.trustProxy),
    // Malformed URLs and similar are the caller's fault: answer in our error shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply).code(400).send({ detail: error.message || 'Malformed request' });
    },
  });
  let clockOffsetMs = 0;
  const db = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const context: AppContext = {
    // Tests that switch rate limits off also switch off the per-address sign-in back-off.
    config: overrides.rateLimit === false ? { ...config, signInBackoff: false } : config,
    database: db,
    mailer: overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    now: overrides.now ?? (config.testClock ? () => new Date(Date.now() + clockOffsetMs) : () => new Date()),
    jwtKey: await loadSigningKey(db.db, config.jwtSecret),
    tasks: new BackgroundTasks((err, name) => app.log.error({ err }, `${name} failed`)),
  };
  // The first sign-in with an unknown email must not pay for making the dummy hash.
  await warmUpPasswordChecks(config.scryptLogN ?? DEFAULT_SCRYPT_LOG_N);
  // Query strings, paths and headers are text, so they are coerced ('2' → 2); a JSON body
  // is taken as sent, so a number where the contract says string is refused.
  const ajvOptions = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false } as const;
  const textAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: 'array' }));
  const bodyAjv = addFormats(new Ajv({ ...ajvOptions, coerceTypes: false }));
  // Compiled on a route's first request, not at start: compiling all ~200 operations' schemas was
  // most of a restart's CPU (docs/operations.md), and a restarted node must answer within 2 s.
  app.setValidatorCompiler(({ schema, httpPart }) => compileOnFirstUse(() => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema)));
  app.setSerializerCompiler(({ schema }) =>
    serializerOnFirstUse(() => fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0])),
  );
  let realtime: Awaited<ReturnType<typeof registerRealtime>> | undefined;
  const readsOnly = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
  /** Board writers' requests still to be answered, each holding this node's fan-outs (released in onSend). */
  const answered = new WeakMap<FastifyRequest, () => void>();
  const stopStandings = config.standingsSweepMs ? sweepFinalStandings(context, config.standingsSweepMs) : () => {};
  const stopPrivacy = config.privacySweepMs ? sweepPrivacy(context, config.privacySweepMs) : () => {};
  const stopDirector = config.directorSweepMs ? sweepDirector(context, config.directorSweepMs) : () => {};
  const videos = videoService(context);
  const sweepVideos = videoSweep(videos);
  const jobHandlers: JobHandlers = {
    ...videoJobHandlers(videos),
    ...scoreVideoJobHandlers,
    ...biJobHandlers(),
    ...platformCheckJobHandlers,
    ...notificationMailJobHandlers,
    ...exportJobHandlers,
    ...battleJobHandlers,
    ...commentaryJobHandlers,
    ...followJobHandlers,
    ...liveJobHandlers,
    ...liveRecordingJobHandlers,
    ...liveCleanupJobHandlers(app.log),
    ...(config.testClock ? testJobHandlers : {}),
  };
  // What a crash left running goes back to the queue (or fails, out of attempts) before any worker polls.
  await reclaimDeadJobs(context, jobHandlers, true);
  await failStrandedExports(context);
  const stopJobs = config.jobsPollMs
    ? startJobWorker(
        context,
        config.jobsPollMs,
        jobHandlers,
        (c) => Promise.all([sweepVideos(), biSweep(c), pruneFinishedJobs(c), renewalSweep(c), liveCleanupSweep(c)]),
        config.jobsIdlePollMs,
      )
    : () => {};
  app.addHook('onClose', async () => {
    stopJobs();
    // Jobs still running go back to the queue as they were: the next worker runs them (server/lib/shutdown.ts).
    await releaseRunningJobs(context).catch((err: unknown) => app.log.error({ err }, 'could not release running jobs'));
    stopStandings();
    stopPrivacy();
    stopDirector();
    await realtime?.close();
    await context.tasks.settled();
    if (!database) await db.close();
  });

  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    const status = error.statusCode ?? 500;
    // A database fault anywhere (a handler, or a security check the glue wrapped as 401) is a
    // 503 without internals (500 for a statement that is wrong as written): never a 401 a client
    // would take for a lost session.
    if (isDatabaseFault(error)) {
      request.log.error({ err: error }, 'database fault');
      if (databaseFaultStatus(error) === 500) {
        recordServerFault(context, error, request);
        return reply.code(500).send({ detail: SERVER_FAULT });
      }
      return reply.code(503).header('retry-after', '5').send({ detail: SERVICE_UNAVAILABLE_TEXT });
    }
    if (status >= 400 && status < 500) {
      // The glue's security error wraps the handlers' own errors: theirs say what is wrong.
      const inner = Array.isArray(error.errors) ? error.errors.at(-1) : undefined;
      if (error.validation) return reply.code(status).send(describeValidation(error));
      const detail = inner instanceof Error && inner.message ? inner.message : error.message || 'Bad request';
      if (status === 429 && !reply.hasHeader('retry-after')) void reply.header('retry-after', '60');
      const field = [error, inner].find((e): e is ApiError => e instanceof ApiError && !!e.field)?.field;
      return reply.code(status).send(field ? { detail, field_errors: { [field]: detail } } : { detail });
    }
    // A service we depend on failed (Stripe, say): the handler's words, with its 502/503/504.
    if (error instanceof ApiError && status >= 502 && status <= 504) {
      request.log.warn({ err: error.cause ?? error }, 'upstream failed');
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    recordServerFault(context, error, request);
    return reply.code(500).send({ detail: SERVER_FAULT });
  });

  const basePrefix = config.basePath.replace(/\/$/, '');
  const routesByPath = new Map<string, Set<string>>();
  // Limits are read per request from RateLimits (admins change them at run time); rejections are kept for the page.
  // ioredis is loaded only when REDIS_URL is set (server/lib/lazy-load.ts).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : null;
  const limits = new RateLimits(context, redis ? 'redis' : 'memory');
  attachRateLimits(context, limits);
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => redis.disconnect());
  });
  app.addHook('onRoute', (route) => {
    const rateLimit = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit as
      { max?: unknown; timeWindow?: unknown; [k: string]: unknown } | undefined;
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (rateLimit && typeof rateLimit === 'object' && typeof operationId === 'string' && typeof rateLimit.max === 'number') {
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      limits.register({
        group: operationId,
        method,
        path: route.url.slice(basePrefix.length),
        summary: String((route.schema as { summary?: unknown }).summary ?? operationId),
        defaultMax: rateLimit.max,
        windowMs: typeof rateLimit.timeWindow === 'string' ? windowMs(rateLimit.timeWindow) : Number(rateLimit.timeWindow ?? 60_000),
      });
      (route.config as { rateLimit: unknown }).rateLimit = {
        ...rateLimit,
        max: () => limits.maxFor(operationId),
        onExceeded: (_request: unknown, key: string) => limits.rejected(operationId, key),
      };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const set = routesByPath.get(route.url) ?? new Set<string>();
    methods.forEach((m) => set.add(m));
    routesByPath.set(route.url, set);
    // An operation may raise the body limit in the contract (x-fastify-config.bodyLimit), e.g. a CSV upload.
    const bodyLimit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof bodyLimit === 'number') route.bodyLimit = bodyLimit;
  });

  // Security and x-role checks run before the body is validated (server/role-gate.ts).
  registerRoleGate(app, context);
  // 415 for a body in an undeclared media type, 400 for control characters (server/input-guards.ts).
  registerInputGuards(app);
  const clientHtml = readIndexHtml(config);
  await registerSecurityHeaders(app, config, inlineScriptHashes(clientHtml));
  // Before compress: built files go out precompressed (or as they are), never compressed per request.
  const pages = await registerClient(app, config, clientHtml);
  // On-the-fly compression for what is made per request: API answers (pages compress once, in ClientPages). Up to 64 KB
  // (a signed-in board page is ~16 KB) in the handler's own turn: on two cores the stream path's thread-pool hops cost
  // more than the compression (docs/benchmarks.md).
  await app.register(fastifyCompress, { global: true, threshold: 1024, syncThreshold: 65_536 });
  await app.register(fastifyCookie);
  // A tus chunk (PATCH) streams straight from the request to the store: Fastify leaves the body unread (an empty string to the contract).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null, ''));
  // A live attempt's camera segment arrives whole, as bytes (bounded by its operation's bodyLimit).
  keepRequestBytes(app, ['video/webm']);
  // An uploaded picture arrives as its bytes (the images area decodes and re-encodes them); each route's bodyLimit applies.
  keepByteBodies(app);
  // A payment provider's webhook is verified over its exact bytes (x-fastify-config.rawBody in the contract).
  keepRawBodies(app);
  // Per-route limits come from each operation's x-fastify-config.rateLimit in the contract.
  await app.register(fastifyRateLimit, {
    global: false,
    // With Redis every node counts in one place; if Redis stops answering, requests pass (not all fail).
    ...(redis ? { redis, nameSpace: config.redisKeyPrefix ?? 'repforge-rl-', skipOnError: true } : {}),
    enableDraftSpec: false,
    errorResponseBuilder: (_request, limit) => ({ statusCode: limit.statusCode, message: RATE_LIMITED_TEXT }),
  });
  realtime = await registerRealtime(app, context, basePrefix);
  // Spectator counts: this node's sockets in each live attempt's room, summed over nodes (server/areas/live/spectators.ts).
  realtime.hub.watchRooms('live_attempt:', liveSpectatorWatcher(context));
  // A battle's kept boards are dropped on every message to its room, from any node (server/areas/battles/board-kept.ts).
  realtime.hub.watchMessages('battle:', battleBoardWatcher(context));
  if (overrides.boardCache !== false) {
    const boards = await startBoardCache(context);
    app.addHook('onClose', () => boards.stop());
    // A visitor asking again for a board page that is kept gets it at once, after the app-wide hooks above (send-kept.ts).
    app.addHook('onRequest', answerKeptEarly(boards.cache));
    // A change reaches this node's board cache by NOTIFY: a board writer's answer waits for its own, so its next read
    // shows it. The same LISTEN connection brings the room's message about the change (to thousands of sockets, on a
    // board): the node's fan-outs wait while a writer is answered (boardWriteStarted, below), so it is not held behind
    // them; whatever happens here, the hold ends with this hook.
    app.addHook('onSend', async (request, reply, payload) => {
      try {
        if (!readsOnly(request) && reply.statusCode < 400 && writesBoards(request))
          await (begunSync(request) ?? boards.cache.sync(context.database));
        return payload;
      } finally {
        answered.get(request)?.();
      }
    });
  }
  if (config.testClock) {
    app.log.warn('TEST_CLOCK is on: anyone can shift this server’s clock. Never use it outside tests.');
    registerTestHooks(app, context, basePrefix);
    app.put<{ Body: { offset_ms?: unknown } }>(`${basePrefix}/api/test-clock`, async (request, reply) => {
      const offset = request.body?.offset_ms;
      if (typeof offset !== 'number' || !Number.isFinite(offset) || Math.abs(offset) > 366 * 86_400_000) {
        return reply.code(400).send({ detail: 'offset_ms must be a number of milliseconds within a year.' });
      }
      clockOffsetMs = offset;
      // Jobs and sweeps the move made due run now, not after the idle worker's sleep.
      jobWorker(context).wake();
      return { now: context.now().toISOString() };
    });
  }
  const spec = await loadOpenapiDocument();
  if (overrides.rateLimit === false) stripRateLimits(spec);
  carryRoles(spec);
  keepJsonResponseTypes(spec);
  await app.register(openapiGlue, {
    specification: spec,
    serviceHandlers: allHandlers(context, {
      // A board writer's request holds this node's fan-outs from its handler's start until its answer goes (onSend).
      boardWriteStarted: (request) => {
        if (readsOnly(request) || overrides.boardCache === false) return;
        realtime!.hub.answerFirst(new Promise<void>((resolve) => answered.set(request, resolve)));
      },
    }),
    securityHandlers: securityHandlers(context),
    prefix: basePrefix || undefined,
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const apiRoot = `${config.basePath}api`;
    const isApi = pathname === apiRoot || pathname.startsWith(`${apiRoot}/`);
    if (!isApi && pages && (request.method === 'GET' || request.method === 'HEAD')) {
      if (pathname.startsWith(config.basePath) && !/\.[A-Za-z0-9]{1,8}$/.test(pathname)) {
        const query = request.url.slice(pathname.length + 1);
        return pages.send(reply, pathname, request.headers['accept-encoding'], query !== '');
      }
      if (config.basePath !== '/' && `${pathname.replace(/\/$/, '')}/` === '/') return reply.redirect(config.basePath);
      if (`${pathname}/` === config.basePath) return reply.redirect(config.basePath);
    }
    const allowed = routesByPath.get(pathname);
    if (isApi && allowed && allowed.size > 0) {
      const allow = [...allowed].filter((m) => m !== 'HEAD').join(', ');
      return reply
        .code(405)
        .header('allow', allow)
        .send({ detail: `${request.method} is not allowed here; use ${allow}.` });
    }
    return reply.code(404).send({ detail: `Nothing here: ${request.method} ${pathname}` });
  });

  return { app, context };
}

/** A field's name as words: `display_name` is "display name", `time_ms` is "time", `challenge_id` is "challenge". */
function fieldLabel(name: string): string {
  const words = name.split('_').filter(Boolean);
  if (words.length > 1 && ['ms', 'id', 'at'].includes(words.at(-1)!)) words.pop();
  return words.join(' ') || 'the request';
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
};
const FORMAT_WORDS: Record<string, string> = { 'date-time': 'date and time', date: 'date', uri: 'web address', uuid: 'identifier' };

/**
 * The contract's first complaint as a sentence a person understands, and the field it is about
 * (`field_errors`, so a form can put it beside its input): never ajv's `body.email must match format "email"`.
 */
function describeValidation(error: FastifyError): { detail: string; field_errors?: Record<string, string> } {
  const first = error.validation?.[0];
  if (!first) return { detail: error.message };
  const params = first.params as Record<string, unknown>;
  const segments = first.instancePath.split('/').filter(Boolean);
  if (first.keyword === 'required') segments.push(String(params.missingProperty));
  if (first.keyword === 'additionalProperties') {
    return { detail: `Unknown field "${String(params.additionalProperty)}": this request does not take it.` };
  }
  const field = segments.join('.');
  const named = [...segments].reverse().find((s) => !/^\d+$/.test(s));
  const label = named ? fieldLabel(named) : 'the request';
  const Label = label.charAt(0).toUpperCase() + label.slice(1);
  const limit = String(params.limit ?? '');
  let sentence: string;
  switch (first.keyword) {
    case 'required':
      sentence = `${Label} is required.`;
      break;
    case 'format':
      sentence =
        params.format === 'email'
          ? 'Enter a valid email address.'
          : `${Label} must be a valid ${FORMAT_WORDS[String(params.format)] ?? String(params.format)}.`;
      break;
    case 'minLength':
      sentence = limit === '1' ? `${Label} can't be empty.` : `${Label} must be at least ${limit} characters.`;
      break;
    case 'maxLength':
      sentence = `${Label} must be at most ${limit} characters.`;
      break;
    case 'minimum':
      sentence = `${Label} must be at least ${limit}.`;
      break;
    case 'exclusiveMinimum':
      sentence = `${Label} must be more than ${limit}.`;
      break;
    case 'maximum':
      sentence = `${Label} must be at most ${limit}.`;
      break;
    case 'exclusiveMaximum':
      sentence = `${Label} must be less than ${limit}.`;
      break;
    case 'type':
      sentence = `${Label} must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}.`;
      break;
    case 'enum':
      sentence = `${Label} must be one of: ${((params.allowedValues as unknown[]) ?? []).join(', ')}.`;
      break;
    case 'pattern':
      sentence = `${Label} is not in the expected form.`;
      break;
    case 'minItems':
      sentence = `${Label} needs at least ${limit} item${limit === '1' ? '' : 's'}.`;
      break;
    case 'maxItems':
      sentence = `${Label} takes at most ${limit} items.`;
      break;
    default:
      sentence = `${Label} ${first.message ?? 'is not valid'}.`;
  }
  return field ? { detail: sentence, field_errors: { [field]: sentence } } : { detail: sentence };
}

/** '1 minute', '30 seconds', '2 hours' as milliseconds (the forms the contract uses). */
function windowMs(text: string): number {
  const match = /^(\d+)\s*(second|minute|hour)s?$/.exec(text.trim());
  if (!match) return 60_000;
  return Number(match[1]) * { second: 1000, minute: 60_000, hour: 3_600_000 }[match[2] as 'second' | 'minute' | 'hour'];
}

function stripRateLimits(spec: Record<string, unknown>) {
  for (const item of Object.values((spec.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const op of Object.values(item)) {
      const cfg = op?.['x-fastify-config'] as Record<string, unknown> | undefined;
      if (cfg) delete cfg.rateLimit;
    }
  }
}

/**
 * The route plugin counts every media type of the contract, responses' too, as one a request may
 * be sent in, and warns at each start for those without a body parser ("ContentTypeParser for
 * 'video/mp4' not found": a CSV export, a data zip, a calendar, a video stream, a poster). Those are
 * only ever sent by handlers, which set their own Content-Type, and Fastify serializes JSON alone,
 * so their response schemas do nothing at run time: the routes get the JSON ones only. The served
 * contract (openapi.yaml) keeps them all.
 */
function keepJsonResponseTypes(spec: Record<string, unknown>) {
  for (const item of Object.values((spec.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const op of Object.values(item)) {
      for (const response of Object.values((op?.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>)) {
        if (!response?.content) continue;
        const json = Object.entries(response.content).filter(([type]) => /json/.test(type));
        if (json.length === Object.keys(response.content).length) continue;
        if (json.length === 0) delete response.content;
        else response.content = Object.fromEntries(json);
      }
    }
  }
}
