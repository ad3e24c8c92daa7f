import { useMutation } from '@tanstack/react-query';
import { secureApi } from './client.ts';
import { callApi } from './errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type KudosState = components['schemas']['Kudos'];
export type KudosKind = KudosState['kind'];

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
