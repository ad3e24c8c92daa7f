import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import { battleCreateMachine, type BattleDraft } from '#machines/battle-create.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { EnumSelect } from '#src/components/enum-select.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { BATTLE_LIMITS, BATTLE_ROYALE, cutRuleText, type CutRule } from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';
import { useCreateBattle } from '../api/battles.ts';

export const SCORE_TYPE_NAMES: Record<ScoreType, string> = {
  time: 'For time',
  reps: 'Max reps',
  load: 'Max load',
  rounds_reps: 'Rounds + reps',
  distance: 'Distance',
  calories: 'Calories',
  points: 'Points',
};

/** The format parameter "attempts need a judged video" (domain/battles/judged.ts), on both create forms. */
export function JudgedVideoSwitch({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const hintId = useId();
  return (
    <>
      <Switch label="Attempts need a judged video" checked={checked} onChange={onChange} describedBy={hintId} />
      <p className="hint" id={hintId}>
        When on, each attempt names the athlete’s processed video and counts only once a certified judge verifies it; attempts still waiting
        when their round closes do not count. The rules page states it in full.
      </p>
    </>
  );
}

/** A Date as the value of a datetime-local input, in the viewer's own zone. */
const toLocalInput = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

const int = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** Create a battle royale: the format's defaults to start from, one cut rule for every round. */
export function CreateBattleForm() {
  const [, navigate] = useLocation();
  const create = useCreateBattle();
  const defaults = BATTLE_ROYALE.defaults;
  const [rounds, setRounds] = useState(String(defaults.rounds));
  const [kind, setKind] = useState<CutRule['kind']>(defaults.cut.kind);
  const [keep, setKeep] = useState('8');
  const [percent, setPercent] = useState('50');
  const [minimum, setMinimum] = useState('2');
  const [starts, setStarts] = useState(() => toLocalInput(Date.now() + 24 * 3_600_000));
  const initial: BattleDraft = {
    name: '',
    scoreType: 'reps',
    attemptsPerRound: defaults.attemptsPerRound,
    roundHours: defaults.roundHours,
    startsAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    cuts: [defaults.cut],
    judgedVideo: false,
  };
  const flow = useFlow(
    battleCreateMachine.provide({
      actors: {
        createBattle: fromPromise(async ({ input }: { input: BattleDraft }) => {
          const created = await create.mutateAsync({
            name: input.name.trim(),
            score_type: input.scoreType,
            attempts_per_round: input.attemptsPerRound,
            round_hours: input.roundHours,
            starts_at: input.startsAt,
            rounds: input.cuts.map((cut) => ({ cut })),
            judged_video: input.judgedVideo,
          });
          return { id: created.id };
        }),
      },
    }),
    { input: { draft: initial } },
  );
  const draft = useSelector(flow, (s) => s.context.draft);
  const problem = useSelector(flow, (s) => s.context.problem);
  const pending = useSelector(flow, (s) => s.hasTag('busy'));
  const createdId = useSelector(flow, (s) => s.context.createdId);
  useEffect(() => {
    if (createdId !== null) navigate(`/individual-battle-royale-page?id=${createdId}`);
  }, [createdId, navigate]);
  const change = (d: Partial<BattleDraft>) => flow.send({ type: 'create.change', draft: d });
  const cut = (): CutRule => (kind === 'keep_top' ? { kind, keep: int(keep) } : { kind, percent: int(percent), minimum: int(minimum) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Math.max(0, Math.min(BATTLE_LIMITS.maxRounds + 1, int(rounds) || 0));
    change({ cuts: Array.from({ length: n }, cut), startsAt: starts ? new Date(starts).toISOString() : '' });
    flow.send({ type: 'create.submit', now: Date.now() });
  };
  return (
    <form className="card form" aria-label="Create a battle royale" onSubmit={submit} noValidate>
      <TextInput label="Battle name" value={draft.name} onChange={(e) => change({ name: e.target.value })} maxLength={120} required />
      <EnumSelect<ScoreType>
        id="battle-score-type"
        label="Workout scored by"
        options={SCORE_TYPE_NAMES}
        value={draft.scoreType}
        onChange={(v) => change({ scoreType: v })}
      />
      <div className="row-fields">
        <TextInput
          label="Rounds"
          type="number"
          min={BATTLE_LIMITS.minRounds}
          max={BATTLE_LIMITS.maxRounds}
          value={rounds}
          onChange={(e) => setRounds(e.target.value)}
        />
        <TextInput
          label="Attempts per round"
          type="number"
          min={1}
          max={BATTLE_LIMITS.maxAttemptsPerRound}
          value={String(draft.attemptsPerRound)}
          onChange={(e) => change({ attemptsPerRound: int(e.target.value) })}
        />
        <TextInput
          label="Hours per round"
          type="number"
          min={BATTLE_LIMITS.minRoundHours}
          max={BATTLE_LIMITS.maxRoundHours}
          value={String(draft.roundHours)}
          onChange={(e) => change({ roundHours: int(e.target.value) })}
        />
      </div>
      <RadioGroup<CutRule['kind']>
        label="Each round"
        options={[
          { value: 'cut_percent', label: 'Eliminate the bottom share' },
          { value: 'keep_top', label: 'Keep the best' },
        ]}
        value={kind}
        onChange={setKind}
      />
      {kind === 'keep_top' ? (
        <TextInput label="Athletes kept" type="number" min={1} value={keep} onChange={(e) => setKeep(e.target.value)} />
      ) : (
        <div className="row-fields">
          <TextInput label="Eliminated (%)" type="number" min={1} max={90} value={percent} onChange={(e) => setPercent(e.target.value)} />
          <TextInput label="Never fewer than" type="number" min={1} value={minimum} onChange={(e) => setMinimum(e.target.value)} />
        </div>
      )}
      <p className="hint">When a round closes, {cutRuleText(cut())}.</p>
      <JudgedVideoSwitch checked={draft.judgedVideo} onChange={(judgedVideo) => change({ judgedVideo })} />
      <TextInput
        label="First round opens (entry closes)"
        type="datetime-local"
        value={starts}
        onChange={(e) => setStarts(e.target.value)}
      />
      <FormFooter submitLabel="Create the battle" pendingLabel="Creating…" pending={pending} error={problem} />
    </form>
  );
}
