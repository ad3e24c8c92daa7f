// Schema code compiled on first use. Fastify compiles every route's validators (and serializers) when
// the route is registered; with ~200 operations that was most of a restart's CPU. A wrapper that
// compiles on the first request keeps start-up short and costs the first caller of a route a few ms.

import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/** The shape Fastify expects of a validator: returns true/false and leaves the reasons on `.errors`. */
export interface Validator {
  (data: unknown): boolean;
  errors?: FastifySchemaValidationError[] | null;
}

export function compileOnFirstUse(compile: () => (data: unknown) => unknown): Validator {
  let compiled: (((data: unknown) => unknown) & { errors?: unknown }) | undefined;
  const validate: Validator = (data) => {
    compiled ??= compile();
    const ok = compiled(data) === true;
    validate.errors = (compiled.errors ?? null) as Validator['errors'];
    return ok;
  };
  validate.errors = null;
  return validate;
}

/** The same for serializers: `(data) => string`, built on the first answer. */
export function serializerOnFirstUse(compile: () => (data: unknown) => string): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => (compiled ??= compile())(data);
}
