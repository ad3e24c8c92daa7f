import path from 'node:path';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { pickEncoding } from './lib/http-encoding.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { listClientFiles, serveListedFiles } from './lib/static-files.ts';
import type { AppConfig } from './config.ts';

/** Values the browser needs at run time; injected into index.html, never secrets. */
export function publicClientConfig(config: AppConfig) {
  return {
    basePath: config.basePath,
    storeUrl: config.storeUrl,
    communitySiteUrl: config.communitySiteUrl ?? null,
    embedOrigins: config.embedOrigins ?? [],
  };
}

function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** index.html with the mount point (<base href>) and the public config injected. */
export function renderIndexHtml(template: string, config: AppConfig): string {
  const head =
    `<base href="${escapeAttr(config.basePath)}">` +
    `<script id="app-config" type="application/json">${escapeJsonForHtml(publicClientConfig(config))}</script>`;
  return template.replace(/<head>/i, `<head>${head}`);
}

/** The served index.html (mount point and config injected), or null when the SPA is not built. */
export function readIndexHtml(config: AppConfig): string | null {
  const clientDir = config.clientDir;
  if (!clientDir || !existsSync(path.join(clientDir, 'index.html'))) return null;
  return renderIndexHtml(readFileSync(path.join(clientDir, 'index.html'), 'utf8'), config);
}

/**
 * CSP hashes ('sha256-…') of the page's inline scripts (the theme script that runs before first
 * paint), so the policy allows exactly them and no other inline script. Data blocks
 * (type="application/json") never run and need none.
 */
export function inlineScriptHashes(html: string | null): string[] {
  if (!html) return [];
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1]!;
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(`sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** What the build's routes.json says of one route (scripts/build-plugins.ts writes it). */
interface RouteEntry {
  title: string;
  js: string[];
  css: string[];
  /** The route's prerendered first paint, with %BASE% and %STORE_URL% to fill. */
  shell?: string;
  /** The first paint for an address with a query string, when the page reads it (its heading and a skeleton). */
  queryShell?: string;
}

function readRouteManifest(clientDir: string): Record<string, RouteEntry> {
  const file = path.join(clientDir, 'routes.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, RouteEntry>;
  } catch {
    return {};
  }
}

const SAFE_ASSET = /^assets\/[\w.-]+\.(?:js|css)$/;

/**
 * The page for one route: the current page's chunks as modulepreload and its styles as stylesheets
 * (relative URLs, resolved against <base href>), so the browser fetches them beside the entry instead
 * of after it; the chunks at low priority, behind the styles and the entry that the first paint and
 * the start wait for. No inline script is added: the CSP hashes of index.html stay the page's only ones.
 */
export function renderRoutePage(
  indexHtml: string,
  entry: RouteEntry | undefined,
  config?: Pick<AppConfig, 'basePath' | 'storeUrl'>,
  withQuery = false,
): string {
  if (!entry) return indexHtml;
  const links = [
    ...entry.css.filter((f) => SAFE_ASSET.test(f)).map((f) => `<link rel="stylesheet" crossorigin href="./${f}">`),
    ...entry.js.filter((f) => SAFE_ASSET.test(f)).map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="./${f}">`),
  ].join('');
  let html = indexHtml.replace(/<\/head>/i, `${links}</head>`);
  // The prerendered shell (markup only, no script: the CSP hashes stay those of index.html); the
  // app renders into #root and replaces it.
  // A page prerendered without a query would show the wrong thing for one (no gym chosen, the
  // overall board for a test's): an address with a query gets the page's heading and a skeleton.
  const prerendered = withQuery && entry.queryShell ? entry.queryShell : entry.shell;
  if (prerendered && config) {
    const shell = prerendered
      .replaceAll('%BASE%', escapeAttr(config.basePath.replace(/\/$/, '')))
      .replaceAll('%STORE_URL%', escapeAttr(config.storeUrl));
    html = html.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`);
  }
  return html;
}

export { pickEncoding };

/** The app's HTML pages, one per route (two where the page reads its query), compressed once on first use and kept (bounded). */
export class ClientPages {
  private readonly manifest: Record<string, RouteEntry>;
  private readonly cache = new Map<string, { identity: string; br?: Buffer; gzip?: Buffer }>();

  private readonly basePath: string;

  constructor(
    private readonly indexHtml: string,
    clientDir: string,
    private readonly config: Pick<AppConfig, 'basePath' | 'storeUrl'>,
  ) {
    this.basePath = config.basePath;
    this.manifest = readRouteManifest(clientDir);
  }

  /** The route key of a request path under the mount point: '/', '/challenge-detail-page', or '*' for any other. */
  keyOf(pathname: string): string {
    const rest = pathname.startsWith(this.basePath) ? pathname.slice(this.basePath.length) : '';
    const key = `/${rest.replace(/\/+$/, '')}`;
    return Object.hasOwn(this.manifest, key) ? key : '*';
  }

  send(reply: FastifyReply, pathname: string, acceptEncoding: string | string[] | undefined, withQuery = false) {
    const route = this.keyOf(pathname);
    const entry = route === '*' ? undefined : this.manifest[route];
    const queried = withQuery && !!entry?.queryShell;
    const key = queried ? `${route}?` : route;
    let page = this.cache.get(key);
    if (!page) {
      page = { identity: renderRoutePage(this.indexHtml, entry, this.config, queried) };
      this.cache.set(key, page);
    }
    const encoding = pickEncoding(acceptEncoding);
    void reply.code(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding === 'identity') return reply.send(page.identity);
    const body = (page[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(page.identity, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
          })
        : gzipSync(page.identity, { level: 9 }));
    return reply.header('content-encoding', encoding).send(body);
  }
}

/**
 * Serves the built SPA under BASE_PATH: hashed assets with a year-long immutable
 * cache, sent as the build precompressed them (.br, .gz beside each file; Vary:
 * accept-encoding), and a route's page (no-cache) for every other GET that is not
 * an API call, so deep links work. Register it before @fastify/compress: files are
 * never compressed on the fly, only API answers are.
 */
export async function registerClient(
  app: FastifyInstance,
  config: AppConfig,
  indexHtml = readIndexHtml(config),
): Promise<ClientPages | null> {
  const clientDir = config.clientDir;
  if (!clientDir || !indexHtml) return null;
  await app.register(fastifyStatic, {
    root: clientDir,
    // Only reply.sendFile: the route is serveListedFiles' (server/lib/static-files.ts), over the files listed once here.
    serve: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const rel = path.relative(clientDir, filePath);
      reply.header('cache-control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  // The page's template and the route manifest are never sent as files (nor their precompressed copies).
  serveListedFiles(
    app,
    config.basePath,
    listClientFiles(clientDir, (file) => /^\/(?:index\.html|routes\.json)(?:\.br|\.gz)?$/.test(file)),
  );
  return new ClientPages(indexHtml, clientDir, config);
}
