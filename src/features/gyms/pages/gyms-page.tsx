import { MapPin, Users } from 'lucide-react';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { SkeletonLines } from '#src/components/ui/skeleton.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { DIRECTORY_PAGE_SIZE, useGymDirectory, type GymDirectoryPage } from '../api/gyms.ts';
import '../gyms.css';

const countryName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function GymCards({ data }: { data: GymDirectoryPage }) {
  return (
    <ul className="gym-cards" aria-label="Gyms">
      {data.items.map((g) => {
        const place = [g.city, g.country ? countryName(g.country) : ''].filter(Boolean).join(', ');
        return (
          <li key={g.id} className="card gym-card">
            <h2 className="gym-card-name">
              <AppLink href={`/gym-page?id=${g.id}`}>{g.name}</AppLink>
            </h2>
            <p className="gym-card-facts muted">
              <span>
                <MapPin size={14} aria-hidden /> {place || 'No city given'}
              </span>
              <span>
                <Users size={14} aria-hidden /> {plural(g.athlete_count, 'athlete', 'athletes')} · {plural(g.team_count, 'team', 'teams')}
              </span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** `/gyms-page`: the gyms directory - every verified gym, most athletes first, searchable by name. */
export default function GymsPage() {
  const [{ q, page }, setState] = useQueryState({ q: param.string(''), page: param.int(1, 1, 10_000) });
  const typed = useDebounced(q.trim(), 300);
  const gyms = useGymDirectory(typed, page);
  return (
    <div className="container page">
      <div className="gym-head">
        <h1>Gyms</h1>
        <Badge tone="success">Verified gyms</Badge>
      </div>
      <p className="lead muted">
        Where athletes train: each gym with the athletes who show it on their profile and its teams. Pick yours on your{' '}
        <AppLink href="/athlete-profile-page">profile</AppLink>; a gym added there is listed here once an editor verifies it.
      </p>
      <TextInput
        label="Find a gym"
        type="search"
        placeholder="Start of the gym’s name"
        maxLength={60}
        value={q}
        onChange={(e) => setState({ q: e.target.value, page: 1 })}
        wrapperClassName="field gym-search"
      />
      <QueryState
        query={gyms}
        loading={
          <ul className="gym-cards" aria-busy="true" aria-label="Loading the gyms">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="card gym-card">
                <SkeletonLines lines={2} />
              </li>
            ))}
          </ul>
        }
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState title={typed ? `No verified gym starts with “${typed}”` : 'No verified gyms yet'}>
            {typed ? 'Check the spelling, or add your gym from your profile.' : 'Gyms appear here once an editor verifies them.'}
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {plural(data.total, 'gym', 'gyms')}
              {typed ? ` starting with “${typed}”` : ''}
            </p>
            <GymCards data={data} />
            <PaginationByPage
              page={page}
              onPage={(p) => setState({ page: p }, { replace: false })}
              pageSize={DIRECTORY_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              label="Gym pages"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
