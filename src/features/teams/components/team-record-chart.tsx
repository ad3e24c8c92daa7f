import { chartAxis, useUplotChart } from '#src/components/uplot-chart.ts';
import type { RecordPoint } from '../record.ts';

const DAY = 86_400;

/** The team's finishes as points on a line: up is better (the share of other teams it finished ahead of). */
export default function TeamRecordChart({ points, label }: { points: RecordPoint[]; label: string }) {
  const { box, failed } = useUplotChart(
    (c) => {
      const xs = points.map((p) => new Date(p.endedAt).getTime() / 1000);
      const first = xs[0]!;
      const last = xs[xs.length - 1]!;
      // A lone finish or finishes on one day still get a readable span of dates around them.
      const pad = Math.max(7 * DAY, (last - first) * 0.08);
      const dateFormat = new Intl.DateTimeFormat(undefined, {
        month: 'short',
        day: 'numeric',
        ...(last - first > 300 * DAY ? { year: 'numeric' as const } : {}),
      });
      const axis = chartAxis(c);
      return {
        options: {
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true, range: () => [first - pad, last + pad] }, y: { range: () => [0, 100] } },
          axes: [
            {
              ...axis,
              splits: (u) => {
                const count = u.width < 420 ? 3 : 5;
                const lo = first - pad;
                const step = (last + pad - lo) / (count + 1);
                return Array.from({ length: count }, (_, i) => lo + step * (i + 1));
              },
              values: (_u, splits) => splits.map((v) => dateFormat.format(new Date(v * 1000))),
            },
            { ...axis, size: 48, splits: () => [0, 25, 50, 75, 100], values: (_u, splits) => splits.map((v) => `${v}%`) },
          ],
          series: [{}, { label: 'Teams beaten', stroke: c.accent, width: 2, points: { show: true, size: 8, fill: c.accent } }],
        },
        data: [xs, points.map((p) => p.beaten)],
      };
    },
    [points],
    { height: 200, minWidth: 240 },
  );
  if (failed) return <p className="error-text">The chart could not be drawn. The table below has every finish.</p>;
  return <div ref={box} className="team-record-chart" role="img" aria-label={label} />;
}
