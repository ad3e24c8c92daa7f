import type { AppContext } from '#server/context.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { templateLine } from '#domain/commentary.ts';
import { storeDrafts } from './drafts.ts';
import { COMMENTARY_WRITE_JOB, lineRequest, storeLines } from './store.ts';

interface Pending {
  waiting: Record<string, unknown>[];
  running: boolean;
}
const pendingOf = new WeakMap<AppContext, Pending>();

/** Lines stored per transaction at most (template lines, or a model's drafts). */
export const TEMPLATE_BATCH = 500;

/**
 * A line to write, off the request path, in the deferred work of the move itself, batched: lines noted while a batch
 * is being stored go in the next one (one transaction per batch, one at a time per node), so a busy board costs a
 * few statements per batch rather than per line. With the templates the lines are written and stored here; with a
 * model they are stored as drafts and their board's one coalesced job asks the model (drafts.ts: a call may take
 * seconds, and the hourly budget and the fallback to templates live in its writer; a board whose drafts are full gets
 * template lines here, in the same transaction). Either way a submission's move reaches commentary only once its
 * answer has gone out (the challenges area's hook, `whenAnswered`): nothing of commentary is read or written before
 * the answer, in either mode. A batch that cannot be stored goes to the job queue line by line (retried there).
 */
export function writeSoon(ctx: AppContext, payload: Record<string, unknown>): void {
  let pending = pendingOf.get(ctx);
  if (!pending) pendingOf.set(ctx, (pending = { waiting: [], running: false }));
  pending.waiting.push(payload);
  if (pending.running) return;
  pending.running = true;
  const state = pending;
  ctx.tasks.defer('commentary lines', () => storeWaiting(ctx, state));
}

async function storeWaiting(ctx: AppContext, pending: Pending) {
  try {
    while (pending.waiting.length) {
      const batch = pending.waiting.splice(0, TEMPLATE_BATCH);
      try {
        // A model configured (LLM_BASE_URL): drafts for its board's job (writers.ts picks the same way).
        if (ctx.config.llm) await storeDrafts(ctx, batch);
        else
          await storeLines(
            ctx,
            batch.flatMap((payload) => {
              const request = lineRequest(payload);
              return request
                ? [
                    {
                      request,
                      written: { text: templateLine(request.facts, request.seed), source: 'template' as const, fallbackReason: null },
                    },
                  ]
                : [];
            }),
          );
      } catch (error) {
        // Logged; the job queue retries each line (a batch that cannot be queued either is logged and dropped).
        ctx.tasks.defer('commentary lines', () => Promise.reject(error));
        try {
          for (const payload of batch) await enqueueJob(ctx.database.db, COMMENTARY_WRITE_JOB, payload, ctx.now());
        } catch (queueing) {
          ctx.tasks.defer('commentary lines', () => Promise.reject(queueing));
        }
      }
    }
  } finally {
    pending.running = false;
  }
}
