import { describe, expect, it, vi } from 'vitest';
import createClient from 'openapi-fetch';
import type { paths } from '#openapi/schema.d.ts';
import { AUTH_REQUIRED_TEXT, authMiddleware, linkSession } from '#src/api/client.ts';

function clientWith(fetchImpl: (req: Request) => Promise<Response>) {
  const client = createClient<paths>({ baseUrl: 'http://app.test', fetch: fetchImpl });
  client.use(authMiddleware());
  return client;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the authenticated wrapper', () => {
  it('fails a secure call without a token with "Authentication required", sending nothing', async () => {
    linkSession({ token: () => null, csrfToken: () => null, refresh: async () => false });
    const fetchImpl = vi.fn();
    await expect(clientWith(fetchImpl).GET('/api/auth/admin/users')).rejects.toThrow(AUTH_REQUIRED_TEXT);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('sends the bearer token, and the CSRF header only on state-changing calls', async () => {
    linkSession({ token: () => 'tok-1', csrfToken: () => 'csrf-1', refresh: async () => false });
    const seen: Request[] = [];
    const client = clientWith(async (req) => {
      seen.push(req);
      return json(200, { success: false, message: 'x' });
    });
    await client.GET('/api/auth/admin/users');
    await client.POST('/api/wordpress-jwt/generate-navigation-token', { body: { redirect_path: '/' } });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(seen[0]!.headers.get('x-csrf-token')).toBeNull();
    expect(seen[1]!.headers.get('x-csrf-token')).toBe('csrf-1');
  });

  it('on a 401 refreshes once and retries once with the new token and the same body', async () => {
    let token = 'old';
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    linkSession({ token: () => token, csrfToken: () => 'csrf', refresh });
    const seen: { auth: string | null; body: string }[] = [];
    const client = clientWith(async (req) => {
      seen.push({ auth: req.headers.get('authorization'), body: await req.text() });
      return req.headers.get('authorization') === 'Bearer new'
        ? json(200, { success: true, message: 'ok' })
        : json(401, { detail: 'Authentication required' });
    });
    const { data } = await client.POST('/api/wordpress-jwt/generate-navigation-token', { body: { redirect_path: '/timeline/' } });
    expect(data).toEqual({ success: true, message: 'ok' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([
      { auth: 'Bearer old', body: '{"redirect_path":"/timeline/"}' },
      { auth: 'Bearer new', body: '{"redirect_path":"/timeline/"}' },
    ]);
  });

  it('a 401 to a call sent with a token renewed since is asked again with the current one, without another renewal', async () => {
    let token = 'before';
    const refresh = vi.fn(async () => true);
    linkSession({ token: () => token, csrfToken: () => 'csrf', refresh });
    const seen: (string | null)[] = [];
    const client = clientWith(async (req) => {
      const auth = req.headers.get('authorization');
      seen.push(auth);
      // The session renewed while this call was out: the server no longer takes the token it carried.
      if (auth === 'Bearer before') {
        token = 'after';
        return json(401, { detail: 'Authentication required' });
      }
      return json(200, { success: true, message: 'ok' });
    });
    const { data } = await client.POST('/api/wordpress-jwt/generate-navigation-token', { body: { redirect_path: '/' } });
    expect(data).toEqual({ success: true, message: 'ok' });
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toEqual(['Bearer before', 'Bearer after']);
  });

  it('returns the 401 when the refresh fails, without retrying', async () => {
    linkSession({ token: () => 'old', csrfToken: () => 'csrf', refresh: async () => false });
    const fetchImpl = vi.fn(async () => json(401, { detail: 'Authentication required' }));
    const { error, response } = await clientWith(fetchImpl).GET('/api/auth/admin/users');
    expect(response.status).toBe(401);
    expect(error).toEqual({ detail: 'Authentication required' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('retries only once even if the retry is refused again', async () => {
    let n = 0;
    linkSession({ token: () => `t${n}`, csrfToken: () => 'c', refresh: async () => (n++, true) });
    const fetchImpl = vi.fn(async () => json(401, { detail: 'no' }));
    const { response } = await clientWith(fetchImpl).GET('/api/auth/admin/users');
    expect(response.status).toBe(401);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('once the session has ended, reads go out as a visitor (public data stays); writes still need a token', async () => {
    linkSession({ token: () => null, csrfToken: () => 'csrf', refresh: async () => false, ended: () => true });
    const seen: (string | null)[] = [];
    const client = clientWith(async (req) => {
      seen.push(req.headers.get('authorization'));
      return json(200, { items: [] });
    });
    const { data } = await client.GET('/api/auth/admin/users');
    expect(data).toEqual({ items: [] });
    expect(seen).toEqual([null]);
    await expect(client.POST('/api/wordpress-jwt/generate-navigation-token', { body: { redirect_path: '/' } })).rejects.toThrow(
      AUTH_REQUIRED_TEXT,
    );
  });

  it('a read refused because the session just ended is asked again as a visitor', async () => {
    let ended = false;
    linkSession({
      token: () => (ended ? null : 'old'),
      csrfToken: () => 'csrf',
      refresh: async () => ((ended = true), false),
      ended: () => ended,
    });
    const seen: (string | null)[] = [];
    const client = clientWith(async (req) => {
      const auth = req.headers.get('authorization');
      seen.push(auth);
      return auth ? json(401, { detail: 'Authentication required' }) : json(200, { items: ['public'] });
    });
    const { data } = await client.GET('/api/auth/admin/users');
    expect(data).toEqual({ items: ['public'] });
    expect(seen).toEqual(['Bearer old', null]);
  });
});
