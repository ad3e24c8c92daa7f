import { QueryClient } from '@tanstack/react-query';
import createClient from 'openapi-fetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { paths } from '#openapi/schema.d.ts';
import { ApiError, callApi, retryAfterMs } from '#src/api/errors.ts';
import { queryRetryDelay, retryQuery } from '#src/lib/query-retry.ts';

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(status === 200 ? { status: 'ok', database: 'ok' } : { detail: `status ${status}` }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A read through the app's query rules against a server that answers `answers` in turn (the last one repeats). */
function readWith(answers: Response[]) {
  const fetch = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0]!.clone()));
  const client = createClient<paths>({ baseUrl: 'http://app.test', fetch });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: retryQuery, retryDelay: queryRetryDelay } } });
  const result = queries.fetchQuery({ queryKey: ['health'], queryFn: () => callApi(client.GET('/api/health'), 'Could not check.') }).then(
    (data) => ({ data, error: null }),
    (error: unknown) => ({ data: null, error }),
  );
  return { fetch, result };
}

describe('the query layer retries a rate-limited read after its Retry-After', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('asks again after the 3 s the server named, and shows the data', async () => {
    const { fetch, result } = readWith([answer(429, { 'retry-after': '3' }), answer(200)]);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((await result).data).toMatchObject({ status: 'ok' });
  });

  it('gives up after two retries, with the 429 as the error', async () => {
    const { fetch, result } = readWith([answer(429, { 'retry-after': '1' })]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    const { error } = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
  });

  it('does not sit out a wait over 10 s, nor retry a 429 without Retry-After or another 4xx', async () => {
    for (const first of [answer(429, { 'retry-after': '60' }), answer(429), answer(404), answer(403, { 'retry-after': '1' })]) {
      const { fetch, result } = readWith([first, answer(200)]);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect((await result).error).toBeInstanceOf(ApiError);
    }
  });

  it('still tries a 5xx once more, after a second', async () => {
    const { fetch, result } = readWith([answer(500), answer(200)]);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((await result).data).toMatchObject({ status: 'ok' });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-12-03T12:00:00Z');
    expect(retryAfterMs('5', now)).toBe(5_000);
    expect(retryAfterMs('Thu, 03 Dec 2026 12:00:07 GMT', now)).toBe(7_000);
    expect(retryAfterMs('Thu, 03 Dec 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
