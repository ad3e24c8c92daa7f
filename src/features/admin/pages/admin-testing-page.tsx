import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { Button } from '#src/components/ui/button.tsx';
import { adminTestingMachine, PLATFORM_CHECKS, type PlatformCheck, type PlatformCheckResult } from '#machines/admin-testing.ts';
import { runPlatformCheck } from '../api/platform-checks.ts';
import { CHECK_COPY, PlatformCheckCard, type CheckPhase } from '../components/platform-check-card.tsx';
import '../admin.css';

const checks = (n: number) => `${n} ${n === 1 ? 'check' : 'checks'}`;

/** A self-test of the running platform, one check at a time (machines/admin-testing.ts). */
export default function AdminTestingPage() {
  const actor = useFlow(
    adminTestingMachine.provide({
      actors: { runCheck: fromPromise<PlatformCheckResult, { check: PlatformCheck }>(({ input }) => runPlatformCheck(input.check)) },
    }),
  );
  const results = useSelector(actor, (s) => s.context.results);
  const queue = useSelector(actor, (s) => s.context.queue);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const phaseOf = (check: PlatformCheck): CheckPhase =>
    queue[0] === check && busy ? 'running' : queue.includes(check) ? 'queued' : 'idle';
  const done = Object.values(results);
  const failed = done.filter((r) => r.status === 'failed');
  const summary = busy
    ? `Running the ${CHECK_COPY[queue[0]!].title} check; ${queue.length - 1} more waiting.`
    : done.length === 0
      ? 'No checks run yet.'
      : failed.length
        ? `${failed.length} of ${checks(done.length)} failed: ${failed.map((r) => CHECK_COPY[r.check].title).join(', ')}.`
        : `${checks(done.length)} run, none failed.`;
  return (
    <div className="container page admin-ops">
      <h1>Admin Testing</h1>
      <p className="lead muted">
        A self-test of this running platform: each check does real work against the configured service and says what it found, or why it
        failed, with its timing. The mail check sends one test mail to your own address.
      </p>
      <div className="ops-actions">
        <Button variant="primary" onClick={() => actor.send({ type: 'checks.runAll' })} loading={busy && queue.length > 1}>
          Run all checks
        </Button>
      </div>
      <p role="status" aria-live="polite" className="check-summary">
        {summary}
      </p>
      <section aria-labelledby="checks-title">
        <h2 id="checks-title">Checks</h2>
        <div className="check-grid">
          {PLATFORM_CHECKS.map((check) => (
            <PlatformCheckCard
              key={check}
              check={check}
              phase={phaseOf(check)}
              result={results[check]}
              onRun={() => actor.send({ type: 'check.run', check })}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
