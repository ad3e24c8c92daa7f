import { useMemo } from 'react';
import { DailyLinesChart } from '#src/components/daily-lines-chart.tsx';

export interface CampaignDayTotal {
  day: string;
  views: number;
  clicks: number;
  joins: number;
}

/** Impressions (views), clicks and joins per day as lines (uPlot); the table beside it carries the totals. */
export default function CampaignChart({ days, label }: { days: CampaignDayTotal[]; label: string }) {
  const [dates, lines] = useMemo(
    () =>
      [
        days.map((d) => d.day),
        [
          { label: 'Impressions', values: days.map((d) => d.views), look: 'faint' },
          { label: 'Clicks', values: days.map((d) => d.clicks), look: 'plain' },
          { label: 'Joins', values: days.map((d) => d.joins), look: 'accent' },
        ],
      ] as const,
    [days],
  );
  return (
    <DailyLinesChart
      days={dates}
      lines={lines}
      label={label}
      height={200}
      points
      className="creators-chart"
      fallback="The chart could not be drawn. The table below has the totals."
    />
  );
}
