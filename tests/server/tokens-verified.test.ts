import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS, signAccessToken, verifyAccessToken } from '#server/lib/tokens.ts';

// An access token's signature is checked once and the token remembered (#43: the WebCrypto check was a thread-pool
// round trip on every signed-in request): what a remembered token is worth must not change.

const keyOf = (text: string) => new TextEncoder().encode(text);

describe('verifying an access token', () => {
  it('remembers a checked token, still refusing it once expired, and never for another key', async () => {
    const key = keyOf('a-key-that-signs-tokens-for-this-test-0001');
    const now = new Date('2026-12-04T12:00:00Z');
    const { token } = await signAccessToken(key, { userId: 7, sessionId: 's1' }, now);
    expect(await verifyAccessToken(key, token, now)).toEqual({ userId: 7, sessionId: 's1' });
    // Again (remembered): the same claims just before expiry, none at and after it.
    expect(await verifyAccessToken(key, token, new Date(now.getTime() + ACCESS_TOKEN_TTL_MS - 1_000))).toEqual({
      userId: 7,
      sessionId: 's1',
    });
    expect(await verifyAccessToken(key, token, new Date(now.getTime() + ACCESS_TOKEN_TTL_MS))).toBeNull();
    // Another server's key does not accept it, whatever this key remembers.
    expect(await verifyAccessToken(keyOf('another-key-of-another-server-0000000002'), token, now)).toBeNull();
    // A token changed in its payload or signature is checked, and refused.
    const [head, body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: '8' })).toString(
      'base64url',
    );
    expect(await verifyAccessToken(key, `${head}.${forged}.${signature}`, now)).toBeNull();
    expect(await verifyAccessToken(key, `${head}.${body}.${signature!.slice(0, -2)}AA`, now)).toBeNull();
  });
});
