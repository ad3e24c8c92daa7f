import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { toast } from '#src/lib/toast.ts';
import { idFromSearch, useChallenge, type ChallengeDetail, type ChallengeInput, type ScoreType, type TeamRule } from '../api/challenges.ts';
import { SCORE_TYPE_LABELS, TEAM_RULE_LABELS } from '../api/challenge-labels.ts';
import { useCatalogueTests } from '../api/catalogue-tests.ts';
import { useSaveChallenge } from '../api/challenge-mutations.ts';
import { saveVideoRule, useVideoRuleValue, videoRuleBody, VideoRuleFields } from '../components/video-rule-fields.tsx';
import { EnumSelect } from '#src/components/enum-select.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { isNotFound } from '#src/api/errors.ts';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryError } from '#src/components/query-state.tsx';
import '../challenges.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { SCORE_TYPE_OF } from '#domain/measures.ts';
import { DivisionFields, divisionFormState, divisionInput, type DivisionFormState } from '../components/division-fields.tsx';
import { GymEventFields, gymEventFormState, gymEventInput, type GymEventFormState } from '../components/gym-event-fields.tsx';

const VISIBILITY_LABELS: Record<'public' | 'unlisted', string> = { public: 'Everyone (listed)', unlisted: 'Only people with the link' };

/** A Date as the value of a datetime-local input, in the viewer's own zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const off = d.getTimezoneOffset() * 60_000;
  return new Date(d.getTime() - off).toISOString().slice(0, 16);
}
function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}

interface FormState {
  title: string;
  description: string;
  score_type: ScoreType;
  kind: 'individual' | 'team';
  team_rule: TeamRule;
  team_best_n: string;
  team_size_max: string;
  cap_minutes: string;
  reps_per_round: string;
  has_tiebreak: boolean;
  tiebreak_label: string;
  starts: string;
  ends: string;
  visibility: 'public' | 'unlisted';
  participant_cap: string;
  requires_waiver: boolean;
  divisions: DivisionFormState;
  /** A multi-gym event's rule and N (individual challenges only). */
  gyms: GymEventFormState;
  /** The linked catalogue test's id, or '' for none. */
  test_id: string;
}

function initial(c?: ChallengeDetail): FormState {
  const now = Date.now();
  return {
    title: c?.title ?? '',
    description: c?.description ?? '',
    score_type: c?.score_type ?? 'time',
    kind: c?.kind ?? 'individual',
    team_rule: c?.team_rule ?? 'sum',
    team_best_n: c?.team_best_n ? String(c.team_best_n) : '2',
    team_size_max: c?.team_size_max ? String(c.team_size_max) : '4',
    cap_minutes: c?.time_cap_seconds ? String(c.time_cap_seconds / 60) : '',
    reps_per_round: c?.reps_per_round ? String(c.reps_per_round) : '',
    has_tiebreak: c?.has_tiebreak ?? false,
    tiebreak_label: c?.tiebreak_label ?? '',
    starts: toLocalInput(c?.starts_at ?? new Date(now).toISOString()),
    ends: toLocalInput(c?.ends_at ?? new Date(now + 7 * 86_400_000).toISOString()),
    visibility: c?.visibility ?? 'public',
    participant_cap: c?.participant_cap ? String(c.participant_cap) : '',
    requires_waiver: c?.requires_waiver ?? false,
    divisions: divisionFormState(c?.divisions),
    gyms: gymEventFormState(c),
    test_id: c?.test_id ? String(c.test_id) : '',
  };
}

function toInput(f: FormState): ChallengeInput | string {
  if (!f.title.trim()) return 'Give the challenge a title.';
  if (!f.starts || !f.ends) return 'Choose when it opens and closes.';
  if (new Date(f.ends) <= new Date(f.starts)) return 'It must close after it opens.';
  if (f.score_type === 'rounds_reps' && !(Number(f.reps_per_round) > 0)) return 'Say how many reps one round has.';
  const cap = f.score_type === 'time' && f.cap_minutes ? Math.round(Number(f.cap_minutes) * 60) : null;
  if (cap !== null && !(cap > 0)) return 'The time cap must be a positive number of minutes.';
  const team = f.kind === 'team';
  const size = Number(f.team_size_max);
  const bestN = Number(f.team_best_n);
  if (team && !(Number.isInteger(size) && size >= 2 && size <= 50)) return 'A team has room for 2 to 50 members.';
  if (team && f.team_rule === 'best_n' && !(Number.isInteger(bestN) && bestN >= 2 && bestN <= 20)) return 'Best N counts 2 to 20 members.';
  if (team && f.team_rule === 'best_n' && bestN > size) return 'Best N cannot be more than the team size.';
  const gyms = gymEventInput(f.gyms, !team);
  if (typeof gyms === 'string') return gyms;
  return {
    ...gyms,
    kind: f.kind,
    team_rule: team ? f.team_rule : null,
    team_best_n: team && f.team_rule === 'best_n' ? bestN : null,
    team_size_max: team ? size : null,
    title: f.title.trim(),
    description: f.description,
    score_type: f.score_type,
    time_cap_seconds: cap,
    reps_per_round: f.score_type === 'rounds_reps' ? Number(f.reps_per_round) : null,
    has_tiebreak: f.has_tiebreak,
    tiebreak_label: f.has_tiebreak ? f.tiebreak_label.trim() || null : null,
    starts_at: fromLocalInput(f.starts),
    ends_at: fromLocalInput(f.ends),
    visibility: f.visibility,
    participant_cap: f.participant_cap ? Number(f.participant_cap) : null,
    requires_waiver: f.requires_waiver,
    ...divisionInput(f.divisions),
    test_id: f.test_id ? Number(f.test_id) : null,
  };
}

