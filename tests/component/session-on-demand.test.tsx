import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionData } from '#machines/session.ts';
import { SessionActor, SessionProvider } from '#src/lib/session/session-provider.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { AUTH_STORAGE_KEY } from '#src/lib/session/persisted-session.ts';
import { stubFetchAnswering } from './stub-fetch.ts';

// The session chart loads on demand (session-provider.tsx): a visitor's app reads a stand-in of its
// signed-out state; what is sent before the chart is in waits (the app reads "restoring" meanwhile)
// and is handed over in order; a remembered athlete's chart starts at once, restoring.

const session: SessionData = {
  user: { wp_user_id: 7, email: 'ana@example.com', display_name: 'Ana', wp_role: 'subscriber', wp_capabilities: {} },
  token: { token: 'access-token', expiresAt: Date.now() + 3_600_000, issuedAt: Date.now() },
  csrf_token: 'csrf',
};

function Probe() {
  const { user, restoring } = useSessionView();
  const signedIn = SessionActor.useSelector((s) => s.matches('signedIn'));
  const handle = SessionActor.useFlowActor();
  return (
    <>
      <p data-testid="view">{restoring ? 'restoring' : user ? `signed in as ${user.display_name}` : 'signed out'}</p>
      <p data-testid="chart">{signedIn ? 'chart signed in' : 'chart not signed in'}</p>
      <button type="button" onClick={() => handle.send({ type: 'session.login', session })}>
        Sign in
      </button>
    </>
  );
}

// No server here: every call (the refresh a remembered session makes) is answered 401.
stubFetchAnswering(401);

afterEach(() => {
  localStorage.clear();
});

describe('the session on demand', () => {
  it('reads signed out with nothing remembered, and a sign-in sent before the chart is in reaches it', async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('view').textContent).toBe('signed out');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('view').textContent).toBe('signed in as Ana'));
    expect(screen.getByTestId('chart').textContent).toBe('chart signed in');
    // The chart's own effect: the athlete is remembered for the next visit.
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({ csrf: 'csrf', role: 'subscriber' });
  });

  it('a remembered athlete reads restoring until the chart has asked the server', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: session.user, role: 'subscriber', csrf: 'csrf' }));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByTestId('view').textContent).toBe('restoring');
    // The refresh cookie is gone (401): the chart signs out and forgets the athlete.
    await waitFor(() => expect(screen.getByTestId('view').textContent).toBe('signed out'));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
