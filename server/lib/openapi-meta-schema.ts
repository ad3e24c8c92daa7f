// fastify-openapi-glue checks our contract against the OpenAPI meta-schema every time an app is
// built, with a new @seriousme/openapi-schema-validator each time, and that validator compiles the
// meta-schema afresh: most of a restart's CPU after the database, and a second per test app. The
// compiled meta-schema depends only on the OpenAPI version, so one per version is kept for the process.
import { Validator } from '@seriousme/openapi-schema-validator';

type MetaSchemaValidator = unknown;
const compiled = new Map<string, MetaSchemaValidator>();

const prototype = Validator.prototype as unknown as { getAjvValidator(version: string): MetaSchemaValidator };
const compileForVersion = prototype.getAjvValidator;
prototype.getAjvValidator = function sharedAjvValidator(this: unknown, version: string) {
  if (!compiled.has(version)) compiled.set(version, compileForVersion.call(this, version));
  return compiled.get(version);
};
