import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { formatMeasure, inputUnitsFor, type InputUnit } from '../../../../domain/measures.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useMyAthleteProfile } from '../api/profile.ts';
import { useMasterTests, useNormalizedPreview, useSubmitPersonalRecord, type PersonalRecord, type Test } from '../api/records.ts';
import {
  DIRECTION_HINTS,
  INPUT_UNIT_LABELS,
  VALUE_EXAMPLES,
  VALUE_LABELS,
  checkEntry,
  defaultInputUnit,
  groupTests,
  todayIn,
} from './record-units.ts';

const EARLIEST_DAY = '1950-01-01';

type Field = 'test' | 'value' | 'date' | 'evidence' | 'note';
type Problems = Partial<Record<Field, string>>;

export interface RecordFormProps {
  /** For a qualifying attempt: the challenge it qualifies for. */
  challenge?: { id: number; title: string } | null;
  /** A test to start with (?test=ID). */
  initialTestId?: number | null;
}

/** Submits a personal record (or, for a challenge, a qualifying attempt) for review. */
export function RecordForm({ challenge = null, initialTestId = null }: RecordFormProps) {
  const tests = useMasterTests();
  const profile = useMyAthleteProfile();
  const submit = useSubmitPersonalRecord();

  if (tests.isPending || profile.isPending) return <p role="status">Loading the tests…</p>;
  if (tests.isError) return <p className="error-text" role="alert">{tests.error.message}</p>;
  if (tests.data.items.length === 0) {
    return <p className="empty card">No tests are open for records yet. Check back soon.</p>;
  }
  if (submit.isSuccess) {
    return <Submitted record={submit.data} challenge={challenge} units={profile.data?.units ?? 'metric'} onAnother={() => submit.reset()} />;
  }
  return <Form tests={tests.data.items} initialTestId={initialTestId} challenge={challenge} submit={submit} />;
}

