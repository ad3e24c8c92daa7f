// The server's areas (server/areas/<area>/) and who imports whom: no area reaches past another's index.ts,
// lower modules never import an area, and the areas' imports form no cycle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Where a server file sits: an area's name, or the layer it belongs to. Schema files are the database's layer. */
function layerOf(file: string): string {
  const rel = path.relative(serverDir, file).split(path.sep);
  if (rel[0] === 'areas') return /^schema.*\.ts$/.test(rel[2] ?? '') ? 'db' : `area:${rel[1]}`;
  if (rel[0] === 'lib' || rel[0] === 'db') return rel[0];
  return 'shell';
}

const importPattern = /(?:from|import)\s*\(?\s*['"]((?:\.{1,2}|#server)\/[^'"]+)['"]/g;

/** The file an import names: relative to the importer, or through the package's `#server/*` alias. */
const resolveImport = (file: string, spec: string) =>
  spec.startsWith('#server/') ? path.join(serverDir, spec.slice('#server/'.length)) : path.resolve(path.dirname(file), spec);

interface Edge {
  from: string;
  to: string;
  file: string;
  target: string;
}

function serverEdges(): Edge[] {
  return sourceFiles(serverDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(importPattern)].flatMap((match) => {
      const target = resolveImport(file, match[1]!);
      if (!target.startsWith(serverDir + path.sep)) return [];
      const from = layerOf(file);
      const to = layerOf(target);
      return from === to ? [] : [{ from, to, file: path.relative(root, file), target: path.relative(root, target) }];
    }),
  );
}

/** Every cycle's members (strongly connected components of more than one node), by Tarjan's algorithm. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('server areas', () => {
  const edges = serverEdges();
  const areas = readdirSync(path.join(serverDir, 'areas'), { withFileTypes: true }).filter((d) => d.isDirectory());

  it('each area has an index.ts, its public surface', () => {
    expect(areas.length).toBeGreaterThan(10);
    const without = areas.filter((d) => !readdirSync(path.join(serverDir, 'areas', d.name)).includes('index.ts')).map((d) => d.name);
    expect(without).toEqual([]);
  });

  it('other areas and the shell import an area only through its index.ts', () => {
    const past = edges.filter((e) => e.to.startsWith('area:') && !e.target.endsWith('/index.ts')).map((e) => `${e.file} -> ${e.target}`);
    expect(past).toEqual([]);
  });

  it('lower modules (server/lib, server/db) never import an area', () => {
    const up = edges
      .filter((e) => (e.from === 'lib' || e.from === 'db') && e.to.startsWith('area:'))
      .map((e) => `${e.file} -> ${e.target}`);
    expect(up).toEqual([]);
  });

  it('no cycle between areas', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges)
      if (e.from.startsWith('area:') && e.to.startsWith('area:')) {
        if (!graph.has(e.from)) graph.set(e.from, new Set());
        graph.get(e.from)!.add(e.to);
      }
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['area:a', new Set(['area:b'])],
      ['area:b', new Set(['area:c'])],
      ['area:c', new Set(['area:a'])],
      ['area:d', new Set(['area:a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['area:a', 'area:b', 'area:c']]);
  });
});
