import { chartAxis, useUplotChart } from '#src/components/uplot-chart.ts';

/** One line of a daily chart: its name, its values (one per day) and its look (faint dashed, plain, or the accent). */
export interface DailyLine {
  label: string;
  values: number[];
  look: 'faint' | 'plain' | 'accent';
}

const dayToSeconds = (day: string) => new Date(`${day}T12:00:00Z`).getTime() / 1000;

/**
 * Up to three lines over days (uPlot), the y axis from 0, dates on the x axis in the reader's words. The page keeps a
 * table beside it with the same numbers; `fallback` says where when the chart cannot be drawn. The chart is drawn
 * again when `days` or `lines` change identity: callers keep them in a memo over their data.
 */
export function DailyLinesChart(props: {
  days: readonly string[];
  lines: readonly DailyLine[];
  label: string;
  height: number;
  points: boolean;
  className: string;
  fallback: string;
}) {
  const { days, lines, label, height, points, className, fallback } = props;
  const { box, failed } = useUplotChart(
    (c) => {
      if (days.length === 0) return null;
      const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
      const axis = chartAxis(c);
      const look = {
        faint: { stroke: c.muted, width: 2, dash: [6, 4] },
        plain: { stroke: c.fg, width: 2 },
        accent: { stroke: c.accent, width: 2.5 },
      };
      return {
        options: {
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
          axes: [
            { ...axis, values: (_u, splits) => splits.map((v) => dateFormat.format(new Date(v * 1000))) },
            { ...axis, size: 48, splits: (_u, _i, _min, max) => Array.from({ length: 5 }, (_, k) => Math.round((k * max) / 4)) },
          ],
          series: [{}, ...lines.map((l) => ({ label: l.label, ...look[l.look], points: { show: points } }))],
        },
        data: [days.map(dayToSeconds), ...lines.map((l) => l.values)],
      };
    },
    [days, lines],
    { height },
  );
  if (failed) return <p className="error-text">{fallback}</p>;
  return <div ref={box} className={className} role="img" aria-label={label} />;
}
