import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/**
 * Client stacks name built files (`…/assets/page-Ab12Cd.js:1:2345`). The build keeps each file's
 * source map out of the served folder (scripts/build-plugins.ts, privateSourceMaps); here a stack
 * is rewritten to the original files and lines for administrators. A frame without a map (another
 * release, a browser extension, a server stack) stays as it was.
 */
const FRAME = /(?:https?:\/\/[^\s()]*?\/)?assets\/([\w.-]+\.js):(\d+):(\d+)/g;
const CACHED_MAPS = 64;

/** `../../src/x.tsx` (relative to the built file) → `src/x.tsx`; dependencies from `node_modules/` on. */
export function sourceName(source: string): string {
  const inDeps = source.lastIndexOf('node_modules/');
  if (inDeps >= 0) return source.slice(inDeps);
  return source.replace(/^(?:\.\.?\/)+/, '');
}

export class SourceMaps {
  private readonly maps = new Map<string, Promise<TraceMap | null>>();

  constructor(private readonly dir: string | null) {}

  private load(file: string): Promise<TraceMap | null> {
    let found = this.maps.get(file);
    if (!found) {
      found = readFile(path.join(this.dir!, `${file}.map`), 'utf8').then(
        (text) => new TraceMap(text),
        () => null,
      );
      if (this.maps.size >= CACHED_MAPS) this.maps.delete(this.maps.keys().next().value!);
      this.maps.set(file, found);
    }
    return found;
  }

  /** The stack with every frame that has a map pointing at its original file; null when none had one. */
  async map(stack: string | null): Promise<string | null> {
    if (!stack || !this.dir) return null;
    const files = new Set([...stack.matchAll(FRAME)].map((m) => m[1]!));
    if (files.size === 0) return null;
    const loaded = new Map<string, TraceMap | null>();
    await Promise.all([...files].map(async (f) => loaded.set(f, await this.load(f))));
    let mapped = 0;
    const text = stack.replace(FRAME, (frame, file: string, line: string, column: string) => {
      const map = loaded.get(file);
      if (!map) return frame;
      const at = originalPositionFor(map, { line: Number(line), column: Math.max(0, Number(column) - 1) });
      if (at.source === null || at.line === null) return frame;
      mapped += 1;
      return `${sourceName(at.source)}:${at.line}:${(at.column ?? 0) + 1}`;
    });
    return mapped > 0 ? text : null;
  }
}

/** Where the build put the maps: beside the client folder (dist/client → dist/maps). */
export const sourceMapsDir = (clientDir: string | undefined) => (clientDir ? path.join(path.dirname(clientDir), 'maps') : null);
