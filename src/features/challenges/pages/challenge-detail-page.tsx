import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { Link, useSearch } from 'wouter';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { toast } from '#src/lib/toast.ts';
import { rememberCampaign } from '#src/lib/campaign-code.ts';
import { GYM_RULE_LABELS } from '#domain/gym-events.ts';
import { DIVISION_LABELS, idFromSearch, useChallenge, useRankings, type ChallengeDetail, type Sex } from '../api/challenges.ts';
import { SCORE_TYPE_LABELS, TEAM_RULE_LABELS } from '../api/challenge-labels.ts';
import { useTeams } from '../api/team-boards.ts';
import { useJoinChallenge } from '../api/challenge-mutations.ts';
import { useMyWaiver, useSignWaiver } from '../api/waiver.ts';
import { JoinWaiver } from '../components/join-waiver.tsx';
import type { components } from '#openapi/schema.d.ts';
import { StatusPill } from '../components/status-pill.tsx';
import { LeaderboardTable } from '../components/leaderboard-table.tsx';
import { useScoreText } from '../api/score-text.ts';
import { SafeMarkdown } from '#src/components/safe-markdown.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { BOARD_PROBLEM, challengeJoinMachine, needsBoard, needsTeam, offersSaveSex } from '#machines/challenge-join.ts';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { boardName, placeText } from '#domain/places.ts';
import '../challenges.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { ReportButton } from '#src/components/report-button.tsx';

type WaiverStatus = components['schemas']['WaiverStatus'];

function Description({ text }: { text: string }) {
  if (!text) return <p className="muted">No description.</p>;
  return <SafeMarkdown text={text} />;
}

