import type { Page } from '@playwright/test';
import { waitForSettled } from './settled.ts';

// Layout shift as Lighthouse sums it: a PerformanceObserver for 'layout-shift', installed before the page's own
// scripts run (and reading the buffered entries), records every shift not caused by input with what moved.

declare global {
  interface Window {
    __shifts?: { value: number; at: number; moved: string[] }[];
    /** Takes the shifts the browser recorded but has not yet handed to the observer's callback. */
    __takeShifts?: () => void;
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
  const add = (entries: PerformanceEntryList) => {
    for (const e of entries as Shift[]) {
      if (e.hadRecentInput) continue;
      window.__shifts!.push({
        value: e.value,
        at: Math.round(e.startTime),
        moved: (e.sources ?? []).map((s) => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`),
      });
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  window.__takeShifts = () => add(observer.takeRecords());
}

/**
 * The page's layout shift since it loaded (observeShifts installed), once its late parts are in: the page settled (its
 * chunks and lazy parts rendered, its answers in: support/settled.ts; was Playwright's `networkidle`, 500 ms of quiet
 * network, and before that a fixed 400 ms wait: #36), the pictures it is loading in, the fonts loaded, and two frames
 * painted after that (a shift is recorded when its frame paints), the shifts not yet handed to the observer taken
 * too. A problem naming what moved when it adds up to 0.001 or more, else null.
 */
export async function layoutShiftProblem(page: Page, where: string): Promise<string | null> {
  await waitForSettled(page);
  const shifts = await page.evaluate(async () => {
    // Pictures being loaded (a lazy one below the fold is not), each for at most 5 s.
    const loading = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
    const loaded = (img: HTMLImageElement) =>
      new Promise((done) => {
        img.addEventListener('load', done, { once: true });
        img.addEventListener('error', done, { once: true });
        setTimeout(done, 5_000);
      });
    await Promise.all(loading.map(loaded));
    await document.fonts.ready;
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
    window.__takeShifts?.();
    return window.__shifts ?? [];
  });
  const cls = shifts.reduce((sum, s) => sum + s.value, 0);
  if (cls < 0.001) return null;
  return `${where} shifts ${cls.toFixed(3)}:\n${shifts.map((s) => `    ${s.value.toFixed(3)} at ${s.at} ms: ${s.moved.join(', ')}`).join('\n')}`;
}
