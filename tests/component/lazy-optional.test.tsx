import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyOptional } from '#src/app/lazy-optional.tsx';

// The shell's extras (session notes, the live broadcast banner, the frame host) render beside every page with no error
// boundary above them: a chunk that cannot load must leave the extra out, not blank the app.

function Shell({ Extra }: { Extra: React.ComponentType }) {
  return (
    <>
      <Suspense fallback={null}>
        <Extra />
      </Suspense>
      <main>The page itself</main>
    </>
  );
}

describe('lazyOptional', () => {
  it('renders the extra once its chunk is in', async () => {
    const Banner = lazyOptional('The banner', async () => ({ default: () => <p>Live now: the final</p> }));
    render(<Shell Extra={Banner} />);
    expect(await screen.findByText('Live now: the final')).toBeTruthy();
    expect(screen.getByText('The page itself')).toBeTruthy();
  });

  it('leaves the extra out and keeps the page when its chunk fails to load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Banner = lazyOptional('The banner', () =>
      Promise.reject<{ default: React.ComponentType }>(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(<Shell Extra={Banner} />);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('The banner failed to load:', expect.any(TypeError)));
    expect(screen.getByText('The page itself')).toBeTruthy();
    expect(screen.queryByText(/Live now/)).toBeNull();
    logged.mockRestore();
  });
});
