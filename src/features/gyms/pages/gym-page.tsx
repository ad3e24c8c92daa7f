import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { profileHref } from '#src/lib/links.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useGym, type GymDetail } from '../api/gyms.ts';
import '../gyms.css';

const countryName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

function GymView({ data }: { data: GymDetail }) {
  const { gym } = data;
  const place = [gym.city, gym.country ? countryName(gym.country) : ''].filter(Boolean).join(', ');
  const more = data.athletes_total - data.athletes.length;
  return (
    <>
      <div className="gym-head">
        <h1>{gym.name}</h1>
        {gym.verified ? <Badge tone="success">Verified</Badge> : <Badge>Not verified yet</Badge>}
      </div>
      <p className="gym-facts">
        {place ? <span>{place}</span> : <span className="muted">No city given</span>}
        {gym.website ? (
          <AppLink href={gym.website} external rel="nofollow noopener noreferrer">
            {gym.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </AppLink>
        ) : null}
      </p>
      <div className="gym-grid">
        <Card title={`Athletes (${data.athletes_total})`}>
          {data.athletes.length === 0 ? (
            <p className="muted">No athlete shows this gym on their profile yet.</p>
          ) : (
            <ul className="gym-list">
              {data.athletes.map((a) => (
                <li key={a.user_id}>
                  <AppLink href={profileHref(a.user_id)}>{a.display_name}</AppLink>
                </li>
              ))}
            </ul>
          )}
          {more > 0 ? <p className="muted">And {more} more.</p> : null}
        </Card>
        <Card title={`Teams (${data.teams.length})`}>
          {data.teams.length === 0 ? (
            <p className="muted">No team names this gym yet.</p>
          ) : (
            <ul className="gym-list">
              {data.teams.map((t) => (
                <li key={t.id}>
                  <AppLink href={`/team-dashboard-page?id=${t.id}`}>{t.name}</AppLink>
                  {t.tag ? <span className="muted"> [{t.tag}]</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

/** /gym-page?id=… : a gym, its athletes who show it and its teams. */
export default function GymPage() {
  const [{ id }] = useQueryState({ id: param.int(0, 0, 2147483647) });
  const gym = useGym(id);
  return (
    <div className="container page">
      <p className="gym-back">
        <AppLink href="/gyms-page">← All gyms</AppLink>
      </p>
      {id > 0 ? (
        <QueryState
          query={gym}
          loading="Loading the gym…"
          notFound={<NotFoundState heading="Gym" what="This gym" back={{ href: '/gyms-page', label: 'Browse the gyms' }} />}
        >
          {(data) => <GymView data={data} />}
        </QueryState>
      ) : (
        <>
          <h1>Gym</h1>
          <EmptyState
            title="No gym chosen"
            action={
              <AppLink href="/gyms-page" look="secondary">
                Browse the gyms
              </AppLink>
            }
          >
            Open a gym from the directory, an athlete’s profile or a leaderboard to see who trains there.
          </EmptyState>
        </>
      )}
    </div>
  );
}
