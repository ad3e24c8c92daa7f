import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
// Loaded with this lazily imported component only, so the page's first paint never waits for it.
import 'uplot/dist/uPlot.min.css';
import { chartColours, useThemeKey } from '../../../components/chart-theme.ts';
import type { WeekCount } from '../api/analytics.ts';

const HEIGHT = 220;

const dayToSeconds = (day: string) => new Date(`${day}T12:00:00Z`).getTime() / 1000;

/** Submissions per week as bars (uPlot); the table beside it carries the same numbers for screen readers. */
export default function WeeklyChart({ weeks, label }: { weeks: WeekCount[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const c = chartColours(el);
        const xs = weeks.map((w) => dayToSeconds(w.week_start));
        const ys = weeks.map((w) => w.submissions);
        const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
        const axis = {
          stroke: c.fg,
          grid: { stroke: c.border, width: 1 },
          ticks: { stroke: c.border, width: 1 },
          font: '12px system-ui, sans-serif',
        };
        const bars = UPlot.paths.bars?.({ size: [0.7, 40] });
        const opts: uPlot.Options = {
          width: Math.max(260, el.clientWidth),
          height: HEIGHT,
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
        };
        chart = new UPlot(opts, [xs, ys], el);
        observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(260, el.clientWidth), height: HEIGHT }));
        observer.observe(el);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [weeks, theme]);

  if (failed) return <p className="error-text">The chart could not be drawn. The table below has every week.</p>;
  return <div ref={box} className="analytics-chart" role="img" aria-label={label} />;
}
