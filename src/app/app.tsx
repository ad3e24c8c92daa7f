import { lazy, Suspense, useEffect, useState } from 'react';
import { Router } from 'wouter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { routerBase } from '../lib/runtime-config.ts';
import { SessionActor, SessionProvider } from '../lib/session/session-provider.tsx';
import { useSessionView } from '../lib/session/session-view.ts';
import { watchSystemTheme } from '../lib/theme.ts';
import { Header } from './layout/header.tsx';
import { Footer } from './layout/footer.tsx';
import { LazyToaster } from '../components/lazy-toaster.tsx';
import { AppRoutes } from './router.tsx';
import { lazyOptional } from './lazy-optional.tsx';
import { onOpenFeedback } from '../lib/feedback-launcher.ts';
import { firstPaint } from '../lib/first-paint.ts';
import { queryRetryDelay, retryQuery } from '../lib/query-retry.ts';
import { useRereadAfterRenewal } from '../lib/session/reread-after-renewal.ts';
import { Pending } from '#src/lib/settled.tsx';

// Inside a frame: the beacon and page changes for the parent (lib/embed.ts) load then, not otherwise.
const EmbedHost = lazyOptional('The embedding host', () => import('./layout/embed-host.tsx'));
// The feedback flow (its chart and host) loads with the first press of Feedback.
const FeedbackHost = lazy(() => import('./layout/feedback-host.tsx'));
// Radix dialog loads only when a dialog is actually shown.
const SessionExpiredDialog = lazy(() => import('./layout/session-expired-dialog.tsx'));
// The socket and celebrations load after the first sign-in and stay (they close on sign-out).
const RealtimeHost = lazy(() => import('../features/realtime/realtime-host.tsx'));
// New terms or privacy versions waiting for acceptance: checked while signed in, its dialog loads only when needed.
const ConsentHost = lazy(() => import('../features/legal/consent-host.tsx'));
// The session's notes (expiring soon, the server unavailable while refreshing or restoring): only a session has them, so
// the chunk loads with one (signing in, or a remembered athlete being restored), before any note can show; a visitor
// never downloads it. A chunk that cannot load leaves the notes out rather than failing the app (so do the banner's and
// the frame host's: lazyOptional).
const SessionStatusBanner = lazyOptional('The session notes', () =>
  import('./layout/session-status-banner.tsx').then((m) => ({ default: m.SessionStatusBanner })),
);
// A live broadcast's banner (everyone, signed out too): its own small chunk, loaded after the shell.
const LiveBroadcastBanner = lazyOptional(
  'The live broadcast banner',
  () => import('../features/live/components/live-broadcast-banner.tsx'),
);

// `<html data-settled>` for the journeys and tools that drive a browser (src/lib/settled.tsx); a visitor never loads it.
const SettledSignal = lazy(() => import('#src/lib/settled-signal.tsx'));

const queryClient = new QueryClient({
  defaultOptions: {
    // One more try after a failure, except when the server answered "no" (4xx: not found, not allowed): asking again cannot help;
    // a 429 is asked again after its Retry-After (src/lib/query-retry.ts).
    queries: {
      staleTime: 30_000,
      retry: retryQuery,
      retryDelay: queryRetryDelay,
      refetchOnWindowFocus: false,
    },
  },
});

function LazyFeedbackHost() {
  const [asked, setAsked] = useState<{ opener: HTMLElement | null } | null>(null);
  useEffect(() => (asked ? undefined : onOpenFeedback((opener) => setAsked({ opener }))), [asked]);
  if (!asked) return null;
  return (
    <Suspense fallback={<Pending />}>
      <FeedbackHost firstOpener={asked.opener} />
    </Suspense>
  );
}

function SessionNotes() {
  const { user, restoring } = useSessionView();
  if (!user && !restoring) return null;
  return (
    <Suspense fallback={<Pending />}>
      <SessionStatusBanner />
    </Suspense>
  );
}

function GlobalOverlays() {
  useRereadAfterRenewal();
  const expired = SessionActor.useSelector((s) => s.matches('sessionExpired'));
  const signedIn = SessionActor.useSelector((s) => s.matches('signedIn'));
  const [realtimeWanted, setRealtimeWanted] = useState(false);
  // When the session ended: the dialog counts down from here (its chunk may load a moment later).
  const [expiredAt, setExpiredAt] = useState<number | null>(null);
  useEffect(() => {
    setExpiredAt(expired ? Date.now() : null);
  }, [expired]);
  useEffect(() => {
    if (signedIn) setRealtimeWanted(true);
  }, [signedIn]);
  return (
    <>
      <LazyFeedbackHost />
      <Suspense fallback={<Pending />}>{expired && expiredAt !== null && <SessionExpiredDialog since={expiredAt} />}</Suspense>
      <Suspense fallback={<Pending />}>{realtimeWanted && <RealtimeHost />}</Suspense>
      <Suspense fallback={<Pending />}>{signedIn && <ConsentHost />}</Suspense>
    </>
  );
}

function inFrame(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

export function App() {
  useEffect(() => watchSystemTheme(), []);
  // The first render has committed: from now on placeholders wait their 300 ms again.
  useEffect(() => {
    firstPaint.active = false;
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Router base={routerBase}>
        <SessionProvider>
          <a className="skip-link" href="#main" onClick={skipToMain}>
            Skip to content
          </a>
          <div className="shell">
            <Header />
            <SessionNotes />
            <Suspense fallback={<Pending />}>
              <LiveBroadcastBanner />
            </Suspense>
            <main id="main" tabIndex={-1}>
              <AppRoutes />
            </main>
            <Footer />
          </div>
          <GlobalOverlays />
          {inFrame() && (
            <Suspense fallback={<Pending />}>
              <EmbedHost />
            </Suspense>
          )}
          <LazyToaster />
          {navigator.webdriver && (
            <Suspense fallback={<Pending />}>
              <SettledSignal />
            </Suspense>
          )}
        </SessionProvider>
      </Router>
    </QueryClientProvider>
  );
}

function skipToMain(event: React.MouseEvent) {
  // With <base href> a bare '#main' would navigate to the base; focus instead.
  event.preventDefault();
  document.getElementById('main')?.focus();
}
