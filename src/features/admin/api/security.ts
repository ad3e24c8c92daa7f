import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type AuthEvent = components['schemas']['AuthEvent'];
export type AuthEventKind = components['schemas']['AuthEventKind'];
export type SecuritySummary = components['schemas']['SecuritySummary'];

export const SECURITY_PAGE_SIZE = 25;

export const AUTH_EVENT_LABELS: Record<AuthEventKind, string> = {
  sign_in_success: 'Signed in',
  sign_in_failure: 'Sign-in failed',
  code_failure: 'Wrong sign-in code',
  code_locked: 'Code used up by wrong tries',
  refresh_reuse: 'Old session token reused',
  role_change: 'Role changed',
  password_reset_requested: 'Password reset asked for',
  password_reset: 'Password reset',
  admin_unlock: 'Unlocked by an admin',
  sessions_revoked: 'All sessions ended',
};

export interface EventFilters {
  kind: AuthEventKind | null;
  userId: number | null;
  ip: string;
  page: number;
}

export function useAuthEvents(f: EventFilters) {
  return useQuery({
    queryKey: ['get', '/api/admin/security/events', f],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/admin/security/events', {
          params: {
            query: {
              kind: f.kind ?? undefined,
              user_id: f.userId ?? undefined,
              ip: f.ip || undefined,
              page: f.page,
              page_size: SECURITY_PAGE_SIZE,
            },
          },
        }),
        'Could not load the security timeline.',
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSecurityAlerts() {
  return useQuery({
    queryKey: ['get', '/api/admin/security/alerts'],
    queryFn: () => callApi(secureApi.GET('/api/admin/security/alerts'), 'Could not load the alerts.'),
    refetchInterval: 30_000,
  });
}

export function useSecuritySummary(q: { userId: number | null; ip: string }) {
  const enabled = q.userId !== null || !!q.ip;
  return useQuery({
    queryKey: ['get', '/api/admin/security/summary', q],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/admin/security/summary', {
          params: { query: q.userId !== null ? { user_id: q.userId } : { ip: q.ip } },
        }),
        'Could not load this summary.',
      ),
    enabled,
  });
}

function useInvalidateSecurity() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/admin/security/events'] });
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/admin/security/summary'] });
  };
}

export function useRevokeSessions() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (input: { userId: number; reason: string }) =>
      callApi(
        secureApi.POST('/api/admin/security/accounts/{userId}/revoke-sessions', {
          params: { path: { userId: input.userId } },
          body: input.reason ? { reason: input.reason } : {},
        }),
        'Could not end the sessions.',
      ),
    onSuccess: invalidate,
  });
}

export function useUnlockAccount() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (userId: number) =>
      callApi(secureApi.POST('/api/auth/admin/users/{userId}/unlock', { params: { path: { userId } } }), 'Could not unlock the account.'),
    onSuccess: invalidate,
  });
}
