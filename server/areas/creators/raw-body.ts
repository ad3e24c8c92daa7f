import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * Keeps the exact bytes of a request whose operation asks for them (x-fastify-config.rawBody): a payment
 * provider signs the raw body, and parsed-then-reprinted JSON would not verify.
 */
export function keepRawBodies(app: FastifyInstance) {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!(request.routeOptions.config as { rawBody?: boolean } | undefined)?.rawBody) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    const raw = Buffer.concat(chunks);
    (request as { rawBody?: string }).rawBody = raw.toString('utf8');
    return Object.assign(Readable.from([raw]), { receivedEncodedLength: raw.length });
  });
}
