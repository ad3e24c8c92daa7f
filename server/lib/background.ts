import type { ServerResponse } from 'node:http';

/**
 * Work that runs after the answer has gone out: mail, and sign-in bookkeeping whose
 * duration must not show in the response time. Failures are logged, never thrown at
 * the caller. Closing the app waits for whatever is still running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown, name: string) => void) {}

  defer(name: string, work: () => Promise<unknown>): void {
    // Starts after the current answer is written (setImmediate), so it cannot delay it.
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => this.onError(error, name),
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once nothing is running, including tasks that running tasks deferred. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

/**
 * Runs `then` once the answer of `res` has gone out (`finish`), or its connection closed before (`close`), never
 * before and only once. A board writer's answer waits in `onSend` for its own NOTIFY round trip (app.ts), so a task
 * deferred from its handler (`setImmediate`) would start while the answer still waits; work started here cannot.
 */
export function whenAnswered(res: ServerResponse, then: () => void, onError: (error: unknown) => void): void {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    res.off('finish', run);
    res.off('close', run);
    try {
      then();
    } catch (error) {
      onError(error);
    }
  };
  if (res.writableFinished || res.destroyed) {
    run();
    return;
  }
  res.once('finish', run);
  res.once('close', run);
}
