import type { AppContext } from '#server/context.ts';
import { businessCsv, businessReport } from './admin-bi.ts';
import { refreshNow } from './admin-bi-rollup.ts';
import { DEFAULT_BI_RANGE, type BiRange } from '#domain/business-intelligence.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type AdminBiOps = 'getBusinessReport' | 'refreshBusinessRollups' | 'exportBusinessTable';

// The range is one of BI_RANGES (the contract's enum refuses anything else with a 400).
const rangeOf = (q: { range?: number }) => (q.range ?? DEFAULT_BI_RANGE) as BiRange;

export function adminBiHandlers(ctx: AppContext): Handlers<AdminBiOps> {
  return {
    async getBusinessReport(request) {
      return businessReport(ctx, rangeOf(request.query));
    },
    async refreshBusinessRollups(request) {
      await refreshNow(ctx);
      return businessReport(ctx, rangeOf(request.query));
    },
    async exportBusinessTable(request, reply) {
      const range = rangeOf(request.query);
      const csv = await businessCsv(ctx, request.params.table, range);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="repforge-${request.params.table}-${range}d.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  };
}
