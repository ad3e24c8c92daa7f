import { useEffect } from 'react';

interface PagedList {
  data?: { pages: unknown[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A "Show more" list whose length is in the address (?shown=3): opening the link, or coming
 * Back, loads that many pages again. Returns the Show more action, which records the new length
 * (replacing the history entry: Back leaves the list rather than un-showing a page).
 */
export function useShownPages(list: PagedList, shown: number, record: (shown: number) => void): () => void {
  const loaded = list.data?.pages.length ?? 0;
  useEffect(() => {
    if (loaded > 0 && loaded < shown && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [loaded, shown, list]);
  // The address changes; the effect above then fetches the page.
  return () => record(loaded + 1);
}
