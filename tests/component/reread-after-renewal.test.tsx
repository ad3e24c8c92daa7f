import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionData } from '#machines/session.ts';
import { ApiError } from '#src/api/errors.ts';
import { SessionActor, SessionProvider } from '#src/lib/session/session-provider.tsx';
import { useRereadAfterRenewal } from '#src/lib/session/reread-after-renewal.ts';
import { stubFetchAnswering } from './stub-fetch.ts';

// A read that failed with 401 (its sign-in ran out while the session renewed) is read again once the session holds a
// new token; a read that failed otherwise (403) is left as it is.

const session = (token: string): SessionData => ({
  user: { wp_user_id: 7, email: 'di@example.com', display_name: 'Di', wp_role: 'subscriber', wp_capabilities: {} },
  token: { token, expiresAt: Date.now() + 3_600_000, issuedAt: Date.now() },
  csrf_token: 'csrf',
});

function Probe({
  reads,
  failures = 1,
  renewed = 'renewed-token',
}: {
  reads: { bracket: number; admin: number };
  failures?: number;
  renewed?: string;
}) {
  useRereadAfterRenewal();
  const handle = SessionActor.useFlowActor();
  const bracket = useQuery({
    queryKey: ['bracket'],
    retry: false,
    queryFn: async () => {
      reads.bracket += 1;
      if (reads.bracket <= failures) throw new ApiError('Sign in again', 401);
      return 'Di: knocked out in round 1';
    },
  });
  const admin = useQuery({
    queryKey: ['admin'],
    retry: false,
    queryFn: async () => {
      reads.admin += 1;
      throw new ApiError('Not allowed', 403);
    },
  });
  return (
    <>
      <p data-testid="bracket">{bracket.data ?? (bracket.isError ? 'failed' : 'loading')}</p>
      <p data-testid="admin">{admin.isError ? 'failed' : 'loading'}</p>
      <button type="button" onClick={() => handle.send({ type: 'session.login', session: session(renewed) })}>
        Renew
      </button>
    </>
  );
}

stubFetchAnswering(401);
// Each test starts with nobody remembered (a sign-in persists the session).
afterEach(() => localStorage.clear());

describe('reads after the session renews', () => {
  it('a read that failed for lack of sign-in is read again with the new token; a refusal is not', async () => {
    const reads = { bracket: 0, admin: 0 };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <Probe reads={reads} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('bracket').textContent).toBe('failed'));
    await waitFor(() => expect(screen.getByTestId('admin').textContent).toBe('failed'));
    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(screen.getByTestId('bracket').textContent).toBe('Di: knocked out in round 1'));
    expect(reads.bracket).toBe(2);
    expect(reads.admin).toBe(1);
  });

  it('a renewal that brings the same token string again (renewed within the same second) still reads again', async () => {
    const reads = { bracket: 0, admin: 0 };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <Probe reads={reads} failures={2} renewed="same-second-token" />
        </SessionProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('bracket').textContent).toBe('failed'));
    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(reads.bracket).toBe(2));
    await waitFor(() => expect(screen.getByTestId('bracket').textContent).toBe('failed'));
    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(screen.getByTestId('bracket').textContent).toBe('Di: knocked out in round 1'));
    expect(reads.bracket).toBe(3);
  });
});
