import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** The platform checks, in the order "Run all checks" runs them. */
export const PLATFORM_CHECKS = ['database', 'migrations', 'mail', 'socket', 'jobs', 'storage', 'ffmpeg', 'redis'] as const;
export type PlatformCheck = (typeof PLATFORM_CHECKS)[number];

export interface PlatformCheckResult {
  check: PlatformCheck;
  status: 'ok' | 'failed' | 'not_configured';
  detail: string;
  duration_ms: number;
  facts: { label: string; value: string }[];
}

export interface AdminTestingContext {
  /** The latest result of each check run so far. */
  results: Partial<Record<PlatformCheck, PlatformCheckResult>>;
  /** What is still to run; the head is running while the chart is in `running`. */
  queue: PlatformCheck[];
}

export type AdminTestingEvent = { type: 'checks.runAll' } | { type: 'check.run'; check: PlatformCheck };

/** A check the page could not even ask for (offline, rate limited, signed out) is a failure with that reason. */
export function unreachableResult(check: PlatformCheck, error: unknown, durationMs = 0): PlatformCheckResult {
  const reason = error instanceof Error && error.message ? error.message : 'The check could not be run.';
  return { check, status: 'failed', detail: reason, duration_ms: durationMs, facts: [] };
}

const enqueue = (queue: PlatformCheck[], checks: readonly PlatformCheck[]) => [...queue, ...checks.filter((c) => !queue.includes(c))];

/**
 * The Admin Testing page: checks run one at a time (they share the server and the mail limit),
 * "Run all" queues every check, a single re-run queues one; what is already queued is not
 * queued twice. idle → running (one check invoked per entry) → idle when the queue is empty.
 */
export const adminTestingMachine = setup({
  types: {
    context: {} as AdminTestingContext,
    events: {} as AdminTestingEvent,
  },
  actors: {
    runCheck: fromPromise<PlatformCheckResult, { check: PlatformCheck }>(async () => {
      throw new Error('runCheck not provided');
    }),
  },
  guards: {
    moreQueued: ({ context }) => context.queue.length > 1,
  },
  actions: {
    queueAll: assign({ queue: ({ context }) => enqueue(context.queue, PLATFORM_CHECKS) }),
    queueOne: assign({
      queue: ({ context, event }) => {
        assertEvent(event, 'check.run');
        return enqueue(context.queue, [event.check]);
      },
    }),
    recordResult: assign({
      results: ({ context, event }) => {
        const check = context.queue[0]!;
        const output = (event as unknown as { output: PlatformCheckResult }).output;
        return { ...context.results, [check]: { ...output, check } };
      },
      queue: ({ context }) => context.queue.slice(1),
    }),
    recordUnreachable: assign({
      results: ({ context, event }) => {
        const check = context.queue[0]!;
        return { ...context.results, [check]: unreachableResult(check, (event as unknown as { error: unknown }).error) };
      },
      queue: ({ context }) => context.queue.slice(1),
    }),
  },
}).createMachine({
  id: 'adminTesting',
  context: { results: {}, queue: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'checks.runAll': { target: 'running', actions: 'queueAll' },
        'check.run': { target: 'running', actions: 'queueOne' },
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'runCheck',
        src: 'runCheck',
        input: ({ context }) => ({ check: context.queue[0]! }),
        onDone: [
          { guard: 'moreQueued', target: 'running', reenter: true, actions: 'recordResult' },
          { target: 'idle', actions: 'recordResult' },
        ],
        onError: [
          { guard: 'moreQueued', target: 'running', reenter: true, actions: 'recordUnreachable' },
          { target: 'idle', actions: 'recordUnreachable' },
        ],
      },
      on: {
        'checks.runAll': { actions: 'queueAll' },
        'check.run': { actions: 'queueOne' },
      },
    },
  },
});