function Form({
  tests,
  initialTestId,
  challenge,
  submit,
}: {
  tests: Test[];
  initialTestId: number | null;
  challenge: RecordFormProps['challenge'];
  submit: ReturnType<typeof useSubmitPersonalRecord>;
}) {
  const id = useId();
  const profile = useMyAthleteProfile().data;
  const units = profile?.units ?? 'metric';
  const today = todayIn(profile?.time_zone);
  const groups = useMemo(() => groupTests(tests), [tests]);
  const initial = tests.find((t) => t.id === initialTestId) ?? null;

  const [testId, setTestId] = useState<number | null>(initial?.id ?? null);
  const test = tests.find((t) => t.id === testId) ?? null;
  const [unit, setUnit] = useState<InputUnit | null>(initial ? defaultInputUnit(initial, units) : null);
  const [raw, setRaw] = useState('');
  const [valueTouched, setValueTouched] = useState(false);
  const [day, setDay] = useState(today);
  const [evidence, setEvidence] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const refs = {
    test: useRef<HTMLSelectElement>(null),
    value: useRef<HTMLInputElement>(null),
    date: useRef<HTMLInputElement>(null),
    evidence: useRef<HTMLInputElement>(null),
    note: useRef<HTMLTextAreaElement>(null),
  };

  const inputUnit = test ? (unit && inputUnitsFor(test.unit).includes(unit) ? unit : defaultInputUnit(test, units)) : null;
  const entry = test && inputUnit && raw.trim() ? checkEntry(raw, inputUnit, test) : null;
  const valueProblem = problems.value ?? (valueTouched && entry && 'problem' in entry ? entry.problem : undefined);

  // A score preview once the value is valid and the athlete pauses.
  const settled = useDebounced(test && inputUnit && entry && 'value' in entry ? { testId: test.id, value: raw.trim(), unit: inputUnit } : null, 400);
  const preview = useNormalizedPreview(
    settled && test?.id === settled.testId ? { ...settled, sex: profile?.sex ?? null, bodyweightKg: profile?.bodyweight_kg ?? null } : null,
  );

  const chooseTest = (next: number | null) => {
    setTestId(next);
    const t = tests.find((x) => x.id === next);
    setUnit(t ? defaultInputUnit(t, units) : null);
    setRaw('');
    setValueTouched(false);
    setProblems((p) => ({ ...p, test: undefined, value: undefined }));
  };

  const validate = (): Problems => {
    const found: Problems = {};
    if (!test || !inputUnit) found.test = 'Choose the test you did.';
    else if (!raw.trim()) found.value = `Enter your ${VALUE_LABELS[test.unit].toLowerCase()}.`;
    else if (entry && 'problem' in entry) found.value = entry.problem;
    if (!day) found.date = 'Enter the day you did it.';
    else if (day > today) found.date = 'The day cannot be in the future.';
    else if (day < EARLIEST_DAY) found.date = 'The day cannot be before 1950.';
    const link = evidence.trim();
    if (link) {
      let ok = false;
      try {
        const u = new URL(link);
        ok = u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        ok = false;
      }
      if (!ok) found.evidence = 'Enter a full web address starting with https://, or leave it empty.';
      else if (link.length > 500) found.evidence = 'The link is too long (500 characters at most).';
    }
    if (note.length > 500) found.note = 'The note is too long (500 characters at most).';
    return found;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setServerProblem(null);
    setValueTouched(true);
    const found = validate();
    setProblems(found);
    const first = (['test', 'value', 'date', 'evidence', 'note'] as const).find((f) => found[f]);
    if (first) return refs[first].current?.focus();
    submit.mutate(
      {
        test_id: test!.id,
        value: raw.trim(),
        unit: inputUnit!,
        achieved_on: day,
        evidence_url: evidence.trim() || null,
        note: note.trim() || null,
        ...(challenge ? { challenge_id: challenge.id } : {}),
      },
      { onError: (err) => setServerProblem(err.message) },
    );
  };

  const describe = (field: Field, hint?: boolean) =>
    [hint ? `${id}-${field}-hint` : null, problems[field] || (field === 'value' && valueProblem) ? `${id}-${field}-problem` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const invalid = (field: Field) => (problems[field] || (field === 'value' && valueProblem) ? true : undefined);

  return (
    <form className="form card record-form" onSubmit={onSubmit} noValidate aria-describedby={`${id}-required`}>
      <p id={`${id}-required`} className="hint">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">required</span> are required.
      </p>
      <div className="field">
        <label htmlFor={`${id}-test`}>
          Test <span aria-hidden="true">*</span>
        </label>
        <select
          id={`${id}-test`}
          ref={refs.test}
          value={testId ?? ''}
          onChange={(e) => chooseTest(e.target.value ? Number(e.target.value) : null)}
          aria-invalid={invalid('test')}
          aria-describedby={describe('test', !!test)}
          required
        >
          <option value="">Choose a test…</option>
          {groups.map((g) => (
            <optgroup key={g.category} label={g.label}>
              {g.tests.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {test && (
          <p id={`${id}-test-hint`} className="hint">
            {test.description ? `${test.description} ` : ''}
            {DIRECTION_HINTS[test.direction]}{' '}
            <Link href={`/test-deep-dive-page?id=${test.id}`}>How others do on {test.name}</Link>
          </p>
        )}
        {problems.test && <FieldProblem id={`${id}-test-problem`} text={problems.test} />}
      </div>

      {test && inputUnit && (
        <div className="record-value-row">
          <div className="field record-value">
            <label htmlFor={`${id}-value`}>
              {VALUE_LABELS[test.unit]} ({INPUT_UNIT_LABELS[inputUnit]}) <span aria-hidden="true">*</span>
            </label>
            <input
              id={`${id}-value`}
              ref={refs.value}
              type="text"
              inputMode={inputUnit === 'mm:ss' ? 'text' : inputUnit === 'reps' || inputUnit === 'calories' ? 'numeric' : 'decimal'}
              autoComplete="off"
              placeholder={VALUE_EXAMPLES[inputUnit]}
              value={raw}
              onChange={(e) => {
                setRaw(e.target.value);
                setProblems((p) => ({ ...p, value: undefined }));
              }}
              onBlur={() => raw.trim() && setValueTouched(true)}
              aria-invalid={invalid('value')}
              aria-describedby={describe('value', true)}
              required
            />
            <p id={`${id}-value-hint`} className="hint">
              {inputUnit === 'mm:ss' ? 'Minutes and seconds, e.g. 6:45 (or 1:02:03 with hours).' : `In ${INPUT_UNIT_LABELS[inputUnit]}, ${VALUE_EXAMPLES[inputUnit]}.`}
            </p>
            <p className="hint record-preview" aria-live="polite">
              {entry && 'value' in entry
                ? [
                    inputUnit !== test.unit && inputUnit !== 'mm:ss' ? `That is ${formatMeasure(entry.value, test.unit, 'metric')}.` : '',
                    preview.data?.normalized_score != null ? `It scores about ${preview.data.normalized_score} of 1000.` : '',
                    preview.data && preview.data.standard === null
                      ? 'No standard of this test fits your profile yet: add your sex (and bodyweight) to your athlete profile so your results score points.'
                      : '',
                  ]
                    .filter(Boolean)
                    .join(' ')
                : ''}
            </p>
            {valueProblem && <FieldProblem id={`${id}-value-problem`} text={valueProblem} />}
          </div>
          {inputUnitsFor(test.unit).length > 1 && (
            <fieldset className="record-units">
              <legend>Unit</legend>
              <div className="record-seg">
                {inputUnitsFor(test.unit).map((u) => (
                  <label key={u}>
                    <input
                      type="radio"
                      className="visually-hidden"
                      name={`${id}-unit`}
                      value={u}
                      checked={inputUnit === u}
                      onChange={() => {
                        setUnit(u);
                        setProblems((p) => ({ ...p, value: undefined }));
                      }}
                    />
                    <span>{INPUT_UNIT_LABELS[u]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
      )}

      <div className="record-row">
        <div className="field">
          <label htmlFor={`${id}-date`}>
            Date achieved <span aria-hidden="true">*</span>
          </label>
          <input
            id={`${id}-date`}
            ref={refs.date}
            type="date"
            min={EARLIEST_DAY}
            max={today}
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              setProblems((p) => ({ ...p, date: undefined }));
            }}
            aria-invalid={invalid('date')}
            aria-describedby={describe('date')}
            required
          />
          {problems.date && <FieldProblem id={`${id}-date-problem`} text={problems.date} />}
        </div>
        <div className="field record-grow">
          <label htmlFor={`${id}-evidence`}>Evidence link (optional)</label>
          <input
            id={`${id}-evidence`}
            ref={refs.evidence}
            type="url"
            inputMode="url"
            maxLength={500}
            placeholder="https://"
            value={evidence}
            onChange={(e) => {
              setEvidence(e.target.value);
              setProblems((p) => ({ ...p, evidence: undefined }));
            }}
            aria-invalid={invalid('evidence')}
            aria-describedby={describe('evidence', true)}
          />
          <p id={`${id}-evidence-hint`} className="hint">
            A video or result page helps the reviewer approve it quickly.
          </p>
          {problems.evidence && <FieldProblem id={`${id}-evidence-problem`} text={problems.evidence} />}
        </div>
      </div>

      <div className="field">
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <textarea
          id={`${id}-note`}
          ref={refs.note}
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={invalid('note')}
          aria-describedby={describe('note', true)}
        />
        <p id={`${id}-note-hint`} className="hint">
          {500 - note.length} characters left.
        </p>
        {problems.note && <FieldProblem id={`${id}-note-problem`} text={problems.note} />}
      </div>

      {serverProblem && (
        <p className="error-text" role="alert">
          {serverProblem}
        </p>
      )}
      <p className="ath-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting…' : challenge ? 'Submit qualifying attempt' : 'Submit for review'}
        </button>
      </p>
    </form>
  );
}

function FieldProblem({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="error-text">
      {text}
    </p>
  );
}

function Submitted({
  record,
  challenge,
  units,
  onAnother,
}: {
  record: PersonalRecord;
  challenge: RecordFormProps['challenge'];
  units: 'metric' | 'imperial';
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card record-submitted" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Submitted for review
      </h2>
      <p>
        Your {record.test_name} of <strong>{formatMeasure(record.value, record.unit, units)}</strong> on {formatDate(record.achieved_on)} is waiting for a
        reviewer.{' '}
        {challenge || record.challenge_title
          ? `Once approved it counts as your qualifying attempt for ${challenge?.title ?? record.challenge_title}.`
          : 'Once approved it counts toward your bests and your global rank.'}
      </p>
      <p className="ath-actions">
        <Link href="/personal-records-dashboard" className="btn btn-primary">
          See your personal records
        </Link>
        <button type="button" className="btn btn-secondary" onClick={onAnother}>
          Submit another
        </button>
      </p>
    </div>
  );
}
