import { useState, type FormEvent } from 'react';
import { CATEGORY_NAMES, MOVEMENTS, MOVEMENT_NAMES, TEST_CATEGORIES, type Movement, type TestCategory } from '#domain/test-catalogue.ts';
import {
  MeasureError,
  TEST_UNITS,
  formatMeasure,
  inputUnitsFor,
  normalize,
  pickStandard,
  toTestUnit,
  type Direction,
  type InputUnit,
  type Standard,
  type TestUnit,
} from '#domain/measures.ts';
import { toast } from '#src/lib/toast.ts';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Select } from '#src/components/ui/select.tsx';
import {
  STANDARD_SEX_NAMES,
  STATUS_NAMES,
  bodyweightRange,
  useSaveTest,
  type Test,
  type TestInput,
  type TestStatus,
} from '../api/tests.ts';
import { AdminStandardsEditor, draftToStandard, newStandardDraft, standardToDraft, type StandardDraft } from './admin-standards-editor.tsx';

const UNIT_NAMES: Record<TestUnit, string> = {
  kg: 'Kilograms (load)',
  reps: 'Repetitions',
  seconds: 'Seconds (time)',
  meters: 'Metres (distance)',
  calories: 'Calories',
  points: 'Points',
};

interface TestDraft {
  name: string;
  description: string;
  category: TestCategory;
  movement: Movement;
  unit: TestUnit;
  direction: Direction;
  min_value: string;
  max_value: string;
  status: TestStatus;
  standards: StandardDraft[];
}

function initial(t?: Test): TestDraft {
  return {
    name: t?.name ?? '',
    description: t?.description ?? '',
    category: t?.category ?? 'strength',
    movement: t?.movement ?? 'squat',
    unit: t?.unit ?? 'kg',
    direction: t?.direction ?? 'higher',
    min_value: t ? String(t.min_value) : '0',
    max_value: t ? String(t.max_value) : '',
    status: t?.status ?? 'draft',
    standards: t ? t.standards.map(standardToDraft) : [newStandardDraft('male'), newStandardDraft('female')],
  };
}

function toInput(f: TestDraft, creating: boolean): TestInput | string {
  const name = f.name.trim();
  if (name.length < 2) return 'Give the test a name of at least 2 characters.';
  const min = Number(f.min_value);
  const max = Number(f.max_value);
  if (f.min_value.trim() === '' || !Number.isFinite(min) || min < 0) return 'Enter the lowest possible result (0 or more).';
  if (f.max_value.trim() === '' || !Number.isFinite(max) || max > 1_000_000) return 'Enter the highest possible result (up to 1,000,000).';
  if (!(min < max)) return 'The lowest possible result must be below the highest.';
  const standards: Standard[] = [];
  for (const [i, d] of f.standards.entries()) {
    const check = draftToStandard(d, f.direction);
    if ('problem' in check) return `Standard ${i + 1}: ${check.problem}`;
    standards.push(check.standard);
  }
  return {
    name,
    description: f.description.trim(),
    category: f.category,
    movement: f.movement,
    unit: f.unit,
    direction: f.direction,
    min_value: min,
    max_value: max,
    standards,
    ...(creating ? { status: f.status } : {}),
  };
}

/** "Try a value": what a result would score against the standards as they stand in the form. */
function ScorePreview({ unit, direction, drafts }: { unit: TestUnit; direction: Direction; drafts: StandardDraft[] }) {
  const units = inputUnitsFor(unit);
  const [raw, setRaw] = useState('');
  const [from, setFrom] = useState<InputUnit>(units[0]!);
  const [sex, setSex] = useState<'male' | 'female' | ''>('');
  const [bodyweight, setBodyweight] = useState('');
  const inputUnit = units.includes(from) ? from : units[0]!;
  const valid = drafts.flatMap((d) => {
    const check = draftToStandard(d, direction);
    return 'standard' in check ? [check.standard] : [];
  });
  let outcome: { text: string; ok: boolean } | null = null;
  if (raw.trim() !== '') {
    try {
      const value = toTestUnit(raw, inputUnit, unit);
      const bw = bodyweight.trim() === '' ? null : Number(bodyweight);
      const standard = pickStandard(valid, sex || null, bw);
      outcome = standard
        ? {
            ok: true,
            text: `${formatMeasure(value, unit, 'metric')} scores ${normalize(value, direction, standard)} out of 1000 against the ${STANDARD_SEX_NAMES[standard.sex].toLowerCase()}, ${bodyweightRange(standard).toLowerCase()} standard.`,
          }
        : { ok: false, text: 'No valid standard applies to this athlete, so the result would not be scored.' };
    } catch (error) {
      outcome = { ok: false, text: error instanceof MeasureError ? error.message : 'That value cannot be scored.' };
    }
  }
  return (
    <section className="adm-preview" aria-labelledby="tf-preview-title">
      <h3 id="tf-preview-title" className="adm-section-title">
        Try a value
      </h3>
      <p className="hint">Checks the standards above as they are now, before you save.</p>
      <div className="adm-row-fields">
        <div className="field">
          <label htmlFor="tf-try">Result</label>
          <input
            id="tf-try"
            value={raw}
            maxLength={32}
            inputMode={inputUnit === 'mm:ss' ? 'text' : 'decimal'}
            placeholder={inputUnit === 'mm:ss' ? '6:45' : ''}
            onChange={(e) => setRaw(e.target.value)}
          />
        </div>
        <Select<InputUnit>
          id="tf-try-unit"
          label="Entered in"
          options={units.map((u) => ({ value: u, label: u }))}
          value={inputUnit}
          onChange={setFrom}
        />
        <Select<'male' | 'female'>
          id="tf-try-sex"
          label="Athlete"
          noneLabel="Sex not given"
          options={[
            { value: 'female', label: 'Woman' },
            { value: 'male', label: 'Man' },
          ]}
          value={sex || null}
          onChange={(v) => setSex(v ?? '')}
        />
        <div className="field">
          <label htmlFor="tf-try-bw">Bodyweight (kg, optional)</label>
          <input
            id="tf-try-bw"
            type="number"
            min={20}
            max={350}
            step="any"
            value={bodyweight}
            onChange={(e) => setBodyweight(e.target.value)}
          />
        </div>
      </div>
      <p className={outcome ? (outcome.ok ? 'success-text' : 'error-text') : 'hint'} aria-live="polite">
        {outcome?.text ?? 'Type a result to see its score.'}
      </p>
    </section>
  );
}

