import type { InspectionEvent, Observer } from 'xstate';
import { redactInspection } from './inspect-redact.ts';

/**
 * The Stately inspector, in a dev build only, with `?inspect` in the address (or
 * VITE_INSPECT=1): every actor the app creates is given `actorInspection` (React's through
 * useFlow / createFlowContext in ./flow/use-flow.ts) and reports to one inspector window. A production build has `import.meta.env.DEV` false, so the
 * branch with the dynamic import is dropped and the bundle holds no inspector code.
 */
const wanted =
  import.meta.env.DEV &&
  typeof window !== 'undefined' &&
  (new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1');

let target: Observer<InspectionEvent> | null = null;
// Events from actors created before the inspector has loaded.
const early: InspectionEvent[] = [];

if (import.meta.env.DEV && wanted) {
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({ serialize: redactInspection });
    target = inspector.inspect;
    for (const event of early.splice(0)) target.next?.(event);
  });
}

/** Pass as `createActor(logic, { inspect: actorInspection })` (or the actor context's options); undefined when off. */
export const actorInspection: ((event: InspectionEvent) => void) | undefined = wanted
  ? (event) => {
      if (target) target.next?.(event);
      else early.push(event);
    }
  : undefined;
