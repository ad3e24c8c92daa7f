import { useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import { DIRECTOR_EVALUATE_MS } from '#domain/director.ts';
import type { DirectorRequest } from '#machines/broadcast-director.ts';

export type DirectorBoardView = components['schemas']['DirectorBoard'];
export type DirectorCandidateView = components['schemas']['DirectorCandidate'];

export const directorKey = (broadcastId: number) => ['get', '/api/admin/broadcasts/{broadcastId}/director', broadcastId] as const;

/** The director's board of a broadcast (editors and administrators), read again as often as the director looks. */
export function useDirectorBoard(broadcastId: number) {
  return useQuery({
    queryKey: directorKey(broadcastId),
    queryFn: () =>
      callApi(
        secureApi.GET('/api/admin/broadcasts/{broadcastId}/director', { params: { path: { broadcastId } } }),
        'Could not load the director.',
      ),
    refetchInterval: DIRECTOR_EVALUATE_MS,
  });
}

/** After a change: the answer is the board as it is now. */
export function useKeepDirectorBoard(broadcastId: number) {
  const qc = useQueryClient();
  return (board: DirectorBoardView) => qc.setQueryData(directorKey(broadcastId), board);
}

export const setDirector = (broadcastId: number, body: DirectorRequest) =>
  callApi(
    secureApi.PUT('/api/admin/broadcasts/{broadcastId}/director', {
      params: { path: { broadcastId } },
      body: body.attempt_id === null ? { mode: body.mode } : body,
    }),
    'Could not change the director.',
  );
