import { sql, type SQL } from 'drizzle-orm';
import { anonymousName } from '../../domain/privacy.ts';

/** A select-list column telling whether the athlete chose to appear anonymously on boards. */
export const boardAnonymousColumn = (userId: SQL) =>
  sql`coalesce((select ps.board_anonymous from privacy_settings ps where ps.user_id = ${userId}), false) as board_anonymous`;

/** The name a board shows for a row: "Athlete #N" to everyone but the athlete, when they chose anonymity. */
export function boardName(row: { user_id: number; display_name: string; board_anonymous?: boolean | null }, viewerId: number | null) {
  return row.board_anonymous && Number(row.user_id) !== viewerId ? anonymousName(Number(row.user_id)) : row.display_name;
}
