import { useMemo } from 'react';
import { DailyLinesChart } from '#src/components/daily-lines-chart.tsx';
import type { BiDay } from '../api/business-intelligence.ts';

/** Daily, weekly and monthly active users per day as lines (uPlot); the table below carries the same numbers. */
export default function BiActivityChart({ days, label }: { days: BiDay[]; label: string }) {
  const [dates, lines] = useMemo(
    () =>
      [
        days.map((d) => d.day),
        [
          { label: 'Monthly active', values: days.map((d) => d.monthly_active), look: 'faint' },
          { label: 'Weekly active', values: days.map((d) => d.weekly_active), look: 'plain' },
          { label: 'Daily active', values: days.map((d) => d.daily_active), look: 'accent' },
        ],
      ] as const,
    [days],
  );
  return (
    <DailyLinesChart
      days={dates}
      lines={lines}
      label={label}
      height={240}
      points={false}
      className="bi-chart"
      fallback="The chart could not be drawn. The table below has every day."
    />
  );
}
