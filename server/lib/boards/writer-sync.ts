import type { FastifyReply, FastifyRequest } from 'fastify';

// Which requests change what boards show: their answer waits until their own change has reached this
// node's board cache (BoardCache.sync), so the writer's next read shows it. Other writes (a sign-in,
// feedback, a notification read) answer at once.

const writers = new WeakSet<FastifyRequest>();

type AnyHandler = (request: never, reply: FastifyReply) => Promise<unknown>;

/** Marks every operation of these handlers as a board writer (an area opts in at the composition root). */
export function boardWriters<H extends Record<string, AnyHandler>>(handlers: H): H {
  const marked: Record<string, AnyHandler> = {};
  for (const [operationId, handler] of Object.entries(handlers)) {
    marked[operationId] = (request: never, reply: FastifyReply) => {
      writers.add(request as FastifyRequest);
      return handler(request, reply);
    };
  }
  return marked as H;
}

/** Whether this request went through a board writer's handler. */
export const writesBoards = (request: FastifyRequest) => writers.has(request);
