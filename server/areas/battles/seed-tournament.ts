import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import {
  battleAttempts,
  battleEntries,
  battleMatches,
  battleRounds,
  battles,
  tournamentSeeds,
  tournamentStages,
  tournaments,
} from '#server/db/schema.ts';
import { advancers, closeBracketRound, closeRoyaleRound, firstRound, type CutRule, type RoundRule } from '#domain/battles/index.ts';
import { sortKey } from '#domain/scoring/index.ts';
import { scheduleRoundCloses } from './battles.ts';
import { BRACKET_FORMAT, toRow } from './brackets.ts';
import type { BattleAthlete } from './seed.ts';

const HOUR = 3_600_000;
const ROUND_HOURS = 36;
const NAME = 'Thruster Knockout Cup';
const FIELD = 12;
const SEEDS = 8;

/**
 * The demo's tournament: a qualifier (one battle royale round, closed: the best 8 of 12 went through, seeded by
 * place) and a bracket of those 8 (quarter-finals closed, the semi-finals open with one semi-finalist scored, the
 * final to come), written as the closing job and advanceStage would have left them: matches, byes none, losers out
 * with their seed as the place they fell at, the seeds, and the closing jobs of the rounds still to close. Reps, so a
 * better athlete scores more; the demo's first athletes (the sign-in page offers them) are among the seeds.
 */
