import path from 'node:path';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
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

/**
 * Serves the built SPA under BASE_PATH: hashed assets with a year-long immutable
 * cache, and index.html (no-cache) for every other GET that is not an API call,
 * so deep links work.
 */
export async function registerClient(app: FastifyInstance, config: AppConfig, indexHtml = readIndexHtml(config)): Promise<string | null> {
  const clientDir = config.clientDir;
  if (!clientDir || !indexHtml) return null;
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: config.basePath,
    index: false,
    wildcard: true,
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('/'),
    setHeaders(reply, filePath) {
      const rel = path.relative(clientDir, filePath);
      reply.header('cache-control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  return indexHtml;
}
