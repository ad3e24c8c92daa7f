import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { FederationsSection } from '../components/federations-section.tsx';
import { GymsSection } from '../components/gyms-section.tsx';
import { HistorySection } from '../components/history-section.tsx';
import { LeaguesSection } from '../components/leagues-section.tsx';
import '../gyms.css';

const SECTIONS = [
  { id: 'gyms', label: 'Gyms' },
  { id: 'leagues', label: 'Leagues' },
  { id: 'federations', label: 'Federations' },
  { id: 'history', label: 'History' },
] as const;
type Section = (typeof SECTIONS)[number]['id'];

/** The sports network's administration: gyms (verify, merge), leagues with their season tables, federations, the history of changes. */
export default function SportsNetworkAdminPage() {
  const [{ section, league }, setState] = useQueryState({
    section: param.oneOf<Section>(
      SECTIONS.map((s) => s.id),
      'gyms',
    ),
    league: param.int(0, 0, 2147483647),
    // The lists' own filters and page start afresh on another tab.
    page: param.int(1, 1, 10000),
    status: param.string(''),
    about: param.string(''),
  });
  return (
    <div className="container page">
      <h1>Sports Network Admin</h1>
      <p className="lead muted">
        Gyms, the leagues that group them and their events, the federations above the leagues, and every change made to them.
      </p>
      <div className="tabs" role="tablist" aria-label="Sports network">
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            id={`tab-${s.id}`}
            aria-controls="network-panel"
            className="tab"
            aria-selected={section === s.id}
            onClick={() => setState({ section: s.id, league: 0, page: 1, status: '', about: '' }, { replace: false })}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="network-panel" aria-labelledby={`tab-${section}`}>
        {section === 'gyms' ? <GymsSection /> : null}
        {section === 'leagues' ? <LeaguesSection leagueId={league} onOpen={(id) => setState({ league: id }, { replace: false })} /> : null}
        {section === 'federations' ? <FederationsSection /> : null}
        {section === 'history' ? <HistorySection /> : null}
      </div>
    </div>
  );
}
