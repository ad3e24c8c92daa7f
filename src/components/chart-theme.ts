import { useEffect, useState } from 'react';

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

/** Follows the theme attribute, so a chart keyed on it is redrawn in the new colours. */
export function useThemeKey(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? '');
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? ''));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
