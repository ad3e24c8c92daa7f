import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { battleEntries, battleNegotiationLog, battlePacts, battleRounds, battleSquads, battleTokens, users } from '#server/db/schema.ts';
import { ApiError, conflict } from '#server/errors.ts';
import { publish } from '#server/lib/realtime/realtime-events.ts';
import {
  acceptProblem,
  answerProblem,
  declareProblem,
  giverOf,
  NEGOTIATION_LIMITS,
  proposalProblem,
  pactEndedText,
  takerOf,
  tokenToMove,
  tradesIn,
  type NegotiationView,
  type Pact,
  type PactKind,
  type PactStatus,
  type Refusal,
} from '#domain/battles/index.ts';
import { battleRoom, openRound, roundsOf, squadBattleLink } from './battles.ts';
import { negotiationRules, tokensOf } from './negotiation-rules.ts';
import { loadSquadBattle } from './squads.ts';
import { notify } from '../notifications/index.ts';

// Negotiation politics (domain/battles/negotiation.ts) over the database: every move is checked by the domain's
// rule against the battle as it stands, written in one transaction that holds the open round's row (so a move
// and the round's closing never cross), logged in the public append-only log and told to the battle's room.
// Closing a round spends the declared tokens and awards the next (negotiation-closing.ts).

export const NOT_CAPTAIN = 'Only a squad’s captain can negotiate for it.';
const NO_IMMUNITY = 'This battle plays without immunity tokens.';

type PactRow = typeof battlePacts.$inferSelect;
type LogKind =
  | 'token_earned'
  | 'pact_proposed'
  | 'pact_accepted'
  | 'pact_declined'
  | 'pact_withdrawn'
  | 'pact_expired'
  | 'immunity_declared'
  | 'immunity_used'
  | 'token_spent';

export const refused = (r: Refusal) => new ApiError(r.kind === 'limit' ? 409 : 422, r.detail);

const toPact = (p: PactRow): Pact => ({
  id: p.id,
  round: p.roundNo,
  kind: p.kind as PactKind,
  from: p.fromTeamId,
  to: p.toTeamId,
  status: p.status as PactStatus,
});

export const presentPact = (p: PactRow) => ({
  id: p.id,
  round_no: p.roundNo,
  kind: p.kind as PactKind,
  from_team_id: p.fromTeamId,
  to_team_id: p.toTeamId,
  note: p.note,
  status: p.status as PactStatus,
  created_at: p.createdAt.toISOString(),
});

export async function logNegotiation(
  tx: Database,
  battleId: number,
  entry: {
    round: number;
    kind: LogKind;
    team: number;
    other?: number | null;
    member?: number | null;
    pact?: number | null;
    actor?: number | null;
    text: string;
  },
  now: Date,
) {
  await tx.insert(battleNegotiationLog).values({
    battleId,
    roundNo: entry.round,
    kind: entry.kind,
    actorId: entry.actor ?? null,
    teamId: entry.team,
    otherTeamId: entry.other ?? null,
    memberId: entry.member ?? null,
    pactId: entry.pact ?? null,
    text: entry.text.slice(0, 400),
    at: now,
  });
}

/** The battle's negotiation as the domain sees it, with its squads' names and living members. */
async function negotiationView(db: Database, battleId: number, round: number | null, tradesPerRound: number) {
  const [squads, living, tokens, pacts] = await Promise.all([
    db.select().from(battleSquads).where(eq(battleSquads.battleId, battleId)).orderBy(battleSquads.enteredAt, battleSquads.teamId),
    db
      .select({ teamId: battleEntries.squadTeamId, userId: battleEntries.userId, name: users.displayName })
      .from(battleEntries)
      .innerJoin(users, eq(users.id, battleEntries.userId))
      .where(and(eq(battleEntries.battleId, battleId), isNull(battleEntries.eliminatedRound))),
    tokensOf(db, battleId),
    db.select().from(battlePacts).where(eq(battlePacts.battleId, battleId)).orderBy(battlePacts.id),
  ]);
  const livingOf = new Map<number, number[]>();
  for (const m of living) if (m.teamId !== null) livingOf.set(m.teamId, [...(livingOf.get(m.teamId) ?? []), m.userId]);
  const view: NegotiationView = {
    round,
    tradesPerRound,
    standing: new Set(squads.filter((s) => s.outRound === null && (livingOf.get(s.teamId)?.length ?? 0) > 0).map((s) => s.teamId)),
    tokens,
    pacts: pacts.map(toPact),
    names: new Map(squads.map((s) => [s.teamId, s.name])),
  };
  return { view, squads, livingOf, pactRows: pacts, memberName: new Map(living.map((m) => [m.userId, m.name])) };
}

