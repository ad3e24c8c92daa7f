import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { tournamentStages } from './schema-tournaments.ts';

/** Whether the battle is a tournament stage after the first: its field comes only from the stage before it. */
export async function isLaterStage(db: Database, battleId: number): Promise<boolean> {
  const [row] = await db
    .select({ stageNo: tournamentStages.stageNo })
    .from(tournamentStages)
    .where(and(eq(tournamentStages.battleId, battleId), gt(tournamentStages.stageNo, 1)));
  return row !== undefined;
}

/** A battles filter: not a tournament stage after the first. */
export const notLaterStage = sql`not exists (select 1 from tournament_stages s where s.battle_id = "battles"."id" and s.stage_no > 1)`;
