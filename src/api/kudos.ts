import { useMutation, useQuery } from '@tanstack/react-query';
import { useSessionView } from '../lib/session/session-view.ts';
import { api, secureApi } from './client.ts';
import { callApi } from './errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type KudosState = components['schemas']['Kudos'];
export type KudosKind = KudosState['kind'];

/** The query key of an item's kudos as the viewer sees them (`useKudos`), to write a saved answer into. */
export const kudosKey = (kind: KudosKind, itemId: number, me: number | null) => ['get', '/api/kudos/{kind}/{itemId}', { kind, itemId, me }];

/** An item's kudos and whether the viewer gave them; `enabled` false waits (a closed menu). 404 when it takes none. */
export function useKudos(kind: KudosKind, itemId: number, enabled = true) {
  const { user } = useSessionView();
  const client = user ? secureApi : api;
  return useQuery({
    queryKey: kudosKey(kind, itemId, user?.wp_user_id ?? null),
    queryFn: () => callApi(client.GET('/api/kudos/{kind}/{itemId}', { params: { path: { kind, itemId } } }), 'Could not load the kudos.'),
    enabled,
    retry: false,
  });
}

/** Give kudos (want) or take them back: the answer is the item's count and whether the caller's stand. */
export function useSaveKudos(kind: KudosKind, itemId: number) {
  return useMutation({
    mutationFn: (want: boolean) => {
      const params = { path: { kind, itemId } };
      return want
        ? callApi(secureApi.PUT('/api/kudos/{kind}/{itemId}', { params }), 'Could not give kudos.')
        : callApi(secureApi.DELETE('/api/kudos/{kind}/{itemId}', { params }), 'Could not take back your kudos.');
    },
  });
}
