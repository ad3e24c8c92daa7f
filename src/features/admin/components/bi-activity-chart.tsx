import { chartAxis, useUplotChart } from '#src/components/uplot-chart.ts';
import type { BiDay } from '../api/business-intelligence.ts';

const dayToSeconds = (day: string) => new Date(`${day}T12:00:00Z`).getTime() / 1000;

/** Daily, weekly and monthly active users per day as lines (uPlot); the table below carries the same numbers. */
export default function BiActivityChart({ days, label }: { days: BiDay[]; label: string }) {
  const { box, failed } = useUplotChart(
    (c) => {
      if (days.length === 0) return null;
      const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
      const axis = chartAxis(c);
      return {
        options: {
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
          axes: [
            { ...axis, values: (_u, splits) => splits.map((v) => dateFormat.format(new Date(v * 1000))) },
            { ...axis, size: 48, splits: (_u, _i, _min, max) => Array.from({ length: 5 }, (_, k) => Math.round((k * max) / 4)) },
          ],
          series: [
            {},
            { label: 'Monthly active', stroke: c.muted, width: 2, dash: [6, 4], points: { show: false } },
            { label: 'Weekly active', stroke: c.fg, width: 2, points: { show: false } },
            { label: 'Daily active', stroke: c.accent, width: 2.5, points: { show: false } },
          ],
        },
        data: [
          days.map((d) => dayToSeconds(d.day)),
          days.map((d) => d.monthly_active),
          days.map((d) => d.weekly_active),
          days.map((d) => d.daily_active),
        ],
      };
    },
    [days],
    { height: 240 },
  );
  if (failed) return <p className="error-text">The chart could not be drawn. The table below has every day.</p>;
  return <div ref={box} className="bi-chart" role="img" aria-label={label} />;
}
