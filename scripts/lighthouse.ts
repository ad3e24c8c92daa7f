// Lighthouse (mobile: its default phone, slow 4G and a 4x slower CPU) on the pages the budgets name:
//   npm run lighthouse
// Serves the production build over the demo world, like `npm start`, and prints performance,
// accessibility, layout shift and the largest contentful paint of each page beside the targets
// (performance >= 95, accessibility 100, layout shift <= 0.05), the median of LIGHTHOUSE_RUNS runs
// (default 3) with every run's figures beside it. LIGHTHOUSE_PAGES=ranks,home keeps the pages whose
// name holds one of those words. The floor app (the design card's seven libraries, scripts/bench-floor.ts) is
// scored in the same batch, served by a plain static server, so each page's score has a same-run baseline.
// Not a test: figures vary with the machine.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { buildIfNeeded } from './build-if-needed.mjs';
import { buildServerIfNeeded } from './build-server.mjs';
import { CHROMIUM_ARGS, ensureBrowser } from './find-browser.mjs';
import { startApp } from '../tests/e2e/support/app.ts';
import { Mailbox } from '../tests/e2e/support/mailbox.ts';
import { ADMIN_EMAIL } from '../tests/e2e/support/accounts.ts';
import { serveStatic } from './bench-first-load.ts';
import { buildFloor } from './bench-floor.ts';

const TARGETS = { performance: 95, accessibility: 100, cls: 0.05 };

buildIfNeeded();
// startApp runs the compiled server (dist/server/main.js), as `npm start` does.
await buildServerIfNeeded();
const mailbox = new Mailbox();
const smtp = await mailbox.start();
const app = await startApp({ SEED: 'demo', SMTP_URL: smtp, ADMIN_EMAILS: ADMIN_EMAIL });
const floor = await serveStatic(await buildFloor());
const chrome = await chromeLauncher.launch({ chromePath: await ensureBrowser(), chromeFlags: CHROMIUM_ARGS });
try {
  const open = ((await (await fetch(`${app.url}api/challenges/discover?status=open`)).json()) as { items: { id: number }[] }).items;
  const pages = [
    { name: 'home', url: app.url },
    { name: 'challenge leaderboard', url: `${app.url}challenge-leaderboard-page?id=${open[0]?.id ?? 1}` },
    { name: 'global ranks', url: `${app.url}global-test-leaderboards-page` },
    { name: 'challenge discovery', url: `${app.url}challenge-discovery-page` },
    { name: 'global leaderboards', url: `${app.url}global-leaderboards-page` },
    { name: 'floor app (baseline)', url: floor.url },
  ];
  console.log('\n# Lighthouse, mobile (signed out, production build, demo data)');
  console.log(`  targets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, layout shift <= ${TARGETS.cls}\n`);
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
  console.log(
    `  each page ${runs} time(s); the median run is shown, then every run's performance / first paint / largest paint / blocking time\n`,
  );
  for (const { name, url } of pages.filter((p) => only.length === 0 || only.some((w) => p.name.includes(w)))) {
    const results: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      if (result.lhr.runtimeError)
        console.log(`      run ${i + 1} could not measure: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
    }
    const perfOf = (l: (typeof results)[number]) => l.categories.performance?.score ?? 0;
    const lhr = [...results].sort((a, b) => perfOf(a) - perfOf(b))[Math.floor(results.length / 2)]!;
    // LIGHTHOUSE_REPORTS=dir keeps each page's median report (open it to see what shifted and why).
    if (process.env.LIGHTHOUSE_REPORTS)
      writeFileSync(`${process.env.LIGHTHOUSE_REPORTS}/${name.replace(/ /g, '-')}.json`, JSON.stringify(lhr));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const cls = Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0);
    const lcp = Number(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
    const perf = score('performance');
    const a11y = score('accessibility');
    const ok = perf >= TARGETS.performance && a11y >= TARGETS.accessibility && cls <= TARGETS.cls;
    console.log(
      `  ${name.padEnd(24)} performance ${String(perf).padStart(3)}   accessibility ${String(a11y).padStart(3)}   ` +
        `layout shift ${cls.toFixed(3)}   LCP ${(lcp / 1000).toFixed(2)} s   ${ok ? 'within' : 'OVER'}`,
    );
    const ms = (l: (typeof results)[number], id: string) => Math.round(Number(l.audits[id]?.numericValue ?? 0));
    console.log(
      `      runs: ${results.map((l) => `${Math.round(perfOf(l) * 100)} / ${ms(l, 'first-contentful-paint')} / ${ms(l, 'largest-contentful-paint')} / ${ms(l, 'total-blocking-time')} ms`).join(';  ')}` +
        `   (CPU benchmark index ${results.map((l) => Math.round(l.environment.benchmarkIndex)).join(', ')})`,
    );
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
    );
    for (const a of failing) console.log(`      accessibility: ${a.title}`);
    if (lhr.runtimeError) console.log(`      Lighthouse could not measure: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const shifts =
      (lhr.audits['layout-shifts']?.details as { items?: { score?: number; node?: { snippet?: string } }[] } | undefined)?.items ?? [];
    for (const shift of shifts.slice(0, 3))
      console.log(`      shift ${Number(shift.score ?? 0).toFixed(3)}: ${String(shift.node?.snippet ?? '?').slice(0, 120)}`);
  }
} finally {
  await chrome.kill();
  await floor.close();
  await app.stop();
  await mailbox.stop();
}
