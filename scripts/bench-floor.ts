// The floor app the first-load figures are measured against (scripts/bench.ts) and that Lighthouse scores in the
// same batch as RepForge's pages (scripts/lighthouse.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The floor: a minimal Vite app with the design card's seven libraries (react, react-dom, wouter,
 * @tanstack/react-query, xstate, @xstate/react, openapi-fetch), each used once (a router with one
 * route and a link, a query, a machine in a component, a typed client), built with the same Vite and
 * target. What RepForge loads beyond it is its own code (Radix is not in the floor: a toast, a dialog
 * or a select is loaded when first used).
 */
export async function buildFloor(): Promise<string> {
  const dir = path.join(root, 'node_modules/.cache/bench-floor');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>floor</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    path.join(dir, 'src/main.tsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, Route, Router, Switch } from 'wouter';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMachine } from 'xstate';
import { useMachine } from '@xstate/react';
import createClient from 'openapi-fetch';

const client = createClient<Record<string, never>>({ baseUrl: '/' });
const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { TOGGLE: 'on' } }, on: { on: { TOGGLE: 'off' } } } });
const queryClient = new QueryClient();

function Home() {
  const [state, send] = useMachine(toggle);
  const q = useQuery({ queryKey: ['health'], queryFn: async () => (await client.GET('/api/health' as never)).data });
  return (
    <main>
      <h1>Floor</h1>
      <p>{JSON.stringify(q.data ?? null)}</p>
      <button onClick={() => send({ type: 'TOGGLE' })}>{String(state.value)}</button>
      <Link href="/other">Other</Link>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Router>
        <Switch>
          <Route path="/" component={Home} />
          <Route>Not found</Route>
        </Switch>
      </Router>
    </QueryClientProvider>
  </StrictMode>,
);
`,
  );
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const outDir = path.join(dir, 'dist');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: dir,
    configFile: false,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: false, target: 'es2022' },
  });
  process.env.NODE_ENV = previous;
  return outDir;
}
