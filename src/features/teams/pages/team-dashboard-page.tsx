import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { MyTeams } from '../components/my-teams.tsx';
import { TeamView } from '../components/team-view.tsx';
import '../teams.css';

/** /team-dashboard-page?id=… shows one team; without an id, the athlete's teams and invitations. */
export default function TeamDashboardPage() {
  const [{ id }] = useQueryState({ id: param.int(0, 0, 2147483647) });
  return id > 0 ? <TeamView key={id} teamId={id} /> : <MyTeams />;
}
