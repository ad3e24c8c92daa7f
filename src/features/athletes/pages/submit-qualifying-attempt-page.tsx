import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatDate } from '#src/lib/format.ts';
import { STATUS_LABELS, useChallenge, useMyParticipating, type Challenge } from '../api/qualifying.ts';
import { numberFromSearch } from '../api/profile.ts';
import { RecordForm } from '../components/record-form.tsx';
import { Select } from '#src/components/ui/select.tsx';
import '../athletes.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

function closingText(c: Challenge): string {
  if (c.status === 'upcoming') return `Opens ${formatDate(c.starts_at)}`;
  if (c.status === 'open') return `Closes ${formatDate(c.ends_at)}`;
  return `Closed ${formatDate(c.ends_at)}`;
}

/** Without a challenge in the address: choose one of the challenges the athlete has joined. */
function ChallengePicker() {
  const joined = useMyParticipating();
  const [, navigate] = useLocation();
  const [choice, setChoice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (joined.isPending) return <LoadingSkeleton label="Loading your challenges…" />;
  if (joined.isError)
    return (
      <p className="error-text" role="alert">
        {joined.error.message}
      </p>
    );
  const open = joined.data.items.filter((c) => c.status !== 'deleted');
  if (open.length === 0) {
    return (
      <p className="empty card">
        You have not joined any challenges yet. <Link href="/challenge-discovery-page">Find a challenge</Link>, join it, then come back to
        submit your qualifying attempt.
      </p>
    );
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return setProblem('Choose the challenge this attempt qualifies you for.');
    navigate(`/submit-qualifying-attempt-page?challenge=${choice}`);
  };
  return (
    <form className="form card" onSubmit={onSubmit} noValidate>
      <Select
        id="qa-challenge"
        label="Challenge"
        placeholder="Choose a challenge…"
        options={open.map((c) => ({ value: String(c.id), label: `${c.title} (${closingText(c)})` }))}
        value={choice || null}
        onChange={(v) => {
          setChoice(v);
          setProblem(null);
        }}
        hint="Challenges you have joined."
        error={problem}
      />
      <p className="ath-actions">
        <button type="submit" className="btn btn-primary">
          Continue
        </button>
      </p>
    </form>
  );
}

function ChallengeSummary({ c }: { c: Challenge }) {
  return (
    <section className="card record-challenge" aria-labelledby="qa-challenge-title">
      <p className="hint">Qualifying for</p>
      <h2 id="qa-challenge-title" className="record-challenge-title">
        <Link href={`/challenge-detail-page?id=${c.id}`}>{c.title}</Link>
      </h2>
      <p className="muted record-challenge-meta">
        <span className="ath-chip">{STATUS_LABELS[c.status]}</span> {closingText(c)} · {c.participant_count}{' '}
        {c.participant_count === 1 ? 'athlete' : 'athletes'}
      </p>
      <p className="hint">
        <Link href="/submit-qualifying-attempt-page">Choose a different challenge</Link>
      </p>
    </section>
  );
}

export default function SubmitQualifyingAttemptPage() {
  const search = useSearch();
  const challengeId = numberFromSearch(search, 'challenge');
  const testId = numberFromSearch(search, 'test');
  const hasChallengeParam = new URLSearchParams(search).has('challenge');
  const challenge = useChallenge(challengeId);

  let body;
  if (challengeId === null) {
    body = (
      <>
        {hasChallengeParam && (
          <p className="error-text" role="alert">
            This address does not name a challenge. Choose one below.
          </p>
        )}
        <ChallengePicker />
      </>
    );
  } else if (challenge.isPending) {
    body = <LoadingSkeleton label="Loading the challenge…" />;
  } else if (challenge.isError) {
    body = (
      <div className="card">
        <p className="error-text" role="alert">
          {challenge.error.message}
        </p>
        <p>
          <Link href="/submit-qualifying-attempt-page">Choose one of your challenges</Link>
        </p>
      </div>
    );
  } else {
    const c = challenge.data;
    body = (
      <>
        <ChallengeSummary c={c} />
        {c.status === 'deleted' ? (
          <p className="empty card">This challenge was removed, so it takes no qualifying attempts.</p>
        ) : (
          <RecordForm challenge={{ id: c.id, title: c.title }} initialTestId={testId} />
        )}
      </>
    );
  }

  return (
    <div className="container page ath-page ath-narrow">
      <h1>Submit a Qualifying Attempt</h1>
      <p className="lead muted">
        Send a result on a standard test that qualifies you for a challenge. A reviewer checks it before it counts.
      </p>
      {body}
    </div>
  );
}
