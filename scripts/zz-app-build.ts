import { performance } from 'node:perf_hooks';
import { createTestDatabase, testConfig } from '../tests/server/helpers.ts';
import { buildApp } from '../server/app.ts';
import { Outbox } from '../server/services/mail.ts';
for (let i = 0; i < 4; i++) {
  let t0 = performance.now();
  const db = await createTestDatabase('pglite');
  const a = performance.now() - t0; t0 = performance.now();
  const { app } = await buildApp(testConfig({}), db, { mailer: new Outbox(), rateLimit: false });
  const b = performance.now() - t0; t0 = performance.now();
  await app.ready();
  console.log('db', Math.round(a), 'build', Math.round(b), 'ready', Math.round(performance.now() - t0));
  await app.close(); await db.close();
}
