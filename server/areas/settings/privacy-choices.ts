import { eq } from 'drizzle-orm';
import { INVITATION_AUDIENCES, type InvitationAudience } from '#domain/privacy.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { privacySettings } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';

// An athlete's privacy choices (who may invite them, anonymous on boards): settings other areas read.

export interface PrivacyChoices {
  invitations: InvitationAudience;
  board_anonymous: boolean;
}

const DEFAULT_CHOICES: PrivacyChoices = { invitations: 'everyone', board_anonymous: false };

/** The athlete's privacy choices (the defaults until they change one). */
export async function getPrivacyChoices(db: Database, userId: number): Promise<PrivacyChoices> {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.userId, userId));
  if (!row) return DEFAULT_CHOICES;
  return { invitations: row.invitations as InvitationAudience, board_anonymous: row.boardAnonymous };
}

/** Changes some choices; a value outside its set is refused and nothing is stored. */
export async function updatePrivacyChoices(ctx: AppContext, userId: number, input: Partial<PrivacyChoices>): Promise<PrivacyChoices> {
  if (input.invitations !== undefined && !INVITATION_AUDIENCES.includes(input.invitations)) {
    throw badRequest(`Who may invite you must be one of: ${INVITATION_AUDIENCES.join(', ')}.`, 'invitations');
  }
  const current = await getPrivacyChoices(ctx.database.db, userId);
  const next = { ...current, ...input };
  const values = { invitations: next.invitations, boardAnonymous: next.board_anonymous, updatedAt: ctx.now() };
  await ctx.database.db
    .insert(privacySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: privacySettings.userId, set: values });
  return next;
}

/** Whether this athlete takes invitations from this inviter (`teamMates`: they share a team). Later invitation flows call it. */
export async function acceptsInvitationFrom(db: Database, userId: number, teamMates: boolean): Promise<boolean> {
  const { invitations } = await getPrivacyChoices(db, userId);
  return invitations === 'everyone' || (invitations === 'team_mates' && teamMates);
}
