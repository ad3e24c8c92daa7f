import { inArray } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/index.ts';
import { commentaryBattleStreams, commentaryDrafts, commentaryLines, commentaryStreams } from '#server/db/schema.ts';
import { battleRoom, challengeRoom, liveAttemptRoom, publish } from '#server/lib/realtime/realtime-events.ts';
import { COMMENTARY_KINDS, isBattleFacts, isLiveFacts, type CommentaryFacts, type CommentaryKind } from '#domain/commentary.ts';
import type { WrittenLine } from './writers.ts';

// Storing written lines: one transaction for one line (the job), a batch of template lines (a move's own deferred
// step, write-soon.ts) or a board's model lines (drafts.ts); each line queued for editors, or published and announced
// at once where its stream auto-publishes.

export const COMMENTARY_WRITE_JOB = 'commentary_write';

type LineRow = typeof commentaryLines.$inferSelect;

export const presentLine = (r: LineRow) => ({
  id: r.id,
  challenge_id: r.challengeId,
  attempt_id: r.attemptId,
  battle_id: r.battleId,
  kind: r.kind as CommentaryKind,
  text: r.text,
  published_at: (r.publishedAt ?? r.createdAt).toISOString(),
});

/** The `commentary_published` messages of published lines, in one statement: the challenge's, battle's and attempt's rooms. */
export const announce = (db: Database, lines: LineRow[]) =>
  publish(
    db,
    lines.flatMap((r) => {
      const message = { type: 'commentary_published' as const, line: presentLine(r) };
      return [
        ...(r.challengeId !== null ? [{ to: { room: challengeRoom(r.challengeId) }, message }] : []),
        ...(r.battleId !== null ? [{ to: { room: battleRoom(r.battleId) }, message }] : []),
        ...(r.attemptId ? [{ to: { room: liveAttemptRoom(String(r.attemptId)) }, message }] : []),
      ];
    }),
  );

function isFacts(value: unknown): value is CommentaryFacts {
  const f = value as Partial<CommentaryFacts> | null;
  if (!f || typeof f !== 'object' || !(COMMENTARY_KINDS as readonly string[]).includes(f.kind as string)) return false;
  if (typeof f.athlete !== 'string') return false;
  const facts = f as CommentaryFacts;
  if (isBattleFacts(facts)) return typeof facts.battle === 'string' && Number.isInteger(facts.round) && Array.isArray(facts.names);
  if (typeof facts.challenge !== 'string') return false;
  return isLiveFacts(facts) ? typeof facts.count === 'string' : typeof facts.place === 'number' && typeof facts.score === 'string';
}

/** A seed for the templates from a moment's key, so an attempt's (or a battle's) lines vary. */
const keySeed = (id: number, key: string) => [...key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, id);

/** What a line is about, read from a `commentary_write` payload (a board move, a live moment or a battle's moment). */
export interface LineRequest {
  challengeId: number | null;
  userId: number | null;
  scoreId: number | null;
  live: { attemptId: number; key: string } | null;
  battle: { battleId: number; key: string } | null;
  facts: CommentaryFacts;
  seed: number;
}

/** The payload's line, or null when it is not one (unknown facts, no subject). */
export function lineRequest(payload: Record<string, unknown>): LineRequest | null {
  const { challenge_id, user_id, score_id, attempt_id, battle_id, event_key, facts } = payload as {
    challenge_id?: number;
    user_id?: number | null;
    score_id?: number;
    attempt_id?: number;
    battle_id?: number;
    event_key?: string;
    facts: unknown;
  };
  if (!isFacts(facts)) return null;
  const battle =
    Number.isInteger(battle_id) && typeof event_key === 'string' && isBattleFacts(facts) ? { battleId: battle_id!, key: event_key } : null;
  if (!battle && (!Number.isInteger(challenge_id) || !Number.isInteger(user_id))) return null;
  const live = Number.isInteger(attempt_id) && typeof event_key === 'string' ? { attemptId: attempt_id!, key: event_key } : null;
  const scoreId = Number.isInteger(score_id) ? score_id! : null;
  return {
    challengeId: battle ? null : challenge_id!,
    userId: typeof user_id === 'number' && Number.isInteger(user_id) ? user_id : null,
    scoreId,
    live,
    battle,
    facts,
    seed: live ? keySeed(live.attemptId, live.key) : battle ? keySeed(battle.battleId, battle.key) : Number(score_id) || 0,
  };
}

/** What a line (or a draft waiting for one) is about, as the columns both tables keep it in: their unique keys. */
export const subjectColumns = (r: LineRequest) => ({
  challengeId: r.challengeId,
  battleId: r.battle?.battleId ?? null,
  userId: r.userId,
  scoreId: r.scoreId,
  attemptId: r.live?.attemptId ?? null,
  eventKey: r.live?.key ?? r.battle?.key ?? null,
});

/**
 * Stores written lines in one transaction: each stream's setting read once, one multi-row insert (a line already
 * written, by a retried job or another node, is skipped), and the auto-published ones announced in one statement.
 * A model's line publishes alone only where editors opted in (it quotes athlete-written names). `drafts`: the
 * drafts these lines were written from (drafts.ts), deleted in the same transaction.
 */
export async function storeLines(
  ctx: AppContext,
  lines: { request: LineRequest; written: WrittenLine }[],
  drafts: number[] = [],
): Promise<void> {
  if (!lines.length && !drafts.length) return;
  const now = ctx.now();
  await ctx.database.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    if (drafts.length) await tx.delete(commentaryDrafts).where(inArray(commentaryDrafts.id, drafts));
    await storeLinesIn(tx, lines, now);
  });
}

/** `storeLines`' statements in the caller's transaction (a batch of drafts whose board has no room left: drafts.ts). */
export async function storeLinesIn(tx: Database, lines: { request: LineRequest; written: WrittenLine }[], now: Date): Promise<void> {
  if (!lines.length) return;
  const challengeIds = [...new Set(lines.flatMap((l) => (l.request.battle ? [] : [l.request.challengeId!])))];
  const battleIds = [...new Set(lines.flatMap((l) => (l.request.battle ? [l.request.battle.battleId] : [])))];
  const [streams, battleStreams] = await Promise.all([
    challengeIds.length ? tx.select().from(commentaryStreams).where(inArray(commentaryStreams.challengeId, challengeIds)) : [],
    battleIds.length ? tx.select().from(commentaryBattleStreams).where(inArray(commentaryBattleStreams.battleId, battleIds)) : [],
  ]);
  const values = lines.map(({ request: r, written }) => {
    const stream = r.battle
      ? battleStreams.find((s) => s.battleId === r.battle!.battleId)
      : streams.find((s) => s.challengeId === r.challengeId);
    const auto = !!stream?.autoPublish && (written.source === 'template' || stream.autoPublishModel);
    return {
      ...subjectColumns(r),
      kind: r.facts.kind,
      facts: r.facts,
      text: written.text,
      source: written.source,
      fallbackReason: written.fallbackReason,
      status: auto ? 'published' : 'queued',
      createdAt: now,
      publishedAt: auto ? now : null,
    };
  });
  const stored = await tx.insert(commentaryLines).values(values).onConflictDoNothing().returning();
  // A retried submission's move (or a moment seen twice) was written already: nothing stored, nothing announced.
  const published = stored.filter((l) => l.status === 'published').sort((a, b) => a.id - b.id);
  if (published.length) await announce(tx, published);
}
