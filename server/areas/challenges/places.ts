import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { challengeEntries, challenges } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import { categorySize, placeOfKey } from '#server/lib/boards/rank-slices.ts';
import { boardName } from '#domain/places.ts';
import type { DivisionScheme } from '#domain/divisions.ts';
import type { Division } from '#domain/scoring/index.ts';

// An athlete's place as every answer gives it: on their own board (category × division), with its size and its name.

export interface BoardPlace {
  rank: number;
  of: number;
  board: string;
  category: string;
  division: Division;
}

interface PlacedChallenge {
  id: number;
  sexDivisions: string;
  ageScheme: string;
}

/** The place a board entry holds on its own board (its category, its division), counted from the rank slices. */
export async function placeOnBoard(
  db: Database,
  c: PlacedChallenge,
  entry: { sortKey: bigint; category: string; division: Division },
): Promise<BoardPlace> {
  const [[row], of] = await Promise.all([
    rowsOf<{ rank: number }>(
      db,
      sql`select ${placeOfKey(c.id, entry.division, sql`${String(entry.sortKey)}::bigint`, entry.category)} as rank`,
    ),
    categorySize(db, c.id, entry.category, entry.division),
  ]);
  const rank = Number(row!.rank);
  const scheme = { sex: c.sexDivisions, age: c.ageScheme } as DivisionScheme;
  return {
    rank,
    // The slices and the entry are read apart: never say "5th of 4".
    of: Math.max(of, rank),
    board: boardName(scheme, entry.category, entry.division),
    category: entry.category,
    division: entry.division,
  };
}

/** The athlete's place in a challenge, or null without a board entry. */
export async function athletePlace(db: Database, c: PlacedChallenge, userId: number): Promise<BoardPlace | null> {
  const [entry] = await db
    .select({ sortKey: challengeEntries.sortKey, category: challengeEntries.category, division: challengeEntries.division })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, c.id), eq(challengeEntries.userId, userId)));
  return entry ? placeOnBoard(db, c, { ...entry, division: entry.division as Division }) : null;
}

/** The same from the challenge's id alone (the entry and the challenge's divisions read in one select). */
export async function placeInChallenge(db: Database, challengeId: number, userId: number): Promise<BoardPlace | null> {
  const [row] = await db
    .select({
      sortKey: challengeEntries.sortKey,
      category: challengeEntries.category,
      division: challengeEntries.division,
      sexDivisions: challenges.sexDivisions,
      ageScheme: challenges.ageScheme,
    })
    .from(challengeEntries)
    .innerJoin(challenges, eq(challenges.id, challengeEntries.challengeId))
    .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
  if (!row) return null;
  return placeOnBoard(
    db,
    { id: challengeId, sexDivisions: row.sexDivisions, ageScheme: row.ageScheme },
    {
      sortKey: row.sortKey,
      category: row.category,
      division: row.division as Division,
    },
  );
}
