import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { failedUnsignedIn } from '../query-retry.ts';
import { SessionActor } from './session-provider.tsx';

/**
 * A read that failed with 401 while the session was renewing (its one retry can still carry a token the server has
 * just stopped taking, e.g. when the clock moved past its life mid-flight) is read again once the session holds a
 * new token, so a page does not keep stale or failed data after its sign-in came back.
 */
export function useRereadAfterRenewal(): void {
  const client = useQueryClient();
  // Each renewal's answer (a new object even when the token's string is the same as the one before it).
  const token = SessionActor.useSelector((s) => (s.matches('signedIn') ? (s.context.token ?? null) : null));
  useEffect(() => {
    if (!token) return;
    void client.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error' && failedUnsignedIn(query.state.error),
    });
  }, [client, token]);
}
