// The pace a busy board is commented at (issue #42). A broadcast does not narrate 160 moves a second on one board:
// each server node gathers a board's moves for a tick, and a board's lines are paced by a bucket of
// BOARD_LINE_BURST lines refilled at BOARD_LINES_PER_MINUTE. When a tick's news is more than the bucket holds, a new
// leader or a record goes first, then the newest big jump; the rest are passed over. A tick whose board has no line
// left is not even read, so a busy board costs commentary a read every few ticks, not a line per move.
import type { MoveKind } from './commentary.ts';

/** How long a node gathers moves before reading their facts (one statement per tick for every board). */
export const COMMENTARY_TICK_MS = 250;
/** A board's lines a minute (per server node), on average once its burst is spent. */
export const BOARD_LINES_PER_MINUTE = 60;
/** A board's lines at once: a quiet board tells a burst of news (three climbs answered together) in full. */
export const BOARD_LINE_BURST = 20;

/** What editors are told about the pace (the commentary dashboard). */
export const BOARD_PACE_TEXT =
  `A busy board is commented at most ${BOARD_LINES_PER_MINUTE} lines a minute per server by default (${BOARD_LINE_BURST} at once; ` +
  'the operators can set another rate): ' +
  'past that a new leader or a record goes first, then the newest big jump, and the other moves get no line.';

/** A board's bucket: lines it may still get (fractional while refilling), as of `atMs`. */
export interface BoardPace {
  lines: number;
  atMs: number;
}

/**
 * The bucket at `nowMs`: refilled at `perMinute` for the time since, up to the burst (a board never seen has a full
 * bucket).
 */
export function paceAt(pace: BoardPace | undefined, nowMs: number, perMinute = BOARD_LINES_PER_MINUTE): BoardPace {
  if (!pace) return { lines: BOARD_LINE_BURST, atMs: nowMs };
  const refilled = pace.lines + (Math.max(0, nowMs - pace.atMs) * perMinute) / 60_000;
  return { lines: Math.min(BOARD_LINE_BURST, refilled), atMs: nowMs };
}

const FIRST: Record<MoveKind, number> = { new_leader: 0, record: 0, big_jump: 1 };

/**
 * Which of a tick's news moves on one board get a line, given the lines its bucket holds: new leaders and records
 * first, then big jumps, the newest first within each; answered in the moves' own order. `news` is in the order
 * the moves were made (oldest first).
 */
export function movesToTell<T extends { kind: MoveKind }>(news: T[], lines: number): T[] {
  const room = Math.max(0, Math.floor(lines));
  if (news.length <= room) return news;
  const ranked = news.map((move, i) => ({ move, i })).sort((a, b) => FIRST[a.move.kind] - FIRST[b.move.kind] || b.i - a.i);
  const kept = new Set(ranked.slice(0, room).map((r) => r.i));
  return news.filter((_, i) => kept.has(i));
}