export function ChallengeForm({ existing }: { existing?: ChallengeDetail }) {
  const [form, setForm] = useState<FormState>(() => initial(existing));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveChallenge(existing?.id ?? null);
  const [videoRule, setVideoRule] = useVideoRuleValue(existing?.id ?? null);
  const [, navigate] = useLocation();
  useEffect(() => setForm(initial(existing)), [existing]);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = toInput(form);
    if (typeof input === 'string') return setProblem(input);
    const rule = videoRuleBody(videoRule);
    if (typeof rule === 'string') return setProblem(rule);
    setProblem(null);
    save.mutate(input, {
      onSuccess: async (c) => {
        // The video rule is the judging area's: saved beside the challenge (nothing to save for a new one without it).
        if (existing || rule.rule !== 'none')
          await saveVideoRule(c.id, rule).catch((err: Error) => toast({ title: err.message, variant: 'error' }));
        toast({ title: existing ? 'Challenge saved.' : 'Challenge created.', variant: 'success' });
        navigate(`/challenge-detail-page?id=${c.id}`);
      },
      onError: (err) => setProblem(err.message),
    });
  };
  return (
    <form className="form card challenge-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="cf-title">Title</label>
        <input id="cf-title" value={form.title} maxLength={120} required onChange={(e) => set('title', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="cf-description">Workout and rules</label>
        <textarea
          id="cf-description"
          rows={6}
          maxLength={10_000}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <p className="hint">Movements, reps, standards. Blank lines start a new paragraph.</p>
      </div>
      <div className="row-fields">
        <EnumSelect
          id="cf-type"
          label="Scoring"
          options={SCORE_TYPE_LABELS}
          value={form.score_type}
          onChange={(t) => set('score_type', t)}
          disabled={!!existing}
        >
          {existing && <p className="hint">Fixed once the challenge exists.</p>}
        </EnumSelect>
        {form.score_type === 'time' && (
          <div className="field">
            <label htmlFor="cf-cap">Time cap (minutes, optional)</label>
            <input
              id="cf-cap"
              type="number"
              min={1}
              max={1440}
              step="any"
              value={form.cap_minutes}
              onChange={(e) => set('cap_minutes', e.target.value)}
            />
          </div>
        )}
        {form.score_type === 'rounds_reps' && (
          <div className="field">
            <label htmlFor="cf-rpr">Reps in one round</label>
            <input
              id="cf-rpr"
              type="number"
              min={1}
              max={10_000}
              value={form.reps_per_round}
              onChange={(e) => set('reps_per_round', e.target.value)}
            />
          </div>
        )}
      </div>
      <TestLink scoreType={form.score_type} value={form.test_id} onChange={(v) => set('test_id', v)} />
      <VideoRuleFields value={videoRule} onChange={setVideoRule} />
      <RadioGroup
        label="Who competes"
        orientation="horizontal"
        options={[
          { value: 'individual', label: 'Individuals' },
          { value: 'team', label: 'Teams' },
        ]}
        value={form.kind}
        disabled={!!existing && existing.participant_count > 0}
        onChange={(v) => set('kind', v)}
      />
      {form.kind === 'team' && (
        <div className="row-fields">
          <EnumSelect
            id="cf-team-rule"
            label="Team score"
            options={TEAM_RULE_LABELS}
            value={form.team_rule}
            onChange={(r) => set('team_rule', r)}
            describedBy="cf-team-rule-hint"
          >
            <p className="hint" id="cf-team-rule-hint">
              Combines each member’s best. {existing ? 'Fixed once scores exist.' : ''}
            </p>
          </EnumSelect>
          {form.team_rule === 'best_n' && (
            <div className="field">
              <label htmlFor="cf-team-n">Members counted (N)</label>
              <input
                id="cf-team-n"
                type="number"
                min={2}
                max={20}
                value={form.team_best_n}
                onChange={(e) => set('team_best_n', e.target.value)}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="cf-team-size">Largest team</label>
            <input
              id="cf-team-size"
              type="number"
              min={2}
              max={50}
              value={form.team_size_max}
              onChange={(e) => set('team_size_max', e.target.value)}
            />
          </div>
        </div>
      )}
      {form.kind === 'individual' && (
        <GymEventFields value={form.gyms} onChange={(g) => set('gyms', g)} locked={!!existing && existing.status !== 'upcoming'} />
      )}
      <DivisionFields value={form.divisions} onChange={(d) => set('divisions', d)} locked={!!existing && existing.participant_count > 0} />
      <Checkbox label="Record a tie-break time" checked={form.has_tiebreak} onChange={(on) => set('has_tiebreak', on)} />
      {form.has_tiebreak && (
        <div className="field">
          <label htmlFor="cf-tb">Tie-break point</label>
          <input
            id="cf-tb"
            value={form.tiebreak_label}
            maxLength={80}
            placeholder="e.g. time at the end of the last full round"
            onChange={(e) => set('tiebreak_label', e.target.value)}
          />
        </div>
      )}
      <div className="row-fields">
        <div className="field">
          <label htmlFor="cf-starts">Opens</label>
          <input id="cf-starts" type="datetime-local" value={form.starts} onChange={(e) => set('starts', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="cf-ends">Closes</label>
          <input id="cf-ends" type="datetime-local" value={form.ends} onChange={(e) => set('ends', e.target.value)} />
        </div>
      </div>
      <p className="hint">Times are in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).</p>
      <div className="row-fields">
        <EnumSelect
          id="cf-vis"
          label="Who can find it"
          options={VISIBILITY_LABELS}
          value={form.visibility}
          onChange={(v) => set('visibility', v)}
        />
        <div className="field">
          <label htmlFor="cf-cap-n">Athlete limit (optional)</label>
          <input
            id="cf-cap-n"
            type="number"
            min={1}
            value={form.participant_cap}
            onChange={(e) => set('participant_cap', e.target.value)}
          />
        </div>
      </div>
      <Checkbox
        label="Athletes must accept the liability waiver to join"
        checked={form.requires_waiver}
        onChange={(on) => set('requires_waiver', on)}
      />
      <FormFooter
        submitLabel={existing ? 'Save changes' : 'Create challenge'}
        pending={save.isPending}
        error={problem}
        cancel={{ href: existing ? `/challenge-detail-page?id=${existing.id}` : '/challenge-discovery-page' }}
      />
    </form>
  );
}

/** Links the challenge to a catalogue test measured the same way (Fran ↔ Fran): results outside its bounds are refused. */
function TestLink({ scoreType, value, onChange }: { scoreType: ScoreType; value: string; onChange: (id: string) => void }) {
  const catalogue = useCatalogueTests();
  const fitting = (catalogue.data?.items ?? []).filter((t) => SCORE_TYPE_OF[t.unit] === scoreType);
  const options = fitting.map((t) => ({ value: String(t.id), label: t.name }));
  // A linked test that no longer fits the scoring drops out of the choice.
  const shown = options.some((o) => o.value === value) ? value : null;
  useEffect(() => {
    if (value && catalogue.data && shown === null) onChange('');
  }, [value, catalogue.data, shown, onChange]);
  return (
    <Select<string>
      id="cf-test"
      label="Catalogue test (optional)"
      noneLabel="Not linked"
      options={options}
      value={shown}
      onChange={(v) => onChange(v ?? '')}
      disabled={catalogue.isPending || options.length === 0}
      hint={
        catalogue.isError
          ? 'The tests catalogue could not be loaded: the challenge can be saved without a link.'
          : 'Results outside the test’s humanly possible range are refused at entry.'
      }
    />
  );
}

export default function CreateChallengePage() {
  return (
    <div className="container page narrow">
      <h1>Create a Challenge</h1>
      <p className="lead muted">Set the workout, how it is scored and when it runs. Athletes can join as soon as it is listed.</p>
      <ChallengeForm />
    </div>
  );
}

export function EditChallengeScreen() {
  const id = idFromSearch(useSearch());
  const challenge = useChallenge(id);
  if (id === null)
    return (
      <EmptyState
        title="No challenge to edit here"
        action={
          <Link href="/challenge-discovery-page" className="btn btn-secondary">
            Browse challenges
          </Link>
        }
      >
        This address does not name a challenge. Open the challenge you run and choose Edit there.
      </EmptyState>
    );
  if (challenge.isPending) return <LoadingSkeleton label="Loading the challenge…" />;
  if (challenge.isError && isNotFound(challenge.error))
    return <NotFoundState what="This challenge" back={{ href: '/challenge-discovery-page', label: 'Browse challenges' }} />;
  if (challenge.isError) return <QueryError error={challenge.error} onRetry={challenge.refetch} retrying={challenge.isFetching} />;
  if (!challenge.data.can_edit)
    return (
      <EmptyState
        title="This challenge is not yours to edit"
        action={
          <>
            <Link href={`/challenge-detail-page?id=${challenge.data.id}`} className="btn btn-primary">
              Back to {challenge.data.title}
            </Link>{' '}
            <Link href="/create-challenge-page" className="btn btn-secondary">
              Create your own
            </Link>
          </>
        }
      >
        Only the creator of this challenge or an admin can change it.
      </EmptyState>
    );
  return <ChallengeForm existing={challenge.data} />;
}
