import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
// Imported only by the lazily loaded chart components, so pages without a chart never pay for it.
import 'uplot/dist/uPlot.min.css';

/** The theme's colours for a canvas chart (uPlot draws with values, not CSS variables), read at `el`. */
export function chartColours(el: HTMLElement) {
  const css = getComputedStyle(el);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    fg: read('--color-text', '#1c1917'),
    muted: read('--color-text-muted', '#57534e'),
    border: read('--color-border', '#d6d3d1'),
    accent: read('--color-brand', '#c2410c'),
    surface: read('--color-surface', '#ffffff'),
  };
}

export type ChartColours = ReturnType<typeof chartColours>;

/** The axis look every chart shares: text in the theme's colour, grid and ticks in its border colour. */
export const chartAxis = (c: ChartColours) => ({
  stroke: c.fg,
  grid: { stroke: c.border, width: 1 },
  ticks: { stroke: c.border, width: 1 },
  font: '12px system-ui, sans-serif',
});

/** Follows the theme attribute, so a chart keyed on it is redrawn in the new colours. */
function useThemeKey(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? '');
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? ''));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/** What a chart draws: uPlot's options without the size (the box decides it) and its data. */
export interface ChartSpec {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}

/**
 * Draws a uPlot chart into the returned box: uPlot is imported on first use, the chart is as wide
 * as the box (at least `minWidth`) and follows it, and it is drawn again in the new colours when the
 * theme changes. `spec` is called with the theme's colours and uPlot (for its path builders); it is
 * called again whenever `deps` change, and may answer null to draw nothing. `failed` is true when uPlot
 * could not be loaded.
 */
export function useUplotChart(
  spec: (colours: ChartColours, UPlot: typeof uPlot) => ChartSpec | null,
  deps: readonly unknown[],
  { height, minWidth = 260 }: { height: number; minWidth?: number },
) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();
  const [failed, setFailed] = useState(false);
  const latest = useRef(spec);
  latest.current = spec;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const width = () => Math.max(minWidth, el.clientWidth);
    import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const made = latest.current(chartColours(el), UPlot);
        if (!made) return;
        chart = new UPlot({ ...made.options, width: width(), height }, made.data, el);
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height }));
        observer.observe(el);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
    // `spec` is read through `latest`: the chart is drawn again when its data (deps), the theme or the size change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, theme, height, minWidth]);
  return { box, failed };
}
