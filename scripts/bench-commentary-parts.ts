// Parts of scripts/bench-commentary.ts: the board as the bench believes it stands (to pick moves worth a line), a slow
// OpenAI-compatible endpoint, and the commentary jobs and drafts waiting.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/index.ts';
import { rowsOf } from './bench-lib.ts';

const CLIMB = 10;

const execRows = async <T>(db: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

/** Commentary jobs not finished: a line's (`commentary_write`) or a board's coalesced one (`commentary_drafts`). */
const COMMENTARY_JOBS = sql`kind in ('commentary_write', 'commentary_drafts') and state in ('queued', 'running')`;
export const waiting = async (db: Database) =>
  (await execRows<{ n: number }>(db, sql`select count(*)::int as n from jobs where ${COMMENTARY_JOBS}`))[0]!.n;
/** Commentary jobs not finished, and lines waiting for the model (drafts). */
export const waitingRows = async (db: Database) =>
  (
    await execRows<{ jobs: number; drafts: number }>(
      db,
      sql`select (select count(*)::int from jobs where ${COMMENTARY_JOBS}) as jobs, (select count(*)::int from commentary_drafts) as drafts`,
    )
  )[0]!;

export interface Athlete {
  userId: number;
  headers: Record<string, string>;
  value: number;
}

/** The board as the bench believes it stands (best first), to pick moves that climb ten places or take the lead. */
export class Board {
  private readonly rows: Athlete[];
  readonly busy = new Set<number>();
  private moves = 0;
  constructor(athletes: Athlete[]) {
    this.rows = [...athletes].sort((a, b) => b.value - a.value);
  }

  /** The next move: a mover below the top 20 (not mid-submission) and its new best; one in fifty takes the lead. */
  next(): { athlete: Athlete; reps: number } | null {
    const n = (this.moves += 1);
    for (let tries = 0; tries < 20; tries++) {
      const i = 20 + Math.floor(Math.random() * (this.rows.length - 20));
      const athlete = this.rows[i]!;
      if (this.busy.has(athlete.userId)) continue;
      const reps = (n % 50 === 0 ? this.rows[0]!.value : this.rows[i - CLIMB]!.value) + 1;
      this.rows.splice(i, 1);
      athlete.value = reps;
      let lo = 0;
      let hi = this.rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.rows[mid]!.value >= reps) lo = mid + 1;
        else hi = mid;
      }
      this.rows.splice(lo, 0, athlete);
      return { athlete, reps };
    }
    return null;
  }
}

/**
 * An OpenAI-compatible endpoint that answers every chat completion after `delayMs`, with a line naming the athlete;
 * counts the calls and the most it held open at once.
 */
export async function slowModel(delayMs: number) {
  let calls = 0;
  let open = 0;
  let mostAtOnce = 0;
  const server: Server = createServer((req, res) => {
    mostAtOnce = Math.max(mostAtOnce, (open += 1));
    res.on('close', () => (open -= 1));
    let raw = '';
    req.on('data', (c: Buffer) => (raw += String(c)));
    req.on('end', () => {
      calls += 1;
      const body = JSON.parse(raw || '{}') as { model?: string; messages?: { content: string }[] };
      const content = body.messages?.at(-1)?.content ?? '{}';
      const athlete = /"athlete":\s*"([^"]*)"/.exec(content)?.[1] ?? 'The athlete';
      const reply = JSON.stringify({
        id: 'chatcmpl-bench',
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `${athlete} storms up the board!` } }],
      });
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(reply), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls: () => calls,
    mostAtOnce: () => mostAtOnce,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Clock ticks per second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU ms a process has used (user + system), from /proc; 0 when it cannot be read (not Linux, not local). */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU spent by this process and by the database's server processes for this database (PostgreSQL on this machine:
 * its backends' /proc entries), in ms since `start()`: a figure other helpers' load on the machine barely moves,
 * unlike latencies. PGlite runs inside this process, so only this process's figure is read there.
 */
export async function cpuMeter(db: Database) {
  const backends = async () => {
    try {
      const rows = await execRows<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`);
      return rows.map((r) => Number(r.pid));
    } catch {
      return [];
    }
  };
  const at = new Map<number, number>();
  let node = process.cpuUsage();
  return {
    async start() {
      at.clear();
      for (const pid of await backends()) at.set(pid, processCpuMs(pid));
      node = process.cpuUsage();
    },
    async stop() {
      const used = process.cpuUsage(node);
      let database = 0;
      for (const pid of new Set([...at.keys(), ...(await backends())])) database += Math.max(0, processCpuMs(pid) - (at.get(pid) ?? 0));
      return { node: (used.user + used.system) / 1000, database };
    },
  };
}
