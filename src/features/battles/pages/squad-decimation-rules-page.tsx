import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { BRACKET_TOURNAMENT, SQUAD_DECIMATION, bracketRules, squadDecimationRules } from '#domain/battles/index.ts';
import '../battles.css';

/** /squad-decimation-rules-page: the rules text generated from the format's parameters (domain/battles/formats.ts). */
export default function SquadDecimationRulesPage() {
  const p = SQUAD_DECIMATION.defaults;
  return (
    <div className="container page narrow">
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
          <dd>{p.immunity ? `yes, ${p.tradesPerRound} ${p.tradesPerRound === 1 ? 'trade' : 'trades'} per round` : 'no'}</dd>
        </dl>
      </Card>
      <h2>How it works</h2>
      <ol className="battle-rules">
        {squadDecimationRules(p).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <h2 id="brackets">{BRACKET_TOURNAMENT.name}</h2>
      <ol className="battle-rules">
        {bracketRules(BRACKET_TOURNAMENT.defaults).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <p>
        <AppLink href="/battle-hub">Back to the Battle Hub</AppLink>
      </p>
    </div>
  );
}
