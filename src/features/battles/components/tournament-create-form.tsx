import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import { tournamentCreateMachine, type StageDraft, type TournamentDraft } from '#machines/tournament-create.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { EnumSelect } from '#src/components/enum-select.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import {
  BATTLE_LIMITS,
  TOURNAMENT_LIMITS,
  bracketRounds,
  bracketRules,
  cutRuleText,
  stageEnd,
  type CutRule,
  type StageFormat,
} from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';
import { useCreateTournament } from '../api/tournaments.ts';
import { SCORE_TYPE_NAMES } from './create-battle-form.tsx';

const HOUR = 3_600_000;
/** A Date as the value of a datetime-local input, in the viewer's own zone. */
const toLocalInput = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const int = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** One stage as typed: strings, turned into a StageDraft on create. */
interface StageFields {
  name: string;
  /** A battle royale, or (after stage 1) a bracket seeded from the stage before. */
  format: StageFormat;
  opens: string;
  rounds: string;
  hours: string;
  /** Every round of the stage applies this rule: eliminate the bottom share (with a floor), or keep the best. */
  cut: CutRule['kind'];
  keep: string;
  percent: string;
  minimum: string;
  advance: string;
}

const STAGE_NAMES = ['Qualifier', 'Semi-final', 'Final'];

function defaultStages(now: number): StageFields[] {
  let opens = Math.ceil((now + 24 * HOUR) / HOUR) * HOUR;
  return STAGE_NAMES.filter((_, i) => i !== 1).map((name, i, all) => {
    const stage = {
      name,
      format: 'battle_royale' as const,
      opens: toLocalInput(opens),
      rounds: '2',
      hours: '24',
      cut: 'cut_percent' as const,
      keep: i === all.length - 1 ? '2' : '8',
      percent: '50',
      minimum: i === all.length - 1 ? '1' : '4',
      advance: '8',
    };
    opens += 2 * 24 * HOUR + 24 * HOUR;
    return stage;
  });
}

const toDraft = (f: StageFields, last: boolean): StageDraft => ({
  name: f.name,
  format: f.format,
  startsAt: f.opens ? new Date(f.opens).toISOString() : '',
  roundHours: int(f.hours),
  cuts:
    f.format === 'bracket'
      ? []
      : Array.from({ length: Math.max(0, Math.min(BATTLE_LIMITS.maxRounds + 1, int(f.rounds) || 0)) }, (): CutRule =>
          f.cut === 'keep_top'
            ? { kind: 'keep_top', keep: int(f.keep) }
            : { kind: 'cut_percent', percent: int(f.percent), minimum: int(f.minimum) },
        ),
  advance: last ? null : int(f.advance),
});