/** A write: the battle must play immunity; the open round's row is held for the transaction. */
async function inOpenRound<T>(
  ctx: AppContext,
  battleId: number,
  actor: number,
  write: (tx: Database, s: Awaited<ReturnType<typeof negotiationView>> & { mine: number; round: number; battleName: string }) => Promise<T>,
): Promise<T> {
  const db = ctx.database.db;
  const battle = await loadSquadBattle(db, battleId);
  const trades = (await negotiationRules(db, [battleId])).get(battleId);
  if (trades === undefined) throw conflict(NO_IMMUNITY);
  const [captainOf] = await db
    .select({ teamId: battleSquads.teamId })
    .from(battleSquads)
    .where(and(eq(battleSquads.battleId, battleId), eq(battleSquads.captainId, actor)));
  if (!captainOf) throw new ApiError(403, NOT_CAPTAIN);
  const now = ctx.now();
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const open = battle.finishedAt ? null : openRound(await roundsOf(tx, battleId), now);
    let round: number | null = null;
    if (open) {
      const [locked] = await tx
        .select({ closedAt: battleRounds.closedAt })
        .from(battleRounds)
        .where(and(eq(battleRounds.battleId, battleId), eq(battleRounds.roundNo, open.roundNo)))
        .for('update');
      if (locked && !locked.closedAt) round = open.roundNo;
    }
    const state = await negotiationView(tx, battleId, round, trades);
    if (round === null) throw refused({ kind: 'limit', detail: 'Negotiation happens while a round is open.' });
    return write(tx, { ...state, mine: captainOf.teamId, round, battleName: battle.name });
  });
}

const nameOf = (v: NegotiationView, team: number) => v.names?.get(team) ?? 'A squad';

export async function proposePact(
  ctx: AppContext,
  battleId: number,
  actor: number,
  input: { to_team_id: number; kind: PactKind; note?: string },
) {
  const note = (input.note ?? '').trim();
  return inOpenRound(ctx, battleId, actor, async (tx, { view, mine, round, squads, battleName }) => {
    const problem = proposalProblem(view, { from: mine, to: input.to_team_id, kind: input.kind, note });
    if (problem) throw refused(problem);
    const now = ctx.now();
    const [pact] = await tx
      .insert(battlePacts)
      .values({
        battleId,
        roundNo: round,
        kind: input.kind,
        fromTeamId: mine,
        toTeamId: input.to_team_id,
        note,
        status: 'open',
        proposedBy: actor,
        createdAt: now,
      })
      .returning();
    const from = nameOf(view, mine);
    const to = nameOf(view, input.to_team_id);
    await logNegotiation(
      tx,
      battleId,
      {
        round,
        kind: 'pact_proposed',
        team: mine,
        other: input.to_team_id,
        pact: pact!.id,
        actor,
        text: `${input.kind === 'offer' ? `${from} offered ${to} an immunity token` : `${from} asked ${to} for an immunity token`}${note ? `: “${note}”` : '.'}`,
      },
      now,
    );
    await publish(tx, [
      {
        to: { room: battleRoom(battleId) },
        message: {
          type: 'pact_proposed',
          battle_id: battleId,
          pact_id: pact!.id,
          kind: input.kind,
          from_team_id: mine,
          to_team_id: input.to_team_id,
        },
      },
    ]);
    // The other squad's captain answers it: a notice in their inbox (mailed unless they turned the kind off).
    const captain = squads.find((s) => s.teamId === input.to_team_id)?.captainId ?? null;
    if (captain !== null && captain !== actor)
      await notify(
        tx,
        {
          userId: captain,
          kind: 'battle_pact_proposed',
          title: `${from} ${input.kind === 'offer' ? 'offers' : 'asks'} ${to} ${input.kind === 'offer' ? 'an immunity token' : 'for an immunity token'}`,
          body: `Round ${round} of ${battleName}: accept or decline it on the battle page before the round closes.${note ? ` Their note: “${note}”` : ''}`,
          link: squadBattleLink(battleId),
        },
        now,
      );
    return presentPact(pact!);
  });
}

export async function answerPact(
  ctx: AppContext,
  battleId: number,
  actor: number,
  pactId: number,
  answer: 'accept' | 'decline' | 'withdraw',
) {
  return inOpenRound(ctx, battleId, actor, async (tx, { view, mine, round, pactRows }) => {
    const problem = answer === 'accept' ? acceptProblem(view, pactId, mine) : answerProblem(view, pactId, mine, answer);
    if (problem) throw refused(problem);
    const now = ctx.now();
    const pact = view.pacts.find((p) => p.id === pactId)!;
    const row = pactRows.find((p) => p.id === pactId)!;
    const from = nameOf(view, pact.from);
    const to = nameOf(view, pact.to);
    const what = pact.kind === 'offer' ? 'offer' : 'request';
    let tokenId: number | null = null;
    if (answer === 'accept') {
      const token = tokenToMove(view.tokens, giverOf(pact));
      tokenId = token.id;
      await tx
        .update(battleTokens)
        .set({ holderTeamId: takerOf(pact) })
        .where(eq(battleTokens.id, token.id));
    }
    const status = answer === 'accept' ? 'accepted' : answer === 'decline' ? 'declined' : 'withdrawn';
    const [updated] = await tx
      .update(battlePacts)
      .set({ status, tokenId, answeredBy: actor, answeredAt: now })
      .where(and(eq(battlePacts.id, pactId), eq(battlePacts.status, 'open')))
      .returning();
    const text =
      answer === 'accept'
        ? `${to} accepted ${from}’s ${what}: a token moved from ${nameOf(view, giverOf(pact))} to ${nameOf(view, takerOf(pact))}.`
        : pactEndedText({ answer: answer === 'decline' ? 'declined' : 'withdrawn', from, to, kind: pact.kind });
    await logNegotiation(
      tx,
      battleId,
      {
        round,
        kind: `pact_${status}` as LogKind,
        team: answer === 'withdraw' ? pact.from : pact.to,
        other: answer === 'withdraw' ? pact.to : pact.from,
        pact: pactId,
        actor,
        text,
      },
      now,
    );
    await publish(tx, [
      {
        to: { room: battleRoom(battleId) },
        message:
          answer === 'accept'
            ? { type: 'pact_accepted', battle_id: battleId, pact_id: pactId, giver_team_id: giverOf(pact), taker_team_id: takerOf(pact) }
            : {
                type: answer === 'decline' ? 'pact_declined' : 'pact_withdrawn',
                battle_id: battleId,
                pact_id: pactId,
                from_team_id: pact.from,
                to_team_id: pact.to,
              },
      },
    ]);
    return presentPact(updated ?? row);
  });
}

