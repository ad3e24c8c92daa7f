import { afterAll, beforeAll, vi } from 'vitest';

/**
 * No server: every fetch the file's components make is answered `status` with a `{detail}` body (401 "no session":
 * the refresh a remembered session makes is refused). Stubbed in beforeAll, before the chart's code (and the API
 * client that binds fetch) is first loaded; the real fetch comes back after the file.
 */
export function stubFetchAnswering(status: number, detail = 'no session') {
  beforeAll(() => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json' } }),
    );
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
}