function StageFieldset({
  index,
  last,
  fields,
  seedsIn,
  onChange,
}: {
  index: number;
  last: boolean;
  fields: StageFields;
  /** How many the stage before sends on (null for stage 1): a bracket's size. */
  seedsIn: number | null;
  onChange: (patch: Partial<StageFields>) => void;
}) {
  const label = `Stage ${index + 1}`;
  const draft = toDraft(fields, last);
  const bracket = fields.format === 'bracket';
  const rounds = bracket ? bracketRounds(seedsIn ?? 2) : draft.cuts.length;
  const ends =
    Number.isFinite(Date.parse(draft.startsAt)) && rounds ? stageEnd({ ...draft, startsAt: Date.parse(draft.startsAt) }, rounds) : null;
  const bracketText =
    bracket && seedsIn !== null && Number.isInteger(seedsIn) && seedsIn >= 2 && Number.isInteger(draft.roundHours)
      ? bracketRules({ size: seedsIn, roundHours: draft.roundHours })
      : [];
  return (
    <fieldset className="card form">
      <legend>{last ? `${label} (the final)` : label}</legend>
      <TextInput
        label={`${label} name`}
        value={fields.name}
        maxLength={TOURNAMENT_LIMITS.maxStageName}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <TextInput
        label={`${label} opens`}
        type="datetime-local"
        value={fields.opens}
        onChange={(e) => onChange({ opens: e.target.value })}
      />
      {index > 0 ? (
        <RadioGroup<StageFormat>
          label={`${label} format`}
          orientation="horizontal"
          options={[
            { value: 'battle_royale', label: 'Battle royale' },
            { value: 'bracket', label: 'Bracket (head to head)' },
          ]}
          value={fields.format}
          onChange={(format) => onChange({ format })}
        />
      ) : null}
      <div className="row-fields">
        {bracket ? null : (
          <TextInput
            label={`${label} rounds`}
            type="number"
            min={BATTLE_LIMITS.minRounds}
            max={BATTLE_LIMITS.maxRounds}
            value={fields.rounds}
            onChange={(e) => onChange({ rounds: e.target.value })}
          />
        )}
        <TextInput
          label={`${label} hours per round`}
          type="number"
          min={BATTLE_LIMITS.minRoundHours}
          max={BATTLE_LIMITS.maxRoundHours}
          value={fields.hours}
          onChange={(e) => onChange({ hours: e.target.value })}
        />
      </div>
      {bracket ? null : (
        <RadioGroup<CutRule['kind']>
          label={`${label}: each round`}
          orientation="horizontal"
          options={[
            { value: 'cut_percent', label: 'Eliminate the bottom share' },
            { value: 'keep_top', label: 'Keep the best' },
          ]}
          value={fields.cut}
          onChange={(cut) => onChange({ cut })}
        />
      )}
      {bracket ? null : fields.cut === 'keep_top' ? (
        <TextInput
          label={`${label} athletes kept per round`}
          type="number"
          min={BATTLE_LIMITS.minKeep}
          max={BATTLE_LIMITS.maxField}
          value={fields.keep}
          onChange={(e) => onChange({ keep: e.target.value })}
        />
      ) : (
        <div className="row-fields">
          <TextInput
            label={`${label} eliminated per round (%)`}
            type="number"
            min={BATTLE_LIMITS.minPercent}
            max={BATTLE_LIMITS.maxPercent}
            value={fields.percent}
            onChange={(e) => onChange({ percent: e.target.value })}
          />
          <TextInput
            label={`${label} never fewer than`}
            type="number"
            min={1}
            value={fields.minimum}
            onChange={(e) => onChange({ minimum: e.target.value })}
          />
        </div>
      )}
      {last ? null : (
        <TextInput
          label={`${label} athletes going through`}
          type="number"
          min={1}
          value={fields.advance}
          onChange={(e) => onChange({ advance: e.target.value })}
        />
      )}
      {bracket ? (
        <ul className="hint" aria-label={`${label}: how the bracket works`}>
          {bracketText.length ? (
            bracketText.map((rule) => <li key={rule}>{rule}</li>)
          ) : (
            <li>The stage before must send 2 to {BATTLE_LIMITS.maxBracketSize} athletes into a bracket.</li>
          )}
          <li>
            {`${rounds} ${rounds === 1 ? 'round' : 'rounds'}`}
            {ends !== null
              ? `; the stage ends ${new Date(ends).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}.`
              : '.'}
          </li>
        </ul>
      ) : (
        <p className="hint">
          When a round closes, {draft.cuts[0] ? cutRuleText(draft.cuts[0]) : 'the rule cuts the field'}.
          {ends !== null ? ` The stage ends ${new Date(ends).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}.` : ''}
        </p>
      )}
    </fieldset>
  );
}

