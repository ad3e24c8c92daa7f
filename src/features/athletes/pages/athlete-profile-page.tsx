import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import { AGE_GROUPS, BODYWEIGHT_CLASSES } from '#domain/athlete-groups.ts';
import { GLOBAL_BOARD, ordinal, placeRest } from '#domain/places.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { isNotFound } from '#src/api/errors.ts';
import { QueryError, QueryState } from '#src/components/query-state.tsx';
import {
  SEX_LABELS,
  numberFromSearch,
  useAthleteBests,
  useAthleteProfile,
  useAthleteTimeline,
  useMyAthleteProfile,
  useViewerUnits,
  type ProfilePrivacy,
  type PublicAthleteProfile,
  type TimelinePost,
} from '../api/profile.ts';
import { ProfileAvatar } from '../components/profile-avatar.tsx';
import { ProfileEditForm } from '../components/profile-edit-form.tsx';
import { RecordBestsTable } from '../components/record-bests-table.tsx';
import '../athletes.css';
import { AppLink } from '#src/components/ui/link.tsx';
import { gymHref } from '#src/lib/links.ts';
import { ReportButton } from '#src/components/report-button.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

const number = new Intl.NumberFormat();

const ageGroupLabel = (id: string) => AGE_GROUPS.find((g) => g.id === id)?.label ?? id;
const weightClassLabel = (id: string) => BODYWEIGHT_CLASSES.find((c) => c.id === id)?.label ?? id;

const POST_KIND_LABELS: Record<TimelinePost['kind'], string> = {
  personal_record: 'Personal record',
  challenge_joined: 'Joined a challenge',
  ranking: 'Final place',
};

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container page ath-page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

function NoSuchAthlete() {
  return (
    <Shell title="No such athlete">
      <p className="lead muted">
        There is no athlete at this address. The link may be mistyped, or the athlete may have closed their account.
      </p>
      <p className="ath-actions">
        <Link href="/global-test-leaderboards-page" className="btn btn-primary">
          Browse athletes in Global Ranks
        </Link>
      </p>
    </Shell>
  );
}

/** What another area shows in the profile (the follows area's header panel, the interviews area's section), composed by the route. */
export type ProfileSlot = (athlete: { userId: number; name: string; isMe: boolean }) => ReactNode;

export default function AthleteProfilePage({ social, sections }: { social?: ProfileSlot; sections?: ProfileSlot }) {
  const search = useSearch();
  const { user, restoring } = useSessionView();
  const asked = new URLSearchParams(search).get('id');
  const fromSearch = numberFromSearch(search, 'id');
  const userId = asked !== null ? fromSearch : (user?.wp_user_id ?? null);
  const profile = useAthleteProfile(userId);
  // Asked beside the profile (the Best results section reads the same query).
  useAthleteBests(userId);

  if (asked !== null && fromSearch === null) return <NoSuchAthlete />;
  if (asked === null && !user) {
    if (restoring) {
      return (
        <Shell title="Athlete Profile">
          <p role="status">Checking whether you are signed in…</p>
        </Shell>
      );
    }
    return (
      <Shell title="Athlete Profile">
        <p className="lead muted">Sign in to see and edit your own profile, or find athletes on the leaderboards.</p>
        <p className="ath-actions">
          <Link href={`/login-page?next=${encodeURIComponent('/athlete-profile-page')}`} className="btn btn-primary">
            Sign in
          </Link>
          <Link href="/global-test-leaderboards-page" className="btn btn-secondary">
            Browse Global Ranks
          </Link>
        </p>
      </Shell>
    );
  }
  if (profile.isPending) {
    return (
      <Shell title="Athlete Profile">
        <LoadingSkeleton label="Loading the profile…" />
      </Shell>
    );
  }
  if (profile.isError) {
    if (isNotFound(profile.error)) return <NoSuchAthlete />;
    return (
      <Shell title="Athlete Profile">
        <QueryError error={profile.error} onRetry={profile.refetch} retrying={profile.isFetching} />
      </Shell>
    );
  }
  return <Profile p={profile.data} social={social} sections={sections} />;
}

