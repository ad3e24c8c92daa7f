import { useEffect, useId, useMemo, useRef, type FormEvent, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { RECORD_EARLIEST_DAY, RECORD_EVIDENCE_URL_MAX_LENGTH, RECORD_NOTE_MAX_LENGTH } from '#domain/constants.ts';
import { formatMeasure, inputUnitsFor } from '#domain/measures.ts';
import { inputUnitOf, readEntry, recordSubmissionMachine, valueProblemOf, type RecordField } from '#machines/record-submission.ts';
import { formatDate } from '#src/lib/format.ts';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { useMyAthleteProfile, useViewerUnits } from '../api/profile.ts';
import { useMasterTests, useNormalizedPreview, useSubmitPersonalRecord, type PersonalRecord, type Test } from '../api/records.ts';
import { AttemptVideoField } from './attempt-video-field.tsx';
import { DIRECTION_HINTS, INPUT_UNIT_LABELS, VALUE_EXAMPLES, VALUE_LABELS, groupTests, todayIn } from './record-units.ts';
import { Select } from '#src/components/ui/select.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

type Field = RecordField;

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

  if (tests.isPending || profile.isPending) return <LoadingSkeleton label="Loading the tests…" />;
  if (tests.isError)
    return (
      <p className="error-text" role="alert">
        {tests.error.message}
      </p>
    );
  if (tests.data.items.length === 0) {
    return <p className="empty card">No tests are open for records yet. Check back soon.</p>;
  }
  return <RecordFlow tests={tests.data.items} initialTestId={initialTestId} challenge={challenge} />;
}

type FieldRefs = {
  test: RefObject<HTMLButtonElement | null>;
  value: RefObject<HTMLInputElement | null>;
  date: RefObject<HTMLInputElement | null>;
  evidence: RefObject<HTMLInputElement | null>;
  note: RefObject<HTMLTextAreaElement | null>;
};

/** The form and its confirmation, driven by the record-submission statechart. */
function RecordFlow({
  tests,
  initialTestId,
  challenge,
}: {
  tests: Test[];
  initialTestId: number | null;
  challenge: RecordFormProps['challenge'];
}) {
  const profile = useMyAthleteProfile().data;
  const units = useViewerUnits();
  const submit = useSubmitPersonalRecord();
  const refs: FieldRefs = {
    test: useRef<HTMLButtonElement>(null),
    value: useRef<HTMLInputElement>(null),
    date: useRef<HTMLInputElement>(null),
    evidence: useRef<HTMLInputElement>(null),
    note: useRef<HTMLTextAreaElement>(null),
  };
  // mutateAsync is stable for the mutation's lifetime, and the refs are too, so the actor made once may hold them.
  const flow = useFlow(
    recordSubmissionMachine.provide({
      actors: { submitRecord: fromPromise(({ input }) => submit.mutateAsync(input)) },
      actions: { focusField: (_, { field }) => refs[field].current?.focus() },
    }),
    { input: { tests, units, today: todayIn(profile?.time_zone), initialTestId, challenge: challenge ?? null } },
  );
  const record = useSelector(flow, (s) => s.context.record) as PersonalRecord | null;
  if (record)
    return <Submitted record={record} challenge={challenge} units={units} onAnother={() => flow.send({ type: 'record.another' })} />;
  return <Form tests={tests} challenge={challenge} flow={flow} refs={refs} />;
}

