import { formatMeasure, type Direction, type TestUnit } from '#domain/measures.ts';
import { useViewerUnits } from '../api/profile.ts';
import type { TestDeepDive } from '../api/tests.ts';
import { formatCount } from '#src/lib/format-count.ts';

type Bin = TestDeepDive['histogram'][number];
type Percentiles = NonNullable<TestDeepDive['percentiles']>;

const WIDTH = 640;
const HEIGHT = 250;
const LEFT = 44;
const RIGHT = 20;
const TOP = 44;
const BOTTOM = 34;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;

export const PERCENTILE_KEYS = ['p25', 'p50', 'p75', 'p90'] as const;
/** Percentile values are where an athlete beats that share of the field. */
export const PERCENTILE_LABELS: Record<(typeof PERCENTILE_KEYS)[number], string> = {
  p25: 'Beats 25%',
  p50: 'Beats 50% (median)',
  p75: 'Beats 75%',
  p90: 'Beats 90%',
};

/** The distribution of athletes' best results, drawn in plain SVG, with a table for screen readers. */
export function BoardHistogram({
  bins,
  percentiles,
  unit,
  direction,
  testName,
}: {
  bins: Bin[];
  percentiles: Percentiles | null;
  unit: TestUnit;
  direction: Direction;
  testName: string;
}) {
  const units = useViewerUnits();
  const fmt = (v: number) => formatMeasure(v, unit, units);
  const total = bins.reduce((n, b) => n + b.count, 0);
  if (bins.length === 0 || total === 0) {
    return <p className="empty card">No approved results yet, so there is no distribution to show.</p>;
  }
  const lo = bins[0]!.from;
  const hi = bins[bins.length - 1]!.to;
  const span = hi - lo || 1;
  const maxCount = Math.max(...bins.map((b) => b.count));
  const x = (v: number) => LEFT + Math.min(1, Math.max(0, (v - lo) / span)) * PLOT_W;
  const slot = PLOT_W / bins.length;
  const busiest = bins.reduce((a, b) => (b.count > a.count ? b : a));

  // Marker labels that would overlap move up a line.
  const markers = percentiles
    ? PERCENTILE_KEYS.map((key) => ({ key, value: percentiles[key], x: x(percentiles[key]) })).sort((a, b) => a.x - b.x)
    : [];
  const lastXByLevel: number[] = [];
  const placed = markers.map((m) => {
    let level = 0;
    while (lastXByLevel[level] !== undefined && m.x - lastXByLevel[level]! < 40) level++;
    lastXByLevel[level] = m.x;
    return { ...m, level };
  });

  const better = direction === 'lower' ? 'left' : 'right';
  const summary =
    `Histogram of the best results on ${testName}: ${formatCount(total)} athletes, from ${fmt(lo)} to ${fmt(hi)}. ` +
    `The most common range is ${fmt(busiest.from)} to ${fmt(busiest.to)} with ${formatCount(busiest.count)} athletes.` +
    (percentiles ? ` The median is ${fmt(percentiles.p50)}; beating 90% of athletes takes ${fmt(percentiles.p90)}.` : '');

  return (
    <figure className="histogram">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
        {bins.map((b, i) => {
          const h = b.count === 0 ? 0 : Math.max(2, (b.count / maxCount) * PLOT_H);
          return (
            <rect
              key={i}
              className="histogram-bar"
              x={LEFT + i * slot + 1}
              y={TOP + PLOT_H - h}
              width={Math.max(1, slot - 2)}
              height={h}
              rx={2}
            />
          );
        })}
        <line className="histogram-axis" x1={LEFT} x2={LEFT + PLOT_W} y1={TOP + PLOT_H} y2={TOP + PLOT_H} />
        <line className="histogram-axis" x1={LEFT} x2={LEFT} y1={TOP} y2={TOP + PLOT_H} />
        <text className="histogram-label" x={LEFT - 6} y={TOP + 4} textAnchor="end">
          {formatCount(maxCount)}
        </text>
        <text className="histogram-label" x={LEFT - 6} y={TOP + PLOT_H} textAnchor="end">
          0
        </text>
        <text className="histogram-label" x={LEFT} y={HEIGHT - 12} textAnchor="start">
          {fmt(lo)}
        </text>
        <text className="histogram-label" x={LEFT + PLOT_W / 2} y={HEIGHT - 12} textAnchor="middle">
          {fmt(lo + span / 2)}
        </text>
        <text className="histogram-label" x={LEFT + PLOT_W} y={HEIGHT - 12} textAnchor="end">
          {fmt(hi)}
        </text>
        {placed.map((m) => (
          <g key={m.key}>
            <line className="histogram-marker" x1={m.x} x2={m.x} y1={TOP - 4 - m.level * 14} y2={TOP + PLOT_H} />
            <text className="histogram-marker-label" x={m.x} y={TOP - 8 - m.level * 14} textAnchor="middle">
              {m.key}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="hint">
        Athletes per range of best results (bars); better results are on the {better}. Dashed lines mark the percentiles: p90 is the result
        that beats 90% of athletes.
      </figcaption>
      {/* A table ignores width: 1px; the box around it does not, so the hidden table adds no page width. */}
      <div className="visually-hidden">
        <table>
          <caption>Distribution of best results on {testName}</caption>
          <thead>
            <tr>
              <th scope="col">Results from</th>
              <th scope="col">Up to</th>
              <th scope="col">Athletes</th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b, i) => (
              <tr key={i}>
                <th scope="row">{fmt(b.from)}</th>
                <td>{fmt(b.to)}</td>
                <td>{formatCount(b.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
