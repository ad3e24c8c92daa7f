import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/find-browser.mjs';

// One production build (global setup) and one browser per worker (Debian's headless shell when installed,
// scripts/find-browser.mjs), shared by every file; each file has its own server on a fresh database (tests/e2e/support/app.ts). A plain
// one (mail, one admin) is started while the worker's previous file runs, and the generated QA
// paths share one per worker (tests/e2e/support/accounts.ts).
// Three workers (E2E_WORKERS overrides): most of a test is waiting on pages, so two files at once took the suite from
// about 21 to 14 minutes on two cores, and a third (once the journeys ran on PostgreSQL and a moved clock no longer
// raced a page's session restore) 869 → 717 s on 6 Dec; on a slower machine that morning the three kept both cores
// 96% busy, green with none flaky; a fourth, tried once axe cost half as much, was slower (671 against 634 s, the
// cores 98% against 94% busy; docs/testing.md).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry (E2E_RETRIES overrides): on two loaded cores a journey of a minute across server, sockets and a moved clock
  // can miss a beat; a test that passes only on its retry is listed as "flaky" in the output (docs/testing.md), and one
  // that fails twice fails the suite.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE || undefined,
      // E2E_CHROMIUM_EXTRA_ARGS (space-separated) adds flags for an A/B measurement (scripts/e2e-cpu.mjs).
      args: [...CHROMIUM_ARGS, ...(process.env.E2E_CHROMIUM_EXTRA_ARGS?.split(' ').filter(Boolean) ?? [])],
    },
    // The app honours prefers-reduced-motion (src/styles/tokens.css, the skeletons): no shimmer or transition keeps the
    // compositor drawing frames while a page waits on its data. No journey checks a motion.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
