import { useId } from 'react';
import type { components } from '#openapi/schema.d.ts';

export type BracketData = NonNullable<components['schemas']['BracketOrNull']>;
type BracketMatch = components['schemas']['BracketMatch'];
type BracketSide = NonNullable<components['schemas']['BracketSideOrNull']>;

/** A side as the bracket reads it: "1 Ana 2:47", or "Seed 4" while the seeds are not known. */
const sideText = (s: BracketSide) =>
  [s.display_name ? `${s.seed} ${s.display_name}` : `Seed ${s.seed}`, s.score_text].filter(Boolean).join(' ');
const sideName = (s: BracketSide) => s.display_name ?? `seed ${s.seed}`;

/** One match in words: "1 Ana 2:47 — 8 Bo 3:10, Ana advances"; a bye, a match to be played, or a projection. */
export function matchText(m: BracketMatch): string {
  const sides = [m.a, m.b].filter((s): s is BracketSide => s !== null);
  if (m.bye) return `${sideText(sides[0]!)}: a bye, goes straight on`;
  const pair = sides.map(sideText).join(' — ');
  if (m.projected) return `${pair} (projected)`;
  const winner = sides.find((s) => s.seed === m.winner_seed);
  return winner ? `${pair}, ${sideName(winner)} advances` : `${pair}, to be decided`;
}

/** A bracket stage's bracket: its rounds as columns side by side (one under another on a phone), each match in words. */
export function TournamentBracket({ bracket, label }: { bracket: BracketData; label: string }) {
  const id = useId();
  return (
    <div className="tournament-bracket" role="group" aria-label={label}>
      {bracket.rounds.map((r) => (
        <section key={r.round_no} className="tournament-bracket-round" aria-labelledby={`${id}-round-${r.round_no}`}>
          <h5 id={`${id}-round-${r.round_no}`}>{r.name}</h5>
          {r.matches.length === 0 ? (
            <p className="muted">Nobody plays in this round.</p>
          ) : (
            <ol className="tournament-bracket-matches">
              {r.matches.map((m) => (
                <li key={m.slot} className={`tournament-bracket-match${m.projected ? ' is-projected' : ''}${m.bye ? ' is-bye' : ''}`}>
                  {matchText(m)}
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}
