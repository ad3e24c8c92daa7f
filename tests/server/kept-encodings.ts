import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';

type Get = (headers: Record<string, string>) => Promise<{
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
  json: () => unknown;
}>;

/**
 * A board a visitor reads is sent as a kept page: an ETag that answers 304, and br and gzip bodies that
 * decode to the plain JSON and are the very bytes sent to the reader before. Returns the plain JSON and ETag.
 */
export async function expectKeptEncodings(get: Get) {
  const plain = await get({ 'accept-encoding': 'identity' });
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const etag = String(plain.headers.etag);
  expect(etag).toMatch(/^"[\w-]+"$/);
  const json = plain.json();
  const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
  for (const [encoding, accept] of [
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, br;q=0'],
  ] as const) {
    const first = await get({ 'accept-encoding': accept });
    expect(first.headers['content-encoding']).toBe(encoding);
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    expect(first.headers.etag).toBe(etag);
    expect(JSON.parse(decoders[encoding](first.rawPayload).toString('utf8'))).toEqual(json);
    const second = await get({ 'accept-encoding': accept });
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect((await get({ 'accept-encoding': accept, 'if-none-match': etag })).statusCode).toBe(304);
  }
  return { json, etag };
}
