/** Brings a picked row to the middle of the screen when it is first rendered with the mark. */
const scrollToPicked = (row: HTMLTableRowElement | null) => row?.scrollIntoView({ block: 'center' });

/**
 * The props of a board row a search picked (every board's finder: components/board-finder.tsx): marked for the
 * shared style (primitives.css `tr[data-picked]`) and scrolled into view; nothing on any other row.
 */
export const pickedRowProps = (picked: boolean) => (picked ? { 'data-picked': true, ref: scrollToPicked } : {});
