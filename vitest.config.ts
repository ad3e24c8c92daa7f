import { defineConfig } from 'vitest/config';

// Server tests share one module graph per worker (`isolate: false`): re-importing the server, PGlite and
// the OpenAPI document for every file cost about 40% of the suite's CPU time. Files that replace a module
// (vi.mock) or spy on one keep their own graph in a project of their own. Three workers on two cores:
// much of a server test is waiting (PostgreSQL, sockets, real timers), so a third worker fills the gaps.
// Unit and model tests share a graph per worker too: none replaces a module or sets globals, and
// re-importing xstate, @xstate/graph and the charts for each of ~100 files was a third of their CPU time.
const ownModules = ['tests/server/challenges-submission-atomic.test.ts', 'tests/server/realtime-limits.test.ts'];
const server = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', isolate: false },
      },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], environment: 'node', isolate: false } },
      // Components in a DOM (happy-dom) with Testing Library: UI behaviour that needs no server (a form's
      // checks, what a flow shows as its chart moves), rendered with the chart's actors provided.
      {
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/setup.ts'],
        },
      },
      // The process tests start the compiled server: globalSetup builds it once per run when its sources changed.
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: ownModules,
          isolate: false,
          globalSetup: ['tests/server/global-setup.ts'],
          ...server,
        },
      },
      { test: { name: 'server-own-modules', include: ownModules, ...server } },
    ],
  },
});
