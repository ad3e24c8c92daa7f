import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import type { PlatformCheck, PlatformCheckResult } from '#machines/admin-testing.ts';

/** What each check is called and what it does, in the page's words. */
export const CHECK_COPY: Record<PlatformCheck, { title: string; what: string }> = {
  database: { title: 'Database', what: 'A round-trip query; which engine answers and its version.' },
  migrations: { title: 'Upgrades', what: 'Whether the database has every upgrade this release of RepForge needs.' },
  mail: { title: 'Mail', what: 'Sends a test mail to your own address through the configured transport.' },
  socket: {
    title: 'Live updates',
    what: 'Sends a test update through the servers back to this page, as boards and notifications are sent.',
  },
  jobs: {
    title: 'Background work',
    what: 'Hands a test task to the queue that processes videos, exports and mail, and waits for a server to finish it.',
  },
  storage: { title: 'Video storage', what: 'Writes, reads back and deletes a small object where videos are kept.' },
  ffmpeg: { title: 'ffmpeg and ffprobe', what: 'Whether the video tools are installed, and their versions.' },
  redis: { title: 'Redis', what: 'Pings the Redis that shares rate-limit counters, when REDIS_URL is set.' },
};

export type CheckPhase = 'idle' | 'queued' | 'running';

const STATUS: Record<PlatformCheckResult['status'], { word: string; tone: BadgeTone }> = {
  ok: { word: 'OK', tone: 'success' },
  failed: { word: 'Failed', tone: 'danger' },
  not_configured: { word: 'Not configured', tone: 'neutral' },
};

function statusBadge(phase: CheckPhase, result: PlatformCheckResult | undefined) {
  if (phase === 'running') return <Badge tone="info">Running…</Badge>;
  if (phase === 'queued') return <Badge tone="neutral">Waiting</Badge>;
  if (!result) return <Badge tone="neutral">Not run yet</Badge>;
  const { word, tone } = STATUS[result.status];
  return <Badge tone={tone}>{word}</Badge>;
}

/** One check: its status in words, the reason or what it found, its timing, and a re-run. */
export function PlatformCheckCard({
  check,
  phase,
  result,
  onRun,
}: {
  check: PlatformCheck;
  phase: CheckPhase;
  result: PlatformCheckResult | undefined;
  onRun: () => void;
}) {
  const copy = CHECK_COPY[check];
  const runLabel = result ? 'Run again' : 'Run';
  return (
    <Card
      title={copy.title}
      titleAs="h3"
      className="check-card"
      meta={statusBadge(phase, result)}
      actions={
        <Button
          size="sm"
          onClick={onRun}
          loading={phase === 'running'}
          disabled={phase === 'queued'}
          // The name starts with what the button shows (WCAG 2.5.3: a person may say it), then which check.
          aria-label={`${runLabel}: ${copy.title} check`}
        >
          {runLabel}
        </Button>
      }
    >
      <p className="ops-muted">{copy.what}</p>
      {result ? (
        <div className="check-result" data-testid={`check-${check}`} data-status={result.status}>
          <p className="ops-break">{result.detail}</p>
          <dl className="ops-facts">
            <dt>Took</dt>
            <dd>{result.duration_ms} ms</dd>
            {result.facts.map((f) => (
              <FactRow key={f.label} label={f.label} value={f.value} />
            ))}
          </dl>
        </div>
      ) : null}
    </Card>
  );
}

function FactRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
