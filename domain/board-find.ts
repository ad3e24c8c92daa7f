/** Finding athletes on a board: how much of a name or gym a search takes, and how many matches it lists. */
export const FIND_QUERY_MIN = 2;
export const FIND_QUERY_MAX = 40;
export const FIND_MAX_MATCHES = 20;
