import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';
import type { BiRange, BiTable } from '#domain/business-intelligence.ts';
import { saveTextFile } from '#src/lib/save-text-file.ts';

export type BusinessReport = components['schemas']['BusinessReport'];
export type BiDay = BusinessReport['days'][number];
export type BiCohort = BusinessReport['cohorts'][number];
export type BiFunnelRow = BusinessReport['funnel']['challenges'][number];

const REPORT = ['get', '/api/admin/bi'] as const;
/** While a rebuild runs on another node, ask again this often. */
const PENDING_POLL_MS = 3000;

export function useBusinessReport(range: BiRange) {
  return useQuery({
    queryKey: [...REPORT, { range }],
    queryFn: () => callApi(secureApi.GET('/api/admin/bi', { params: { query: { range } } }), 'Could not load the figures.'),
    refetchInterval: (query) => (query.state.data?.refresh_pending ? PENDING_POLL_MS : false),
  });
}

export function useRefreshRollups(range: BiRange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(secureApi.POST('/api/admin/bi/refresh', { params: { query: { range } } }), 'Could not refresh the figures.'),
    onSuccess: (report) => {
      queryClient.setQueryData([...REPORT, { range }], report);
      void queryClient.invalidateQueries({ queryKey: REPORT });
    },
  });
}

/** Fetches one table as CSV (with the session's token) and hands it to the browser as a download. */
export async function downloadCsv(table: BiTable, range: BiRange): Promise<void> {
  const csv = await callApi(
    secureApi.GET('/api/admin/bi/export/{table}', { params: { path: { table }, query: { range } }, parseAs: 'text' }),
    'Could not download the table.',
  );
  saveTextFile(csv as string, `repforge-${table}-${range}d.csv`);
}

/** The creator economy over the range, read live from the ledger (not from the rollups). */
export function useCreatorEconomy(range: BiRange) {
  return useQuery({
    queryKey: ['get', '/api/creators/admin/economy', { range }],
    queryFn: () =>
      callApi(secureApi.GET('/api/creators/admin/economy', { params: { query: { range } } }), 'Could not load the creator economy.'),
  });
}