/** Create a tournament (administrators) in two steps: the tournament and its workout, then its stages. */
export function CreateTournamentForm() {
  const [, navigate] = useLocation();
  const create = useCreateTournament();
  const [stages, setStages] = useState<StageFields[]>(() => defaultStages(Date.now()));
  const initial: TournamentDraft = { name: '', scoreType: 'reps', attemptsPerRound: 2, stages: [] };
  const flow = useFlow(
    tournamentCreateMachine.provide({
      actors: {
        createTournament: fromPromise(async ({ input }: { input: TournamentDraft }) => {
          const created = await create.mutateAsync({
            name: input.name.trim(),
            score_type: input.scoreType,
            attempts_per_round: input.attemptsPerRound,
            stages: input.stages.map((s) => ({
              name: s.name.trim(),
              format: s.format ?? 'battle_royale',
              starts_at: s.startsAt,
              round_hours: s.roundHours,
              rounds: s.cuts.map((cut) => ({ cut })),
              advance: s.advance,
            })),
          });
          return { id: created.id };
        }),
      },
    }),
    { input: { draft: initial } },
  );
  const draft = useSelector(flow, (s) => s.context.draft);
  const step = useSelector(flow, (s) => (s.matches('details') ? 'details' : 'stages'));
  const problem = useSelector(flow, (s) => s.context.problem);
  const pending = useSelector(flow, (s) => s.hasTag('busy'));
  const createdId = useSelector(flow, (s) => s.context.createdId);
  useEffect(() => {
    if (createdId !== null) navigate(`/battle-hub?tournament=${createdId}`);
  }, [createdId, navigate]);
  const change = (d: Partial<TournamentDraft>) => flow.send({ type: 'tournament.change', draft: d });
  const editStage = (i: number, patch: Partial<StageFields>) => setStages((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  if (step === 'details') {
    const next = (e: FormEvent) => {
      e.preventDefault();
      flow.send({ type: 'tournament.next' });
    };
    return (
      <form className="card form" aria-label="Create a tournament: the workout" onSubmit={next} noValidate>
        <p className="muted">Step 1 of 2: the tournament and its workout (every stage is scored the same way).</p>
        <TextInput label="Tournament name" value={draft.name} onChange={(e) => change({ name: e.target.value })} maxLength={70} required />
        <EnumSelect<ScoreType>
          id="tournament-score-type"
          label="Workout scored by"
          options={SCORE_TYPE_NAMES}
          value={draft.scoreType}
          onChange={(v) => change({ scoreType: v })}
        />
        <TextInput
          label="Attempts per round"
          type="number"
          min={1}
          max={BATTLE_LIMITS.maxAttemptsPerRound}
          value={String(draft.attemptsPerRound)}
          onChange={(e) => change({ attemptsPerRound: int(e.target.value) })}
        />
        <FormFooter submitLabel="Next: the stages" pending={false} error={problem} />
      </form>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    change({ stages: stages.map((s, i) => toDraft(s, i === stages.length - 1)) });
    flow.send({ type: 'tournament.submit', now: Date.now() });
  };
  const addStage = () =>
    setStages((all) => [
      ...all.slice(0, -1),
      { ...all.at(-1)!, name: STAGE_NAMES[1]!, minimum: '2', advance: '4' },
      { ...all.at(-1)!, opens: toLocalInput(Date.parse(new Date(all.at(-1)!.opens).toISOString()) + 3 * 24 * HOUR) },
    ]);
  return (
    <form className="form" aria-label="Create a tournament: the stages" onSubmit={submit} noValidate>
      <p className="muted">
        Step 2 of 2: the stages of {draft.name.trim()}, in date order. The best of each stage go through to the next, seeded by their place.
        A stage after the first may be a bracket: its seeds play head to head, winners on, until one is left.
      </p>
      {stages.map((s, i) => (
        <StageFieldset
          key={i}
          index={i}
          last={i === stages.length - 1}
          fields={s}
          seedsIn={i === 0 ? null : int(stages[i - 1]!.advance)}
          onChange={(patch) => editStage(i, patch)}
        />
      ))}
      <div className="battle-filter">
        {stages.length < TOURNAMENT_LIMITS.maxStages ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={addStage}>
            Add a stage before the final
          </button>
        ) : null}
        {stages.length > TOURNAMENT_LIMITS.minStages ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setStages((all) => [...all.slice(0, -2), all.at(-1)!])}
          >
            Remove the stage before the final
          </button>
        ) : null}
      </div>
      <FormFooter
        submitLabel="Create the tournament"
        pendingLabel="Creating…"
        pending={pending}
        error={problem}
        cancel={{ label: 'Back', onClick: () => flow.send({ type: 'tournament.back' }) }}
      />
    </form>
  );
}
