import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi, isNotFound } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useUnitPreference } from '#src/lib/units.ts';

export type MyAthleteProfile = components['schemas']['MyAthleteProfile'];
export type AthleteProfileInput = components['schemas']['AthleteProfileInput'];
export type PublicAthleteProfile = components['schemas']['PublicAthleteProfile'];
export type ProfilePrivacy = components['schemas']['ProfilePrivacy'];
export type FieldPrivacy = components['schemas']['FieldPrivacy'];
export type Units = components['schemas']['Units'];
export type GlobalStanding = components['schemas']['GlobalStanding'];
export type TestBest = components['schemas']['TestBest'];
export type AthleteBests = components['schemas']['AthleteBests'];
export type PerformanceHistory = components['schemas']['PerformanceHistory'];
export type PerformanceSeries = PerformanceHistory['series'][number];
export type TimelinePost = components['schemas']['TimelinePost'];

const ME = '/api/v1/athlete-profiles/me';

export const myAthleteProfileQuery = () =>
  queryOptions({
    queryKey: ['get', ME],
    queryFn: () => callApi(secureApi.GET(ME), 'Could not load your profile.'),
  });

/** The signed-in athlete's own profile with every field and its privacy (disabled when signed out). */
export function useMyAthleteProfile() {
  const { user } = useSessionView();
  return useQuery({ ...myAthleteProfileQuery(), enabled: !!user });
}

/** How the viewer likes weights and distances shown: the account's units setting (the profile's), else this browser's last choice. */
export function useViewerUnits(): Units {
  return useUnitPreference();
}

/** After a profile change: the own profile, every public view of athletes and the boards that filter by profile fields. */
function useInvalidateProfiles() {
  const qc = useQueryClient();
  return () =>
    qc.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[1] === 'string' &&
        (q.queryKey[1].startsWith('/api/v1/athlete-profiles') ||
          q.queryKey[1].startsWith('/api/v1/leaderboards') ||
          // The units and time zone on the settings page are the profile's.
          q.queryKey[1] === '/api/settings'),
    });
}

export function useUpdateMyAthleteProfile() {
  const qc = useQueryClient();
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (body: AthleteProfileInput) => callApi(secureApi.PUT(ME, { body }), 'Could not save your profile.'),
    onSuccess: (saved) => {
      qc.setQueryData(myAthleteProfileQuery().queryKey, saved);
      void invalidate();
    },
  });
}

/** Signed in, the secure client, so the server can say `is_me` and show the viewer's own private fields. */
function useClient() {
  const { user } = useSessionView();
  return { client: user ? secureApi : api, viewer: user?.wp_user_id ?? null };
}

export function useAthleteProfile(userId: number | null) {
  const { client, viewer } = useClient();
  return useQuery({
    queryKey: ['get', '/api/v1/athlete-profiles/{userId}', userId, viewer],
    enabled: userId !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
    queryFn: () =>
      callApi(client.GET('/api/v1/athlete-profiles/{userId}', { params: { path: { userId: userId! } } }), 'Could not load this athlete.'),
  });
}

export function useAthleteBests(userId: number | null) {
  const { client, viewer } = useClient();
  return useQuery({
    queryKey: ['get', '/api/v1/athlete-profiles/{userId}/personal-records', userId, viewer],
    enabled: userId !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
    queryFn: async () => {
      return callApi(
        client.GET('/api/v1/athlete-profiles/{userId}/personal-records', {
          params: { path: { userId: userId! } },
        }),
        'Could not load this athlete’s records.',
      );
    },
  });
}

export function usePerformanceHistory(userId: number | null, testId?: number) {
  const { client, viewer } = useClient();
  return useQuery({
    queryKey: ['get', '/api/v1/athlete-profiles/{userId}/performance-history', userId, testId ?? null, viewer],
    enabled: userId !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
    queryFn: async () => {
      return callApi(
        client.GET('/api/v1/athlete-profiles/{userId}/performance-history', {
          params: { path: { userId: userId! }, query: testId ? { test_id: testId } : {} },
        }),
        'Could not load the performance history.',
      );
    },
  });
}

export function useAthleteTimeline(userId: number | null, limit = 10) {
  const { client, viewer } = useClient();
  return useQuery({
    queryKey: ['get', '/api/v1/athlete-profiles/{userId}/timeline', userId, limit, viewer],
    enabled: userId !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
    queryFn: async () => {
      return callApi(
        client.GET('/api/v1/athlete-profiles/{userId}/timeline', {
          params: { path: { userId: userId! }, query: { limit } },
        }),
        'Could not load recent activity.',
      );
    },
  });
}

export const PRIVACY_LABELS: Record<FieldPrivacy, string> = { public: 'Public', private: 'Only me' };
export const SEX_LABELS: Record<'male' | 'female', string> = { female: 'Female', male: 'Male' };

/** A positive whole ?name= value of the address, or null. */
export function numberFromSearch(search: string, name: string): number | null {
  const raw = new URLSearchParams(search).get(name);
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2147483647 ? Number(raw) : null;
}

/** Whether a picture address is one of this site's uploaded avatars (set by upload, not typed). */
export const isUploadedAvatar = (url: string | null | undefined) => !!url && /^\/(?!\/).*api\/images\/[0-9a-f-]{36}\/\d+$/.test(url);

/** Uploads the athlete's avatar (re-encoded by the server, metadata removed) or removes it. */
export function useAvatar() {
  const invalidate = useInvalidateProfiles();
  const upload = useMutation({
    mutationFn: (file: Blob) =>
      callApi(
        secureApi.PUT(`${ME}/avatar`, {
          body: file as unknown as string,
          bodySerializer: (b: unknown) => b as BodyInit,
          headers: { 'content-type': file.type || 'application/octet-stream' },
        }),
        'Could not upload the picture.',
      ),
    onSuccess: () => void invalidate(),
  });
  const remove = useMutation({
    mutationFn: () => callApi(secureApi.DELETE(`${ME}/avatar`), 'Could not remove the picture.'),
    onSuccess: () => void invalidate(),
  });
  return { upload, remove };
}
