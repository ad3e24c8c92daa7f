import { buildServerIfNeeded } from '#scripts/build-server.mjs';

/**
 * The process tests (`lifecycle-shutdown.test.ts`) start the compiled server, as `npm start`
 * and the e2e suite do, instead of compiling TypeScript at every start: it is built here, once per run and
 * only when its sources changed since the last build (the stamp in dist/server), so a stale build is never tested.
 */
export default async function globalSetup() {
  await buildServerIfNeeded();
}
