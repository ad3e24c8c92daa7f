import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { anonymousName } from '#domain/privacy.ts';

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

/**
 * Whether a profile's gym shows to others (boards, their search, a gym's athletes): the athlete made it
 * public and moderators have not hidden the profile. Given the profile's privacy and hidden_at columns.
 */
export const gymShown = (privacy: SQLWrapper, hiddenAt: SQLWrapper) => sql`(${privacy}->>'gym' = 'public' and ${hiddenAt} is null)`;

/** What boardGymColumn reads: the profile's gym, its listed gym's id, and whether it shows to others. */
export interface BoardGymInfo {
  gym: string | null;
  gym_id: number | null;
  public: boolean | null;
}

/**
 * A select-list column with the athlete's gym as a board may show it (gym_info, one indexed read of the
 * profile, as an object); boardGym decides per viewer by gymShown, the rule the board's search by gym follows.
 */
export const boardGymColumn = (userId: SQL) =>
  sql`(select row_to_json(g) from (select gp.gym, gp.gym_id, ${gymShown(sql`gp.privacy`, sql`gp.hidden_at`)} as public
    from athlete_profiles gp where gp.user_id = ${userId}) g) as gym_info`;

/** The gym a board row shows to this viewer (the athlete always sees their own): its name and, when a listed gym, its page's id. */
export function boardGym(
  row: { user_id: number; gym_info: BoardGymInfo | null },
  viewerId: number | null,
): { gym: string | null; gym_id: number | null } {
  const info = row.gym_info;
  if (!info?.gym || !(info.public || Number(row.user_id) === viewerId)) return { gym: null, gym_id: null };
  return { gym: info.gym, gym_id: info.gym_id };
}
