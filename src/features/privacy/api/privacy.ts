import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '#openapi/schema.d.ts';
import { EXPORT_POLL_MS } from '#domain/privacy.ts';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';

export type PrivacySettings = components['schemas']['PrivacySettings'];
export type PrivacySettingsUpdate = components['schemas']['PrivacySettingsUpdate'];
export type DataExport = components['schemas']['DataExport'];
export type AccountDeletion = components['schemas']['AccountDeletion'];

export const privacySettingsQuery = () =>
  queryOptions({
    queryKey: ['get', '/api/privacy/settings'],
    queryFn: () => callApi(secureApi.GET('/api/privacy/settings'), 'Could not load your privacy choices.'),
  });

export function usePrivacySettings() {
  return useQuery(privacySettingsQuery());
}

export function useUpdatePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacySettingsUpdate) =>
      callApi(secureApi.PUT('/api/privacy/settings', { body }), 'Could not save your privacy choice.'),
    onSuccess: (saved) => queryClient.setQueryData(privacySettingsQuery().queryKey, saved),
  });
}

const building = (e: DataExport) => e.status === 'queued' || e.status === 'building';

export const dataExportsQuery = () =>
  queryOptions({
    queryKey: ['get', '/api/privacy/exports'],
    queryFn: () => callApi(secureApi.GET('/api/privacy/exports'), 'Could not load your data exports.'),
    // While an export is being built, ask again every second to show its progress.
    refetchInterval: (query) => (query.state.data?.exports.some(building) ? EXPORT_POLL_MS : false),
  });

export function useDataExports() {
  return useQuery(dataExportsQuery());
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(secureApi.POST('/api/privacy/exports'), 'Could not start your data export.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportsQuery().queryKey }),
  });
}

export const accountDeletionQuery = () =>
  queryOptions({
    queryKey: ['get', '/api/privacy/account-deletion'],
    queryFn: () => callApi(secureApi.GET('/api/privacy/account-deletion'), 'Could not load your account status.'),
  });

export function useAccountDeletion() {
  return useQuery(accountDeletionQuery());
}

export const sendDeletionCode = (password: string) =>
  callApi(secureApi.POST('/api/privacy/account-deletion/code', { body: { password } }), 'Could not send the code.');

export const confirmDeletion = (code: string) =>
  callApi(secureApi.POST('/api/privacy/account-deletion', { body: { code } }), 'Could not confirm the deletion.');

export type ProfilePrivacy = components['schemas']['ProfilePrivacy'];

/** The athlete's own profile, read for its per-field privacy (edited on the profile page). */
export function useOwnProfilePrivacy() {
  return useQuery({
    queryKey: ['get', '/api/v1/athlete-profiles/me'],
    queryFn: () => callApi(secureApi.GET('/api/v1/athlete-profiles/me'), 'Could not load your profile.'),
    select: (profile) => profile.privacy,
  });
}
