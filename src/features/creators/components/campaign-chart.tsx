import { chartAxis, useUplotChart } from '#src/components/uplot-chart.ts';

export interface CampaignDayTotal {
  day: string;
  views: number;
  clicks: number;
  joins: number;
}

const dayToSeconds = (day: string) => new Date(`${day}T12:00:00Z`).getTime() / 1000;

/** Impressions (views), clicks and joins per day as lines (uPlot); the table beside it carries the totals. */
export default function CampaignChart({ days, label }: { days: CampaignDayTotal[]; label: string }) {
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
            { label: 'Impressions', stroke: c.muted, width: 2, dash: [6, 4], points: { show: true } },
            { label: 'Clicks', stroke: c.fg, width: 2, points: { show: true } },
            { label: 'Joins', stroke: c.accent, width: 2.5, points: { show: true } },
          ],
        },
        data: [days.map((d) => dayToSeconds(d.day)), days.map((d) => d.views), days.map((d) => d.clicks), days.map((d) => d.joins)],
      };
    },
    [days],
    { height: 200 },
  );
  if (failed) return <p className="error-text">The chart could not be drawn. The table below has the totals.</p>;
  return <div ref={box} className="creators-chart" role="img" aria-label={label} />;
}
