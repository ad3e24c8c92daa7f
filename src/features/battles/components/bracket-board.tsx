import { useId } from 'react';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import type { components } from '#openapi/schema.d.ts';
import type { BracketData } from './tournament-bracket.tsx';
import './bracket-board.css';

type BracketMatch = components['schemas']['BracketMatch'];
type BracketSide = NonNullable<components['schemas']['BracketSideOrNull']>;
type BattleRound = components['schemas']['BattleRound'];

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The caller's match: the latest drawn round they are in (their open match, their bye, or the match they fell in). */
export function myMatch(bracket: BracketData, me: number | null): { round: BracketData['rounds'][number]; match: BracketMatch } | null {
  if (me === null) return null;
  for (const round of [...bracket.rounds].reverse()) {
    const match = round.matches.find((m) => !m.projected && (m.a?.user_id === me || m.b?.user_id === me));
    if (match) return { round, match };
  }
  return null;
}

/** What a match is now, as a badge: the caller's, being played, decided, a bye, to be played, or projected. */
function matchState(m: BracketMatch, state: BattleRound['state'] | undefined, mine: boolean): { text: string; tone: BadgeTone } {
  if (m.projected) return { text: 'Projected', tone: 'neutral' };
  if (m.bye) return { text: 'Bye', tone: 'neutral' };
  if (m.winner_seed !== null) return { text: 'Decided', tone: 'neutral' };
  if (state === 'open') return { text: mine ? 'Your match: playing now' : 'Playing now', tone: mine ? 'brand' : 'success' };
  if (state === 'closing') return { text: 'Being decided', tone: 'warning' };
  return { text: mine ? 'Your match: to play' : 'To play', tone: mine ? 'brand' : 'info' };
}

function Side({ side, match, me }: { side: BracketSide; match: BracketMatch; me: number | null }) {
  const decided = match.winner_seed !== null && !match.bye && !match.projected;
  const won = decided && match.winner_seed === side.seed;
  const out = decided && !won;
  const mine = me !== null && side.user_id === me;
  const result = match.bye ? 'Bye: goes straight on' : won ? 'Goes on' : out ? 'Out' : null;
  return (
    <div className={`bracket-side${won ? ' is-winner' : ''}${out ? ' is-out' : ''}${mine ? ' is-me' : ''}`}>
      <span className="bracket-seed">
        <span className="visually-hidden">Seed </span>
        {side.seed}
      </span>
      <span className="bracket-name">
        {side.display_name ?? `Seed ${side.seed}`}
        {mine ? ' (you)' : ''}
      </span>
      {match.projected || match.bye ? null : <span className="bracket-score">{side.score_text ?? 'No score'}</span>}
      {result ? <span className="bracket-result">{result}</span> : null}
    </div>
  );
}

/** A round's window in words, from the battle's round: open now, when it opens, closed. */
function roundWhen(r: BattleRound | undefined, projected: boolean): string {
  if (!r) return '';
  if (r.state === 'open') return `Open now, closes ${when(r.closes_at)}`;
  if (r.state === 'closing') return 'Closing: the matches are being decided';
  if (r.state === 'closed') return `Closed ${when(r.closes_at)}`;
  return projected ? `Drawn when the round before closes; opens ${when(r.opens_at)}` : `Opens ${when(r.opens_at)}`;
}

/**
 * A bracket stage's bracket on its own battle page: each round a titled list of its matches (columns side by side,
 * one under another on a phone), each match its two athletes with seed, best attempt of the round, who goes on and
 * who is out (greyed); the open round's matches say so, the caller's match is marked.
 */
export function BracketBoard({
  bracket,
  rounds,
  me,
  label,
}: {
  bracket: BracketData;
  rounds: BattleRound[];
  me: number | null;
  label: string;
}) {
  const id = useId();
  // Highlighted: the caller's latest match (the one to play, or the last they played); earlier ones name them only.
  const current = myMatch(bracket, me);
  return (
    <div className="bracket-board" role="group" aria-label={label}>
      {bracket.rounds.map((r) => {
        const round = rounds.find((x) => x.round_no === r.round_no);
        const projected = r.matches.every((m) => m.projected);
        const open = round?.state === 'open';
        return (
          <section key={r.round_no} className={`bracket-board-round${open ? ' is-open' : ''}`} aria-labelledby={`${id}-r${r.round_no}`}>
            <h3 id={`${id}-r${r.round_no}`}>{r.name}</h3>
            <p className="bracket-board-when">{roundWhen(round, projected)}</p>
            {r.matches.length === 0 ? (
              <p className="muted">Nobody plays in this round.</p>
            ) : (
              <ol className="bracket-board-matches">
                {r.matches.map((m) => {
                  const mine = current !== null && current.round.round_no === r.round_no && current.match.slot === m.slot;
                  const state = matchState(m, round?.state, mine);
                  const sides = [m.a, m.b].filter((s): s is BracketSide => s !== null);
                  return (
                    <li
                      key={m.slot}
                      className={`bracket-match${mine ? ' is-mine' : ''}${m.projected ? ' is-projected' : ''}${m.bye ? ' is-bye' : ''}`}
                      aria-current={mine && open ? 'true' : undefined}
                    >
                      <p className="bracket-match-head">
                        <span>Match {m.slot + 1}</span> <Badge tone={state.tone}>{state.text}</Badge>
                      </p>
                      {sides.map((s) => (
                        <Side key={s.seed} side={s} match={m} me={me} />
                      ))}
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}
