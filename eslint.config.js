// The lint `npm test` runs first: the import layers of docs/architecture.md ("Imports run one way"), cycles and the rules of hooks.
// Non-type-checked on purpose, so it stays fast; style is Prettier's job, not this file's.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Server areas (server/areas/<area>/): another area, the app shell and the lower modules see only an area's index.ts.
const areas = readdirSync('server/areas', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// Drizzle's tables are the database's layer: an area's schema files are read through server/db/schema.ts (and by each other).
const schemaFiles = (area) =>
  readdirSync(`server/areas/${area}`)
    .filter((f) => /^schema.*\.ts$/.test(f))
    .map((f) => `./${f}`);
const serverZones = [
  ...areas.flatMap((area) =>
    areas
      .filter((other) => other !== area)
      .map((other) => ({
        target: `./server/areas/${area}`,
        from: `./server/areas/${other}`,
        except: ['./index.ts', ...schemaFiles(other)],
        message: `A server area imports another only through its index.ts: use server/areas/${other}/index.ts (or move what both need to server/lib).`,
      })),
  ),
  {
    target: ['./server/lib', './server/db'],
    from: './server/areas',
    except: areas.flatMap((area) => schemaFiles(area).map((f) => `./${area}/${f.slice(2)}`)),
    message: 'Lower modules (server/lib, server/db) never import an area: areas build on them.',
  },
  {
    target: './server/areas',
    from: ['./server/app.ts', './server/handlers.ts', './server/main.ts', './server/seed/demo.ts'],
    message: 'Areas never import the app shell: the shell composes areas.',
  },
];

// Deep relative imports read badly and break when a folder moves: climb at most one folder, else use an alias.
const deepRelative = {
  regex: '^(\\.\\./){2}',
  message: 'Climb at most one folder: import through the package aliases instead (#domain/…, #server/…, #src/…; package.json#imports).',
};

const zones = [
  ...serverZones,
  // A feature never imports another feature: what two need goes to src/api, src/lib or src/components.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/api, src/lib or src/components.',
  })),
  { target: './src/features', from: './src/app', message: 'Features never import the app shell: the app composes features.' },
  {
    target: ['./src/components', './src/lib', './src/api'],
    from: ['./src/features', './src/app'],
    message: 'Shared code never imports features or the app.',
  },
  { target: './src', from: './server', message: 'The client never imports the server: share through domain/ or the OpenAPI contract.' },
  { target: './server', from: './src', message: 'The server never imports the client: share through domain/ or the OpenAPI contract.' },
  {
    target: './domain',
    from: ['./src', './server', './machines'],
    message: 'domain/ is pure TypeScript both sides run: it imports nothing of the app.',
  },
  {
    target: './machines',
    from: ['./src', './server', './tests'],
    message: 'Machines are pure statecharts: the app provides their effects (domain/ is fine); test tooling lives in tests/model.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true, project: './tsconfig.json' })],
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // TypeScript checks what a namespace or default import names; these two rules re-parsed every imported module
      // to check it again (namespace alone 6.5 of a cold lint's 31 rule-seconds, 6 Dec).
      'import-x/namespace': 'off',
      'import-x/default': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // House rule: no source file over 500 lines; split by concern.
      'max-lines': ['error', { max: 500 }],
      // Unused code is TypeScript's job (noUnusedLocals/noUnusedParameters); one owner, no double reports.
      '@typescript-eslint/no-unused-vars': 'off',
      // Default-imported packages (openapi-fetch, postgres, …) ship no named alias for their default export.
      'import-x/no-named-as-default': 'off',
      'import-x/no-named-as-default-member': 'off',
      // A closure registered before the value exists (an onClose hook) reads it later: that `let` is right.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Every chart's actor starts through useFlow (src/lib/flow/use-flow.ts), which attaches the inspector.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['src/lib/flow/use-flow.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@xstate/react',
              importNames: ['useActorRef', 'useMachine', 'createActorContext'],
              message: 'Start a chart with useFlow / createFlowContext (src/lib/flow/use-flow.ts): they attach the inspector.',
            },
          ],
          patterns: [deepRelative],
        },
      ],
    },
  },
  {
    // Drizzle's barrel: schema.ts re-exports each area's tables, and they reference users lazily (references(() => users.id)).
    files: ['server/db/schema*.ts', 'server/areas/*/schema*.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // Playwright fixtures are named useApp/useAppWithMail: they are not React hooks.
    files: ['tests/e2e/**', 'tests/qa/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Code the browser runs never imports Node's built-ins.
    files: ['src/**', 'machines/**', 'domain/**'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    // A page has not settled while a Suspense boundary shows its fallback (src/lib/settled.tsx): every fallback is a
    // <Pending> (or the page fallback, which holds one), else the journeys' settled signal could fire early.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='Suspense']:not(:has(JSXAttribute[name.name='fallback'] > JSXExpressionContainer > JSXElement > JSXOpeningElement[name.name=/^(Pending|PageFallback)$/]))",
          message:
            'A Suspense fallback is a <Pending> (src/lib/settled.tsx) or <PageFallback />, so the page is not settled while it shows.',
        },
      ],
    },
  },
  {
    // domain/ is pure TypeScript both sides run: no package at all (no React, no ORM, no framework).
    files: ['domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^[^.#]', message: 'domain/ is pure TypeScript both sides run: it imports no package.' }, deepRelative] },
      ],
    },
  },
  {
    files: ['machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'react-dom/client', '@xstate/react', 'openapi-fetch'].map((name) => ({
            name,
            message: 'Machines are pure: no React, no API client (the app provides the calls as actors).',
          })),
          patterns: [
            { group: ['@tanstack/*'], message: 'Machines are pure: server state lives in react-query, outside the charts.' },
            deepRelative,
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'XMLHttpRequest', 'WebSocket'].map(
          (name) => ({
            name,
            message: 'Machines are pure: the DOM and the network enter as provided actors or actions.',
          }),
        ),
      ],
    },
  },
);
