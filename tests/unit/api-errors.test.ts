import { describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import type { paths } from '#openapi/schema.d.ts';
import { AUTH_REQUIRED_TEXT, authMiddleware, linkSession } from '#src/api/client.ts';
import { ApiError, NETWORK_FAILURE_TEXT, callApi, isNotFound } from '#src/api/errors.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const clientAnswering = (answer: () => Promise<Response>) => createClient<paths>({ baseUrl: 'http://app.test', fetch: answer });

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('callApi: one error path for every call', () => {
  it('returns the data of a successful call', async () => {
    const client = clientAnswering(async () => json(200, { status: 'ok', database: 'ok' }));
    await expect(callApi(client.GET('/api/health'), 'Could not check.')).resolves.toMatchObject({ status: 'ok' });
  });

  it("uses the server's {detail} as the message and keeps the status", async () => {
    const client = clientAnswering(async () => json(404, { detail: 'No such challenge.' }));
    const error = await failure(callApi(client.GET('/api/health'), 'Could not load this challenge.'));
    expect(error.message).toBe('No such challenge.');
    expect(error.status).toBe(404);
    expect(isNotFound(error)).toBe(true);
  });

  it('falls back to the caller’s words when the server gave no detail', async () => {
    const client = clientAnswering(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await failure(callApi(client.GET('/api/health'), 'Could not load the leaderboard.'));
    expect(error.message).toBe('Could not load the leaderboard.');
    expect(error.status).toBe(502);
  });

  it('keeps per-field problems when the server names them', async () => {
    const client = clientAnswering(async () =>
      json(400, { detail: 'Check the form.', field_errors: { title: 'Title is required.', bad: 3 } }),
    );
    const error = await failure(callApi(client.GET('/api/health'), 'x'));
    expect(error.fieldErrors).toEqual({ title: 'Title is required.' });
  });

  it('turns "Failed to fetch" into a sentence a person understands', async () => {
    const client = clientAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(callApi(client.GET('/api/health'), 'Could not load challenges.'));
    expect(error.message).toBe(NETWORK_FAILURE_TEXT);
    expect(error.status).toBe(0);
  });

  it('reports a secure call without a session as "Authentication required" (401)', async () => {
    linkSession({ token: () => null, csrfToken: () => null, refresh: async () => false });
    const client = clientAnswering(async () => json(200, {}));
    client.use(authMiddleware());
    const error = await failure(callApi(client.GET('/api/auth/admin/users'), 'x'));
    expect(error.message).toBe(AUTH_REQUIRED_TEXT);
    expect(error.status).toBe(401);
    linkSession(null);
  });
});
