import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pending } from '#src/lib/settled.tsx';
import SettledSignal from '#src/lib/settled-signal.tsx';

// `<html data-settled>` (#36): what the end-to-end sweeps wait for before reading a page (tests/e2e/support/settled.ts)
// instead of a quiet network. It must not be set while an answer or a lazy part is still on its way.

const settled = () => document.documentElement.hasAttribute('data-settled');
const frames = () => act(() => new Promise((done) => setTimeout(done, 100)));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Answer({ answer }: { answer: Promise<string> }) {
  const { data } = useQuery({ queryKey: ['answer'], queryFn: () => answer });
  return <p>{data ?? 'waiting'}</p>;
}

function Page({ children }: { children: React.ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      {children}
      <SettledSignal />
    </QueryClientProvider>
  );
}

afterEach(() => document.documentElement.removeAttribute('data-settled'));

describe('the settled signal', () => {
  it('is set only once the page’s query has answered and rendered', async () => {
    const answer = deferred<string>();
    render(
      <Page>
        <Answer answer={answer.promise} />
      </Page>,
    );
    await frames();
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(settled()).toBe(false);
    await act(async () => answer.resolve('the final'));
    await frames();
    expect(screen.getByText('the final')).toBeTruthy();
    expect(settled()).toBe(true);
  });

  it('is not set while a lazy part shows its fallback', async () => {
    const chunk = deferred<{ default: React.ComponentType }>();
    const Finder = lazy(() => chunk.promise);
    render(
      <Page>
        <Suspense fallback={<Pending />}>
          <Finder />
        </Suspense>
      </Page>,
    );
    await frames();
    expect(settled()).toBe(false);
    await act(async () => chunk.resolve({ default: () => <p>The finder</p> }));
    await screen.findByText('The finder');
    await frames();
    expect(settled()).toBe(true);
  });
});
