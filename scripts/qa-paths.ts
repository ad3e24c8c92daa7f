/**
 * The model paths for QA: `npm run qa:paths -- [machine] [--format json|md|playwright] [--states] [--out dir]`.
 * json/md print every generated path of each machine (or with --states only the shortest
 * path to each state): the events with their payloads and the state expected after each.
 * playwright writes one spec per machine that has a page driver (tests/qa/drivers/<machine>.ts)
 * into tests/e2e/qa/ (or --out), driving the shortest path to each state in the real UI.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { graphOf, loadCharts } from '../tests/model/charts.ts';
import { exportMachine, hasDriver, playwrightSpec, toMarkdown } from '../tests/qa/export.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const format = option('--format') ?? 'json';
const out = option('--out');
const statesOnly = args.includes('--states');
const machine = args.find((a) => !a.startsWith('--'));
if (!['json', 'md', 'playwright'].includes(format)) {
  console.error(`unknown --format ${format}: json, md or playwright`);
  process.exit(2);
}

const charts = await loadCharts(machine);
if (!charts.length) {
  console.error(machine ? `no tests/model/samples/${machine}.samples.ts` : 'no sample tables in tests/model/samples/');
  process.exit(2);
}

if (format === 'playwright') {
  const dir = path.resolve(out ?? path.join(import.meta.dirname, '../tests/e2e/qa'));
  mkdirSync(dir, { recursive: true });
  for (const chart of charts) {
    if (!hasDriver(chart.name)) {
      console.error(`${chart.name}: no page driver (tests/qa/drivers/${chart.name}.ts), no spec`);
      continue;
    }
    const file = path.join(dir, `${chart.name}.spec.ts`);
    writeFileSync(file, playwrightSpec(graphOf(chart), dir));
    console.error(`${chart.name}: ${graphOf(chart).statePaths.length} paths → ${path.relative(process.cwd(), file)}`);
  }
} else {
  const machines = charts.map((chart) => exportMachine(graphOf(chart), statesOnly ? 'states' : 'all'));
  process.stdout.write(format === 'md' ? `${toMarkdown(machines)}\n` : `${JSON.stringify(machines, null, 2)}\n`);
}
