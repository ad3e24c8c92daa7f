import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import { squadBattleCreateMachine, type SquadBattleDraft } from '#machines/squad-battle-create.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { EnumSelect } from '#src/components/enum-select.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { BATTLE_LIMITS, SQUAD_DECIMATION, squadCutText } from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';
import { useCreateSquadBattle } from '../api/squads.ts';
import { JudgedVideoSwitch, SCORE_TYPE_NAMES } from './create-battle-form.tsx';

/** A Date as the value of a datetime-local input, in the viewer's own zone. */
const toLocalInput = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

const int = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** Create a squad decimation: the format's defaults to start from. */
export function SquadCreateForm() {
  const [, navigate] = useLocation();
  const create = useCreateSquadBattle();
  const d = SQUAD_DECIMATION.defaults;
  const [starts, setStarts] = useState(() => toLocalInput(Date.now() + 24 * 3_600_000));
  const initial: SquadBattleDraft = {
    name: '',
    scoreType: 'reps',
    attemptsPerRound: 2,
    roundHours: d.roundHours,
    startsAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    rounds: d.rounds,
    squadSize: d.squadSize,
    cutPerSquad: d.cutPerSquad,
    immunity: d.immunity,
    tradesPerRound: d.tradesPerRound,
    judgedVideo: false,
  };
  const flow = useFlow(
    squadBattleCreateMachine.provide({
      actors: {
        createSquadBattle: fromPromise(async ({ input }: { input: SquadBattleDraft }) => {
          const created = await create.mutateAsync({
            name: input.name.trim(),
            score_type: input.scoreType,
            attempts_per_round: input.attemptsPerRound,
            round_hours: input.roundHours,
            starts_at: input.startsAt,
            rounds: input.rounds,
            squad_size: input.squadSize,
            cut_per_squad: input.cutPerSquad,
            immunity: input.immunity,
            ...(input.immunity ? { trades_per_round: input.tradesPerRound } : {}),
            judged_video: input.judgedVideo,
          });
          return { id: created.battle.id };
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
    if (createdId !== null) navigate(`/squad-decimation-battle-page?id=${createdId}`);
  }, [createdId, navigate]);
  const change = (p: Partial<SquadBattleDraft>) => flow.send({ type: 'squadCreate.change', draft: p });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change({ startsAt: starts ? new Date(starts).toISOString() : '' });
    flow.send({ type: 'squadCreate.submit', now: Date.now() });
  };
  const num = (v: number) => (Number.isNaN(v) ? '' : String(v));
  return (
    <form className="card form" aria-label="Create a squad decimation" onSubmit={submit} noValidate>
      <TextInput label="Battle name" value={draft.name} onChange={(e) => change({ name: e.target.value })} maxLength={120} required />
      <EnumSelect<ScoreType>
        id="squad-score-type"
        label="Workout scored by"
        options={SCORE_TYPE_NAMES}
        value={draft.scoreType}
        onChange={(v) => change({ scoreType: v })}
      />
      <div className="row-fields">
        <TextInput
          label="Members per squad"
          type="number"
          min={BATTLE_LIMITS.minSquadSize}
          max={BATTLE_LIMITS.maxSquadSize}
          value={num(draft.squadSize)}
          onChange={(e) => change({ squadSize: int(e.target.value) })}
        />
        <TextInput
          label="Out per squad each round"
          type="number"
          min={1}
          max={BATTLE_LIMITS.maxSquadSize - 1}
          value={num(draft.cutPerSquad)}
          onChange={(e) => change({ cutPerSquad: int(e.target.value) })}
        />
      </div>
      <div className="row-fields">
        <TextInput
          label="Rounds at most"
          type="number"
          min={BATTLE_LIMITS.minRounds}
          max={BATTLE_LIMITS.maxRounds}
          value={num(draft.rounds)}
          onChange={(e) => change({ rounds: int(e.target.value) })}
        />
        <TextInput
          label="Attempts per round"
          type="number"
          min={1}
          max={BATTLE_LIMITS.maxAttemptsPerRound}
          value={num(draft.attemptsPerRound)}
          onChange={(e) => change({ attemptsPerRound: int(e.target.value) })}
        />
        <TextInput
          label="Hours per round"
          type="number"
          min={BATTLE_LIMITS.minRoundHours}
          max={BATTLE_LIMITS.maxRoundHours}
          value={num(draft.roundHours)}
          onChange={(e) => change({ roundHours: int(e.target.value) })}
        />
      </div>
      {Number.isInteger(draft.cutPerSquad) && draft.cutPerSquad > 0 ? (
        <p className="hint">When a round closes, {squadCutText(draft.cutPerSquad)}.</p>
      ) : null}
      <Switch label="Immunity tokens and trades" checked={draft.immunity} onChange={(immunity) => change({ immunity })} />
      {draft.immunity ? (
        <TextInput
          label="Trades per squad each round"
          type="number"
          min={0}
          max={BATTLE_LIMITS.maxImmunityTradesPerRound}
          value={num(draft.tradesPerRound)}
          onChange={(e) => change({ tradesPerRound: int(e.target.value) })}
          hint="The squad whose member ranks first in a round earns a token that protects one member from the next cut; captains may trade tokens."
        />
      ) : null}
      <JudgedVideoSwitch checked={draft.judgedVideo} onChange={(judgedVideo) => change({ judgedVideo })} />
      <TextInput
        label="First round opens (entry closes)"
        type="datetime-local"
        value={starts}
        onChange={(e) => setStarts(e.target.value)}
      />
      <FormFooter submitLabel="Create the squad battle" pendingLabel="Creating…" pending={pending} error={problem} />
    </form>
  );
}