/** The join form waits for the current waiver (and the athlete's signature of it) when the challenge needs it. */
function JoinSection({ challenge }: { challenge: ChallengeDetail }) {
  const needsWaiver = challenge.requires_waiver && !challenge.my_entry;
  const waiver = useMyWaiver(needsWaiver);
  if (!needsWaiver) return <JoinForm challenge={challenge} waiver={null} />;
  if (waiver.isPending) return <LoadingSkeleton rows={3} label="Loading the liability waiver" />;
  if (waiver.isError) {
    return (
      <p className="error-text" role="alert">
        {waiver.error.message}{' '}
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void waiver.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  const status = waiver.data;
  // A new version published while the page is open starts the form again (key).
  return <JoinForm key={status.document.version} challenge={challenge} waiver={status} />;
}

function JoinForm({ challenge, waiver: status }: { challenge: ChallengeDetail; waiver: WaiverStatus | null }) {
  const join = useJoinChallenge(challenge.id);
  const sign = useSignWaiver(challenge.id);
  // mutateAsync is stable for the mutation's lifetime, so the actor made once may hold it.
  const flow = useFlow(
    challengeJoinMachine.provide({
      actors: {
        joinChallenge: fromPromise(({ input }) => join.mutateAsync(input)),
        signWaiver: fromPromise(({ input }) => sign.mutateAsync(input)),
      },
      actions: { notifyJoined: (_, { text }) => toast({ title: text, variant: 'success' }) },
    }),
    {
      input: {
        title: challenge.title,
        isTeamChallenge: challenge.kind === 'team',
        requiresWaiver: challenge.requires_waiver,
        waiver: status ? { version: status.document.version, signed: status.signature !== null } : null,
        entry: challenge.my_entry ? { division: challenge.my_entry.division, sex: challenge.my_entry.sex } : null,
        sexBoards: challenge.divisions.sex === 'split',
        profileSex: challenge.profile_sex ?? null,
      },
    },
  );
  const form = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const { division, sex, problem, teamChoice } = form;
  const waiver = form.waiverAccepted;
  const teamForm = needsTeam(form);
  const boardForm = needsBoard(form);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'join.submit' });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {teamForm && (
        <TeamChoice
          challenge={challenge}
          choice={teamChoice}
          setChoice={(choice) => flow.send({ type: 'join.setTeamChoice', choice })}
          name={form.teamName}
          setName={(name) => flow.send({ type: 'join.setTeamName', name })}
          teamId={form.teamId}
          setTeamId={(teamId) => flow.send({ type: 'join.setTeamId', teamId })}
        />
      )}
      <RadioGroup
        label="Division"
        orientation="horizontal"
        options={(['rx', 'scaled'] as const).map((d) => ({ value: d, label: DIVISION_LABELS[d] }))}
        value={division}
        onChange={(d) => flow.send({ type: 'join.setDivision', division: d })}
      />
      {form.sexBoards ? (
        <Select<Sex>
          id="join-sex"
          label="Board"
          placeholder="Choose Women or Men"
          hint="This challenge ranks women and men on separate boards."
          required={boardForm}
          invalid={problem === BOARD_PROBLEM}
          options={[
            { value: 'female', label: 'Women' },
            { value: 'male', label: 'Men' },
          ]}
          value={sex || null}
          onChange={(v) => flow.send({ type: 'join.setSex', sex: v })}
        />
      ) : (
        <Select<Sex>
          id="join-sex"
          label="Category"
          noneLabel="Prefer not to say"
          hint="Optional: lets the board be filtered to women or men."
          options={[
            { value: 'female', label: 'Women' },
            { value: 'male', label: 'Men' },
          ]}
          value={sex || null}
          onChange={(v) => flow.send({ type: 'join.setSex', sex: v ?? '' })}
        />
      )}
      {offersSaveSex(form) && (
        <Checkbox
          label={`Save ${sex === 'female' ? 'Women' : 'Men'} on my profile for the next challenges`}
          checked={form.saveSex}
          onChange={(save) => flow.send({ type: 'join.setSaveSex', save })}
        />
      )}
      {status && (
        <JoinWaiver
          version={status.document.version}
          body={status.document.body}
          signedAt={form.waiverSigned ? (status.signature?.signed_at ?? new Date().toISOString()) : null}
          name={form.waiverName}
          setName={(name) => flow.send({ type: 'join.setWaiverName', name })}
          agreed={waiver}
          setAgreed={(accepted) => flow.send({ type: 'join.setWaiver', accepted })}
          today={formatDate(new Date().toISOString())}
        />
      )}
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {form.hasEntry
          ? 'Save division'
          : teamForm && teamChoice === 'create'
            ? 'Create team and join'
            : teamForm
              ? 'Join team'
              : 'Join challenge'}
      </button>
    </form>
  );
}

/** A team challenge is joined with a team: a new one (the joiner captains it) or one with room. */
function TeamChoice(props: {
  challenge: ChallengeDetail;
  choice: 'create' | 'join';
  setChoice: (c: 'create' | 'join') => void;
  name: string;
  setName: (v: string) => void;
  teamId: string;
  setTeamId: (v: string) => void;
}) {
  const teams = useTeams(props.challenge.id);
  const items = teams.data?.items ?? [];
  return (
    <>
      <RadioGroup
        label="Team"
        orientation="horizontal"
        options={[
          { value: 'create', label: 'Create a team' },
          { value: 'join', label: 'Join a team' },
        ]}
        value={props.choice}
        onChange={props.setChoice}
      />
      {props.choice === 'create' ? (
        <div className="field">
          <label htmlFor="join-team-name">Team name</label>
          <input
            id="join-team-name"
            value={props.name}
            minLength={2}
            maxLength={60}
            onChange={(e) => props.setName(e.target.value)}
            aria-describedby="join-team-name-hint"
          />
          <p className="hint" id="join-team-name-hint">
            2 to 60 characters; you will be its captain.
          </p>
        </div>
      ) : teams.isPending ? (
        <LoadingSkeleton label="Loading the teams…" />
      ) : teams.isError ? (
        <p className="error-text">{teams.error.message}</p>
      ) : items.length === 0 ? (
        <p className="muted">No teams yet: create the first one.</p>
      ) : (
        <Select
          id="join-team-id"
          label="Choose a team"
          options={items.map((t) => ({
            value: String(t.id),
            label: `${t.name} (${t.member_count}${teams.data?.team_size_max ? ` of ${teams.data.team_size_max}` : ''})${t.full ? ', full' : ''}`,
            disabled: t.full,
          }))}
          value={props.teamId || null}
          onChange={props.setTeamId}
        />
      )}
    </>
  );
}

