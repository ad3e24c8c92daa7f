// A part of scripts/bench-commentary.ts (#42): the leaderboard's own latency (the submission's answer, the board read)
// with commentary written by a model that answers after 5 s, beside two baselines in the same run: commentary off
// (the move hook's deferred task dropped: no facts read, nothing stored) and the templates (the same facts read, the
// line stored in the same deferred batch). One node, its job worker polling each second as in production; a templates
// window runs it with its LLM settings taken out of its config (the move's batch then writes template lines:
// write-soon.ts decides per batch), while the board's model job, already running, keeps its writer and goes on in the
// background as it does in the off windows. Windows rotate (off, templates, model; then templates, model, off; …) so no
// mode always follows the same one. Beside the latencies, the CPU each mode spent per answered move (this process,
// which is the server and its clients, and the database's backends for this database, from /proc): other helpers'
// load on a shared machine swings the latencies by more than the modes differ, and barely moves this figure.
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { DEFAULT_LLM_CONCURRENCY, type AppConfig, type LlmSettings } from '../server/config.ts';
import type { Database, DatabaseHandle } from '../server/db/index.ts';
import { DRAFTS_PER_SLOT, MODEL_BEHIND_TEXT } from '../server/areas/commentary/index.ts';
import { rowsOf } from './bench-lib.ts';
import { cpuMeter, slowModel, waitingRows, type Board } from './bench-commentary-parts.ts';
import { feed, listen, load, MOVE_TASK, moveTasks, row, sleep, stats, type Figures } from './bench-commentary-feed.ts';

const SLOW_MODEL_MS = 5_000;
const MODES = ['off', 'templates', 'model'] as const;
type Mode = (typeof MODES)[number];
const NAMES: Record<Mode, string> = {
  off: 'commentary off',
  templates: 'templates',
  model: `model answering after ${SLOW_MODEL_MS / 1000} s`,
};

