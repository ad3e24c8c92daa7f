import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '#openapi/schema.d.ts';

export type OperationId = keyof operations;

type Content<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of an operation's response for one status code. */
export type ResponseBody<Op extends OperationId, Status extends keyof operations[Op]['responses']> = Content<
  operations[Op]['responses'][Status]
>;

/** The JSON request body of an operation. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer R } ? Content<NonNullable<R>> : never;

type Params<Op extends OperationId> = operations[Op]['parameters'];

export type OperationRequest<Op extends OperationId> = FastifyRequest<{
  Body: RequestBody<Op>;
  Querystring: Params<Op> extends { query?: infer Q } ? NonNullable<Q> : unknown;
  Params: Params<Op> extends { path?: infer P } ? NonNullable<P> : unknown;
}>;

export type Handler<Op extends OperationId> = (request: OperationRequest<Op>, reply: FastifyReply) => Promise<unknown>;

/** A map from operationId to its handler; each area's routes file returns one. */
export type Handlers<Ops extends OperationId> = { [Op in Ops]: Handler<Op> };
