import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from './config.ts';
import { proxyTrust } from './proxy-trust.ts';
import { EXTERNAL_STREAM_FRAME_SOURCES } from '#domain/live-broadcasts.ts';

/** A header helmet sets (its value) or removes (null). */
type HeaderStep = readonly [name: string, value: string | null];

/**
 * Security headers on every answer: a strict Content-Security-Policy (scripts only from our
 * origin plus the hashes of index.html's inline scripts), nosniff, a referrer policy that keeps
 * paths and query strings (reset tokens) on our own origin, and a frame policy that lets
 * exactly the EMBED_ORIGINS frame the app (our own origin only when none is set).
 *
 * Helmet's middleware is built once, and what it does to an answer is recorded once per socket origin
 * (the one part of the policy that depends on the request: its host and scheme) and replayed on each
 * answer: the same headers, without building the policy per request (@fastify/helmet built the whole
 * middleware on every request, a tenth of a kept board's CPU).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig, inlineScriptHashes: string[]) {
  const embedOrigins = config.embedOrigins ?? [];
  const trust = proxyTrust(config.trustProxy);
  const fromProxy = (req: IncomingMessage) => trust !== false && trust(req.socket.remoteAddress ?? '', 0);
  // The socket is same-origin; CSP 'self' covers ws: only in newer browsers, so name it.
  const socketOrigin = (req: IncomingMessage) => {
    const secure =
      (req.socket as { encrypted?: boolean }).encrypted ||
      (fromProxy(req) && /^https\b/.test(String(req.headers['x-forwarded-proto'] ?? '')));
    const host = String(
      req.headers['x-forwarded-host'] && fromProxy(req) ? req.headers['x-forwarded-host'] : (req.headers.host ?? ''),
    ).replace(/[^\w.:[\]-]/g, '');
    return host ? `${secure ? 'wss' : 'ws'}://${host}` : "'self'";
  };
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)],
        scriptSrcAttr: ["'none'"],
        // Radix dialogs add a <style> element for the scroll lock; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars and evidence images are links to anywhere on https.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", socketOrigin],
        workerSrc: ["'self'", 'blob:'],
        // A broadcast's external stream: only the YouTube and Twitch players (domain/live-broadcasts.ts).
        frameSrc: ["'self'", ...EXTERNAL_STREAM_FRAME_SOURCES],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: embedOrigins.length > 0 ? embedOrigins : ["'self'"],
      },
    },
    // frame-ancestors decides who may frame us; X-Frame-Options cannot name other origins.
    xFrameOptions: embedOrigins.length > 0 ? false : { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Popups we open (the community site) keep working; others cannot reach into us.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
  // Keyed by the socket origin, which a request's Host header picks: bounded, so odd hosts only cost a recompute.
  const stepsByOrigin = new LRUCache<string, readonly HeaderStep[]>({ max: 64 });
  const stepsFor = (req: IncomingMessage): readonly HeaderStep[] => {
    const origin = socketOrigin(req);
    const kept = stepsByOrigin.get(origin);
    if (kept) return kept;
    const steps: HeaderStep[] = [];
    const recorder = {
      setHeader: (name: string, value: unknown) => steps.push([name, String(value)]),
      removeHeader: (name: string) => steps.push([name, null]),
    } as unknown as ServerResponse;
    apply(req, recorder, (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
    });
    stepsByOrigin.set(origin, steps);
    return steps;
  };
  app.addHook('onRequest', (request, reply, done) => {
    let steps: readonly HeaderStep[];
    try {
      steps = stepsFor(request.raw);
    } catch (error) {
      return done(error as Error);
    }
    const res = reply.raw;
    for (const [name, value] of steps) {
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    done();
  });
}