const exec = async <T>(db: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
const ratio = (base: Figures, b: Figures) => `p50 ${(b.p50 / base.p50).toFixed(2)}x, p99 ${(b.p99 / base.p99).toFixed(2)}x`;

/** `windows` rounds of the three modes, `seconds` each, at `rate` moves a minute on the board `id`. */
export async function latencyRun(
  handle: DatabaseHandle,
  config: AppConfig,
  id: number,
  board: Board,
  o: { windows: number; seconds: number; rate: number },
) {
  const model = await slowModel(SLOW_MODEL_MS);
  const concurrency = Number(process.env.LLM_CONCURRENCY ?? DEFAULT_LLM_CONCURRENCY);
  const llm: LlmSettings = { baseUrl: model.baseUrl, model: 'bench-slow', timeoutMs: 8000, callsPerHour: 300, concurrency };
  const built = await buildApp({ ...config, llm }, handle, { rateLimit: false });
  const moves = moveTasks(built);
  const base = await listen(built);
  const withModel = built.context.config;
  const withTemplates = { ...withModel, llm: undefined };
  const since = new Date().toISOString();
  const results = Object.fromEntries(
    MODES.map((m) => [m, { submit: [] as number[], read: [] as number[], p50s: [] as number[], node: 0, database: 0, answered: 0 }]),
  ) as Record<Mode, { submit: number[]; read: number[]; p50s: number[]; node: number; database: number; answered: number }>;
  const cpu = await cpuMeter(handle.db);
  const loadBefore = load();
  let answered = 0;
  // The jobs table's commentary rows and the drafts, sampled each second.
  const most = { jobs: 0, drafts: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await waitingRows(handle.db);
      most.jobs = Math.max(most.jobs, now.jobs);
      most.drafts = Math.max(most.drafts, now.drafts);
      await sleep(1000);
    }
  })();
  const run = async (mode: Mode, seconds: number) => {
    moves.off = mode === 'off';
    built.context.config = mode === 'templates' ? withTemplates : withModel;
    return feed(base, id, board, seconds, o.rate);
  };
  try {
    // Warm-up (validators and serializers compiled, statements prepared), the model first: its writer is made then.
    for (const mode of [...MODES].reverse()) await run(mode, 1);
    for (let r = 0; r < o.windows; r++) {
      for (let i = 0; i < MODES.length; i++) {
        const mode = MODES[(i + r) % MODES.length]!;
        await cpu.start();
        const fed = await run(mode, o.seconds);
        const used = await cpu.stop();
        results[mode].node += used.node;
        results[mode].database += used.database;
        results[mode].answered += fed.answered;
        answered += fed.answered;
        results[mode].submit.push(...fed.submit);
        results[mode].read.push(...fed.read);
        results[mode].p50s.push(stats(fed.submit).p50);
        if (fed.firstError) console.log(`    first refusal: ${fed.firstError}`);
      }
    }
    sampling = false;
    await sampler;
    built.context.config = withModel;
    while (moves.pending > 0) await sleep(50);
    const [lines] = await exec<{ model: number; behind: number; fallback: number; templates: number }>(
      handle.db,
      sql`select count(*) filter (where source = 'model')::int as model,
          count(*) filter (where fallback_reason = ${MODEL_BEHIND_TEXT})::int as behind,
          count(*) filter (where fallback_reason is not null and fallback_reason <> ${MODEL_BEHIND_TEXT})::int as fallback,
          count(*) filter (where source = 'template' and fallback_reason is null)::int as templates
        from commentary_lines where challenge_id = ${id} and created_at >= ${since}::timestamptz`,
    );
    const waitingNow = await waitingRows(handle.db);
    console.log(
      `  the leaderboard's own latency, ${o.windows} windows of ${o.seconds} s of each mode, rotated, ${answered.toLocaleString('en')} moves` +
        ` (load ${loadBefore} → ${load()}):`,
    );
    const submit = Object.fromEntries(MODES.map((m) => [m, stats(results[m].submit)])) as Record<Mode, Figures>;
    const read = Object.fromEntries(MODES.map((m) => [m, stats(results[m].read)])) as Record<Mode, Figures>;
    for (const m of MODES) row(`the submission’s answer, ${NAMES[m]}`, submit[m]);
    for (const m of MODES) row(`the board read, ${NAMES[m]}`, read[m]);
    for (const m of MODES)
      console.log(`    submission p50 window by window, ${NAMES[m]}: ${results[m].p50s.map((v) => v.toFixed(1)).join(' / ')} ms`);
    const perMove = (m: Mode) => ({
      node: results[m].node / Math.max(1, results[m].answered),
      database: results[m].database / Math.max(1, results[m].answered),
    });
    for (const m of MODES) {
      const c = perMove(m);
      console.log(
        `    CPU per answered move, ${NAMES[m]}: ${(c.node + c.database).toFixed(2)} ms (this process ${c.node.toFixed(2)}, the database's backends ${c.database.toFixed(2)})`,
      );
    }
    const over = (m: Mode) => perMove(m).node + perMove(m).database - perMove('off').node - perMove('off').database;
    console.log(
      `    commentary's own CPU per move (mode − off): templates ${over('templates').toFixed(2)} ms, model ${over('model').toFixed(2)} ms (load-robust, unlike the latencies)`,
    );
    console.log(`    ratio model / off:       submission ${ratio(submit.off, submit.model)}; board read ${ratio(read.off, read.model)}`);
    console.log(
      `    ratio model / templates: submission ${ratio(submit.templates, submit.model)}; board read ${ratio(read.templates, read.model)} (target ~1)`,
    );
    console.log(
      `    ratio templates / off:   submission ${ratio(submit.off, submit.templates)}; board read ${ratio(read.off, read.templates)} (commentary's own cost)`,
    );
    console.log(
      `    the model was asked ${model.calls()} times (at most ${model.mostAtOnce()} at once, ${SLOW_MODEL_MS / 1000} s each): ${lines!.model} model lines,` +
        ` ${lines!.behind.toLocaleString('en')} by the templates because the board's drafts were full (${DRAFTS_PER_SLOT * concurrency} kept),` +
        ` ${lines!.fallback} other fallbacks, ${lines!.templates.toLocaleString('en')} template lines;` +
        ` commentary jobs not finished at most ${most.jobs} (${waitingNow.jobs} at the end), drafts at most ${most.drafts} (${waitingNow.drafts} at the end);` +
        ` ${moves.dropped.toLocaleString('en')} moves' commentary dropped while off`,
    );
    if (moves.dropped === 0 || moves.seen === moves.dropped) {
      console.log(`    NOT measured: the move hook's deferred task '${MOVE_TASK}' was not seen in every mode (renamed in moves.ts?)`);
      process.exitCode = 1;
    }
  } finally {
    sampling = false;
    await sampler;
    // Close the slow endpoint before the app: a call still in flight fails, falls back to the templates, and its line
    // is written while the database is still open.
    await model.close();
    await sleep(500);
    built.context.config = withModel;
    await built.app.close();
  }
}
