// Apart from ./format.ts (dates), so a page that only counts (a board's pager) does not load the date formatters.
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count or score with thousands separators: "1,234". */
export const formatCount = (n: number): string => whole.format(n);
