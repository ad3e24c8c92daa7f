import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type EditorLine = components['schemas']['CommentaryLineForEditors'];
export type CommentaryStream = components['schemas']['CommentaryStream'];
export type CommentaryBattleStream = components['schemas']['CommentaryBattleStream'];
/** Whose stream: a challenge's or a battle's. */
export type StreamOf = { challengeId: number } | { battleId: number };
export type LineStatus = components['schemas']['CommentaryStatus'];

const isCommentaryKey = (key: readonly unknown[]) => typeof key[1] === 'string' && key[1].startsWith('/api/commentary');

/** Every commentary query (streams, queues): what a decision refreshes. */
export function useRefreshCommentary() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ predicate: (q) => isCommentaryKey(q.queryKey) });
}

export function useCommentaryStreams() {
  return useQuery({
    queryKey: ['get', '/api/commentary/streams'],
    queryFn: () => callApi(secureApi.GET('/api/commentary/streams'), 'Could not load the commentary streams.'),
  });
}

export function useCommentaryQueue(challengeId: number | null, status: LineStatus) {
  return useQuery({
    queryKey: ['get', '/api/commentary/lines', { challengeId, status }],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/commentary/lines', {
          params: { query: { ...(challengeId ? { challenge_id: challengeId } : {}), status, limit: 50 } },
        }),
        'Could not load the commentary lines.',
      ),
  });
}

const lineCall = (lineId: number) => ({ params: { path: { lineId } } });

export function useLineActions(lineId: number) {
  const refresh = useRefreshCommentary();
  const save = useMutation({
    mutationFn: (text: string) =>
      callApi(secureApi.PATCH('/api/commentary/lines/{lineId}', { ...lineCall(lineId), body: { text } }), 'Could not save the line.'),
  });
  const approve = useMutation({
    mutationFn: () => callApi(secureApi.POST('/api/commentary/lines/{lineId}/approve', lineCall(lineId)), 'Could not publish the line.'),
  });
  const reject = useMutation({
    mutationFn: () => callApi(secureApi.POST('/api/commentary/lines/{lineId}/reject', lineCall(lineId)), 'Could not reject the line.'),
  });
  return { save, approve, reject, refresh };
}

export function useSetStream(of: StreamOf) {
  const refresh = useRefreshCommentary();
  return useMutation({
    mutationFn: async (body: { auto_publish: boolean; auto_publish_model?: boolean }) => {
      const failed = 'Could not change the stream.';
      if ('battleId' in of)
        return callApi(
          secureApi.PUT('/api/commentary/battle-streams/{battleId}', { params: { path: { battleId: of.battleId } }, body }),
          failed,
        );
      return callApi(
        secureApi.PUT('/api/commentary/streams/{challengeId}', { params: { path: { challengeId: of.challengeId } }, body }),
        failed,
      );
    },
    onSuccess: refresh,
  });
}
