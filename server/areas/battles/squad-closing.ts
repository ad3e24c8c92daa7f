import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { battleEntries, battleRounds, battles, battleSquads } from '#server/db/schema.ts';
import { publish, type RealtimeEnvelope } from '#server/lib/realtime/realtime-events.ts';
import { closeWithImmunity, type SquadCutRule } from '#domain/battles/index.ts';
import { notify } from '../notifications/index.ts';
import { roundAttempts } from './attempts.ts';
import { battleRoom, squadBattleLink, type BattleRow, type RoundRow } from './battles.ts';
import { settleNegotiation } from './negotiation-closing.ts';
import { negotiationRules, tokensOf } from './negotiation-rules.ts';

// Closing a squad decimation round, inside closing.ts's transaction (the round row already locked and open):
// the living members ranked together, each squad's lowest-ranked cut by the engine (domain/battles/engine.ts
// closeSquadRound), squads left empty are out, and the battle ends when one squad is left or the last round closes.
// The fallen hear it in their inbox, the captains of squads that fell too, and the battle's room gets one message.

const intArray = (xs: number[]) => `{${xs.join(',')}}`;

export async function closeSquadRoundIn(
  tx: Database,
  battle: BattleRow,
  round: RoundRow,
  last: number,
  now: Date,
): Promise<{ closed: boolean; eliminated: number[] }> {
  const battleId = battle.id;
  const roundNo = round.roundNo;
  if (battle.finishedAt) {
    // The battle ended early (one squad left): a later round's job only marks it closed.
    await tx
      .update(battleRounds)
      .set({ closedAt: now, eliminatedCount: 0 })
      .where(and(eq(battleRounds.battleId, battleId), eq(battleRounds.roundNo, roundNo)));
    return { closed: true, eliminated: [] };
  }
  const cutPerSquad = (round.cut as SquadCutRule).count ?? battle.cutPerSquad ?? 1;
  const members = await tx
    .select({ athleteId: battleEntries.userId, enteredAt: battleEntries.enteredAt, squadId: battleEntries.squadTeamId })
    .from(battleEntries)
    .where(and(eq(battleEntries.battleId, battleId), isNull(battleEntries.eliminatedRound), isNotNull(battleEntries.squadTeamId)));
  const attempts = await roundAttempts(tx, battleId, roundNo);
  // Immunity (negotiation.ts): the tokens declared for this round protect their members from this cut.
  const negotiating = (await negotiationRules(tx, [battleId])).has(battleId);
  const tokens = negotiating ? await tokensOf(tx, battleId) : [];
  const { outcome, spent, earnedBy } = closeWithImmunity(
    members.map((m) => ({ athleteId: m.athleteId, enteredAt: m.enteredAt.getTime(), squadId: m.squadId! })),
    attempts,
    { cutPerSquad, round: roundNo, tokens, last: roundNo >= last },
  );
  const placeOf = new Map(outcome.ranking.map((r) => [r.athleteId, r.place]));
  const squadOf = new Map(members.map((m) => [m.athleteId, m.squadId!]));
  if (outcome.eliminated.length)
    await tx.execute(sql`
      update battle_entries e set eliminated_round = ${roundNo}, eliminated_place = v.place
      from unnest(${intArray(outcome.eliminated)}::int[], ${intArray(outcome.eliminated.map((id) => placeOf.get(id)!))}::int[]) as v(user_id, place)
      where e.battle_id = ${battleId} and e.user_id = v.user_id`);
  for (const [i, teamId] of outcome.squadsOut.entries())
    await tx
      .update(battleSquads)
      .set({ outRound: roundNo, outPlace: i + 1 })
      .where(and(eq(battleSquads.battleId, battleId), eq(battleSquads.teamId, teamId)));
  if (negotiating) await settleNegotiation(tx, battleId, roundNo, { outcome, spent, earnedBy, tokens }, now);
  await tx
    .update(battleRounds)
    .set({ closedAt: now, fieldSize: members.length, eliminatedCount: outcome.eliminated.length })
    .where(and(eq(battleRounds.battleId, battleId), eq(battleRounds.roundNo, roundNo)));
  const finished = roundNo >= last || outcome.standing.length <= 1;
  const winner = finished ? (outcome.standing[0]?.squadId ?? null) : null;
  if (finished) {
    for (const [i, s] of outcome.standing.entries())
      await tx
        .update(battleSquads)
        .set({ outPlace: i + 1 })
        .where(and(eq(battleSquads.battleId, battleId), eq(battleSquads.teamId, s.squadId)));
    // Squads: those standing in their order, then the fallen, later rounds first (domain squadFinalOrder).
    await tx.execute(sql`
      update battle_squads s set final_place = f.final_place
      from (select team_id, (row_number() over (order by out_round desc nulls first, out_place, team_id))::int as final_place
            from battle_squads where battle_id = ${battleId}) f
      where s.battle_id = ${battleId} and s.team_id = f.team_id`);
    // Athletes: this round's survivors by their place, then the fallen, later rounds first, by their place then.
    const survivors = outcome.ranking.filter((r) => !outcome.eliminated.includes(r.athleteId));
    await tx.execute(sql`
      update battle_entries e set final_place = f.final_place
      from (
        select user_id, (row_number() over (order by s.place is null, s.place,
                eliminated_round desc nulls first, eliminated_place, user_id))::int as final_place
        from battle_entries be
        left join unnest(${intArray(survivors.map((r) => r.athleteId))}::int[], ${intArray(survivors.map((r) => r.place))}::int[]) as s(uid, place)
          on s.uid = be.user_id
        where be.battle_id = ${battleId}
      ) f
      where e.battle_id = ${battleId} and e.user_id = f.user_id`);
    await tx.update(battles).set({ finishedAt: now }).where(eq(battles.id, battleId));
    // Rounds not needed any more are closed with nobody in them.
    await tx
      .update(battleRounds)
      .set({ closedAt: now, eliminatedCount: 0 })
      .where(and(eq(battleRounds.battleId, battleId), gt(battleRounds.roundNo, roundNo)));
  }
  const squads = await tx
    .select({ teamId: battleSquads.teamId, name: battleSquads.name, captainId: battleSquads.captainId })
    .from(battleSquads)
    .where(eq(battleSquads.battleId, battleId));
  const nameOf = new Map(squads.map((s) => [s.teamId, s.name]));
  const link = squadBattleLink(battleId);
  for (const athleteId of outcome.eliminated) {
    const squad = squadOf.get(athleteId)!;
    const left = outcome.standing.find((s) => s.squadId === squad)?.living ?? 0;
    await notify(
      tx,
      {
        userId: athleteId,
        kind: 'battle_eliminated',
        title: `Eliminated in round ${roundNo} of ${battle.name}`,
        body: `You placed ${placeOf.get(athleteId)} of ${members.length}; ${nameOf.get(squad)} has ${left} left standing.`,
        link,
      },
      now,
    );
  }
  // The captain of a squad that fell hears it too (the members each heard of their own elimination).
  for (const s of squads)
    if (s.captainId !== null && outcome.squadsOut.includes(s.teamId))
      await notify(
        tx,
        {
          userId: s.captainId,
          kind: 'battle_eliminated',
          title: `${s.name} is out of ${battle.name}`,
          body: `Your squad's last members fell in round ${roundNo}.`,
          link,
        },
        now,
      );
  const envelopes: RealtimeEnvelope[] = [
    {
      to: { room: battleRoom(battleId) },
      message: {
        type: 'squad_round_closed',
        battle_id: battleId,
        round_no: roundNo,
        eliminated: outcome.eliminated.map((id) => ({ user_id: id, team_id: squadOf.get(id)!, place: placeOf.get(id)! })),
        squads_out: outcome.squadsOut,
        winner_team_id: winner,
        finished,
      },
    },
  ];
  if (!finished)
    envelopes.push({
      to: { room: battleRoom(battleId) },
      message: { type: 'battle_round_opened', battle_id: battleId, round_no: roundNo + 1 },
    });
  await publish(tx, envelopes);
  return { closed: true, eliminated: outcome.eliminated };
}
