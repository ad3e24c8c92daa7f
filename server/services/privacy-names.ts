import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { anonymousName } from '../../domain/privacy.ts';

/**
 * A select-list column telling whether a board shows the athlete as "Athlete #N": they chose to appear
 * anonymously, or moderators hid their profile (its name is what was hidden; the results stay ranked).
 */
export const boardAnonymousColumn = (userId: SQL) => sql`(${hiddenFromBoards(userId)}) as board_anonymous`;

/** Whether the athlete's name is kept off boards (their own anonymity choice, or a profile hidden by moderators). */
export const hiddenFromBoards = (userId: SQLWrapper) =>
  sql`coalesce((select ps.board_anonymous from privacy_settings ps where ps.user_id = ${userId}), false)
    or exists (select 1 from athlete_profiles hp where hp.user_id = ${userId} and hp.hidden_at is not null)`;

/** The name a board shows for a row: "Athlete #N" to everyone but the athlete, when they chose anonymity. */
export function boardName(row: { user_id: number; display_name: string; board_anonymous?: boolean | null }, viewerId: number | null) {
  return row.board_anonymous && Number(row.user_id) !== viewerId ? anonymousName(Number(row.user_id)) : row.display_name;
}
