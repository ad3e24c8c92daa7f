import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { releaseRunningJobs } from './jobs.ts';

/** How long a stopping server may take when SHUTDOWN_TIMEOUT_MS is not set. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** The exit code when the deadline passed or a second signal came: not a clean stop. */
export const FORCED_EXIT_CODE = 1;

const draining = new WeakSet<AppContext>();

/** Whether this server has begun to stop (readiness answers 503 from then on). */
export const isDraining = (ctx: AppContext) => draining.has(ctx);

export interface ShutdownOptions {
  timeoutMs?: number;
  /** Replaced by tests; process.exit otherwise. */
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
}

/**
 * Graceful stop on SIGTERM and SIGINT: readiness turns 503, the job worker stops claiming and
 * releases its running jobs to the queue, then Fastify stops listening, drains in-flight
 * requests, closes the sockets with 1001 "going away" (clients reconnect, maybe to another
 * node) and closes the database. Whatever is still going at the deadline is cut: the process
 * exits with FORCED_EXIT_CODE, as it does at once on a second signal. A clean stop exits 0.
 */
export function installShutdown(app: FastifyInstance, ctx: AppContext, options: ShutdownOptions = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];

  async function shutdown(signal: string) {
    if (draining.has(ctx)) {
      app.log.warn(`${signal} received again: exiting now`);
      exit(FORCED_EXIT_CODE);
      return;
    }
    draining.add(ctx);
    app.log.info(`${signal} received: draining (at most ${timeoutMs} ms)`);
    // Not unref'd: a close that hangs on a promise with nothing else pending must still end at the deadline.
    const deadline = setTimeout(() => {
      app.log.error(`Still draining after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting anyway`);
      exit(FORCED_EXIT_CODE);
    }, timeoutMs);
    try {
      const released = await releaseRunningJobs(ctx);
      if (released > 0) app.log.info(`Released ${released} running job(s) back to the queue`);
    } catch (error) {
      // A database that is already gone: the jobs' leases lapse and another worker takes them.
      app.log.error({ err: error }, 'could not release running jobs');
    }
    try {
      // A keep-alive connection whose request finishes while draining would hold the close for its
      // idle timeout (72 s): close each one as soon as it is idle.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      idle.unref();
      await app.close().finally(() => clearInterval(idle));
      clearTimeout(deadline);
      app.log.info('Stopped cleanly');
      exit(0);
    } catch (error) {
      clearTimeout(deadline);
      app.log.error({ err: error }, 'shutdown failed');
      exit(FORCED_EXIT_CODE);
    }
  }

  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal);
  for (const signal of signals) process.on(signal, onSignal);
  return {
    /** Starts the stop as a signal would (tests). */
    shutdown,
    uninstall: () => signals.forEach((signal) => process.off(signal, onSignal)),
  };
}