export async function seedDemoTournament(tx: Database, athletes: BattleAthlete[], now: number) {
  const field = athletes.slice(0, FIELD);
  if (field.length < SEEDS || !field[0]) return;
  const rules = { scoreType: 'reps' as const };
  const reps = (a: BattleAthlete, salt: number) => Math.round(50 + a.ability * 50 + ((a.id * 5 + salt * 7) % 7));
  const attempt = (battleId: number, roundNo: number, a: BattleAthlete, salt: number, at: number) => {
    const value = reps(a, salt);
    return {
      battleId,
      roundNo,
      userId: a.id,
      status: 'finished',
      value,
      tiebreakMs: null,
      sortKey: sortKey(rules, { status: 'finished', value, tiebreakMs: null }, 'rx'),
      submittedAt: new Date(at),
    };
  };
  // Qualifier, quarter-finals, then the semi-finals open now (12 hours in), the final after them.
  const qStart = now - (2 * ROUND_HOURS + 12) * HOUR;
  const kStart = qStart + ROUND_HOURS * HOUR;
  const kEnd = kStart + 3 * ROUND_HOURS * HOUR;
  const common = {
    creatorId: field[0].id,
    description: `Stage of the tournament ${NAME}.`,
    scoreType: 'reps',
    hasTiebreak: false,
    attemptsPerRound: 2,
    createdAt: new Date(qStart - 7 * 24 * HOUR),
  };
  const [q] = await tx
    .insert(battles)
    .values({
      ...common,
      name: `${NAME} · Qualifier`,
      format: 'battle_royale',
      startsAt: new Date(qStart),
      endsAt: new Date(kStart),
      finishedAt: new Date(kStart),
    })
    .returning({ id: battles.id });
  const [k] = await tx
    .insert(battles)
    .values({ ...common, name: `${NAME} · Knockout`, format: BRACKET_FORMAT, startsAt: new Date(kStart), endsAt: new Date(kEnd) })
    .returning({ id: battles.id });
  const [t] = await tx
    .insert(tournaments)
    .values({
      name: NAME,
      description: 'Max thrusters in 3 minutes: a qualifier, then the best 8 head to head.',
      creatorId: field[0].id,
      scoreType: 'reps',
      startsAt: new Date(qStart),
      endsAt: new Date(kEnd),
      createdAt: common.createdAt,
    })
    .returning({ id: tournaments.id });
  await tx.insert(tournamentStages).values([
    { tournamentId: t!.id, stageNo: 1, name: 'Qualifier', battleId: q!.id, advance: SEEDS, advancedAt: new Date(kStart) },
    { tournamentId: t!.id, stageNo: 2, name: 'Knockout', battleId: k!.id, advance: null },
  ]);
  const qCut: CutRule = { kind: 'keep_top', keep: SEEDS };
  const headToHead: RoundRule = { kind: 'head_to_head' };
  const window = (start: number, i: number) => ({
    opensAt: new Date(start + i * ROUND_HOURS * HOUR),
    closesAt: new Date(start + (i + 1) * ROUND_HOURS * HOUR),
  });
  const kRounds = [0, 1, 2].map((i) => ({ battleId: k!.id, roundNo: i + 1, cut: headToHead, ...window(kStart, i) }));
  await tx.insert(battleRounds).values([{ battleId: q!.id, roundNo: 1, cut: qCut, ...window(qStart, 0) }, ...kRounds]);

  // The qualifier: everyone scored; the engine keeps the best 8, final places by its ranking.
  const enteredAt = (i: number) => qStart - (30 - i) * HOUR;
  await tx.insert(battleEntries).values(field.map((a, i) => ({ battleId: q!.id, userId: a.id, enteredAt: new Date(enteredAt(i)) })));
  const qAttempts = field.map((a, i) => attempt(q!.id, 1, a, 1, qStart + (2 + i) * HOUR));
  await tx.insert(battleAttempts).values(qAttempts);
  const qOut = closeRoyaleRound(
    field.map((a, i) => ({ athleteId: a.id, enteredAt: enteredAt(i) })),
    qAttempts.map((a) => ({ athleteId: a.userId, sortKey: a.sortKey, submittedAt: a.submittedAt.getTime() })),
    qCut,
  );
  const places = qOut.ranking.map((r) => ({ athleteId: r.athleteId, place: r.place }));
  await tx.execute(sql`
    update battle_entries e set final_place = v.place,
      eliminated_round = case when v.place > ${SEEDS} then 1 end, eliminated_place = case when v.place > ${SEEDS} then v.place end
    from unnest(${`{${places.map((p) => p.athleteId).join(',')}}`}::int[], ${`{${places.map((p) => p.place).join(',')}}`}::int[]) as v(user_id, place)
    where e.battle_id = ${q!.id} and e.user_id = v.user_id`);
  await tx.execute(sql`update battle_rounds set closed_at = ${new Date(kStart).toISOString()}, field_size = ${FIELD},
      eliminated_count = ${qOut.eliminated.length} where battle_id = ${q!.id} and round_no = 1`);

  // Advanced into the bracket, seeded by place; entry times a millisecond apart in seed order, as advanceStage does.
  const going = advancers(places, SEEDS);
  await tx
    .insert(tournamentSeeds)
    .values(going.map((g) => ({ tournamentId: t!.id, stageNo: 2, userId: g.athleteId, seed: g.seed, fromPlace: g.fromPlace })));
  await tx
    .insert(battleEntries)
    .values(going.map((g) => ({ battleId: k!.id, userId: g.athleteId, enteredAt: new Date(kStart + g.seed - 1) })));
  const byId = new Map(field.map((a) => [a.id, a]));
  const quarters = firstRound(
    going.map((g) => ({ athleteId: g.athleteId, seed: g.seed })),
    3,
  );
  // The quarter-finals: both sides of every match scored; closed.
  const qfAttempts = quarters.flatMap((m, i) =>
    [m.a!, m.b!].map((s, j) => attempt(k!.id, 1, byId.get(s.athleteId)!, 2, kStart + (3 + 2 * i + j) * HOUR)),
  );
  await tx.insert(battleAttempts).values(qfAttempts);
  const qf = closeBracketRound(quarters, new Map(qfAttempts.map((a) => [a.userId, { sortKey: a.sortKey }])), 1, 3);
  const decidedAt = new Date(kStart + ROUND_HOURS * HOUR);
  await tx.insert(battleMatches).values([...qf.decided, ...qf.next!].map((m) => toRow(k!.id, m, decidedAt)));
  await tx.execute(sql`
    update battle_entries e set eliminated_round = 1, eliminated_place = v.seed
    from unnest(${`{${qf.losers.map((l) => l.athleteId).join(',')}}`}::int[], ${`{${qf.losers.map((l) => l.seed).join(',')}}`}::int[]) as v(user_id, seed)
    where e.battle_id = ${k!.id} and e.user_id = v.user_id`);
  await tx.execute(sql`update battle_rounds set closed_at = ${decidedAt.toISOString()}, field_size = ${SEEDS},
      eliminated_count = ${qf.losers.length} where battle_id = ${k!.id} and round_no = 1`);
  // The semi-finals under way: the better seed of the first semi-final has scored, nobody else yet.
  const first = qf.next![0]!;
  const leader = [first.a!, first.b!].sort((x, y) => x.seed - y.seed)[0]!;
  await tx.insert(battleAttempts).values(attempt(k!.id, 2, byId.get(leader.athleteId)!, 3, now - 6 * HOUR));
  await scheduleRoundCloses(tx, k!.id, kRounds.slice(1), new Date(now));
}
