import { MeasureError, formatMeasure, validateStandard, type Direction, type Standard, type TestUnit } from '#domain/measures.ts';
import { STANDARD_SEX_NAMES } from '../api/tests.ts';
import { Select } from '#src/components/ui/select.tsx';

/** The most rows and anchors the contract accepts. */
export const MAX_STANDARDS = 24;
export const MAX_ANCHORS = 12;

export interface AnchorDraft {
  key: number;
  score: string;
  value: string;
}
export interface StandardDraft {
  key: number;
  sex: Standard['sex'];
  min: string;
  max: string;
  anchors: AnchorDraft[];
}

let nextKey = 1;
const key = () => nextKey++;

export function newStandardDraft(sex: Standard['sex'] = 'any'): StandardDraft {
  return {
    key: key(),
    sex,
    min: '',
    max: '',
    anchors: [0, 500, 1000].map((score) => ({ key: key(), score: String(score), value: '' })),
  };
}

export function standardToDraft(s: Standard): StandardDraft {
  return {
    key: key(),
    sex: s.sex,
    min: s.bodyweight_min_kg === null ? '' : String(s.bodyweight_min_kg),
    max: s.bodyweight_max_kg === null ? '' : String(s.bodyweight_max_kg),
    anchors: s.anchors.map((a) => ({ key: key(), score: String(a.score), value: String(a.value) })),
  };
}

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The standard a row describes, or the problem with it in words. */
export function draftToStandard(d: StandardDraft, direction: Direction): { standard: Standard } | { problem: string } {
  const blank = d.anchors.findIndex((a) => a.score.trim() === '' || a.value.trim() === '');
  if (blank >= 0) return { problem: `Anchor ${blank + 1}: enter both a score and a value.` };
  const standard: Standard = {
    sex: d.sex,
    bodyweight_min_kg: numberOrNull(d.min),
    bodyweight_max_kg: numberOrNull(d.max),
    anchors: d.anchors.map((a) => ({ score: Number(a.score), value: Number(a.value) })),
  };
  if (standard.anchors.some((a) => !Number.isInteger(a.score))) return { problem: 'Scores must be whole numbers from 0 to 1000.' };
  try {
    validateStandard(standard, direction);
    return { standard };
  } catch (error) {
    return { problem: error instanceof MeasureError ? error.message : 'This standard is not valid.' };
  }
}

const UNIT_LABEL: Record<TestUnit, string> = {
  kg: 'kg',
  reps: 'reps',
  seconds: 'seconds',
  meters: 'metres',
  calories: 'calories',
  points: 'points',
};

/** Rows of sex + optional bodyweight range + anchor points (score → value), each checked as it is typed. */
export function AdminStandardsEditor({
  drafts,
  onChange,
  unit,
  direction,
}: {
  drafts: StandardDraft[];
  onChange: (drafts: StandardDraft[]) => void;
  unit: TestUnit;
  direction: Direction;
}) {
  const update = (k: number, change: (d: StandardDraft) => StandardDraft) => onChange(drafts.map((d) => (d.key === k ? change(d) : d)));
  return (
    <div>
      <h3 className="adm-section-title">Standards</h3>
      <p className="hint">
        Each row scores results for a sex and (optionally) a bodyweight range: anchor points say which value earns which score from 0 to
        1000. Scores rise down the list; values {direction === 'lower' ? 'fall (lower is better)' : 'rise (higher is better)'}. Values are
        in {UNIT_LABEL[unit]}.
      </p>
      {drafts.length === 0 && <p className="empty">No standards yet: without one, results on this test cannot be scored.</p>}
      {drafts.map((d, i) => {
        const check = draftToStandard(d, direction);
        const id = `std-${d.key}`;
        const problemId = `${id}-problem`;
        return (
          <fieldset key={d.key} className="adm-standard" aria-describedby={'problem' in check ? problemId : undefined}>
            <legend>
              Standard {i + 1}: {STANDARD_SEX_NAMES[d.sex]}
            </legend>
            <div className="adm-row-fields">
              <Select<Standard['sex']>
                id={`${id}-sex`}
                label="Athletes"
                options={[
                  { value: 'any', label: 'Everyone' },
                  { value: 'female', label: 'Women' },
                  { value: 'male', label: 'Men' },
                ]}
                value={d.sex}
                onChange={(sex) => update(d.key, (x) => ({ ...x, sex }))}
              />
              <div className="field">
                <label htmlFor={`${id}-min`}>Bodyweight from (kg, optional)</label>
                <input
                  id={`${id}-min`}
                  type="number"
                  min={0}
                  max={400}
                  step="any"
                  value={d.min}
                  onChange={(e) => update(d.key, (x) => ({ ...x, min: e.target.value }))}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-max`}>Bodyweight under (kg, optional)</label>
                <input
                  id={`${id}-max`}
                  type="number"
                  min={0}
                  max={400}
                  step="any"
                  value={d.max}
                  onChange={(e) => update(d.key, (x) => ({ ...x, max: e.target.value }))}
                />
              </div>
            </div>
            <table className="adm-anchors">
              <caption className="visually-hidden">Anchor points of standard {i + 1}</caption>
              <thead>
                <tr>
                  <th scope="col">Score (0–1000)</th>
                  <th scope="col">Value ({UNIT_LABEL[unit]})</th>
                  <th scope="col">Shown as</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.anchors.map((a, j) => {
                  const setAnchor = (field: 'score' | 'value', text: string) =>
                    update(d.key, (x) => ({ ...x, anchors: x.anchors.map((y) => (y.key === a.key ? { ...y, [field]: text } : y)) }));
                  const shown =
                    a.value.trim() !== '' && Number.isFinite(Number(a.value)) ? formatMeasure(Number(a.value), unit, 'metric') : '';
                  return (
                    <tr key={a.key}>
                      <td>
                        <input
                          type="number"
                          min={0}
                          max={1000}
                          step={1}
                          aria-label={`Standard ${i + 1}, anchor ${j + 1}: score`}
                          value={a.score}
                          onChange={(e) => setAnchor('score', e.target.value)}
                        />
                      </td>
                      <td>
                        <input
                          type="number"
                          min={0}
                          step="any"
                          aria-label={`Standard ${i + 1}, anchor ${j + 1}: value in ${UNIT_LABEL[unit]}`}
                          value={a.value}
                          onChange={(e) => setAnchor('value', e.target.value)}
                        />
                      </td>
                      <td className="muted">{shown}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          disabled={d.anchors.length <= 2}
                          aria-label={`Remove anchor ${j + 1} of standard ${i + 1}`}
                          onClick={() => update(d.key, (x) => ({ ...x, anchors: x.anchors.filter((y) => y.key !== a.key) }))}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {'problem' in check ? (
              <p id={problemId} className="error-text">
                {check.problem}
              </p>
            ) : (
              <p className="success-text">This standard is valid.</p>
            )}
            <p className="adm-actions">
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={d.anchors.length >= MAX_ANCHORS}
                onClick={() => update(d.key, (x) => ({ ...x, anchors: [...x.anchors, { key: key(), score: '', value: '' }] }))}
              >
                Add an anchor
              </button>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange(drafts.filter((x) => x.key !== d.key))}>
                Remove standard {i + 1}
              </button>
            </p>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={drafts.length >= MAX_STANDARDS}
        onClick={() => onChange([...drafts, newStandardDraft()])}
      >
        Add a standard
      </button>
    </div>
  );
}
