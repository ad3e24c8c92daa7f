// The built client's files, listed once at start. @fastify/static's wildcard route checks a request path's spelling
// against a directory listing on every request (readdir of the root and of assets/, ~960 names), and every page
// address (no file) went through it too, three times (br, gzip, none) before falling through to the page: about
// 1.3 CPU-s per e2e journey server. Its `wildcard: false` instead registers a route per file (~1.3 CPU-s more at
// every start). Here one wildcard route looks the path up in the list and hands a listed file to reply.sendFile
// (@fastify/static's own sending: precompressed choice, headers, ETag, 304, ranges, HEAD); any other path is
// not found, as before. Paths @fastify/static refused as non-canonical ('..', '//', '/./') are still 403.

import path from 'node:path';
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const { FST_STATIC_FORBIDDEN_PATH } = (fastifyStatic as unknown as { errors: { FST_STATIC_FORBIDDEN_PATH: new () => Error } }).errors;

/** Every file under `dir` as a URL path ('/assets/a.js'), but those `hidden` says to keep out. */
export function listClientFiles(dir: string, hidden: (urlPath: string) => boolean): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    // A link is listed as it is (send follows it; one to a folder is then not found, as before).
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (!hidden(`/${rel}`)) files.add(`/${rel}`);
  }
  return files;
}

// As @fastify/static 10 reads a wildcard request's path (getPathnameForSend): decoded once, `#` and `?` included.
const dotDotSegment = /(?:^|[\\/])\.\.(?:[\\/]|$)/u;
const leadingDotDotSegment = /^\/?\.\.(?:[\\/]|$)/u;
const encodedHashOrQuestionMark = /%(?:23|3f)/giu;
const decodePathname = (pathname: string) => decodeURI(pathname.replace(encodedHashOrQuestionMark, decodeURIComponent));
const nonCanonical = (pathname: string) => pathname.length > 0 && (pathname.includes('\\') || path.posix.normalize(pathname) !== pathname);

/** The file path a request under `prefix` asks for; null for a refused (non-canonical) one, undefined for an undecodable one. */
export function requestedFile(url: string, prefix: string): string | null | undefined {
  const question = url.indexOf('?');
  const end = question === -1 ? url.length : question;
  const rest = url.slice(prefix.length, end);
  const pathname = rest === '' ? '/' : rest.startsWith('/') ? rest : `/${rest}`;
  try {
    const decodedUrl = decodePathname(url.slice(0, end));
    const decoded = decodePathname(pathname);
    if (dotDotSegment.test(decodedUrl) && !leadingDotDotSegment.test(decoded)) return null;
    if (nonCanonical(decoded) || nonCanonical(decodedUrl)) return null;
    return decoded;
  } catch {
    return undefined;
  }
}

/** GET/HEAD `${prefix}*`: a listed file through reply.sendFile (register @fastify/static with `serve: false` first). */
export function serveListedFiles(app: FastifyInstance, prefix: string, files: Set<string>) {
  app.route({
    method: ['HEAD', 'GET'],
    url: `${prefix}*`,
    // As @fastify/static's own routes: a client that goes away mid-file ends the request, not an error answer.
    errorHandler(error, request, reply) {
      if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') {
        request.raw.destroy();
        return;
      }
      return app.errorHandler(error, request, reply);
    },
    handler(request, reply) {
      const file = requestedFile(request.raw.url ?? '/', prefix);
      if (file === null) return reply.send(new FST_STATIC_FORBIDDEN_PATH());
      if (file === undefined || !files.has(file)) return reply.callNotFound();
      return reply.sendFile(file);
    },
  });
}
