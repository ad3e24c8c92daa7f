import { AppLink } from '#src/components/ui/link.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { SQUAD_DECIMATION } from '#domain/battles/index.ts';
import type { BattleStatus } from '../api/battles.ts';
import { useSquadBattles } from '../api/squads.ts';
import { STATUS_NAMES } from '../components/battle-card.tsx';
import { SquadBattleCard, SquadBattleCardPlaceholder } from '../components/squad-card.tsx';
import { SquadCreateForm } from '../components/squad-create-form.tsx';
import { SquadEntryForm } from '../components/squad-entry-form.tsx';
import '../battles.css';

const STATUSES: BattleStatus[] = ['live', 'entry', 'finished'];

/** Squad battles open for entry that the caller's squad is not in yet: a captain enters one of their teams here. */
function EnterSquads() {
  const open = useSquadBattles('entry', 50);
  const items = (open.data?.items ?? []).filter((s) => s.my_team_id === null);
  if (!items.length) return null;
  return (
    <section aria-labelledby="enter-squad">
      <h2 id="enter-squad">Enter your squad</h2>
      <p className="muted">Captains and co-captains enter their team with exactly the squad size of its members.</p>
      {items.map((s) => (
        <details key={s.battle.id} className="card squad-enter">
          <summary>
            {s.battle.name}: squads of {s.squad_size}
          </summary>
          <SquadEntryForm battleId={s.battle.id} size={s.squad_size} />
        </details>
      ))}
    </section>
  );
}

/** /squad-decimation-page: squad battles live, open for entry and finished; entering a squad; creating a battle. */
export default function SquadDecimationPage() {
  const { user } = useSessionView();
  const [{ status }, setQuery] = useQueryState({ status: param.oneOf(STATUSES, 'live') });
  const battles = useSquadBattles(status);
  return (
    <div className="container page">
      <h1>Squad Decimation</h1>
      <p className="muted">
        {SQUAD_DECIMATION.summary} <AppLink href="/squad-decimation-rules-page">Read the rules</AppLink>.
      </p>
      <section aria-labelledby="squad-battles">
        <h2 id="squad-battles">Squad battles</h2>
        <div className="battle-filter" role="group" aria-label="Show squad battles">
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
        <QueryState
          query={battles}
          loading={<SquadBattleCardPlaceholder />}
          empty={
            <EmptyState title={`No ${STATUS_NAMES[status].toLowerCase()} squad battles`}>
              Try another filter{user ? ', or create a squad battle below' : ''}.
            </EmptyState>
          }
        >
          {(data) => (
            <div className="battle-grid">
              {data.items.map((s) => (
                <SquadBattleCard key={s.battle.id} squad={s} />
              ))}
            </div>
          )}
        </QueryState>
      </section>
      {user ? <EnterSquads /> : null}
      <section aria-labelledby="create-squad-battle">
        <h2 id="create-squad-battle">Create a squad battle</h2>
        {user ? (
          <SquadCreateForm />
        ) : (
          <p className="muted">
            <AppLink href="/login-page">Sign in</AppLink> to create a squad battle or enter your team.
          </p>
        )}
      </section>
    </div>
  );
}
