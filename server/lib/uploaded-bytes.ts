import type { FastifyInstance } from 'fastify';
import { keepRequestBytes, requestBytes } from './request-bytes.ts';

/** The media types an operation may take as raw bytes (an uploaded picture). */
export const BYTE_BODY_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/**
 * Bodies in BYTE_BODY_TYPES are read whole (within the route's bodyLimit) and kept beside the
 * request; the contract sees an empty string (its `format: binary` schema validates as text).
 */
export const keepByteBodies = (app: FastifyInstance) => keepRequestBytes(app, BYTE_BODY_TYPES);

/** The bytes a request sent in one of BYTE_BODY_TYPES, or null. */
export const uploadedBytes = requestBytes;
