import type { FastifyReply, FastifyRequest } from 'fastify';

// Which requests change what boards show: their answer waits until their own change has reached this
// node's board cache (BoardCache.sync), so the writer's next read shows it. Other writes (a sign-in,
// feedback, a notification read) answer at once.

const writers = new WeakSet<FastifyRequest>();

type AnyHandler = (request: never, reply: FastifyReply) => Promise<unknown>;

/**
 * Marks every operation of these handlers as a board writer (an area opts in at the composition root); `started` is
 * told as each request's handler begins (app.ts holds the node's fan-outs until a writer has its answer).
 */
export function boardWriters<H extends Record<string, AnyHandler>>(handlers: H, started?: (request: FastifyRequest) => void): H {
  const marked: Record<string, AnyHandler> = {};
  for (const [operationId, handler] of Object.entries(handlers)) {
    marked[operationId] = (request: never, reply: FastifyReply) => {
      writers.add(request as FastifyRequest);
      started?.(request as FastifyRequest);
      return handler(request, reply);
    };
  }
  return marked as H;
}

/** Whether this request went through a board writer's handler. */
export const writesBoards = (request: FastifyRequest) => writers.has(request);

/** Writers that began their sync themselves once their change had committed (syncBegun), by request. */
const begun = new WeakMap<FastifyRequest, Promise<void>>();

/**
 * A writer whose change has committed starts its sync beside its last reads (a submission's place) instead of after
 * its answer is built: the answer then waits for this one (app.ts) and not a second round trip.
 */
export function syncBegun(request: FastifyRequest, sync: Promise<void>) {
  sync.catch(() => {});
  begun.set(request, sync);
}

/** The sync a writer began itself, if it did. */
export const begunSync = (request: FastifyRequest) => begun.get(request);
