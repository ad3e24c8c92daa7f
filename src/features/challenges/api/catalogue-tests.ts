import { useQuery } from '@tanstack/react-query';
import { api } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';

/** The catalogue's published tests, for linking a challenge to one (its bounds then refuse impossible results). */
export function useCatalogueTests() {
  return useQuery({
    queryKey: ['get', '/api/v1/tests', { status: 'active' as const }, 'public'],
    queryFn: () => callApi(api.GET('/api/v1/tests', { params: { query: { status: 'active' } } }), 'Could not load the tests.'),
    staleTime: 60_000,
  });
}
