// Vite plugins of the production build: the route manifest the server preloads from, and
// precompressed copies (brotli 11, gzip 9) of every built asset the server sends as they are.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Where the server finds, per route path, the page's title and the chunks and styles it needs. */
export const ROUTE_MANIFEST = 'routes.json';

export interface RouteManifestEntry {
  title: string;
  /** The page's own chunk first, then the chunks it imports that the entry does not (relative to the client dir). */
  js: string[];
  css: string[];
}

export interface RouteSource {
  path: string;
  title: string;
  /** Absolute path of the module the route's load() imports, if it has one. */
  module: string | null;
  singleForm: boolean;
}

/**
 * The route table read as text (src/app/route-table.ts): every `r('/path', 'Title', …, () => import('…'))`.
 * The table is TypeScript with lazy imports of every page, so reading it beats executing it here.
 */
export function readRouteTable(file: string): RouteSource[] {
  const text = readFileSync(file, 'utf8');
  const out: RouteSource[] = [];
  const calls = text.split(/\br\(\s*(?=')/).slice(1);
  for (const call of calls) {
    const strings = [...call.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!);
    const [routePath, title] = strings;
    if (!routePath?.startsWith('/') || title === undefined) continue;
    const body = call.split(/\n {2}\S/)[0] ?? call;
    const load = /import\('([^']+)'\)/.exec(body)?.[1];
    out.push({
      path: routePath,
      title: title.replace(/\\'/g, "'"),
      module: load ? path.resolve(path.dirname(file), load) : null,
      singleForm: routePath === '/settings',
    });
  }
  return out;
}

export const runTogether = (p: string) => p.replace(/-/g, '');

function chunkClosure(bundle: OutputBundle, start: OutputChunk, skip: Set<string>): OutputChunk[] {
  const seen = new Set<string>();
  const out: OutputChunk[] = [];
  const visit = (c: OutputChunk) => {
    if (seen.has(c.fileName) || skip.has(c.fileName)) return;
    seen.add(c.fileName);
    out.push(c);
    for (const dep of c.imports) {
      const next = bundle[dep];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return out;
}

/** Writes routes.json: for every URL form of every route, its title, chunks to modulepreload and styles. */
export function routeManifest(routeTable: string): Plugin {
  return {
    name: 'repforge-route-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const entryDeps = new Set(entry ? chunkClosure(bundle, entry, new Set()).map((c) => c.fileName) : []);
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [path.normalize(c.facadeModuleId!), c]));
      const manifest: Record<string, RouteManifestEntry> = {};
      for (const route of readRouteTable(routeTable)) {
        const chunk = route.module ? byModule.get(path.normalize(route.module)) : undefined;
        const closure = chunk ? chunkClosure(bundle, chunk, entryDeps) : [];
        const entryValue: RouteManifestEntry = {
          title: route.title,
          js: closure.map((c) => c.fileName),
          css: [...new Set(closure.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))],
        };
        for (const form of route.singleForm ? [route.path] : [route.path, runTogether(route.path)]) manifest[form] ??= entryValue;
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST, source: JSON.stringify(manifest) });
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico|wasm)$/i;

/** Writes name.br (brotli quality 11) and name.gz (gzip level 9) beside every compressible built file. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'repforge-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const p = path.join(dir, name);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: 11,
            [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [zlib.BROTLI_PARAM_MODE]: /\.(?:js|css|html|svg|json)$/i.test(file) ? zlib.BROTLI_MODE_TEXT : zlib.BROTLI_MODE_GENERIC,
          },
        });
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}
