import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type GymDetail = components['schemas']['GymDetail'];
export type GymManageRow = components['schemas']['GymManageRow'];
export type GymSummary = components['schemas']['GymSummary'];
export type GymEditInput = components['schemas']['GymEditInput'];

export type GymDirectoryPage = components['schemas']['GymDirectoryPage'];
export const DIRECTORY_PAGE_SIZE = 24;

/** The public directory: verified gyms, most athletes first; `q` narrows to names starting with it. */
export function useGymDirectory(q: string, page: number) {
  const query = { q: q || undefined, page, page_size: DIRECTORY_PAGE_SIZE };
  return useQuery({
    queryKey: ['get', '/api/gyms/directory', query],
    queryFn: () => callApi(api.GET('/api/gyms/directory', { params: { query } }), 'Could not load the gyms.'),
    placeholderData: keepPreviousData,
  });
}

/** A gym's page: the gym, its athletes who show it, and its teams. */
export function useGym(gymId: number) {
  return useQuery({
    queryKey: ['get', '/api/gyms/{gymId}', { gymId }],
    queryFn: () => callApi(api.GET('/api/gyms/{gymId}', { params: { path: { gymId } } }), 'Could not load the gym.'),
    enabled: gymId > 0,
  });
}

export interface ManageFilter {
  verified?: boolean;
  q?: string;
  page: number;
}
export const MANAGE_PAGE_SIZE = 25;

/** Gyms to review, unverified first, with how many athletes and teams each has (editors and administrators). */
export function useGymsToManage(filter: ManageFilter) {
  const query = { verified: filter.verified, q: filter.q || undefined, page: filter.page, page_size: MANAGE_PAGE_SIZE };
  return useQuery({
    queryKey: ['get', '/api/gyms/manage', query],
    queryFn: () => callApi(secureApi.GET('/api/gyms/manage', { params: { query } }), 'Could not load the gyms.'),
    placeholderData: keepPreviousData,
  });
}

/** After a verify, edit or merge: the lists, every gym page and the pickers' suggestions. */
function useRefreshGyms() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith('/api/gyms') });
}

export function useSetGymVerified() {
  const refresh = useRefreshGyms();
  return useMutation({
    mutationFn: (input: { gymId: number; verified: boolean }) =>
      callApi(
        secureApi.PUT('/api/gyms/{gymId}/verified', { params: { path: { gymId: input.gymId } }, body: { verified: input.verified } }),
        'Could not change the gym.',
      ),
    onSuccess: () => void refresh(),
  });
}

export function useMergeGym() {
  const refresh = useRefreshGyms();
  return useMutation({
    mutationFn: (input: { gymId: number; intoGymId: number }) =>
      callApi(
        secureApi.POST('/api/gyms/{gymId}/merge', { params: { path: { gymId: input.gymId } }, body: { into_gym_id: input.intoGymId } }),
        'Could not merge the gyms.',
      ),
    onSuccess: () => void refresh(),
  });
}

/** Saves a gym's corrected fields; profiles show the gym's name, so they are fetched again too. */
export function useUpdateGym() {
  const refresh = useRefreshGyms();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { gymId: number; body: GymEditInput }) =>
      callApi(
        secureApi.PATCH('/api/gyms/{gymId}', { params: { path: { gymId: input.gymId } }, body: input.body }),
        'Could not save the gym.',
      ),
    onSuccess: () => {
      void refresh();
      void queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith('/api/v1/athlete-profiles'),
      });
    },
  });
}
