import type { AppContext } from '#server/context.ts';
import { eraseDueAccounts } from './privacy-deletion.ts';
import { dropExpiredExports, failStrandedExports } from './privacy-export.ts';

/** Privacy housekeeping: erase accounts past their grace period, empty expired export archives, fail exports no job will finish. */
export async function privacySweep(ctx: AppContext) {
  await eraseDueAccounts(ctx);
  await dropExpiredExports(ctx);
  await failStrandedExports(ctx);
}

/** Runs the privacy sweep every `everyMs` (one at a time; failures are logged by the background tasks). Returns a stop function. */
export function sweepPrivacy(ctx: AppContext, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    ctx.tasks.defer('privacy sweep', () => privacySweep(ctx).finally(() => (running = false)));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
