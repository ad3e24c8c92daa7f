const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count or score with thousands separators: "1,234". */
export const formatCount = (n: number): string => whole.format(n);

/** "Showing 51–100 of 1,234". */
export function showingText(offset: number, shown: number, total: number): string {
  if (shown === 0) return `Showing 0 of ${formatCount(total)}`;
  return `Showing ${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(total)}`;
}