/**
 * `children`: notes the app adds under the title (the events area's "Part of the event …"); `holding`: those notes
 * are still loading, so the page keeps its skeleton (a note arriving after the page would push everything below it down).
 */
export default function ChallengeDetailPage({ children, holding = false }: { children?: ReactNode; holding?: boolean }) {
  const id = idFromSearch(useSearch());
  const { user, isAdmin } = useSessionView();
  const challenge = useChallenge(id);
  const preview = useRankings({ challengeId: id, offset: 0, limit: 10 });
  const scoreText = useScoreText();
  // Arrived through a promotion (discovery's "Promoted", or a campaign's link): a join from here counts for it.
  useEffect(() => rememberCampaign(), []);
  if (id === null) return <Missing text="This address does not name a challenge." />;
  if (challenge.isPending || (holding && !challenge.isError))
    return (
      <div className="container page">
        <LoadingSkeleton label="Loading the challenge…" variant="cards" rows={3} />
      </div>
    );
  if (challenge.isError) return <Missing text={challenge.error.message} />;
  const c = challenge.data;
  const entry = c.my_entry;
  return (
    <div className="container page">
      <div className="page-head">
        <div>
          <p>
            <StatusPill status={c.status} /> <span className="muted">{SCORE_TYPE_LABELS[c.score_type]}</span>
          </p>
          <h1>{c.title}</h1>
          <p className="muted">Created by {c.creator.display_name}</p>
          {c.hidden && (
            <p className="hidden-note">Hidden by moderators: only you and staff see this challenge. See Settings → Moderation.</p>
          )}
          {children}
        </div>
        <p className="row-actions">
          {c.can_edit && c.status !== 'closed' && (
            <Link href={`/edit-challenge-page?id=${c.id}`} className="btn btn-secondary">
              Edit
            </Link>
          )}
          <Link href={`/challenge-leaderboard-page?id=${c.id}`} className="btn btn-secondary">
            Leaderboard
          </Link>
          {entry && (
            <Link href={`/story-submission-page?challenge=${c.id}`} className="btn btn-secondary">
              Share a story
            </Link>
          )}
          <ReportButton kind="challenge" itemId={c.id} authorId={c.creator.wp_user_id} subject={c.title} />
          {c.status === 'closed' && (
            <Link href={`/challenge-replay-page?id=${c.id}`} className="btn btn-secondary">
              Replay
            </Link>
          )}
        </p>
      </div>
      <div className="detail-grid">
        <section aria-labelledby="workout-title">
          <h2 id="workout-title">The workout</h2>
          <Description text={c.description} />
          {c.requires_waiver && (
            <p className="muted">
              Joining needs your signature on the current <Link href="/liability-waiver-page">liability waiver</Link>.
              {isAdmin && (
                <>
                  {' '}
                  <Link href={`/liability-waiver-page?challenge=${c.id}`}>See who signed</Link>.
                </>
              )}
            </p>
          )}
          <dl className="facts">
            <dt>Scoring</dt>
            <dd>{SCORE_TYPE_LABELS[c.score_type]}</dd>
            {c.time_cap_seconds !== null && (
              <>
                <dt>Time cap</dt>
                <dd>
                  {Math.floor(c.time_cap_seconds / 60)} min{c.time_cap_seconds % 60 ? ` ${c.time_cap_seconds % 60} s` : ''}: not finished by
                  then, your reps count
                </dd>
              </>
            )}
            {c.reps_per_round !== null && (
              <>
                <dt>One round</dt>
                <dd>{c.reps_per_round} reps</dd>
              </>
            )}
            {c.has_tiebreak && (
              <>
                <dt>Tie-break</dt>
                <dd>{c.tiebreak_label ?? 'Time at the tie-break point'}</dd>
              </>
            )}
            {c.kind === 'team' && c.team_rule && (
              <>
                <dt>Teams</dt>
                <dd>
                  Up to {c.team_size_max} members; team score:{' '}
                  {c.team_rule === 'best_n' ? `best ${c.team_best_n}` : TEAM_RULE_LABELS[c.team_rule].toLowerCase()} of members’ bests
                </dd>
              </>
            )}
            {c.gym_rule && (
              <>
                <dt>Gym event</dt>
                <dd>
                  {GYM_RULE_LABELS[c.gym_rule]} (N = {c.gym_best_n}); athletes count for the gym on their profile when they join.{' '}
                  <Link href={`/challenge-leaderboard-page?id=${c.id}&view=gyms`}>See the gym board</Link>
                </dd>
              </>
            )}
            <dt>Opens</dt>
            <dd>{formatDateTime(c.starts_at)}</dd>
            <dt>Closes</dt>
            <dd>{formatDateTime(c.ends_at)}</dd>
            <dt>Athletes</dt>
            <dd>
              {c.participant_count}
              {c.participant_cap !== null ? ` of ${c.participant_cap}` : ''}
            </dd>
          </dl>
          <h2>Top of the board</h2>
          {preview.isPending ? (
            <LoadingSkeleton label="Loading the leaderboard…" />
          ) : preview.isError ? (
            <p className="error-text">{preview.error.message}</p>
          ) : preview.data.items.length === 0 ? (
            <p className="empty card">No scores yet. Be the first on the board.</p>
          ) : (
            <LeaderboardTable rows={preview.data.items} me={preview.data.me} caption={`Top of ${c.title}`} scoreType={c.score_type} />
          )}
        </section>
        <aside className="card" aria-labelledby="entry-title">
          <h2 id="entry-title">Your entry</h2>
          {!user ? (
            <p>
              <Link href={`/login-page?next=${encodeURIComponent(`/challenge-detail-page?id=${c.id}`)}`}>Sign in</Link> to join and submit
              scores.
            </p>
          ) : c.status === 'closed' ? (
            entry?.best ? (
              <p>
                Final: <strong>{scoreText(entry.best, c.score_type)}</strong>
                {entry.place ? <>, {placeText(entry.place)}</> : ''}.
              </p>
            ) : (
              <p className="muted">This challenge has closed.</p>
            )
          ) : (
            <>
              {entry && (
                <p>
                  You are in, {boardName({ sex: c.divisions.sex, age: c.divisions.age_scheme }, entry.category ?? '', entry.division)}
                  {entry.team ? `, team ${entry.team.name}` : ''}.{' '}
                  {entry.best ? (
                    <>
                      Best: <strong>{scoreText(entry.best, c.score_type)}</strong>
                      {entry.place ? (
                        <>
                          , <strong>{placeText(entry.place)}</strong>
                        </>
                      ) : (
                        ''
                      )}
                      .
                    </>
                  ) : (
                    'No score yet.'
                  )}
                </p>
              )}
              {entry && c.status === 'open' && (
                <p>
                  <Link href={`/score-submission-page?id=${c.id}`} className="btn btn-primary">
                    Submit a score
                  </Link>
                </p>
              )}
              {c.status === 'upcoming' && <p className="muted">Scores open {formatDateTime(c.starts_at)}.</p>}
              <JoinSection challenge={c} />
            </>
          )}
        </aside>
      </div>
    </div>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <div className="container page">
      <h1>Challenge not found</h1>
      <p className="lead muted">{text}</p>
      <p>
        <Link href="/challenge-discovery-page" className="btn btn-primary">
          Browse challenges
        </Link>
      </p>
    </div>
  );
}
