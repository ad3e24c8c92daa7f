import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { appRoot } from '#server/lib/app-root.ts';

export const openapiFile = path.join(appRoot, 'openapi', 'openapi.yaml');

/** Set by the compiled server's build (scripts/build-server.mjs): the document, refs inlined, as JSON beside main.js. */
declare const __OPENAPI_JSON__: string | undefined;
const prebuilt = typeof __OPENAPI_JSON__ === 'string' ? path.join(appRoot, __OPENAPI_JSON__) : undefined;
/** Whether the contract is the build's JSON, which the build checked against the OpenAPI meta-schema (checkContract). */
export const contractCheckedAtBuild = prebuilt !== undefined;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Loads openapi/openapi.yaml and inlines the per-area files it references
 * (`$ref: './challenges.yaml#/paths/...'`), so the server sees one document
 * whose remaining refs are all local (`#/components/...`).
 */
export async function loadOpenapiDocument(file = openapiFile): Promise<Record<string, Json>> {
  // Parsed once per process (the YAML parse is most of the cost; tests build hundreds of apps); each
  // caller gets its own copy, as the app strips parts of it and the route plugin annotates it.
  documents.set(file, documents.get(file) ?? (file === openapiFile && prebuilt ? readPrebuilt(prebuilt) : readDocument(file)));
  return structuredClone(await documents.get(file)!);
}
const documents = new Map<string, Promise<Record<string, Json>>>();

async function readPrebuilt(file: string): Promise<Record<string, Json>> {
  return JSON.parse(await readFile(file, 'utf8')) as Record<string, Json>;
}

/** The document as the server uses it, for the compiled server's build to write as JSON (after checkContract). */
export const readOpenapiForBuild = (): Promise<Record<string, Json>> => readDocument(openapiFile);

/**
 * Checks a document against the OpenAPI meta-schema as fastify-openapi-glue does at every app build, throwing
 * its complaints: the compiled server's build runs it once, so its starts skip it (server/lib/openapi-meta-schema.ts).
 */
export async function checkContract(doc: Record<string, Json>): Promise<void> {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const result = await new Validator().validate(structuredClone(doc) as Parameters<InstanceType<typeof Validator>['validate']>[0]);
  if (!result.valid) throw new Error(`The contract does not meet the OpenAPI meta-schema: ${JSON.stringify(result.errors, null, 2)}`);
}

async function readDocument(file: string): Promise<Record<string, Json>> {
  const { parse } = await import('yaml'); // the compiled server reads the build's JSON instead
  const cache = new Map<string, Json>();
  const load = async (f: string): Promise<Json> => {
    if (!cache.has(f)) cache.set(f, parse(await readFile(f, 'utf8')) as Json);
    return cache.get(f)!;
  };
  const root = (await load(file)) as Record<string, Json>;
  const pointer = (doc: Json, ptr: string): Json => {
    let node = doc;
    for (const raw of ptr
      .replace(/^#?\/?/, '')
      .split('/')
      .filter(Boolean)) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`Unresolvable $ref ${ptr}`);
      node = (node as Record<string, Json>)[key]!;
    }
    return node;
  };
  // External refs point at another file's subtree. Inside an area file, local refs
  // ('#/components/schemas/X') name that file's own components, which are merged
  // into the root's below (names are unique across files), so they stay as they are.
  const inline = async (node: Json, from: string): Promise<Json> => {
    if (Array.isArray(node)) return Promise.all(node.map((n) => inline(n, from)));
    if (node && typeof node === 'object') {
      const ref = node.$ref;
      if (typeof ref === 'string' && !ref.startsWith('#')) {
        const [rel, ptr = ''] = ref.split('#');
        const target = path.resolve(path.dirname(from), rel!);
        // Every file's components end up in the root's (merged below): stay a local ref.
        if (ptr.startsWith('/components/')) {
          await load(target);
          return { $ref: `#${ptr}` };
        }
        return inline(pointer(await load(target), ptr), target);
      }
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(node)) out[k] = await inline(v, from);
      return out;
    }
    return node;
  };
  const doc = (await inline(root, file)) as Record<string, Json>;
  // Area files keep their own components; merge them into the root's.
  const components = (doc.components ?? {}) as Record<string, Record<string, Json>>;
  for (const [f, content] of cache) {
    if (f === file || !content || typeof content !== 'object' || Array.isArray(content)) continue;
    const areaComponents = (content as Record<string, Json>).components as Record<string, Record<string, Json>> | undefined;
    for (const [kind, entries] of Object.entries(areaComponents ?? {})) {
      components[kind] = { ...(components[kind] ?? {}) };
      for (const [name, value] of Object.entries(entries)) {
        // The root may list an area's component by reference (one no operation refers to, so the generated types have it).
        const listed = components[kind]![name];
        const listing = listed && typeof listed === 'object' && !Array.isArray(listed) && listed.$ref === `#/components/${kind}/${name}`;
        if (name in components[kind]! && !listing) throw new Error(`Component ${kind}/${name} is defined twice`);
        components[kind]![name] = (await inline(value, f)) as Json;
      }
    }
  }
  doc.components = components;
  return doc;
}

/** Every operationId in the contract, with its method and path. */
export function listOperations(doc: Record<string, Json>): { operationId: string; method: string; path: string }[] {
  const ops: { operationId: string; method: string; path: string }[] = [];
  for (const [p, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (op && typeof op === 'object' && !Array.isArray(op) && typeof op.operationId === 'string') {
        ops.push({ operationId: op.operationId, method: method.toUpperCase(), path: p });
      }
    }
  }
  return ops;
}
