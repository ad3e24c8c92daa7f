import type { Page } from '@playwright/test';

// Layout shift as Lighthouse sums it: a PerformanceObserver for 'layout-shift', installed before the page's own
// scripts run (and reading the buffered entries), records every shift not caused by input with what moved.

declare global {
  interface Window {
    __shifts?: { value: number; at: number; moved: string[] }[];
  }
}

/** An init script (page.addInitScript): records every layout shift not caused by input, with what moved. */
export function observeShifts() {
  window.__shifts = [];
  const describe = (node: Node | null) => {
    if (!node || !(node instanceof Element)) return node?.nodeName ?? '?';
    const cls = typeof node.className === 'string' && node.className.trim() ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls}> "${text}"`;
  };
  type Rect = { x: number; y: number; width: number; height: number };
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node: Node | null; previousRect: Rect; currentRect: Rect }[];
  };
  const box = (r: Rect) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Shift[]) {
      if (e.hadRecentInput) continue;
      window.__shifts!.push({
        value: e.value,
        at: Math.round(e.startTime),
        moved: (e.sources ?? []).map((s) => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * The page's layout shift since it loaded (observeShifts installed), once its late parts had their time (a lazy
 * finder, a picture, a font, the frames after the last answer): a problem naming what moved when it adds up to
 * 0.001 or more, else null.
 */
export async function layoutShiftProblem(page: Page, where: string): Promise<string | null> {
  await page.waitForTimeout(400);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const shifts = await page.evaluate(() => window.__shifts ?? []);
  const cls = shifts.reduce((sum, s) => sum + s.value, 0);
  if (cls < 0.001) return null;
  return `${where} shifts ${cls.toFixed(3)}:\n${shifts.map((s) => `    ${s.value.toFixed(3)} at ${s.at} ms: ${s.moved.join(', ')}`).join('\n')}`;
}
