import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { pickEncoding } from '../http-encoding.ts';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '#server/context.ts';
import { boardCacheOf, type BoardCache, type Serialized } from './board-cache.ts';

// A kept page (a board page everyone sees) sent as it was serialized once: its ETag answers a
// reader holding this version with 304, and its body goes out in the encoding the reader takes,
// compressed once for the page's life (the HTML shell is kept the same way, server/static.ts), so
// @fastify/compress, which leaves an encoded answer alone, never compresses it per request.

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli at quality 6: a board page changes with its board, so it is compressed often; 6 is fast and near 11 on JSON. */
const BR_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };

/** The kept body in `encoding`, compressed on first use and kept beside the page (a failure is not kept). */
export function keptEncoding(json: Serialized, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const made = (json.encoded[encoding] ??= encoding === 'br' ? brotli(json.body, BR_OPTIONS) : gzipped(json.body, { level: 6 }));
  made.catch(() => {
    if (json.encoded[encoding] === made) delete json.encoded[encoding];
  });
  return made;
}

/** What picks a kept page's body besides Accept-Encoding: a bearer token gets the holder's own rows instead. */
const KEPT_VARY = ['authorization'];

/**
 * Whether `request` is one a kept page may answer before routing's later steps: a visitor's GET (no Authorization
 * header at all, so no session to check) without a body, on a route without a rate limit (its limiter runs later).
 */
function plainVisitorGet(request: FastifyRequest): boolean {
  const h = request.headers;
  if (request.method !== 'GET' || h.authorization !== undefined || h['transfer-encoding'] !== undefined) return false;
  return (h['content-length'] === undefined || h['content-length'] === '0') && request.routeOptions.config?.rateLimit === undefined;
}

/**
 * Remembers that this visitor's request was answered by the page kept under `key` (for answerKeptEarly). The address
 * is the request's path and query as sent: the same address validates, and reads, exactly as this one did.
 */
export function rememberKeptAddress(ctx: AppContext, request: FastifyRequest, key: string) {
  if (plainVisitorGet(request)) boardCacheOf(ctx)?.rememberAddress(request.url, key);
}

/**
 * An onRequest hook (registered after every other app-wide one: security headers, cookies, the socket upgrade check):
 * a visitor's GET for an address a kept page answered before is answered from that page while it is kept and fresh,
 * without validation, the session check and the handler, which would all come to the same page (the address is the
 * same, and so is every input they read). Headers, ETag/304 and encodings are sendKept's, as on the handler's path.
 */
export function answerKeptEarly(cache: BoardCache): onRequestHookHandler {
  return async function keptAnswer(request, reply) {
    if (!plainVisitorGet(request)) return;
    const kept = cache.keptAt<{ json: Serialized }>(request.url);
    if (kept) return sendKept(request, reply, kept.json, KEPT_VARY);
  };
}

/**
 * Sends a kept page: ETag and `Cache-Control: no-cache` (a reader revalidates), `Vary` on what picks
 * the body (`vary`: e.g. authorization, whose holder gets their own row instead) and Accept-Encoding.
 */
export async function sendKept(request: FastifyRequest, reply: FastifyReply, json: Serialized, vary: string[] = []) {
  void reply
    .header('etag', json.etag)
    .header('cache-control', 'no-cache')
    .header('vary', [...vary, 'accept-encoding'].join(', '));
  if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(json.etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(json.body);
  const body = await keptEncoding(json, encoding);
  return reply.header('content-encoding', encoding).send(body);
}

/** Brotli for a body made for one reader: quality 2 is ~2× as fast as @fastify/compress's 4 and near it on a board page. */
const BR_OWN = { params: { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
/** Below this a body goes out as it is (@fastify/compress's threshold in server/app.ts). */
const COMPRESS_FROM = 1024;

/**
 * A kept page's body with its last field, `"<field>":null` as everyone sees it, set to `value` (one reader's own row):
 * the page's bytes are not serialized again. Null when the body does not end with that field.
 */
export function keptWithLast(json: Serialized, field: string, value: unknown): Buffer | null {
  const last = Buffer.from(`,${JSON.stringify(field)}:null}`);
  const body = json.body;
  if (body.length < last.length || body.compare(last, 0, last.length, body.length - last.length) !== 0) return null;
  const cut = body.length - 'null}'.length;
  return Buffer.concat([body.subarray(0, cut), Buffer.from(`${JSON.stringify(value ?? null)}}`)]);
}

/**
 * Sends one signed-in reader's answer made of a kept page (keptWithLast: the page's bytes with their own row), or
 * `answer` through the route's serializer when the kept body cannot take it. It is theirs alone (no ETag, never kept):
 * compressed here, in the handler's turn, at a fast setting (br quality 2, gzip level 1; @fastify/compress leaves an
 * encoded answer alone, and still handles any other encoding asked).
 */
export function sendKeptWith(
  request: FastifyRequest,
  reply: FastifyReply,
  json: Serialized,
  field: string,
  value: unknown,
  answer: object,
) {
  const body = keptWithLast(json, field, value);
  if (!body) return reply.send(answer);
  void reply.type('application/json; charset=utf-8');
  const encoding = body.length < COMPRESS_FROM ? 'identity' : pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  const vary = reply.getHeader('vary');
  return reply
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('content-encoding', encoding)
    .send(encoding === 'br' ? brotliCompressSync(body, BR_OWN) : gzipSync(body, { level: 1 }));
}

/**
 * The answers of team, gym and alliance boards and event standings each time they are read again after a change
 * (sendKeptBoard), kept by their ETag with their compressed bodies: an answer equal to one sent before reuses its br
 * and gzip bytes, and a changed answer is a new entry, never a stale one. 32 MB of bodies at most (compressed ones
 * are a fraction of that).
 */
const byContent = new LRUCache<string, Serialized>({ max: 2_000, maxSize: 32 * 1024 * 1024, sizeCalculation: (s) => s.body.length + 1 });

/** `body` (the answer as the route serializes it) as a kept page, reusing the one with the same bytes. */
export function keptByContent(body: string): Serialized {
  const bytes = Buffer.from(body);
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  const held = byContent.get(etag);
  if (held) return held;
  const fresh: Serialized = { body: bytes, etag, encoded: {} };
  byContent.set(etag, fresh);
  return fresh;
}

/** A visitor's board answer as read by `read`, with the boards it turned out to depend on beyond the key's. */
export interface BoardAnswer {
  answer: object;
  boards?: readonly number[];
}

/**
 * Sends a board answer everyone sees (a team, gym or alliance board, an event's standings) from this node's board cache:
 * read once and kept under `key` until one of `boards` (or of the boards the read names) changes, on any node
 * (board-cache.ts; migrations 0061 and 0077 make every table these boards read tell the cache), then sent as a kept page
 * (serialized by the route's contract, ETag, br and gzip bodies kept). Without a board cache it is read each time.
 */
export async function sendKeptBoard(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  boards: readonly number[],
  read: () => Promise<BoardAnswer>,
) {
  const page = (answer: object) =>
    keptByContent(String(reply.serializeInput(answer as Record<string, unknown>, '200', 'application/json')));
  const cache = boardCacheOf(ctx);
  if (!cache) return sendKept(request, reply, page((await read()).answer), KEPT_VARY);
  const kept = await cache.get(
    key,
    boards,
    async () => {
      const made = await read();
      return { json: page(made.answer), boards: made.boards ?? [] };
    },
    (k) => 2 * k.json.body.length,
    (k) => k.boards,
  );
  rememberKeptAddress(ctx, request, key);
  return sendKept(request, reply, kept.json, KEPT_VARY);
}
