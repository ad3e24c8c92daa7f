// fastify-openapi-glue checks our contract against the OpenAPI meta-schema every time an app is
// built, with a new @seriousme/openapi-schema-validator each time, and that validator compiles the
// meta-schema afresh: most of a restart's CPU after the database, and a second per test app. The
// compiled meta-schema depends only on the OpenAPI version, so one per version is kept for the process.
// The compiled server's contract (dist/server/openapi.json) was checked when it was built (checkContract in
// server/openapi.ts, run by scripts/build-server.mjs), so its starts skip the check (about 0.55 CPU-s a start):
// the glue's other checks (its $refs, the version) still run. Apps built from the YAML (tsx, tests) check it here.
import { Validator } from '@seriousme/openapi-schema-validator';
import { contractCheckedAtBuild } from '#server/openapi.ts';

type MetaSchemaValidator = unknown;
const compiled = new Map<string, MetaSchemaValidator>();
const checkedAtBuild = Object.assign(() => true, { errors: null });

const prototype = Validator.prototype as unknown as { getAjvValidator(version: string): MetaSchemaValidator };
const compileForVersion = prototype.getAjvValidator;
prototype.getAjvValidator = function sharedAjvValidator(this: unknown, version: string) {
  if (contractCheckedAtBuild) return checkedAtBuild;
  if (!compiled.has(version)) compiled.set(version, compileForVersion.call(this, version));
  return compiled.get(version);
};
