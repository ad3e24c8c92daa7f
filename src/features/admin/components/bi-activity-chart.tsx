import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
// Loaded with this lazily imported component only, so the admin pages' first paint never waits for it.
import 'uplot/dist/uPlot.min.css';
import { chartColours, useThemeKey } from '../../../components/chart-theme.ts';
import type { BiDay } from '../api/business-intelligence.ts';

const HEIGHT = 240;

const dayToSeconds = (day: string) => new Date(`${day}T12:00:00Z`).getTime() / 1000;

/** Daily, weekly and monthly active users per day as lines (uPlot); the table below carries the same numbers. */
export default function BiActivityChart({ days, label }: { days: BiDay[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || days.length === 0) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const c = chartColours(el);
        const xs = days.map((d) => dayToSeconds(d.day));
        const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
        const axis = {
          stroke: c.fg,
          grid: { stroke: c.border, width: 1 },
          ticks: { stroke: c.border, width: 1 },
          font: '12px system-ui, sans-serif',
        };
        const opts: uPlot.Options = {
          width: Math.max(260, el.clientWidth),
          height: HEIGHT,
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
        };
        const data: uPlot.AlignedData = [
          xs,
          days.map((d) => d.monthly_active),
          days.map((d) => d.weekly_active),
          days.map((d) => d.daily_active),
        ];
        chart = new UPlot(opts, data, el);
        observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(260, el.clientWidth), height: HEIGHT }));
        observer.observe(el);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, theme]);

  if (failed) return <p className="error-text">The chart could not be drawn. The table below has every day.</p>;
  return <div ref={box} className="bi-chart" role="img" aria-label={label} />;
}
