import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { driversDir, hasDriver, playwrightSpec } from '../qa/export.ts';
import { graphOf, loadCharts } from './charts.ts';

/**
 * The Playwright specs in tests/e2e/qa/ are generated and committed (`npm run qa:paths --
 * --format playwright`); this fails when a chart, its samples or a driver changed and they
 * were not regenerated, or a driver has no spec.
 */
const specDir = path.resolve(import.meta.dirname, '../e2e/qa');
const charts = await loadCharts();

describe('generated QA specs', () => {
  it('every page driver is for a chart with a sample table', () => {
    const drivers = readdirSync(driversDir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3));
    expect(drivers.filter((d) => !charts.some((c) => c.name === d))).toEqual([]);
  });

  for (const chart of charts.filter((c) => hasDriver(c.name))) {
    it(`tests/e2e/qa/${chart.name}.spec.ts is what the chart generates now`, () => {
      const file = path.join(specDir, `${chart.name}.spec.ts`);
      expect(existsSync(file), `${file} missing: run npm run qa:paths -- --format playwright`).toBe(true);
      expect(readFileSync(file, 'utf8'), 'stale: run npm run qa:paths -- --format playwright').toBe(
        playwrightSpec(graphOf(chart), specDir),
      );
      // Walking a larger chart (score-submission) took over the default 5 s on a loaded 2-core machine.
    }, 30_000);
  }
});
