import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { battlePacts, battleSquads, battleTokens, users } from '#server/db/schema.ts';
import type { SquadOutcome, Token } from '#domain/battles/index.ts';
import { logNegotiation } from './negotiation.ts';

// A squad round's close, for a battle that plays immunity (inside squad-closing.ts's transaction, the round row
// locked): the declared tokens are spent (the engine already passed over their members), proposals still open
// expire, and the squad whose member ranked first earns a token, once (the unique (battle, round) index keeps a
// second close from awarding another). Every change is in the public log.

export async function settleNegotiation(
  tx: Database,
  battleId: number,
  roundNo: number,
  r: { outcome: SquadOutcome; spent: number[]; earnedBy: number | null; tokens: readonly Token[] },
  now: Date,
) {
  const squads = await tx
    .select({ teamId: battleSquads.teamId, name: battleSquads.name })
    .from(battleSquads)
    .where(eq(battleSquads.battleId, battleId));
  const squad = (id: number) => squads.find((s) => s.teamId === id)?.name ?? 'A squad';
  const spent = r.tokens.filter((t) => r.spent.includes(t.id));
  const top = r.outcome.ranking[0]?.athleteId;
  const people = [...new Set([...spent.flatMap((t) => (t.usedOn === null ? [] : [t.usedOn])), ...(top === undefined ? [] : [top])])];
  const names = people.length
    ? new Map(
        (await tx.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, people))).map((u) => [
          u.id,
          u.name,
        ]),
      )
    : new Map<number, string>();
  const person = (id: number | null) => (id === null ? 'a member' : (names.get(id) ?? 'a member'));

  if (spent.length) {
    await tx.update(battleTokens).set({ status: 'spent' }).where(inArray(battleTokens.id, r.spent));
    for (const t of spent) {
      const saved = t.usedOn !== null && r.outcome.immunityUsed.includes(t.usedOn);
      await logNegotiation(
        tx,
        battleId,
        {
          round: roundNo,
          kind: saved ? 'immunity_used' : 'token_spent',
          team: t.holder,
          member: t.usedOn,
          text: saved
            ? `${person(t.usedOn)} (${squad(t.holder)}) was protected from round ${roundNo}’s cut: the next-lowest member fell instead.`
            : `${squad(t.holder)}’s token on ${person(t.usedOn)} was spent in round ${roundNo}; they were not on the block.`,
        },
        now,
      );
    }
  }

  const expired = await tx
    .update(battlePacts)
    .set({ status: 'expired', answeredAt: now })
    .where(and(eq(battlePacts.battleId, battleId), eq(battlePacts.status, 'open'), lte(battlePacts.roundNo, roundNo)))
    .returning();
  for (const p of expired)
    await logNegotiation(
      tx,
      battleId,
      {
        round: roundNo,
        kind: 'pact_expired',
        team: p.fromTeamId,
        other: p.toTeamId,
        pact: p.id,
        text: `${squad(p.fromTeamId)}’s ${p.kind} to ${squad(p.toTeamId)} expired unanswered when round ${roundNo} closed.`,
      },
      now,
    );

  if (r.earnedBy !== null) {
    const earned = await tx
      .insert(battleTokens)
      .values({ battleId, holderTeamId: r.earnedBy, earnedTeamId: r.earnedBy, earnedRound: roundNo, status: 'held' })
      .onConflictDoNothing()
      .returning({ id: battleTokens.id });
    if (earned.length)
      await logNegotiation(
        tx,
        battleId,
        {
          round: roundNo,
          kind: 'token_earned',
          team: r.earnedBy,
          member: top ?? null,
          text: `${squad(r.earnedBy)} earned an immunity token: ${person(top ?? null)} ranked first in round ${roundNo}.`,
        },
        now,
      );
  }
}
