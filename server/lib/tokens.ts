import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/index.ts';
import { appMeta } from '../db/schema.ts';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
const ISSUER = 'repforge';

/** A random token for a URL, a cookie or a header. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A hash keyed with the server secret, for values too short to store as a plain hash
 * (a 6-digit code's SHA-256 is reversed by trying all million codes).
 */
export const keyedHash = (key: Uint8Array, value: string) => createHmac('sha256', key).update(value).digest('hex');

/**
 * The refresh token that follows `parent` in its family. Derived rather than random so
 * that, within the reuse window, a second presenter of the parent (another tab, or a
 * retry after a lost response) can be handed the current token, which is stored only hashed.
 */
export const nextRefreshToken = (key: Uint8Array, parent: string) =>
  createHmac('sha256', key).update(`refresh-token:${parent}`).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** JWT_SECRET, or a key generated once and kept in app_meta so restarts and other nodes share it. */
export async function loadSigningKey(db: Database, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const fresh = randomToken(48);
  await db.insert(appMeta).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

export async function signAccessToken(key: Uint8Array, claims: { userId: number; sessionId: string }, now: Date) {
  const issuedAt = now.getTime();
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_MS;
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience('api')
    .setIssuedAt(Math.floor(issuedAt / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key);
  return { token, issuedAt, expiresAt };
}

type Claims = { userId: number; sessionId: string };

/** Access tokens whose signature was checked, by signing key (a browser sends one token for its whole life). */
const verifiedTokens = new WeakMap<Uint8Array, LRUCache<string, Claims & { exp: number }>>();
/** Verified tokens remembered per key; past it the least recently used is checked again when it comes back. */
const VERIFIED_TOKENS = 10_000;
/** Checks in flight, by key and token: readers of one request (or of requests at once) share the one check. */
const checking = new WeakMap<Uint8Array, Map<string, Promise<(Claims & { exp: number }) | null>>>();

/**
 * The claims of a valid access token of ours. Its signature is checked once (WebCrypto's HMAC runs off the event loop,
 * a round trip to the thread pool per call; callers at once share the check) and the token remembered; its expiry is
 * checked on every use, as jose does.
 */
export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<Claims | null> {
  let inFlight = checking.get(key);
  if (!inFlight) checking.set(key, (inFlight = new Map()));
  const pending = inFlight;
  let check = verifiedTokens.get(key)?.get(token) ?? pending.get(token);
  if (!check) {
    const started = checkSignature(key, token, now).finally(() => pending.delete(token));
    pending.set(token, started);
    check = started;
  }
  const claims = await check;
  return claims && claims.exp > Math.floor(now.getTime() / 1000) ? { userId: claims.userId, sessionId: claims.sessionId } : null;
}

/** jose's check of a token's signature, issuer, audience and expiry; a valid token is remembered (verifiedTokens). */
async function checkSignature(key: Uint8Array, token: string, now: Date): Promise<(Claims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: 'api',
      algorithms: ['HS256'],
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    const claims = { userId, sessionId: payload.sid, exp: payload.exp };
    let known = verifiedTokens.get(key);
    if (!known) verifiedTokens.set(key, (known = new LRUCache({ max: VERIFIED_TOKENS })));
    known.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}

/** A short-lived token for the community site (its own audience, so it is useless against our API). */
export async function signHandoffToken(key: Uint8Array, claims: Record<string, unknown>, now: Date, ttlSeconds: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience('community')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + ttlSeconds)
    .setJti(randomToken(12))
    .sign(key);
}
