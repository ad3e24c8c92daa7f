import { percentOf } from '#domain/business-intelligence.ts';

export const count = new Intl.NumberFormat('en');

/** "Nov 16" for a UTC day. */
export const weekLabel = (day: string) =>
  new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** "42.5%" of a whole, or "–" when the whole is nothing. */
export const rate = (part: number, whole: number) => (whole > 0 ? `${percentOf(part, whole)}%` : '–');
