import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Parse = (this: unknown, specification: unknown, options?: object) => Promise<unknown>;

// fastify-openapi-glue parses the contract afresh for every app: it validates the whole document against the
// OpenAPI meta-schema, resolves every $ref, and turns each operation into a route's schemas: about 0.12 of the
// 0.35 CPU-s a test app took to build (6 Dec). Its result depends on nothing but the document and the options, so
// a worker keeps it per distinct pair (a document the app changed differently, e.g. without rate limits, is
// parsed and checked on its own) and gives each app its own copy, as fastify may change the schemas it is given.
// A document the glue refuses is not kept: every app built from it fails as before.
// The glue exports only its plugin: its parser is the module beside it, by the real path Node loaded it from.
const glue = createRequire(import.meta.url).resolve('fastify-openapi-glue');
const { Parser } = (await import(pathToFileURL(path.join(path.dirname(glue), 'lib', 'Parser.js')).href)) as {
  Parser: { prototype: { parse: Parse } };
};
const prototype = Parser.prototype;
const parse = prototype.parse;
const parsed = new Map<string, unknown>();
let parses = 0;

/** The glue's parser, as the plugin uses it (for tests of this file). */
export const GlueParser = Parser as unknown as new () => { parse(specification: unknown, options?: object): Promise<unknown> };
/** How many documents this worker has parsed in full. */
export const fullParses = () => parses;

prototype.parse = async function parseOncePerDocument(specification, options = {}) {
  if (typeof specification !== 'object' || specification === null) return parse.call(this, specification, options);
  const key = createHash('sha256')
    .update(JSON.stringify([specification, options]))
    .digest('hex');
  if (!parsed.has(key)) {
    parses++;
    parsed.set(key, await parse.call(this, specification, options));
  }
  return structuredClone(parsed.get(key));
};
