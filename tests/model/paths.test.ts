import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { graphOf, loadCharts } from './charts.ts';
import { drivePath } from './drive.ts';

/**
 * Every chart in machines/ without its own model test (tests/model/<name>.test.ts, which
 * replays the same generated paths with that machine's checks of outputs and effects):
 * each generated path replayed on the real actor, which must reach the state the chart
 * walk predicts, by the same transitions, after every step.
 */
const charts = (await loadCharts()).filter(
  (c) => process.env.MODEL_ALL || !existsSync(path.join(import.meta.dirname, `${c.name}.test.ts`)),
);

it('replays here every chart that has no model test of its own', () => {
  console.log(`generic replay: ${charts.map((c) => c.name).join(', ') || 'none (each chart has its own test)'}`);
});

for (const chart of charts) {
  describe(`${chart.name} chart: generated paths`, () => {
    const graph = graphOf(chart);
    graph.paths.forEach((p, i) => {
      it(`#${i + 1} ${p.description}`, () => drivePath(chart.samples, p));
    });
  });
}
