import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { mySettingsQuery, rememberUnits, type AccountSettings } from '#src/lib/units.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';

export type { AccountSettings };
export type AccountSettingsInput = components['schemas']['AccountSettingsInput'];
export type ActiveSession = components['schemas']['ActiveSession'];
export type TimelineSettings = components['schemas']['TimelineSettings'];
export type InAppNotifications = components['schemas']['InAppNotifications'];
export type EmailNotifications = components['schemas']['EmailNotifications'];

const SESSIONS = '/api/settings/sessions';

export function useMySettings() {
  const { user } = useSessionView();
  return useQuery({ ...mySettingsQuery(), enabled: !!user });
}

/** Saves settings; the profile (which holds units) and every board showing measures read the saved values. */
export function useUpdateMySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountSettingsInput) => callApi(secureApi.PUT('/api/settings', { body }), 'Could not save your settings.'),
    onSuccess: (saved) => {
      qc.setQueryData(mySettingsQuery().queryKey, saved);
      rememberUnits(saved.units);
      void qc.invalidateQueries({ queryKey: ['get', '/api/v1/athlete-profiles/me'] });
    },
  });
}

export function useMySessions() {
  const { user } = useSessionView();
  return useQuery({
    queryKey: ['get', SESSIONS],
    queryFn: () => callApi(secureApi.GET(SESSIONS), 'Could not load your signed-in devices.'),
    enabled: !!user,
  });
}

export function useSignOutSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      callApi(
        secureApi.DELETE('/api/settings/sessions/{sessionId}', { params: { path: { sessionId } } }),
        'Could not sign that device out.',
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: ['get', SESSIONS] }),
  });
}

export function useSignOutOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(secureApi.POST('/api/settings/sessions/sign-out-others'), 'Could not sign the other devices out.'),
    onSettled: () => qc.invalidateQueries({ queryKey: ['get', SESSIONS] }),
  });
}
