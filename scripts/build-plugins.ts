// Vite plugins of the production build: the route manifest the server preloads from, and
// precompressed copies (brotli 11, gzip 9) of every built asset the server sends as they are.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
  /** The route's first paint (header and footer around the page, or its heading and a skeleton), rendered at build time; absent if prerendering failed. */
  shell?: string;
  /** For a page whose first render reads the query string: the first paint of an address with one (heading and skeleton). */
  queryShell?: string;
}

type RouteShells = Pick<RouteManifestEntry, 'shell' | 'queryShell'>;

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

/**
 * Builds scripts/prerender-entry.tsx for Node and renders every route's shell with it. A failure
 * warns and leaves the shells out (the app still works, its first paint just waits for JavaScript).
 */
async function renderShells(root: string, routes: RouteSource[], warn: (m: string) => void): Promise<Map<string, RouteShells>> {
  const shells = new Map<string, RouteShells>();
  // A folder of its own per build: the pages' chunks import the entry by its plain URL, so a query
  // to defeat Node's module cache (a second build in one process) would load a second copy of it.
  const outDir = path.join(root, `node_modules/.cache/prerender-${process.pid}-${Date.now()}`);
  try {
    const { build } = await import('vite');
    const react = (await import('@vitejs/plugin-react')).default;
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: path.join(root, 'scripts/prerender-entry.tsx'), outDir, emptyOutDir: true, target: 'node20', minify: false },
    });
    const file = readdirSync(outDir).find((f) => /^prerender-entry\.m?js$/.test(f));
    const mod = (await import(pathToFileURL(path.join(outDir, file!)).href)) as {
      renderShell: (routePath: string, title: string) => string;
      renderPage: (routePath: string, title: string) => Promise<{ html: string; readsSearch: boolean } | null>;
    };
    // React 19 hoists a preload hint for the header's image; the page's <head> has its own links.
    // Controls that need the app (theme select, Feedback) stay disabled until it replaces the shell;
    // links work as plain links meanwhile.
    const finish = (html: string) =>
      html.replace(/<link rel="preload"[^>]*>/g, '').replace(/<(select|button|input|textarea)\b/g, '<$1 disabled=""');
    for (const route of routes) {
      const page = await mod.renderPage(route.path, route.title);
      const skeleton = () => finish(mod.renderShell(route.path, route.title));
      const shell = page ? finish(page.html) : skeleton();
      shells.set(route.path, page?.readsSearch ? { shell, queryShell: skeleton() } : { shell });
    }
  } catch (error) {
    warn(`Prerendering the route shells failed; pages will paint after JavaScript loads: ${String(error)}`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return shells;
}

/** Writes routes.json: for every URL form of every route, its title, chunks to modulepreload, styles and shell. */
export function routeManifest(routeTable: string, { prerender = true } = {}): Plugin {
  let root = process.cwd();
  return {
    name: 'repforge-route-manifest',
    apply: 'build',
    // After Vite's CSS plugin has dropped the chunks that hold only CSS (moving their styles to
    // the chunks that imported them), so no route lists a file that is never written.
    enforce: 'post',
    configResolved(resolved) {
      root = resolved.root;
    },
    async generateBundle(_options, bundle) {
      const routes = readRouteTable(routeTable);
      const shells = prerender ? await renderShells(root, routes, (m) => this.warn(m)) : new Map<string, RouteShells>();
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const entryDeps = new Set(entry ? chunkClosure(bundle, entry, new Set()).map((c) => c.fileName) : []);
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [path.normalize(c.facadeModuleId!), c]));
      const manifest: Record<string, RouteManifestEntry> = {};
      for (const route of routes) {
        const chunk = route.module ? byModule.get(path.normalize(route.module)) : undefined;
        const closure = chunk ? chunkClosure(bundle, chunk, entryDeps) : [];
        const entryValue: RouteManifestEntry = {
          title: route.title,
          js: closure.map((c) => c.fileName),
          css: [...new Set(closure.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))],
          ...shells.get(route.path),
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

/**
 * Source maps are made (build.sourcemap 'hidden': no comment points at them) and moved out of the
 * served folder into `<outDir>/../maps`, where the server reads them to show error stacks in the
 * original files to administrators; no visitor can download them.
 */
export function privateSourceMaps(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'repforge-private-source-maps',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      const outDir = path.resolve(config.root, config.build.outDir);
      const mapsDir = path.join(path.dirname(outDir), 'maps');
      rmSync(mapsDir, { recursive: true, force: true });
      mkdirSync(mapsDir, { recursive: true });
      for (const name of Object.keys(bundle)) {
        if (!name.endsWith('.map')) continue;
        renameSync(path.join(outDir, name), path.join(mapsDir, path.basename(name)));
      }
    },
  };
}

/**
 * The entry starts after the first paint: index.html modulepreloads it (fetched at once, beside the
 * page's styles) and a small inline module imports it once the browser has painted the prerendered
 * page (a frame, then a task), or after 200 ms if no frame comes (a tab opened in the background).
 * Evaluated before the paint, the app's code held the prerendered page off the screen on a slow
 * phone for as long as it ran. The inline script's hash goes into the CSP (server/static.ts).
 */
export function startAfterFirstPaint(): Plugin {
  return {
    name: 'repforge-start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('startAfterFirstPaint: no entry script in index.html');
        const src = JSON.stringify(entry[1]);
        const start = `let s=0;const go=()=>{if(!s){s=1;import(${src})}};requestAnimationFrame(()=>setTimeout(go));setTimeout(go,200)`;
        return html.replace(entry[0], () => `<link rel="modulepreload" crossorigin href=${src}><script type="module">${start}</script>`);
      },
    },
  };
}

/**
 * A line every few seconds while `npm start` builds the app (BUILD_PROGRESS=1, set by
 * scripts/build-if-needed.mjs): modules read so far, then the writing and compressing steps,
 * instead of a minute of silence. Vite's own info output lists every one of the ~700 files.
 */
export function buildProgress(): Plugin {
  const on = process.env.BUILD_PROGRESS === '1';
  const started = Date.now();
  let modules = 0;
  let lastLine = 0;
  const say = (text: string) => {
    if (on) process.stdout.write(`  ${text} (${Math.round((Date.now() - started) / 1000)} s)\n`);
  };
  return {
    name: 'repforge-build-progress',
    apply: 'build',
    buildStart() {
      lastLine = Date.now();
      say('reading the sources');
    },
    moduleParsed() {
      modules++;
      if (Date.now() - lastLine > 5000) {
        lastLine = Date.now();
        say(`${modules} modules read`);
      }
    },
    renderStart() {
      say(`all ${modules} modules read; writing the bundles`);
    },
    writeBundle() {
      say('bundles written; compressing them');
    },
  };
}
