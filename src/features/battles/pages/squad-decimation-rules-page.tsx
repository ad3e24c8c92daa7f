import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { BRACKET_TOURNAMENT, SQUAD_DECIMATION, bracketRules, squadDecimationRules } from '#domain/battles/index.ts';
import { useSquadBattle, type SquadBattleView } from '../api/squads.ts';
import '../battles.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
const trades = (n: number) => (n > 0 ? `yes, ${plural(n, 'trade')} per squad and round` : 'yes, not tradable');

function RuleList({ rules }: { rules: readonly string[] }) {
  return (
    <ol className="battle-rules">
      {rules.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ol>
  );
}

/** One battle's actual rules: its parameters, every round's window and cut, and the rules text made from them. */
function BattleRules({ squad: s }: { squad: SquadBattleView }) {
  const b = s.battle;
  return (
    <>
      <h1>Rules of {b.name}</h1>
      <p className="muted">
        The rules this squad decimation plays by. <AppLink href={`/squad-decimation-battle-page?id=${b.id}`}>Back to the battle</AppLink>
      </p>
      <Card title="This battle" titleAs="h2">
        <dl className="battle-params">
          <dt>Squad size</dt>
          <dd>{plural(s.squad_size, 'member')}</dd>
          <dt>Rounds</dt>
          <dd>up to {b.rounds.length}</dd>
          <dt>Attempts per round</dt>
          <dd>{b.attempts_per_round} (the best one counts)</dd>
          <dt>Out per squad each round</dt>
          <dd>{s.cut_per_squad}</dd>
          <dt>Immunity tokens</dt>
          <dd>{s.immunity ? trades(s.trades_per_round) : 'no'}</dd>
        </dl>
      </Card>
      <h2 id="windows">Round windows</h2>
      <ol className="battle-rules" aria-labelledby="windows">
        {b.rounds.map((r) => (
          <li key={r.round_no}>
            Round {r.round_no}: {when(r.opens_at)} to {when(r.closes_at)}; {r.cut_text}.
          </li>
        ))}
      </ol>
      <h2>How it works</h2>
      <RuleList rules={s.rules} />
    </>
  );
}

function FormatRules() {
  const p = SQUAD_DECIMATION.defaults;
  return (
    <>
      <h1>Squad Decimation Rules</h1>
      <p className="muted">{SQUAD_DECIMATION.summary}</p>
      <Card title="The standard format" titleAs="h2">
        <dl className="battle-params">
          <dt>Squad size</dt>
          <dd>{p.squadSize} members</dd>
          <dt>Rounds</dt>
          <dd>up to {p.rounds}</dd>
          <dt>Round window</dt>
          <dd>{p.roundHours} hours</dd>
          <dt>Out per squad each round</dt>
          <dd>{p.cutPerSquad}</dd>
          <dt>Immunity tokens</dt>
          <dd>{p.immunity ? trades(p.tradesPerRound) : 'no'}</dd>
        </dl>
      </Card>
      <p className="muted">Each battle sets its own numbers; its page links to its rules.</p>
      <h2>How it works</h2>
      <RuleList rules={squadDecimationRules(p)} />
      <h2 id="brackets">{BRACKET_TOURNAMENT.name}</h2>
      <RuleList rules={bracketRules(BRACKET_TOURNAMENT.defaults)} />
    </>
  );
}

/**
 * /squad-decimation-rules-page[?id=…]: a battle's actual rules (its cut, immunity, trades and round windows), or the
 * standard format's rules generated from the catalogue's parameters (domain/battles/formats.ts) when no battle is named.
 */
export default function SquadDecimationRulesPage() {
  const [{ id }] = useQueryState({ id: param.int(0, 0, 2147483647) });
  const squad = useSquadBattle(id);
  return (
    <div className="container page narrow">
      {id > 0 ? (
        <QueryState
          query={squad}
          loading="Loading the battle’s rules…"
          notFound={
            <NotFoundState
              heading="Battle rules"
              what="This squad battle"
              back={{ href: '/squad-decimation-page', label: 'Go to Squad Decimation' }}
            />
          }
        >
          {(data) => <BattleRules squad={data} />}
        </QueryState>
      ) : (
        <FormatRules />
      )}
      <p>
        <AppLink href="/battle-hub">Back to the Battle Hub</AppLink>
      </p>
    </div>
  );
}
