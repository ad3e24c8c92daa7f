import { AppLink } from '#src/components/ui/link.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { FORMAT_CATALOGUE } from '#domain/battles/index.ts';
import { useBattleDashboard, useBattles, type BattleStatus } from '../api/battles.ts';
import { useTournaments } from '../api/tournaments.ts';
import { BattleCalendar } from '../components/battle-calendar.tsx';
import { BattleCard, STATUS_NAMES } from '../components/battle-card.tsx';
import { CreateBattleForm } from '../components/create-battle-form.tsx';
import { TournamentCard } from '../components/tournament-card.tsx';
import { CreateTournamentForm } from '../components/tournament-create-form.tsx';
import { TournamentPage } from '../components/tournament-view.tsx';
import '../battles.css';

const STATUSES: BattleStatus[] = ['live', 'entry', 'finished'];
/** The list's format filter: battle royales, or tournaments (stages of battle royales and brackets). */
const KINDS = ['battles', 'tournaments'] as const;
const KIND_NAMES = { battles: 'Battle royales', tournaments: 'Tournaments' } as const;
const FORMAT_HREF: Record<string, string> = {
  battle_royale: '/individual-battle-royale-page',
  squad_decimation: '/squad-decimation-page',
  bracket_tournament: '/squad-decimation-rules-page#brackets',
};
const FORMAT_LINK_TEXT: Record<string, string> = {
  battle_royale: 'See a battle',
  squad_decimation: 'See squad battles',
  bracket_tournament: 'Read the bracket rules',
};

function MyBattles() {
  const mine = useBattleDashboard(true);
  return (
    <section aria-labelledby="my-battles">
      <h2 id="my-battles">My battles</h2>
      <QueryState
        query={mine}
        loading="Loading your battles…"
        empty={<p className="muted">You have not entered a battle yet: pick one below while its entry is open.</p>}
      >
        {(data) => (
          <>
            <p className="muted">
              Still in {data.alive} · eliminated from {data.eliminated} · won {data.won}
            </p>
            <div className="battle-grid">
              {data.items.map((b) => (
                <BattleCard key={b.id} battle={b} />
              ))}
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** /battle-hub: the formats, live / open / finished battles and tournaments, my battles and calendar, creating one; ?tournament=ID is a tournament's page. */
export default function BattleHub() {
  const [{ tournament }] = useQueryState({ tournament: param.int(0, 1) });
  return tournament > 0 ? <TournamentPage id={tournament} /> : <Hub />;
}

function Hub() {
  const { user } = useSessionView();
  const [{ status, kind }, setQuery] = useQueryState({ status: param.oneOf(STATUSES, 'live'), kind: param.oneOf(KINDS, 'battles') });
  const battles = useBattles(status);
  const tournaments = useTournaments(status, kind === 'tournaments');
  return (
    <div className="container page">
      <h1>Battle Hub</h1>
      <p className="muted">Elimination battles: every round cuts the field until one athlete, or one squad, is left.</p>
      <section aria-labelledby="formats">
        <h2 id="formats">Formats</h2>
        <div className="battle-grid">
          {FORMAT_CATALOGUE.map((f) => (
            <Card key={f.format} titleAs="h3" title={f.name}>
              <p>{f.summary}</p>
              {f.format === 'bracket_tournament' ? (
                <p className="muted">Played as a tournament stage: any stage after the first may be a bracket of 2 to 64 seeds.</p>
              ) : null}
              <AppLink href={FORMAT_HREF[f.format]!}>{FORMAT_LINK_TEXT[f.format]}</AppLink>
            </Card>
          ))}
        </div>
      </section>
      {user ? <MyBattles /> : null}
      {user ? <BattleCalendar /> : null}
      <section aria-labelledby="battles">
        <h2 id="battles">Battles</h2>
        <div className="battle-filter" role="group" aria-label="Format">
          {KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className={`btn btn-small ${k === kind ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={k === kind}
              onClick={() => setQuery({ kind: k }, { replace: false })}
            >
              {KIND_NAMES[k]}
            </button>
          ))}
        </div>
        <div className="battle-filter" role="group" aria-label="Show battles">
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={`btn btn-small ${s === status ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={s === status}
              onClick={() => setQuery({ status: s })}
            >
              {STATUS_NAMES[s]}
            </button>
          ))}
        </div>
        {kind === 'tournaments' ? (
          <QueryState
            query={tournaments}
            loading="Loading tournaments…"
            empty={
              <EmptyState title={`No ${STATUS_NAMES[status].toLowerCase()} tournaments`}>
                Try another filter{user?.wp_role === 'administrator' ? ', or create a tournament below' : ''}.
              </EmptyState>
            }
          >
            {(data) => (
              <div className="battle-grid">
                {data.items.map((t) => (
                  <TournamentCard key={t.id} tournament={t} />
                ))}
              </div>
            )}
          </QueryState>
        ) : (
          <QueryState
            query={battles}
            loading="Loading battles…"
            empty={
              <EmptyState title={`No ${STATUS_NAMES[status].toLowerCase()} battles`}>
                Try another filter, or create a battle below.
              </EmptyState>
            }
          >
            {(data) => (
              <div className="battle-grid">
                {data.items.map((b) => (
                  <BattleCard key={b.id} battle={b} />
                ))}
              </div>
            )}
          </QueryState>
        )}
      </section>
      <section aria-labelledby="create-battle">
        <h2 id="create-battle">Create a battle royale</h2>
        {user ? (
          <CreateBattleForm />
        ) : (
          <p className="muted">
            <AppLink href="/login-page">Sign in</AppLink> to create a battle.
          </p>
        )}
      </section>
      {user?.wp_role === 'administrator' ? (
        <section aria-labelledby="create-tournament">
          <h2 id="create-tournament">Create a tournament</h2>
          <CreateTournamentForm />
        </section>
      ) : null}
    </div>
  );
}
