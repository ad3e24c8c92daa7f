// Parts of scripts/bench-commentary.ts: score submissions over HTTP at a rate (open loop) with a board reader beside
// them, the move hook's deferred work counted (and dropped while commentary is off), and how the figures print.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { BuiltApp } from '../server/app.ts';
import { percentile } from './bench-lib.ts';
import type { Athlete, Board } from './bench-commentary-parts.ts';

export const READ_EVERY_MS = 50;
export const MAX_IN_FLIGHT = 256;
/** The name `noteScoreMove` (server/areas/commentary/moves.ts) defers its work under: dropped when commentary is off. */
export const MOVE_TASK = 'commentary move';
/** The name lines are stored under, in batches (server/areas/commentary/write-soon.ts): counted while pending. */
const LINES_TASK = 'commentary lines';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
export const load = () => os.loadavg()[0]!.toFixed(1);

export interface Figures {
  p50: number;
  p99: number;
  n: number;
}
export const stats = (samples: number[]): Figures => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted.length ? { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length } : { p50: NaN, p99: NaN, n: 0 };
};
export const row = (name: string, m: Figures) =>
  console.log(`  ${name.padEnd(58)} p50 ${ms(m.p50).padStart(9)}   p99 ${ms(m.p99).padStart(9)}   (${m.n.toLocaleString('en')})`);

export interface Fed {
  answered: number;
  failed: number;
  skipped: number;
  seconds: number;
  submit: number[];
  read: number[];
  /** When each stored score's answer arrived (ms since the epoch), by score id. */
  answeredAt: Map<number, number>;
  firstError?: string;
}

/**
 * Moves at `perMinute` for `seconds` (open loop: each is sent when due, at most MAX_IN_FLIGHT at once, the rest
 * skipped and counted), while one reader reads the board every READ_EVERY_MS; every answer timed.
 */
export async function feed(base: string, challengeId: number, board: Board, seconds: number, perMinute: number): Promise<Fed> {
  const fed: Fed = { answered: 0, failed: 0, skipped: 0, seconds, submit: [], read: [], answeredAt: new Map() };
  const interval = 60_000 / perMinute;
  const inFlight = new Set<Promise<void>>();
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/challenges/rankings?challenge_id=${challengeId}&offset=0&limit=50`);
      await res.arrayBuffer();
      if (res.ok) fed.read.push(performance.now() - t0);
      await sleep(READ_EVERY_MS);
    }
  })();
  const submit = async (athlete: Athlete, reps: number) => {
    board.busy.add(athlete.userId);
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/challenges/${challengeId}/submit-score`, {
        method: 'POST',
        headers: athlete.headers,
        body: JSON.stringify({ reps }),
      });
      const body = await res.text();
      if (res.status === 201) {
        fed.submit.push(performance.now() - t0);
        fed.answeredAt.set(Number((JSON.parse(body) as { score: { id: number } }).score.id), Date.now());
        fed.answered += 1;
      } else {
        fed.failed += 1;
        fed.firstError ??= `${res.status} ${body.slice(0, 200)}`;
      }
    } finally {
      board.busy.delete(athlete.userId);
    }
  };
  const start = performance.now();
  let k = 0;
  for (;;) {
    const elapsed = performance.now() - start;
    if (elapsed >= seconds * 1000) break;
    for (const due = Math.floor(elapsed / interval) + 1; k < due; k++) {
      const move = inFlight.size < MAX_IN_FLIGHT ? board.next() : null;
      if (!move) {
        fed.skipped += 1;
        continue;
      }
      const p: Promise<void> = submit(move.athlete, move.reps).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  reading = false;
  await reader;
  return fed;
}

/**
 * Counts the move hook's deferred tasks still to finish (the facts read and the lines or drafts stored), and drops
 * them while `off` says so (commentary off: no facts read, nothing stored), by wrapping this app's `tasks.defer`.
 */
export function moveTasks(built: BuiltApp) {
  const tasks = built.context.tasks;
  const defer = tasks.defer.bind(tasks);
  const state = { off: false, pending: 0, seen: 0, dropped: 0 };
  tasks.defer = (name, work) => {
    if (name === LINES_TASK) {
      state.pending += 1;
      return defer(name, () => work().finally(() => (state.pending -= 1)));
    }
    if (name !== MOVE_TASK) return defer(name, work);
    state.seen += 1;
    if (state.off) {
      state.dropped += 1;
      return;
    }
    state.pending += 1;
    defer(name, () => work().finally(() => (state.pending -= 1)));
  };
  return state;
}

export async function listen(built: BuiltApp) {
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
}
