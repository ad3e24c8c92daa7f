import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SessionEvent } from '#machines/session.ts';
import type { appSessionMachine, startSession } from './session-actor.ts';
import { SessionContext, isAdminRole, type SessionView } from './session-view.ts';
import { mayHoldUnrememberedCookie, readPersistedSession, type SessionInput } from './persisted-session.ts';

export { loginReturn } from './login-return.ts';

// The session chart (machines/session.ts, with the browser's effects in session-actor.ts) and XState
// with it load on demand, not with the app: at once when an athlete is remembered (or a framed app
// may hold a cookie), otherwise with the first event sent to the session (signing in) or a hover or
// focus on Sign In. Until then the app reads a stand-in of the chart's signed-out state (or of its
// restoring state while it loads), and what is sent to it waits and is handed over in order. A
// visitor's first load carries neither the chart nor XState (about 14 KB of gzip).

type SessionSnapshot = SnapshotFrom<typeof appSessionMachine>;
type Started = ReturnType<typeof startSession>;

/** What components read and send: the chart's snapshot (or its stand-in) and `send`. */
export interface SessionHandle {
  send(event: SessionEvent): void;
  getSnapshot(): SessionSnapshot;
}

type ChartCode = typeof import('./session-actor.ts');
/** Wait before fetching the chart again after a failed fetch, for a remembered athlete. */
const CHART_RETRY_MS = 5000;
let chartCode: Promise<ChartCode> | null = null;

/** The chart's code, fetched once (a failed fetch is tried again on the next call). */
function loadChartCode(): Promise<ChartCode> {
  chartCode ??= import('./session-actor.ts').catch((error: unknown) => {
    chartCode = null;
    throw error;
  });
  return chartCode;
}

/**
 * A remembered athlete (or a framed app that may hold a cookie): main.tsx fetches the chart at once,
 * beside the page's chunk, so restoring the session does not wait for the first render.
 */
export function prefetchRememberedSession(): void {
  if (readPersistedSession() || mayHoldUnrememberedCookie()) void loadChartCode().catch(() => undefined);
}

/** The chart's first state without it: signed out, or restoring while the chart is on its way. */
function standIn(state: 'signedOut' | 'restoring', input: SessionInput): SessionSnapshot {
  return {
    value: state,
    status: 'active',
    context: { user: null, token: null, csrfToken: null, refreshAttempts: 0, probeCookie: !!input.probeCookie },
    children: {},
    matches: (value: unknown) => value === state,
    hasTag: () => false,
  } as unknown as SessionSnapshot;
}

/** One app's session: the chart's actor once its code is in, a stand-in before. */
class LazySession implements SessionHandle {
  private started: Started | null = null;
  private loading: Promise<void> | null = null;
  private mounted = false;
  /** A remembered athlete (or a framed app's cookie): the chart starts at once, restoring. */
  private readonly remembered: boolean;
  private readonly waiting: SessionEvent[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly signedOut: SessionSnapshot;
  private readonly restoring: SessionSnapshot;

  constructor(private readonly input: SessionInput) {
    this.remembered = !!input.persisted || !!input.probeCookie;
    this.signedOut = standIn('signedOut', input);
    this.restoring = standIn('restoring', input);
  }

  /** The chart's snapshot; before it runs, restoring while something waits for it, else signed out. */
  getSnapshot = (): SessionSnapshot => {
    if (this.started) return this.started.actor.getSnapshot();
    return this.remembered || this.waiting.length > 0 ? this.restoring : this.signedOut;
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  send = (event: SessionEvent) => {
    if (this.started) return this.started.actor.send(event);
    this.waiting.push(event);
    this.notify();
    this.prefetch();
  };

  /** Fetches the chart's code ahead of its first use (a hover or focus on Sign In); it starts once mounted. */
  prefetch = () => {
    this.load();
  };

  mount() {
    this.mounted = true;
    if (this.remembered || this.waiting.length > 0 || this.ready) this.load();
  }

  /** Unmounted (or StrictMode's rehearsal): the actor stops; a later mount starts a fresh one. */
  unmount() {
    this.mounted = false;
    this.started?.stop();
    this.started = null;
  }

  /** The chart's code, once fetched. */
  private ready: typeof startSession | null = null;

  private load() {
    if (this.ready) return this.start();
    this.loading ??= loadChartCode().then(
      ({ startSession }) => {
        this.loading = null;
        this.ready = startSession;
        this.start();
      },
      (error: unknown) => {
        this.loading = null;
        console.error('The session failed to load:', error);
        if (this.remembered) {
          // A remembered athlete stays "restoring" (as the chart does while the server is down): ask again.
          setTimeout(() => this.mounted && this.load(), CHART_RETRY_MS);
        } else if (this.waiting.length > 0) {
          // A sign-in that cannot reach the chart is dropped (the athlete is shown signed out and may
          // sign in again) rather than left waiting; the next event or hover asks for it again.
          this.waiting.length = 0;
          this.notify();
        }
      },
    );
  }

  /** Starts the chart once its code is in and the provider is mounted; what waited is handed over in order. */
  private start() {
    if (!this.ready || !this.mounted || this.started) return;
    this.started = this.ready(this.input);
    this.started.actor.subscribe(() => this.notify());
    for (const event of this.waiting.splice(0)) this.started.actor.send(event);
    this.notify();
  }

  private notify() {
    this.listeners.forEach((listener) => listener());
  }
}

const LazySessionContext = createContext<LazySession | null>(null);

function useLazySession(): LazySession {
  const session = useContext(LazySessionContext);
  if (!session) throw new Error('SessionActor used outside SessionProvider');
  return session;
}

/**
 * Provides one session. Without `input` nothing is remembered, so nothing loads until an event is
 * sent (the build's prerender renders the header with it).
 */
function LazySessionProvider({ children, input }: { children: ReactNode; input?: SessionInput }) {
  const [session] = useState(() => new LazySession(input ?? { persisted: null }));
  useEffect(() => {
    session.mount();
    return () => session.unmount();
  }, [session]);
  return <LazySessionContext.Provider value={session}>{children}</LazySessionContext.Provider>;
}

/** The session as components use it: `useSelector` over the chart's snapshot, `useFlowActor` to send. */
export const SessionActor = {
  Provider: LazySessionProvider,
  useSelector<T>(selector: (snapshot: SessionSnapshot) => T): T {
    const session = useLazySession();
    const read = () => selector(session.getSnapshot());
    return useSyncExternalStore(session.subscribe, read, read);
  },
  useFlowActor(): SessionHandle {
    return useLazySession();
  },
  /** Fetch the chart ahead of a likely sign-in (a hover or focus on Sign In). */
  usePrefetch(): () => void {
    return useLazySession().prefetch;
  },
};

function SessionViewProvider({ children }: { children: ReactNode }) {
  const user = SessionActor.useSelector((s) => (s.matches('signedIn') || s.matches('sessionExpired') ? s.context.user : null));
  const restoring = SessionActor.useSelector((s) => s.matches('restoring') || s.matches('restoringFromCookie'));
  const view = useMemo<SessionView>(() => ({ user, isAdmin: isAdminRole(user?.wp_role), restoring }), [user, restoring]);
  return <SessionContext.Provider value={view}>{children}</SessionContext.Provider>;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const input = useMemo<SessionInput>(() => {
    const persisted = readPersistedSession();
    return { persisted, probeCookie: !persisted && mayHoldUnrememberedCookie() };
  }, []);
  return (
    <SessionActor.Provider input={input}>
      <SessionViewProvider>{children}</SessionViewProvider>
    </SessionActor.Provider>
  );
}