export async function declareImmunity(ctx: AppContext, battleId: number, actor: number, userId: number) {
  return inOpenRound(ctx, battleId, actor, async (tx, { view, mine, round, livingOf, memberName }) => {
    const problem = declareProblem(view, mine, userId, livingOf.get(mine) ?? []);
    if (problem) throw refused(problem);
    const now = ctx.now();
    const token = tokenToMove(view.tokens, mine);
    const [row] = await tx
      .update(battleTokens)
      .set({ status: 'declared', usedRound: round, usedOn: userId })
      .where(and(eq(battleTokens.id, token.id), eq(battleTokens.status, 'held')))
      .returning();
    await logNegotiation(
      tx,
      battleId,
      {
        round,
        kind: 'immunity_declared',
        team: mine,
        member: userId,
        actor,
        text: `${nameOf(view, mine)} spent a token on ${memberName.get(userId) ?? 'a member'}: protected from round ${round}’s cut.`,
      },
      now,
    );
    await publish(tx, [
      {
        to: { room: battleRoom(battleId) },
        message: { type: 'immunity_used', battle_id: battleId, round_no: round, team_id: mine, user_id: userId },
      },
    ]);
    return {
      id: row!.id,
      holder_team_id: row!.holderTeamId,
      earned_team_id: row!.earnedTeamId,
      earned_round: row!.earnedRound,
      status: 'declared' as const,
      used_round: row!.usedRound,
      used_on: row!.usedOn,
    };
  });
}

/** The public view: tokens per squad, the open proposals, the log (newest first) and the caller's captaincy. */
export async function getNegotiation(ctx: AppContext, battleId: number, viewer: number | null) {
  const db = ctx.database.db;
  const battle = await loadSquadBattle(db, battleId);
  const trades = (await negotiationRules(db, [battleId])).get(battleId);
  const now = ctx.now();
  const open = battle.finishedAt ? null : openRound(await roundsOf(db, battleId), now);
  const round = open?.roundNo ?? null;
  const [{ view, squads, pactRows }, log] = await Promise.all([
    negotiationView(db, battleId, round, trades ?? 0),
    db
      .select()
      .from(battleNegotiationLog)
      .where(eq(battleNegotiationLog.battleId, battleId))
      .orderBy(desc(battleNegotiationLog.id))
      .limit(NEGOTIATION_LIMITS.maxLogItems),
  ]);
  const count = (team: number, status: string) => view.tokens.filter((t) => t.holder === team && t.status === status).length;
  const mine = viewer === null ? undefined : squads.find((s) => s.captainId === viewer && view.standing.has(s.teamId));
  return {
    enabled: trades !== undefined,
    trades_per_round: trades ?? 0,
    round_no: trades !== undefined ? round : null,
    squads: squads.map((s) => ({
      team_id: s.teamId,
      name: s.name,
      standing: view.standing.has(s.teamId),
      held: count(s.teamId, 'held'),
      declared: count(s.teamId, 'declared'),
      spent: view.tokens.filter((t) => t.status === 'spent' && t.holder === s.teamId).length,
      trades_this_round: round === null ? 0 : tradesIn(view.pacts, s.teamId, round),
    })),
    open_pacts: pactRows.filter((p) => p.status === 'open' && p.roundNo === round).map(presentPact),
    log: log.map((l) => ({
      id: l.id,
      round_no: l.roundNo,
      kind: l.kind as LogKind,
      team_id: l.teamId,
      other_team_id: l.otherTeamId,
      member_id: l.memberId,
      text: l.text,
      at: l.at.toISOString(),
    })),
    my:
      mine && trades !== undefined
        ? {
            team_id: mine.teamId,
            trades_left: round === null ? 0 : Math.max(0, trades - tradesIn(view.pacts, mine.teamId, round)),
            protected: view.tokens
              .filter((t) => t.holder === mine.teamId && t.status === 'declared' && t.usedRound === round)
              .map((t) => t.usedOn!),
          }
        : null,
  };
}
