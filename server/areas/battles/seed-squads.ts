import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { battleAttempts, battleEntries, battleNegotiation, battleRounds, battles, battleSquads } from '#server/db/schema.ts';
import { closeWithImmunity, SQUAD_DECIMATION, type SquadCutRule } from '#domain/battles/index.ts';
import { sortKey } from '#domain/scoring/index.ts';
import { teamRostersWithAtLeast } from '../teams/index.ts';
import { scheduleRoundCloses } from './battles.ts';
import { settleNegotiation } from './negotiation-closing.ts';
import type { BattleAthlete } from './seed.ts';

const HOUR = 3_600_000;
const SIZE = 4;

/**
 * The demo's squad decimation: the demo teams with at least four members as squads of four, round 1 closed by the
 * engine (the weakest of each squad out, the squad of its winner earning an immunity token, as the closing job
 * does), round 2 under way with some members scored. It plays immunity with the format's default trades per round,
 * like a battle made today. Calories, so a better athlete scores more.
 */
export async function seedDemoSquadBattle(tx: Database, athletes: BattleAthlete[], now: number) {
  const teams = await teamRostersWithAtLeast(tx, SIZE, 4);
  const taken = new Set<number>();
  const squads = teams
    .map((t) => {
      const members = t.members.filter((m) => !taken.has(m.userId)).slice(0, SIZE);
      for (const m of members) taken.add(m.userId);
      return { ...t, members };
    })
    .filter((t) => t.members.length === SIZE);
  if (squads.length < 2) return;
  const ability = new Map(athletes.map((a) => [a.id, a.ability]));
  const start = now - 60 * HOUR;
  const cut: SquadCutRule = { kind: 'per_squad', count: 1 };
  const [b] = await tx
    .insert(battles)
    .values({
      name: 'Row Squad Decimation',
      format: 'squad_decimation',
      creatorId: squads[0]!.members[0]!.userId,
      description: 'Max calories on the rower in 3 minutes; the weakest of each squad is out every round.',
      scoreType: 'calories',
      hasTiebreak: false,
      attemptsPerRound: 2,
      squadSize: SIZE,
      cutPerSquad: 1,
      startsAt: new Date(start),
      endsAt: new Date(start + 4 * 48 * HOUR),
      createdAt: new Date(start - 96 * HOUR),
    })
    .returning({ id: battles.id });
  const battleId = b!.id;
  const rounds = [1, 2, 3, 4].map((n) => ({
    battleId,
    roundNo: n,
    opensAt: new Date(start + (n - 1) * 48 * HOUR),
    closesAt: new Date(start + n * 48 * HOUR),
    cut,
  }));
  await tx.insert(battleRounds).values(rounds);
  await tx.insert(battleNegotiation).values({ battleId, tradesPerRound: SQUAD_DECIMATION.defaults.tradesPerRound });
  const enteredAt = new Date(start - 24 * HOUR);
  await tx.insert(battleSquads).values(
    squads.map((s) => ({
      battleId,
      teamId: s.id,
      name: s.name,
      captainId: (s.members.find((m) => m.role === 'captain') ?? s.members[0]!).userId,
      enteredAt,
    })),
  );
  const members = squads.flatMap((s) => s.members.map((m) => ({ athleteId: m.userId, squadId: s.id })));
  await tx.insert(battleEntries).values(members.map((m) => ({ battleId, userId: m.athleteId, enteredAt, squadTeamId: m.squadId })));
  const calories = (id: number, round: number) => Math.round(40 + (ability.get(id) ?? 0.5) * 30 + ((id * 5 + round * 3) % 7));
  const attempt = (id: number, round: number, at: number) => {
    const value = calories(id, round);
    return {
      battleId,
      roundNo: round,
      userId: id,
      status: 'finished',
      value,
      tiebreakMs: null,
      sortKey: sortKey({ scoreType: 'calories' }, { status: 'finished', value, tiebreakMs: null }, 'rx'),
      submittedAt: new Date(at),
    };
  };
  const r1 = members.map((m, i) => attempt(m.athleteId, 1, start + (2 + i) * HOUR));
  await tx.insert(battleAttempts).values(r1);
  const closed = closeWithImmunity(
    members.map((m) => ({ ...m, enteredAt: enteredAt.getTime() })),
    r1.map((a) => ({ athleteId: a.userId, sortKey: a.sortKey, submittedAt: a.submittedAt.getTime() })),
    { cutPerSquad: 1, round: 1, tokens: [], last: false },
  );
  const { outcome } = closed;
  for (const r of outcome.ranking.filter((x) => outcome.eliminated.includes(x.athleteId)))
    await tx.execute(
      sql`update battle_entries set eliminated_round = 1, eliminated_place = ${r.place} where battle_id = ${battleId} and user_id = ${r.athleteId}`,
    );
  await tx.execute(
    sql`update battle_rounds set closed_at = ${new Date(start + 48 * HOUR).toISOString()}, field_size = ${members.length},
        eliminated_count = ${outcome.eliminated.length} where battle_id = ${battleId} and round_no = 1`,
  );
  await settleNegotiation(tx, battleId, 1, { ...closed, tokens: [] }, new Date(start + 48 * HOUR));
  // Round 2 under way: the first two living members of each squad have scored.
  const living = members.filter((m) => !outcome.eliminated.includes(m.athleteId));
  const scored = squads.flatMap((s) => living.filter((m) => m.squadId === s.id).slice(0, 2));
  await tx.insert(battleAttempts).values(scored.map((m, i) => attempt(m.athleteId, 2, now - (10 - i) * HOUR)));
  await scheduleRoundCloses(tx, battleId, rounds.slice(1), new Date(now));
}