export function AdminTestForm({ existing, onDone }: { existing?: Test; onDone: (saved: Test | null) => void }) {
  const [form, setForm] = useState<TestDraft>(() => initial(existing));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTest(existing?.id ?? null);
  const set = <K extends keyof TestDraft>(k: K, value: TestDraft[K]) => setForm((f) => ({ ...f, [k]: value }));
  const locked = !!existing && existing.athletes_count > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = toInput(form, !existing);
    if (typeof input === 'string') return setProblem(input);
    setProblem(null);
    save.mutate(input, {
      onSuccess: (saved) => {
        toast({
          title: existing ? `Saved “${saved.name}”.` : `Added “${saved.name}” as ${STATUS_NAMES[saved.status].toLowerCase()}.`,
          variant: 'success',
        });
        onDone(saved);
      },
      onError: (err) => setProblem(err.message),
    });
  };

  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="tf-title">
      <h2 id="tf-title">{existing ? `Edit “${existing.name}”` : 'New test'}</h2>
      <div className="field">
        <label htmlFor="tf-name">Name</label>
        <input id="tf-name" value={form.name} minLength={2} maxLength={120} required onChange={(e) => set('name', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="tf-description">Description</label>
        <textarea
          id="tf-description"
          rows={4}
          maxLength={2000}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <p className="hint">How to perform it and what counts: athletes read this before they submit.</p>
      </div>
      <div className="adm-row-fields">
        <Select<TestCategory>
          id="tf-category"
          label="Category"
          options={TEST_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_NAMES[c] }))}
          value={form.category}
          onChange={(v) => set('category', v)}
        />
        <Select<Movement>
          id="tf-movement"
          label="Movement"
          options={MOVEMENTS.map((m) => ({ value: m, label: MOVEMENT_NAMES[m] }))}
          value={form.movement}
          onChange={(v) => set('movement', v)}
        />
      </div>
      <div className="adm-row-fields">
        <Select<TestUnit>
          id="tf-unit"
          label="Unit"
          options={TEST_UNITS.map((u) => ({ value: u, label: UNIT_NAMES[u] }))}
          value={form.unit}
          disabled={locked}
          describedBy={locked ? 'tf-locked' : undefined}
          onChange={(v) => set('unit', v)}
        />
        <Select<Direction>
          id="tf-direction"
          label="Which is better"
          options={[
            { value: 'higher', label: 'Higher is better' },
            { value: 'lower', label: 'Lower is better' },
          ]}
          value={form.direction}
          disabled={locked}
          describedBy={locked ? 'tf-locked' : undefined}
          onChange={(v) => set('direction', v)}
        />
        <div className="field">
          <label htmlFor="tf-min">Lowest possible result</label>
          <input
            id="tf-min"
            type="number"
            min={0}
            max={1_000_000}
            step="any"
            value={form.min_value}
            onChange={(e) => set('min_value', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="tf-max">Highest possible result</label>
          <input
            id="tf-max"
            type="number"
            min={0}
            max={1_000_000}
            step="any"
            value={form.max_value}
            onChange={(e) => set('max_value', e.target.value)}
          />
        </div>
      </div>
      <p className="hint" id="tf-locked">
        {locked
          ? `Unit and direction are fixed: ${existing?.athletes_count ?? 0} athletes have results on this test.`
          : `Bounds are in the test’s unit (${form.unit}); results outside them are refused as not humanly possible.`}
      </p>
      {!existing && (
        <Select<TestStatus>
          id="tf-status"
          label="Status when added"
          options={[
            { value: 'draft', label: 'Draft (only admins see it)' },
            { value: 'active', label: 'Active (published)' },
          ]}
          value={form.status}
          onChange={(v) => set('status', v)}
        />
      )}
      {existing && existing.athletes_count > 0 && (
        <p className="hint">Changing the standards re-scores every approved result on this test.</p>
      )}
      <AdminStandardsEditor
        drafts={form.standards}
        onChange={(standards) => set('standards', standards)}
        unit={form.unit}
        direction={form.direction}
      />
      <ScorePreview key={form.unit} unit={form.unit} direction={form.direction} drafts={form.standards} />
      <FormFooter
        submitLabel={existing ? 'Save changes' : 'Add test'}
        pending={save.isPending}
        error={problem}
        cancel={{ onClick: () => onDone(null) }}
      />
    </form>
  );
}