function Profile({ p, social, sections }: { p: PublicAthleteProfile; social?: ProfileSlot; sections?: ProfileSlot }) {
  const [editing, setEditing] = useState(false);
  const me = useMyAthleteProfile();
  // The activity below the Best results waits for them.
  const bestsPending = useAthleteBests(p.user_id).isPending;
  const own = p.is_me;
  const editHeading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    // Focus follows the form: into it on open, back to the button on close.
    if (editing) editHeading.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  // On their own profile the athlete also sees their hidden details, marked as such.
  const hidden = (field: keyof ProfilePrivacy) => own && me.data?.privacy[field] === 'private';
  const facts: [string, ReactNode, boolean][] = [];
  if (p.sex) facts.push(['Sex', SEX_LABELS[p.sex], hidden('sex')]);
  if (p.age_group) facts.push(['Age group', ageGroupLabel(p.age_group), hidden('birth_year')]);
  if (p.bodyweight_class) facts.push(['Weight class', weightClassLabel(p.bodyweight_class), hidden('bodyweight')]);
  if (p.gym) facts.push(['Gym', p.gym_id ? <AppLink href={gymHref(p.gym_id)}>{p.gym}</AppLink> : p.gym, hidden('gym')]);
  facts.push(['Member since', formatDate(p.member_since), false]);

  return (
    <div className="container page ath-page">
      <header className="card profile-head">
        <ProfileAvatar name={p.display_name} url={p.avatar_url} />
        <div className="profile-head-text">
          <h1 className="profile-name">
            {p.display_name}
            {own && <span className="ath-sub profile-you">This is you</span>}
          </h1>
          {p.hidden && <p className="hidden-note">Hidden by moderators: others do not see this profile. See Settings → Moderation.</p>}
          {!own && <ReportButton kind="profile" itemId={p.user_id} authorId={p.user_id} subject={p.display_name} />}
          <dl className="profile-facts">
            {facts.map(([term, value, onlyMe]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>
                  {value}
                  {onlyMe && <span className="ath-sub">Only you see this</span>}
                </dd>
              </div>
            ))}
          </dl>
          {p.bio && (
            <p className="profile-bio">
              {p.bio}
              {hidden('bio') && <span className="ath-sub">Only you see your bio</span>}
            </p>
          )}
          {social?.({ userId: p.user_id, name: p.display_name, isMe: own })}
        </div>
        {own && !editing && (
          <p className="profile-head-actions">
            <button ref={editButton} type="button" className="btn btn-secondary" onClick={() => setEditing(true)} disabled={!me.data}>
              Edit profile
            </button>
          </p>
        )}
      </header>

      {own && me.data && !me.data.exists && !editing && (
        <p className="card profile-setup" role="note">
          Your profile is not set up yet. Add your sex, birth year and body weight so your results are scored against the right standards
          and you appear in the right groups.{' '}
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Set up your profile
          </button>
        </p>
      )}
      {own && me.isError && <QueryError error={me.error} onRetry={me.refetch} retrying={me.isFetching} />}

      {own && editing && me.data && (
        <section className="card profile-edit" aria-labelledby="profile-edit-title">
          <h2 id="profile-edit-title" ref={editHeading} tabIndex={-1}>
            Edit your profile
          </h2>
          <p className="hint">Choose who sees each detail. Fields set to “Only me” are hidden from everyone else.</p>
          <ProfileEditForm profile={me.data} onDone={() => setEditing(false)} />
        </section>
      )}

      <section aria-labelledby="profile-standing-title">
        <h2 id="profile-standing-title">Standing</h2>
        <ul className="ath-stats">
          <li className="card ath-stat">
            <span className="ath-stat-label">Global rank</span>
            {p.global ? (
              <>
                <span className="ath-stat-value">{ordinal(p.global.rank)}</span>
                <span className="muted">{placeRest({ rank: p.global.rank, of: p.global.athletes, board: GLOBAL_BOARD })}</span>
                <Link href="/global-test-leaderboards-page">See Global Ranks</Link>
              </>
            ) : (
              <>
                <span className="ath-stat-value">—</span>
                <span className="muted">Not ranked yet</span>
              </>
            )}
          </li>
          <li className="card ath-stat">
            <span className="ath-stat-label">Total score</span>
            <span className="ath-stat-value">{p.global ? number.format(p.global.total) : '—'}</span>
            <span className="muted">
              {p.global ? `across ${p.global.tests_count} ${p.global.tests_count === 1 ? 'test' : 'tests'}` : 'No approved results yet'}
            </span>
          </li>
          <li className="card ath-stat">
            <span className="ath-stat-label">Achievements</span>
            <span className="ath-stat-value">{number.format(p.achievements_count)}</span>
            <span className="muted">{number.format(p.total_points)} points</span>
          </li>
        </ul>
      </section>

      <Bests p={p} />
      {/* Once the results above have their height, so the activity is never pushed down under the reader. */}
      {!bestsPending && <Timeline p={p} />}
      {!bestsPending && sections?.({ userId: p.user_id, name: p.display_name, isMe: own })}
    </div>
  );
}

function Bests({ p }: { p: PublicAthleteProfile }) {
  const bests = useAthleteBests(p.user_id);
  const units = useViewerUnits();
  const body = (data: NonNullable<typeof bests.data>) => {
    if (!data.records_public && !p.is_me) return <p className="empty card">{p.display_name} keeps their records private.</p>;
    if (data.bests.length === 0) {
      return p.is_me ? (
        <p className="empty card">
          No approved results yet. <Link href="/submit-pr-page">Submit your first personal record</Link>.
        </p>
      ) : (
        <p className="empty card">{p.display_name} has no approved results yet.</p>
      );
    }
    return (
      <>
        <RecordBestsTable bests={data.bests} units={units} caption={`${p.display_name}’s best result on each test`} />
        {p.is_me && (
          <p className="hint profile-bests-hint">
            Ranks link to each test’s deep dive. <Link href="/personal-records-dashboard">All your records and submissions</Link> ·{' '}
            <Link href="/performance-stats-page">Progress over time</Link>
          </p>
        )}
      </>
    );
  };
  return (
    <section aria-labelledby="profile-bests-title">
      <h2 id="profile-bests-title">Best results</h2>
      <QueryState query={bests} loading="Loading best results…">
        {body}
      </QueryState>
    </section>
  );
}

function Timeline({ p }: { p: PublicAthleteProfile }) {
  const posts = useAthleteTimeline(p.user_id, 10);
  const body = (data: NonNullable<typeof posts.data>) => (
    <ol className="profile-timeline">
      {data.items.map((post) => (
        <li key={post.id} className="card">
          <p className="profile-post-meta">
            <span className="ath-chip">{POST_KIND_LABELS[post.kind] ?? post.kind}</span>{' '}
            <time dateTime={post.created_at} className="muted">
              {formatDateTime(post.created_at)}
            </time>
          </p>
          <p className="profile-post-body">{post.body}</p>
        </li>
      ))}
    </ol>
  );
  return (
    <section aria-labelledby="profile-timeline-title">
      <h2 id="profile-timeline-title">Recent activity</h2>
      <QueryState query={posts} loading="Loading recent activity…" empty="No activity yet.">
        {body}
      </QueryState>
    </section>
  );
}
