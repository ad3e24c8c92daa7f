/**
 * The first paint of a page load. The server sends a public page prerendered with its loading
 * placeholders (scripts/prerender-entry.tsx), and the app's first render takes its place. While
 * `active` (the prerender, and the app's first render until it commits) placeholders show at once,
 * not after the usual 300 ms: the visitor already sees them, and holding them back would make them
 * blink away and back. In the prerender, where no query runs, a query that would run counts as loading.
 */
export const firstPaint = { active: false };
