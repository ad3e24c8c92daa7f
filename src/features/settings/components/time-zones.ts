/** The browser's own zone, the default suggestion. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows, with the current one kept even if it does not. */
export function timeZones(current: string): string[] {
  let list: string[];
  try {
    list = Intl.supportedValuesOf('timeZone');
  } catch {
    list = [];
  }
  if (!list.includes('UTC')) list = ['UTC', ...list];
  return list.includes(current) ? list : [current, ...list];
}
