import { AUTH_REQUIRED_TEXT, AuthRequiredError } from './client.ts';
import { ApiError } from './api-error.ts';

export { ApiError };

export const NETWORK_FAILURE_TEXT = 'Could not reach RepForge. Check your connection and try again.';

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

function stringField(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object' || !(name in body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function fieldErrorsOf(body: unknown): Record<string, string> | undefined {
  if (!body || typeof body !== 'object' || !('field_errors' in body)) return undefined;
  const raw = (body as { field_errors: unknown }).field_errors;
  if (!raw || typeof raw !== 'object') return undefined;
  const out = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return Object.keys(out).length ? out : undefined;
}

/** The error a failed response means: the server's detail, else the fallback words. */
export function responseError(body: unknown, response: Response | undefined, fallback: string): ApiError {
  return new ApiError(
    stringField(body, 'detail') ?? fallback,
    response?.status ?? 0,
    fieldErrorsOf(body),
    retryAfterMs(response?.headers.get('retry-after')),
  );
}

/** A call that never got an answer: no session, or the network dropped it. Cancellations pass through. */
function thrownError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof AuthRequiredError) return new ApiError(AUTH_REQUIRED_TEXT, 401);
  // fetch rejects with a TypeError ("Failed to fetch", "Load failed", "NetworkError …") when nothing answered.
  if (error instanceof TypeError) return new ApiError(NETWORK_FAILURE_TEXT, 0);
  return error;
}

type FetchResult<D> = { data?: D; error?: unknown; response: Response };

/** Awaits an openapi-fetch call; a thrown network or session failure becomes an ApiError. */
export async function reachApi<R>(call: Promise<R>): Promise<R> {
  try {
    return await call;
  } catch (error) {
    throw thrownError(error);
  }
}

/** The data of an answered call, or the ApiError its response means. */
export function unwrap<D>(result: FetchResult<D>, fallback: string): D {
  if (!result.response.ok) throw responseError(result.error, result.response, fallback);
  return result.data as D;
}

/** `callApi(client.GET(...), 'Could not load …')`: the data, or an ApiError with words a person understands. */
export async function callApi<D>(call: Promise<FetchResult<D>>, fallback: string): Promise<D> {
  return unwrap(await reachApi(call), fallback);
}
