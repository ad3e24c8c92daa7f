import type { FastifyInstance, FastifyRequest } from 'fastify';

// Binary request bodies (a live attempt's camera segment): the contract's glue validates a body as text, so the
// bytes are kept beside the request and the glue sees an empty string (as a tus chunk's body).

const bytes = new WeakMap<FastifyRequest, Buffer>();

/** Reads bodies of these media types whole (each route bounds them by its bodyLimit) into requestBytes. */
export function keepRequestBytes(app: FastifyInstance, mediaTypes: string[]) {
  for (const type of mediaTypes)
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (request, body, done) => {
      bytes.set(request, body as Buffer);
      done(null, '');
    });
}

/** The request's body bytes (null: none was sent in a binary media type). */
export const requestBytes = (request: FastifyRequest): Buffer | null => bytes.get(request) ?? null;
