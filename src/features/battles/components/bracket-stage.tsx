import { QueryState } from '#src/components/query-state.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { placeText } from '#domain/places.ts';
import type { BattleView } from '../api/battles.ts';
import { useBattleBracket, type BattleBracketView } from '../api/tournaments.ts';
import { AttemptForm } from './battle-actions.tsx';
import { BracketBoard, myMatch } from './bracket-board.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the caller stands in the bracket and, while their match is being played, the attempt form. */
function MyMatch({ battle: b, data, me }: { battle: BattleView; data: BattleBracketView; me: number }) {
  const bracket = data.bracket!;
  const found = myMatch(bracket, me);
  if (!b.me || !found) return <p className="muted">You are not in this stage: athletes reach it by advancing from the stage before.</p>;
  const { round, match } = found;
  const battleRound = b.rounds.find((r) => r.round_no === round.round_no);
  if (b.me.final_place !== null)
    return (
      <p className="battle-card-mine">
        The stage is over: you finished {placeText({ rank: b.me.final_place, of: b.entered, board: data.stage_name })}.
      </p>
    );
  if (b.me.eliminated_round !== null)
    return <p className="battle-card-mine">You were knocked out in the {round.name.toLowerCase()} and cannot submit again.</p>;
  if (match.bye)
    return <p className="battle-card-mine">You have a bye in the {round.name.toLowerCase()}: you go straight on without playing.</p>;
  const mySide = match.a?.user_id === me ? match.a : match.b;
  const them = match.a?.user_id === me ? match.b : match.a;
  const against = `${them?.display_name ?? 'your opponent'} (seed ${them?.seed})`;
  if (battleRound?.state !== 'open')
    return (
      <p className="battle-card-mine">
        Your match in the {round.name.toLowerCase()}: you (seed {mySide?.seed}) against {against}
        {battleRound?.state === 'upcoming' ? `, opening ${when(battleRound.opens_at)}` : ', being decided'}.
      </p>
    );
  return (
    <Card title={`Your match: ${round.name}`} titleAs="h2" className="bracket-my-match">
      <p>
        You (seed {mySide?.seed}) against {against}. Submit your attempts before {when(battleRound.closes_at)}: the better best attempt goes
        on, a tie or no scores to the better seed.
      </p>
      <p>
        Your best: {mySide?.score_text ?? 'no score yet'} · {them?.display_name ? `${them.display_name}’s` : 'Their'} best:{' '}
        {them?.score_text ?? 'no score yet'}
      </p>
      <AttemptForm key={battleRound.round_no} battleId={b.id} scoreType={b.score_type} round={battleRound.round_no} />
    </Card>
  );
}

/** A tournament's bracket stage on its own battle page: the tournament it is part of, the caller's match, the bracket. */
export function BracketStage({ battle: b, me }: { battle: BattleView; me: number | null }) {
  const bracket = useBattleBracket(b.id, true);
  return (
    <QueryState query={bracket} loading="Loading the bracket…">
      {(data) => (
        <>
          <p>
            Stage {data.stage_no} of <AppLink href={`/battle-hub?tournament=${data.tournament_id}`}>{data.tournament_name}</AppLink>: a
            bracket, each match head to head.
          </p>
          {me === null ? (
            <p className="muted">
              <AppLink href="/login-page">Sign in</AppLink> to see your match and submit your attempts.
            </p>
          ) : (
            <MyMatch battle={b} data={data} me={me} />
          )}
          <section aria-labelledby="bracket-heading">
            <h2 id="bracket-heading">Bracket</h2>
            <BracketBoard bracket={data.bracket!} rounds={b.rounds} me={me} label={`${data.stage_name} bracket`} />
          </section>
        </>
      )}
    </QueryState>
  );
}
