import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { battleAttempts, battleEntries, battleRounds, battles } from '#server/db/schema.ts';
import { closeRoyaleRound, type CutRule } from '#domain/battles/index.ts';
import { sortKey } from '#domain/scoring/index.ts';
import { scheduleRoundCloses } from './battles.ts';
import { seedDemoSquadBattle } from './seed-squads.ts';
import { seedDemoTournament } from './seed-tournament.ts';

const HOUR = 3_600_000;

/** An athlete of the demo cast: its id and how strong it is at this kind of workout (0 … 1). */
export interface BattleAthlete {
  id: number;
  ability: number;
}

const cut: CutRule = { kind: 'cut_percent', percent: 50, minimum: 2 };

/**
 * The demo world's battles: a battle royale in its second round (round 1 cut the field in half), one open for
 * entry, a squad decimation in its second round (seed-squads.ts) and a tournament whose bracket stage is under way
 * (seed-tournament.ts). Reps, so a better athlete scores more.
 */
export async function seedDemoBattles(tx: Database, athletes: BattleAthlete[], now: number) {
  if (athletes.length < 4 || !athletes[0]) return;
  const creatorId = athletes[0].id;
  const rules = { scoreType: 'reps' as const };
  const base = {
    format: 'battle_royale',
    creatorId,
    scoreType: 'reps',
    hasTiebreak: false,
    attemptsPerRound: 3,
    createdAt: new Date(now - 100 * HOUR),
  };
  const liveStart = now - 72 * HOUR;
  const [live] = await tx
    .insert(battles)
    .values({
      ...base,
      name: 'Burpee Battle Royale',
      description: 'Max burpees in 7 minutes, three rounds, half the field out each round.',
      startsAt: new Date(liveStart),
      endsAt: new Date(liveStart + 3 * 48 * HOUR),
    })
    .returning({ id: battles.id });
  const openStart = now + 48 * HOUR;
  const [open] = await tx
    .insert(battles)
    .values({
      ...base,
      name: 'Wall Ball Showdown',
      description: 'Wall balls for max reps in 5 minutes; the best 8 advance, then the best 3.',
      startsAt: new Date(openStart),
      endsAt: new Date(openStart + 2 * 24 * HOUR),
    })
    .returning({ id: battles.id });
  const liveRounds = [1, 2, 3].map((n) => ({
    battleId: live!.id,
    roundNo: n,
    opensAt: new Date(liveStart + (n - 1) * 48 * HOUR),
    closesAt: new Date(liveStart + n * 48 * HOUR),
    cut,
  }));
  const openRounds: (typeof battleRounds.$inferInsert)[] = [
    {
      battleId: open!.id,
      roundNo: 1,
      opensAt: new Date(openStart),
      closesAt: new Date(openStart + 24 * HOUR),
      cut: { kind: 'keep_top', keep: 8 },
    },
    {
      battleId: open!.id,
      roundNo: 2,
      opensAt: new Date(openStart + 24 * HOUR),
      closesAt: new Date(openStart + 48 * HOUR),
      cut: { kind: 'keep_top', keep: 3 },
    },
  ];
  await tx.insert(battleRounds).values([...liveRounds, ...openRounds]);
  const field = athletes.slice(0, 12);
  await tx
    .insert(battleEntries)
    .values(field.map((a, i) => ({ battleId: live!.id, userId: a.id, enteredAt: new Date(liveStart - (20 - i) * HOUR) })));
  await tx
    .insert(battleEntries)
    .values(athletes.slice(2, 7).map((a, i) => ({ battleId: open!.id, userId: a.id, enteredAt: new Date(now - (10 - i) * HOUR) })));
  // Round 1: everyone scored but the last athlete; the cut halves the field.
  const reps = (a: BattleAthlete, round: number) => Math.round(60 + a.ability * 60 + ((a.id * 7 + round * 3) % 9));
  const r1 = field.slice(0, -1).map((a, i) => ({
    battleId: live!.id,
    roundNo: 1,
    userId: a.id,
    status: 'finished',
    value: reps(a, 1),
    tiebreakMs: null,
    sortKey: sortKey(rules, { status: 'finished', value: reps(a, 1), tiebreakMs: null }, 'rx'),
    submittedAt: new Date(liveStart + (2 + i) * HOUR),
  }));
  await tx.insert(battleAttempts).values(r1);
  const outcome = closeRoyaleRound(
    field.map((a, i) => ({ athleteId: a.id, enteredAt: liveStart - (20 - i) * HOUR })),
    r1.map((a) => ({ athleteId: a.userId, sortKey: a.sortKey, submittedAt: a.submittedAt.getTime() })),
    cut,
  );
  for (const r of outcome.ranking.filter((x) => outcome.eliminated.includes(x.athleteId)))
    await tx.execute(
      sql`update battle_entries set eliminated_round = 1, eliminated_place = ${r.place} where battle_id = ${live!.id} and user_id = ${r.athleteId}`,
    );
  await tx.execute(
    sql`update battle_rounds set closed_at = ${new Date(liveStart + 48 * HOUR).toISOString()}, field_size = ${field.length},
        eliminated_count = ${outcome.eliminated.length} where battle_id = ${live!.id} and round_no = 1`,
  );
  // Round 2 under way: half the survivors have scored.
  const scoredR2 = outcome.survivors.slice(0, Math.ceil(outcome.survivors.length / 2));
  const byId = new Map(field.map((a) => [a.id, a]));
  await tx.insert(battleAttempts).values(
    scoredR2.map((id, i) => {
      const value = reps(byId.get(id)!, 2);
      return {
        battleId: live!.id,
        roundNo: 2,
        userId: id,
        status: 'finished',
        value,
        tiebreakMs: null,
        sortKey: sortKey(rules, { status: 'finished', value, tiebreakMs: null }, 'rx'),
        submittedAt: new Date(now - (20 - i) * HOUR),
      };
    }),
  );
  await scheduleRoundCloses(tx, live!.id, liveRounds.slice(1), new Date(now));
  await scheduleRoundCloses(tx, open!.id, openRounds as { roundNo: number; closesAt: Date }[], new Date(now));
  await seedDemoSquadBattle(tx, athletes, now);
  // After the battles above, so their ids stay as they were (1 the royale, 3 the squad battle).
  await seedDemoTournament(tx, athletes, now);
}
