import type uPlot from 'uplot';
import { chartAxis, useUplotChart } from '#src/components/uplot-chart.ts';
import { formatMeasure } from '#domain/measures.ts';
import { KG_PER_LB, M_PER_KM, M_PER_MI } from '#domain/scoring/units.ts';
import type { PerformanceSeries, Units } from '../api/profile.ts';

const HEIGHT = 320;
const DAY = 86_400;

/** Seconds since the epoch at local noon of a YYYY-MM-DD day (noon keeps the day right in every zone). */
const dayToSeconds = (day: string) => new Date(`${day}T12:00:00`).getTime() / 1000;

/**
 * Round tick values in the unit the athlete reads (lb, mi, km), returned in the test's unit,
 * so formatMeasure prints "210 lb" rather than a converted "209.4 lb". Null keeps uPlot's own.
 */
function displayFactor(unit: PerformanceSeries['unit'], units: Units, max: number): number | null {
  if (unit === 'kg') return units === 'imperial' ? 1 / KG_PER_LB : 1;
  if (unit === 'meters') return units === 'imperial' ? 1 / M_PER_MI : max >= M_PER_KM ? 1 / M_PER_KM : 1;
  return null;
}

function niceSplits(min: number, max: number, factor: number): number[] {
  const lo = min * factor;
  const hi = max * factor;
  const rough = (hi - lo || Math.abs(hi) || 1) / 5;
  const pow = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= rough)!;
  const splits: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-6; v += step) splits.push(v / factor);
  return splits;
}

/** One test's results over time as a line; a lower-is-better test is drawn with its axis flipped so up is always better. */
export default function ProgressChart({ series, units, label }: { series: PerformanceSeries; units: Units; label: string }) {
  const { box, failed } = useUplotChart(
    (c) => {
      const xs = series.points.map((p) => dayToSeconds(p.achieved_on));
      const ys = series.points.map((p) => p.value);
      const factor = displayFactor(series.unit, units, Math.max(...ys));
      const span = xs.length > 1 ? xs[xs.length - 1]! - xs[0]! : 0;
      const dateFormat = new Intl.DateTimeFormat(
        undefined,
        span > 400 * DAY ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' },
      );
      const axis = chartAxis(c);
      return {
        options: {
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { size: 10, fill: c.accent } },
          scales: {
            x: {
              time: true,
              // From the data itself: for a single point uPlot passes max = min + 86,400,000 s (its day in ms, read as
              // seconds), which spread one result over almost three years.
              range: () => {
                const first = xs[0]!;
                const last = xs[xs.length - 1]!;
                return span < 2 * DAY ? [first - 15 * DAY, last + 15 * DAY] : [first - span * 0.03, last + span * 0.03];
              },
            },
            y: {
              dir: series.direction === 'lower' ? -1 : 1,
              range: (_u, min, max) => {
                const pad = (max - min) * 0.12 || Math.abs(max) * 0.1 || 1;
                return [Math.max(0, min - pad), max + pad];
              },
            },
          },
          axes: [
            { ...axis, space: 90, values: (_u, splits) => splits.map((v) => dateFormat.format(new Date(v * 1000))) },
            {
              ...axis,
              size: 84,
              ...(factor !== null ? { splits: (_u: uPlot, _i: number, min: number, max: number) => niceSplits(min, max, factor) } : {}),
              values: (_u, splits) => splits.map((v) => formatMeasure(v, series.unit, units)),
            },
          ],
          series: [
            {},
            {
              label: series.test_name,
              stroke: c.accent,
              width: 2.5,
              points: { show: true, size: 9, width: 2, stroke: c.accent, fill: c.surface },
            },
          ],
        },
        data: [xs, ys],
      };
    },
    [series, units],
    { height: HEIGHT },
  );
  if (failed) return <p className="error-text">The chart could not be drawn. The table below has every result.</p>;
  return <div ref={box} className="progress-chart" role="img" aria-label={label} />;
}
