import { ConfigError, configFromEnv, type AppConfig } from './config.ts';
import { buildApp } from './app.ts';
import { seedDemo } from './seed/demo.ts';

let config: AppConfig;
try {
  config = configFromEnv();
} catch (error) {
  // A missing or bad setting is told in one line, not a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`RepForge cannot start: ${error.message}`);
  process.exit(1);
}
const { app, context } = await buildApp(config);
// An empty embedded database gets the demo world on its first start (SEED=none skips it).
if (config.seed === 'demo' && !config.databaseUrl && (await seedDemo(context))) app.log.info('Loaded the demo world into the new database');
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port, host });
app.log.info(`RepForge on http://${host}:${port}${config.basePath} (database: ${context.database.kind})`);
