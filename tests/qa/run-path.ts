import { expect, test, type Page } from '@playwright/test';
import { useAppWithMail, type Athlete } from '../e2e/support/accounts.ts';
import type { RunningApp } from '../e2e/support/app.ts';
import type { Mailbox } from '../e2e/support/mailbox.ts';
import type { ExportedPath } from './export.ts';

export interface DriverContext {
  page: Page;
  app: RunningApp;
  mailbox: Mailbox;
  /** A fresh athlete per path (signed up by `start` when the flow needs one). */
  athlete: Athlete;
}

type EventPayload = { type: string } & Record<string, unknown>;

/**
 * How one machine's flow is driven in the real UI (tests/qa/drivers/<machine>.ts).
 * A path whose event or state has no entry here is skipped with the reason, never faked.
 */
export interface PageDriver {
  machine: string;
  /** Brings the page to the path's start (sign up, open the page, install a fake clock…). */
  start(ctx: DriverContext, path: ExportedPath): Promise<void>;
  /**
   * For each event type, how the UI produces it. Built-in events are keyed by their prefix:
   * 'xstate.done.actor.<id>' (the real server answered: usually nothing to do),
   * 'xstate.after.<DELAY>' (time passes: `page.clock.fastForward`).
   */
  events: Record<string, (ctx: DriverContext, event: EventPayload) => Promise<void>>;
  /** For each state (its value as `qa:paths` prints it: 'closed', '{"code":"resendLocked"}'), what the page shows. */
  states: Record<string, (ctx: DriverContext) => Promise<void>>;
}

const stateKey = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const eventHandler = (driver: PageDriver, type: string) =>
  driver.events[type] ?? Object.entries(driver.events).find(([key]) => type.startsWith(`${key}.`))?.[1];

let n = 0;

/** The events and states of a path that the driver has no UI for (none: the path can run in the browser). */
const missingIn = (driver: PageDriver, path: ExportedPath) => [
  ...new Set([
    ...path.steps.map((s) => String(s.event.type)).filter((type) => !eventHandler(driver, type)),
    ...[path.start, ...path.steps.map((s) => s.expect)].map(stateKey).filter((key) => !driver.states[key]),
  ]),
];

const sameStart = (a: ExportedPath, b: ExportedPath) => JSON.stringify([a.input, a.start]) === JSON.stringify([b.input, b.start]);
/** `a` is the first steps of `b`: running `b` makes every step and state check of `a`, in the same order. */
const isPrefixOf = (a: ExportedPath, b: ExportedPath) =>
  sameStart(a, b) && a.steps.length < b.steps.length && a.steps.every((s, i) => JSON.stringify(s) === JSON.stringify(b.steps[i]));

/**
 * The paths worth a browser: the shortest path to each state shares its first steps with the longer ones
 * (login: "requestingCode" is the first step of the path to "signedIn"), so a path that is the beginning
 * of another one the driver can run is left out; the longer path makes each of its steps and state checks.
 * Every state and every step of the generated paths is still driven, once per maximal path.
 */
export function pathsToRun(driver: PageDriver, paths: ExportedPath[]): ExportedPath[] {
  const runnable = paths.filter((p) => missingIn(driver, p).length === 0);
  return paths.filter((p) => !runnable.some((longer) => isPrefixOf(p, longer)));
}

/** One test per generated path (pathsToRun): each step's event produced in the UI, then the page checked for the expected state. */
export function runPaths(driver: PageDriver, paths: ExportedPath[]) {
  // One app per file: the paths of one machine sign up an athlete each, within the sign-up limit per address.
  const { app, mailbox } = useAppWithMail();
  for (const path of pathsToRun(driver, paths)) {
    test(`${driver.machine}: ${path.description}`, async ({ page }) => {
      const missing = missingIn(driver, path);
      test.skip(missing.length > 0, `tests/qa/drivers/${driver.machine}.ts has no UI for ${missing.join(', ')}`);
      const athlete = { email: `qa${++n}.${Date.now()}@example.test`, name: 'Quinn Assurance', password: 'qa-path-pass-2468' };
      const ctx: DriverContext = { page, app: app(), mailbox, athlete };
      await driver.start(ctx, path);
      await test.step(`start: ${stateKey(path.start)}`, () => driver.states[stateKey(path.start)]!(ctx));
      for (const [i, step] of path.steps.entries()) {
        await test.step(`${i + 1}. ${String(step.event.type)} → ${stateKey(step.expect)}`, async () => {
          await eventHandler(driver, String(step.event.type))!(ctx, step.event as EventPayload);
          await driver.states[stateKey(step.expect)]!(ctx);
        });
      }
    });
  }
}

/** For a state the UI only passes through (a request in flight): nothing steady to see. */
export const passingThrough = async () => {};
/** For an event the real server produces (its answer to the previous step). */
export const serverAnswers = async () => {};
export { expect };
