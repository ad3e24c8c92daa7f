import { chartAxis, useUplotChart } from '#src/components/uplot-chart.ts';
import type { WeekCount } from '../api/analytics.ts';

const dayToSeconds = (day: string) => new Date(`${day}T12:00:00Z`).getTime() / 1000;

/** Submissions per week as bars (uPlot); the table beside it carries the same numbers for screen readers. */
export default function WeeklyChart({ weeks, label }: { weeks: WeekCount[]; label: string }) {
  const { box, failed } = useUplotChart(
    (c, UPlot) => {
      const xs = weeks.map((w) => dayToSeconds(w.week_start));
      const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
      const axis = chartAxis(c);
      const bars = UPlot.paths.bars?.({ size: [0.7, 40] });
      return {
        options: {
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: {
            x: { time: true, range: () => [xs[0]! - 4 * 86_400, xs[xs.length - 1]! + 4 * 86_400] },
            y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
          },
          axes: [
            {
              ...axis,
              // Ticks on week starts only: every fourth week on a wide chart, every eighth on a phone.
              splits: (u) => xs.filter((_, i) => (xs.length - 1 - i) % (u.width < 480 ? 8 : 4) === 0),
              values: (_u, splits) => splits.map((v) => dateFormat.format(new Date(v * 1000))),
            },
            { ...axis, size: 40, splits: (_u, _i, _min, max) => Array.from({ length: 5 }, (_, k) => Math.round((k * max) / 4)) },
          ],
          series: [{}, { label: 'Submissions', stroke: c.accent, fill: c.accent, width: 1, paths: bars, points: { show: false } }],
        },
        data: [xs, weeks.map((w) => w.submissions)],
      };
    },
    [weeks],
    { height: 220 },
  );
  if (failed) return <p className="error-text">The chart could not be drawn. The table below has every week.</p>;
  return <div ref={box} className="analytics-chart" role="img" aria-label={label} />;
}
