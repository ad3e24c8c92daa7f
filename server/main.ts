import { ConfigError, configFromEnv, type AppConfig } from './config.ts';
import { buildApp } from './app.ts';
import { seedDemo } from './seed/demo.ts';
import { seedDemoTheater } from './seed/demo-videos.ts';
import { installShutdown } from './lib/shutdown.ts';
import { startBanner } from './start-banner.ts';
import { adminSetupOpen } from './areas/auth/index.ts';

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
const demoLoaded = config.seed === 'demo' && !config.databaseUrl && (await seedDemo(context));
if (demoLoaded) {
  app.log.info('Loaded the demo world into the new database');
  // Its theater videos are files, made with ffmpeg when it is installed (and processed after the start).
  try {
    app.log.info(`Demo theater: ${await seedDemoTheater(context)}`);
  } catch (error) {
    app.log.error({ err: error }, 'Demo theater videos could not be made; the demo world has none');
  }
}
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

// SIGTERM/SIGINT: drain requests, sockets and jobs, then exit within SHUTDOWN_TIMEOUT_MS (server/lib/shutdown.ts).
installShutdown(app, context, { timeoutMs: config.shutdownTimeoutMs });

await app.listen({ port, host });
app.log.info(`RepForge on http://${host}:${port}${config.basePath} (database: ${context.database.kind})`);
// The one block a person reads at start: where the app is, how to sign in, where mail goes.
process.stdout.write(
  startBanner({
    url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}${config.basePath}`,
    database: context.database.kind,
    demoSignIn: !!config.demoSignIn,
    mailToStdout: !config.smtpUrl,
    adminSetupCode: (await adminSetupOpen(context)) ? config.adminSetupCode : undefined,
  }),
);
