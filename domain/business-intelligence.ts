/** The ranges the business-intelligence page offers, in days ending today (UTC). */
export const BI_RANGES = [30, 90, 365] as const;
export type BiRange = (typeof BI_RANGES)[number];
export const DEFAULT_BI_RANGE: BiRange = 30;

/** The tables of the page, each downloadable as CSV. */
export const BI_TABLES = ['daily', 'signup-weeks', 'cohorts', 'funnel'] as const;
export type BiTable = (typeof BI_TABLES)[number];

/** Percent of `part` in `whole`, one decimal (0 when the whole is 0). */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
