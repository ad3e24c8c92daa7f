import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useRef, useState, type FormEvent } from 'react';
import { squadNegotiationMachine, type PactAnswer } from '#machines/squad-negotiation.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import { TextArea } from '#src/components/ui/text-field.tsx';
import { useRealtime } from '#src/lib/realtime.ts';
import { pactEndedText } from '#domain/battles/index.ts';
import { useAnswerPact, useProposePact, useSpendToken, useSquadNegotiation, type SquadNegotiation } from '../api/negotiation.ts';
import { useSquadBoard } from '../api/squads.ts';

type Pact = SquadNegotiation['open_pacts'][number];
type Mine = NonNullable<SquadNegotiation['my']>;

const tokens = (n: number) => `${n} ${n === 1 ? 'token' : 'tokens'}`;
const trades = (n: number) => `${n} ${n === 1 ? 'trade' : 'trades'}`;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function pactText(p: Pact, name: (team: number) => string) {
  const text =
    p.kind === 'offer'
      ? `${name(p.from_team_id)} offers ${name(p.to_team_id)} a token`
      : `${name(p.from_team_id)} asks ${name(p.to_team_id)} for a token`;
  return p.note ? `${text}: “${p.note}”` : `${text}.`;
}

/** The proposals open in this round; a captain answers those made to their squad and withdraws their own. */
function OpenPacts({
  n,
  name,
  mine,
  onAnswer,
  busy,
}: {
  n: SquadNegotiation;
  name: (team: number) => string;
  mine: number | null;
  onAnswer?: (pactId: number, answer: PactAnswer) => void;
  busy?: boolean;
}) {
  if (!n.open_pacts.length) return <p className="muted">No proposal is waiting for an answer.</p>;
  return (
    <ul className="negotiation-pacts">
      {n.open_pacts.map((p) => (
        <li key={p.id}>
          <span>{pactText(p, name)}</span>
          {onAnswer && p.to_team_id === mine ? (
            <span className="negotiation-actions">
              <Button size="sm" variant="primary" disabled={busy} onClick={() => onAnswer(p.id, 'accept')}>
                Accept
              </Button>
              <Button size="sm" disabled={busy} onClick={() => onAnswer(p.id, 'decline')}>
                Decline
              </Button>
            </span>
          ) : onAnswer && p.from_team_id === mine ? (
            <Button size="sm" disabled={busy} onClick={() => onAnswer(p.id, 'withdraw')}>
              Withdraw
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A captain's moves: propose a pact, answer proposals, protect a member (after a confirmation: it is final). */
function CaptainMoves({ battleId, n, mine, name }: { battleId: number; n: SquadNegotiation; mine: Mine; name: (team: number) => string }) {
  const propose = useProposePact(battleId);
  const answer = useAnswerPact(battleId);
  const spend = useSpendToken(battleId);
  const board = useSquadBoard(battleId, null);
  const flow = useFlow(
    squadNegotiationMachine.provide({
      actors: {
        proposePact: fromPromise(async ({ input }) => ({
          id: (await propose.mutateAsync({ to_team_id: input.to, kind: input.kind, ...(input.note ? { note: input.note } : {}) })).id,
        })),
        answerPact: fromPromise(async ({ input }) => ({ id: (await answer.mutateAsync(input)).id })),
        useToken: fromPromise(async ({ input }) => ({ id: (await spend.mutateAsync(input.userId)).id })),
      },
    }),
  );
  const c = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const proposing = useSelector(flow, (s) => s.matches('proposing'));
  const confirming = useSelector(flow, (s) => s.matches('confirming'));
  const declaring = useSelector(flow, (s) => s.matches('declaring'));
  const own = n.squads.find((s) => s.team_id === mine.team_id);
  const others = n.squads.filter((s) => s.standing && s.team_id !== mine.team_id);
  const living = (board.data?.squads.find((s) => s.team_id === mine.team_id)?.members ?? []).filter(
    (m) => m.eliminated_round === null && !mine.protected.includes(m.user_id),
  );
  const memberName = (id: number | null) =>
    board.data?.squads.flatMap((s) => s.members).find((m) => m.user_id === id)?.display_name ?? 'this member';
  const submitPact = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'pact.propose' });
  };
  const submitProtect = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'immunity.use' });
  };
  return (
    <Card className="negotiation-moves" title={`Your squad’s moves (${own?.name ?? 'your squad'})`} titleAs="h3">
      <p>
        {own?.name ?? 'Your squad'} holds {tokens(own?.held ?? 0)} to trade or spend; {trades(mine.trades_left)} left this round.
      </p>
      <div aria-live="polite">
        {c.done ? (
          <p className="success-text" role="status">
            {c.done}
          </p>
        ) : null}
      </div>
      {c.problem ? (
        <p className="error-text" role="alert">
          {c.problem}
        </p>
      ) : null}
      <h4>Proposals</h4>
      <OpenPacts
        n={n}
        name={name}
        mine={mine.team_id}
        busy={busy}
        onAnswer={(pactId, a) => flow.send({ type: 'pact.answer', pactId, answer: a })}
      />
      {mine.trades_left === 0 ? (
        <p className="muted">
          {n.trades_per_round === 0
            ? 'This battle allows no trades.'
            : 'Your squad has made its trades for this round; propose again next round.'}
        </p>
      ) : others.length ? (
        <form className="form negotiation-form" aria-label="Propose a pact" onSubmit={submitPact} noValidate>
          <RadioGroup<string>
            label="Propose to"
            options={others.map((s) => ({ value: String(s.team_id), label: s.name, hint: `holds ${tokens(s.held)}` }))}
            value={c.to === null ? null : String(c.to)}
            onChange={(v) => flow.send({ type: 'pact.to', teamId: Number(v) })}
          />
          <RadioGroup<'offer' | 'request'>
            label="The pact"
            options={[
              { value: 'offer', label: 'Offer them one of our tokens' },
              { value: 'request', label: 'Ask them for one of theirs' },
            ]}
            value={c.kind}
            onChange={(kind) => flow.send({ type: 'pact.kind', kind })}
          />
          <TextArea
            label="Note (optional)"
            hint="What you promise in return. Everyone can read it; nothing in it is enforced."
            rows={2}
            value={c.note}
            onChange={(e) => flow.send({ type: 'pact.note', note: e.target.value })}
          />
          <FormFooter submitLabel="Propose the pact" pendingLabel="Proposing…" pending={proposing} />
        </form>
      ) : null}
      <h4>Protect a member</h4>
      {(own?.held ?? 0) === 0 ? (
        <p className="muted">Your squad holds no token to spend. The squad whose member ranks first in a round earns one.</p>
      ) : confirming || declaring ? (
        <div className="negotiation-confirm" role="group" aria-label="Confirm the token">
          <p>
            Spend a token on {memberName(c.member)}? They cannot fall in round {n.round_no}’s cut. This is final: the token is spent when
            the round closes, even if they would not have fallen.
          </p>
          <p className="negotiation-actions">
            <Button variant="primary" loading={declaring} onClick={() => flow.send({ type: 'immunity.confirm' })}>
              Spend the token
            </Button>
            <Button disabled={declaring} onClick={() => flow.send({ type: 'immunity.cancel' })}>
              Cancel
            </Button>
          </p>
        </div>
      ) : (
        <form className="form negotiation-form" aria-label="Protect a member" onSubmit={submitProtect} noValidate>
          <RadioGroup<string>
            label="Member to protect this round"
            options={living.map((m) => ({
              value: String(m.user_id),
              label: m.display_name,
              hint: m.on_the_block ? 'would fall now' : undefined,
            }))}
            value={c.member === null ? null : String(c.member)}
            onChange={(v) => flow.send({ type: 'immunity.pick', userId: Number(v) })}
          />
          <FormFooter submitLabel="Use a token" pending={busy} />
        </form>
      )}
    </Card>
  );
}

function Negotiation({ battleId, n }: { battleId: number; n: SquadNegotiation }) {
  const name = (team: number) => n.squads.find((s) => s.team_id === team)?.name ?? 'A squad';
  return (
    <>
      <Table label="Immunity tokens per squad" stackOnPhone>
        <thead>
          <tr>
            <th scope="col">Squad</th>
            <th scope="col">Held</th>
            <th scope="col">Protecting now</th>
            <th scope="col">Spent</th>
            <th scope="col">Trades this round</th>
          </tr>
        </thead>
        <tbody>
          {n.squads.map((s) => (
            <tr key={s.team_id} className={s.standing ? undefined : 'battle-eliminated'}>
              <td>{s.name}</td>
              <td>
                <CellLabel>Held</CellLabel>
                {s.held}
              </td>
              <td>
                <CellLabel>Protecting now</CellLabel>
                {s.declared}
              </td>
              <td>
                <CellLabel>Spent</CellLabel>
                {s.spent}
              </td>
              <td>
                <CellLabel>Trades this round</CellLabel>
                {s.trades_this_round} of {n.trades_per_round}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {n.my && n.round_no !== null ? (
        <CaptainMoves battleId={battleId} n={n} mine={n.my} name={name} />
      ) : n.round_no !== null ? (
        <>
          <h3>Open proposals</h3>
          <OpenPacts n={n} name={name} mine={null} />
        </>
      ) : (
        <p className="muted">Captains negotiate while a round is open.</p>
      )}
      <h3>Negotiation log</h3>
      {n.log.length ? (
        <ol className="negotiation-log" aria-label="Negotiation log">
          {n.log.map((l) => (
            <li key={l.id}>
              <span className="muted">
                Round {l.round_no} · {when(l.at)}
              </span>{' '}
              {l.text}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Nothing negotiated yet: every token earned, proposal, answer and use will be listed here.</p>
      )}
    </>
  );
}

/**
 * A pact declined or withdrawn, in words, as it happens (the log says it too once it reloads): the names and the
 * kind come from the negotiation as the page had it when the message came, before the refresh drops the pact.
 */
function usePactNews(battleId: number, n: SquadNegotiation | undefined) {
  const [news, setNews] = useState<string | null>(null);
  const known = useRef(n);
  known.current = n;
  useRealtime({ room_id: `battle:${battleId}` }, (m) => {
    if ((m.type !== 'pact_declined' && m.type !== 'pact_withdrawn') || m.battle_id !== battleId) return;
    const name = (team: number) => known.current?.squads.find((s) => s.team_id === team)?.name ?? 'A squad';
    setNews(
      pactEndedText({
        answer: m.type === 'pact_declined' ? 'declined' : 'withdrawn',
        from: name(m.from_team_id),
        to: name(m.to_team_id),
        kind: known.current?.open_pacts.find((p) => p.id === m.pact_id)?.kind ?? 'proposal',
      }),
    );
  });
  return news;
}

/** The battle page's negotiation: tokens per squad and the public log for everyone, a captain's moves for captains. */
export function NegotiationPanel({ battleId }: { battleId: number }) {
  const q = useSquadNegotiation(battleId);
  const news = usePactNews(battleId, q.data);
  return (
    <section aria-labelledby="negotiation">
      <h2 id="negotiation">Negotiation</h2>
      <div role="status" aria-live="polite">
        {news ? <p className="battle-reveal card">{news}</p> : null}
      </div>
      <QueryState query={q} loading="Loading the negotiation…">
        {(n) =>
          n.enabled ? <Negotiation battleId={battleId} n={n} /> : <p className="muted">This battle plays without immunity tokens.</p>
        }
      </QueryState>
    </section>
  );
}
