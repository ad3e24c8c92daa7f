import { act, render } from '@testing-library/react';
import { Router, useLocation } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollOnNewPage } from '#src/app/scroll-on-new-page.ts';

// A person who signs in from a login page they had scrolled, or follows a link from the foot of a page, lands at the top
// of the next page (its heading not hidden under the sticky header), as a full load would. Back and Forward, a
// #fragment and a change of the query alone keep the browser's own place. The router is wouter's browser location.
function Probe() {
  const [location] = useLocation();
  useScrollOnNewPage(location);
  return null;
}

/** What Back or Forward does: the address changes without the app's pushState, then popstate. */
function goBackTo(address: string) {
  History.prototype.replaceState.call(window.history, null, '', address);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

describe('a new page opens at its top', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    window.history.replaceState(null, '', '/login-page');
    scrollTo.mockReset();
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <Router>
        <Probe />
      </Router>,
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the place on the first render, scrolls to the top after a push or a redirect', () => {
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => window.history.pushState(null, '', '/challenges-page'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockReset();
    act(() => window.history.replaceState(null, '', '/my-profile-page'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves Back and Forward to the browser, and a push after them still scrolls', () => {
    act(() => window.history.pushState(null, '', '/challenges-page'));
    scrollTo.mockReset();
    act(() => goBackTo('/login-page'));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => window.history.pushState(null, '', '/global-ranks-page'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves a #fragment and a change of the query alone', () => {
    act(() => window.history.pushState(null, '', '/login-page?next=%2Fx'));
    act(() => window.history.pushState(null, '', '/privacy-policy-page#cookies'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