function Form({
  tests,
  challenge,
  flow,
  refs,
}: {
  tests: Test[];
  challenge: RecordFormProps['challenge'];
  flow: ActorRefFrom<typeof recordSubmissionMachine>;
  refs: FieldRefs;
}) {
  const id = useId();
  const profile = useMyAthleteProfile().data;
  const groups = useMemo(() => groupTests(tests), [tests]);
  const form = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const { testId, raw, day, evidence, note, problems, serverProblem, today } = form;
  const test = tests.find((t) => t.id === testId) ?? null;
  const inputUnit = inputUnitOf(form);
  const entry = readEntry(form);
  const valueProblem = valueProblemOf(form);

  // A score preview once the value is valid and the athlete pauses.
  const settled = useDebounced(
    test && inputUnit && entry && 'value' in entry ? { testId: test.id, value: raw.trim(), unit: inputUnit } : null,
    400,
  );
  const preview = useNormalizedPreview(
    settled && test?.id === settled.testId ? { ...settled, sex: profile?.sex ?? null, bodyweightKg: profile?.bodyweight_kg ?? null } : null,
  );

  const chooseTest = (next: number | null) => flow.send({ type: 'record.chooseTest', testId: next });
  const update = (field: 'value' | 'date' | 'evidence' | 'video' | 'note', value: string) =>
    flow.send({ type: 'record.update', field, value });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'record.submit' });
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
      <Select
        id={`${id}-test`}
        className="field"
        triggerRef={refs.test}
        label={
          <>
            Test <span aria-hidden="true">*</span>
          </>
        }
        placeholder="Choose a test…"
        options={groups.flatMap((g) => g.tests.map((t) => ({ value: String(t.id), label: t.name, group: g.label })))}
        value={testId === null ? null : String(testId)}
        onChange={(v) => chooseTest(Number(v))}
        invalid={invalid('test')}
        describedBy={describe('test', !!test)}
        required
      >
        {test && (
          <p id={`${id}-test-hint`} className="hint">
            {test.description ? `${test.description} ` : ''}
            {DIRECTION_HINTS[test.direction]} <Link href={`/test-deep-dive-page?id=${test.id}`}>How others do on {test.name}</Link>
          </p>
        )}
        {problems.test && <FieldProblem id={`${id}-test-problem`} text={problems.test} />}
      </Select>

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
              onChange={(e) => update('value', e.target.value)}
              onBlur={() => flow.send({ type: 'record.touchValue' })}
              aria-invalid={invalid('value')}
              aria-describedby={describe('value', true)}
              required
            />
            <p id={`${id}-value-hint`} className="hint">
              {inputUnit === 'mm:ss'
                ? 'Minutes and seconds, e.g. 6:45 (or 1:02:03 with hours).'
                : `In ${INPUT_UNIT_LABELS[inputUnit]}, ${VALUE_EXAMPLES[inputUnit]}.`}
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
                      onChange={() => flow.send({ type: 'record.setUnit', unit: u })}
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
            min={RECORD_EARLIEST_DAY}
            max={today}
            value={day}
            onChange={(e) => update('date', e.target.value)}
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
            maxLength={RECORD_EVIDENCE_URL_MAX_LENGTH}
            placeholder="https://"
            value={evidence}
            onChange={(e) => update('evidence', e.target.value)}
            aria-invalid={invalid('evidence')}
            aria-describedby={describe('evidence', true)}
          />
          <p id={`${id}-evidence-hint`} className="hint">
            A video or result page helps the reviewer approve it quickly.
          </p>
          {problems.evidence && <FieldProblem id={`${id}-evidence-problem`} text={problems.evidence} />}
        </div>
      </div>

      {form.challenge && <AttemptVideoField id={`${id}-video`} value={form.videoId} onChange={(v) => update('video', v)} />}

      <div className="field">
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <textarea
          id={`${id}-note`}
          ref={refs.note}
          rows={3}
          maxLength={RECORD_NOTE_MAX_LENGTH}
          value={note}
          onChange={(e) => update('note', e.target.value)}
          aria-invalid={invalid('note')}
          aria-describedby={describe('note', true)}
        />
        <p id={`${id}-note-hint`} className="hint">
          {RECORD_NOTE_MAX_LENGTH - note.length} characters left.
        </p>
        {problems.note && <FieldProblem id={`${id}-note-problem`} text={problems.note} />}
      </div>

      {serverProblem && (
        <p className="error-text" role="alert">
          {serverProblem}
        </p>
      )}
      <p className="ath-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Submitting…' : challenge ? 'Submit qualifying attempt' : 'Submit for review'}
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
        Your {record.test_name} of <strong>{formatMeasure(record.value, record.unit, units)}</strong> on {formatDate(record.achieved_on)} is
        waiting for a reviewer.{' '}
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
