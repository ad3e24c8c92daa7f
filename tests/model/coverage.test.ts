import { describe, expect, it } from 'vitest';
import { graphOf, loadCharts, loadMachineFiles } from './charts.ts';

/**
 * Every transition of every chart in machines/ must lie on a generated path: a new
 * state, event, guard branch, timer or invoked actor without a sample to drive it fails
 * here, naming the transition, instead of going untested.
 */
const charts = await loadCharts();

describe('chart coverage by generated paths', () => {
  it('every machine file has a sample table (tests/model/samples/<name>.samples.ts)', async () => {
    const tabled = new Set(charts.map((c) => c.samples.machine));
    const missing = (await loadMachineFiles()).filter((f) => f.machines.some((m) => !tabled.has(m))).map((f) => `machines/${f.file}`);
    expect(missing, 'machine files without a tests/model/samples/<name>.samples.ts').toEqual([]);
  });

  for (const chart of charts) {
    it(`${chart.name}: every transition is on a generated path`, () => {
      const graph = graphOf(chart);
      const uncovered = graph.transitions.filter((t) => !graph.covered.has(t.key)).map((t) => t.key);
      const covered = graph.transitions.length - uncovered.length;
      console.log(
        `${chart.name}: transitions defined ${graph.transitions.length} / covered ${covered} (${Math.floor((100 * covered) / graph.transitions.length)}%), ${graph.paths.length} paths`,
      );
      expect(uncovered, `${chart.name}: transitions on no generated path`).toEqual([]);
    });
  }
});
