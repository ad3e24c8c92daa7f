import { sql, type SQL } from 'drizzle-orm';

/**
 * The SQL of domain/battles/judged.ts's `attemptCounts`: an attempt counts when it was never judged (a battle
 * without judged video) or a judge verified it; waiting, rejected and expired ones do not. Every read that ranks a
 * round (close, boards, bracket) filters with this, so the rule has one SQL spelling. `alias`: the table's alias.
 */
export const countsSql = (alias?: 'a'): SQL => {
  const column = alias ? sql.raw(`${alias}.judging`) : sql.raw('judging');
  return sql`(${column} is null or ${column} = 'verified')`;
};
