import { EnumSelect } from '#src/components/enum-select.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { GYM_BEST_N, GYM_RULE_LABELS, gymRuleSentence, isGymBestN, type GymRule } from '#domain/gym-events.ts';

/** The multi-gym part of the challenge form: whether gyms get their own board, by which rule, and how many athletes count. */
export interface GymEventFormState {
  on: boolean;
  rule: GymRule;
  n: string;
}

export function gymEventFormState(c?: { gym_rule: GymRule | null; gym_best_n: number | null }): GymEventFormState {
  return { on: !!c?.gym_rule, rule: c?.gym_rule ?? 'sum_points', n: String(c?.gym_best_n ?? GYM_BEST_N.default) };
}

/** The input's gym fields, or a problem in plain words. */
export function gymEventInput(f: GymEventFormState, individual: boolean): { gym_rule: GymRule | null; gym_best_n: number | null } | string {
  if (!f.on || !individual) return { gym_rule: null, gym_best_n: null };
  const n = Number(f.n);
  if (!isGymBestN(n)) return `Athletes counted per gym: a whole number from ${GYM_BEST_N.min} to ${GYM_BEST_N.max}.`;
  return { gym_rule: f.rule, gym_best_n: n };
}

export function GymEventFields({
  value,
  onChange,
  locked,
}: {
  value: GymEventFormState;
  onChange: (next: GymEventFormState) => void;
  /** The challenge has started: the gym rule is fixed. */
  locked: boolean;
}) {
  const n = Number(value.n);
  return (
    <fieldset className="division-fields gym-event-fields">
      <legend>Gym against gym</legend>
      <Checkbox
        label="Gym event: also rank gyms by their athletes’ results"
        checked={value.on}
        disabled={locked}
        onChange={(on) => onChange({ ...value, on })}
      />
      {value.on && (
        <div className="row-fields">
          <EnumSelect
            id="cf-gym-rule"
            label="Gym score"
            options={GYM_RULE_LABELS}
            value={value.rule}
            disabled={locked}
            onChange={(rule) => onChange({ ...value, rule })}
            describedBy="cf-gym-rule-hint"
          >
            <p className="hint" id="cf-gym-rule-hint">
              {gymRuleSentence(value.rule, isGymBestN(n) ? n : GYM_BEST_N.default)}
              {locked ? ' Fixed once the challenge has started.' : ''}
            </p>
          </EnumSelect>
          <div className="field">
            <label htmlFor="cf-gym-n">Athletes counted per gym (N)</label>
            <input
              id="cf-gym-n"
              type="number"
              min={GYM_BEST_N.min}
              max={GYM_BEST_N.max}
              value={value.n}
              disabled={locked}
              onChange={(e) => onChange({ ...value, n: e.target.value })}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
