import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { AppConfig } from './config.ts';
import { proxyTrust } from './proxy-trust.ts';
import { EXTERNAL_STREAM_FRAME_SOURCES } from '#domain/live-broadcasts.ts';

/**
 * Security headers on every answer: a strict Content-Security-Policy (scripts only from our
 * origin plus the hashes of index.html's inline scripts), nosniff, a referrer policy that keeps
 * paths and query strings (reset tokens) on our own origin, and a frame policy that lets
 * exactly the EMBED_ORIGINS frame the app (our own origin only when none is set).
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
  await app.register(fastifyHelmet, {
    global: true,
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
}
