import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { useRealtime } from '#src/lib/realtime.ts';
import { ordinal, placeText } from '#domain/places.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useRefreshBattles } from '../api/battles.ts';
import { useTournament, useTournamentPreview, type TournamentPreviewView, type TournamentView } from '../api/tournaments.ts';
import { EnterBattle } from './battle-actions.tsx';
import { STATUS_NAMES } from './battle-card.tsx';
import { TournamentBracket } from './tournament-bracket.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
type RoundState = 'upcoming' | 'open' | 'closing' | 'closed';

/** A round's window in words by its state: a closed round says when it closed, an open one when it closes, an upcoming one when it opens. */
export function roundWindowText(state: RoundState, r: { opens_at: string; closes_at: string }): string {
  if (state === 'closed') return `closed ${when(r.closes_at)}`;
  if (state === 'closing') return 'closing now';
  if (state === 'open') return `open now, closes ${when(r.closes_at)}`;
  return `upcoming, opens ${when(r.opens_at)}`;
}
const athletes = (n: number) => `${n} ${n === 1 ? 'athlete' : 'athletes'}`;

/** Where the caller stands, in a few words. */
function standing(t: TournamentView): string | null {
  if (!t.me) return null;
  const stage = t.stages.find((s) => s.stage_no === t.me!.stage_no)!;
  if (t.me.final_place !== null) {
    // The stage is the board: "You finished 2nd of 8 · Semi-final".
    const place = placeText({ rank: t.me.final_place, of: Math.max(stage.entered, t.me.final_place), board: stage.name });
    if (stage.advance !== null && t.me.final_place <= stage.advance) return `You finished ${place}: through`;
    return t.me.final_place === 1 && stage.advance === null ? 'You won the tournament' : `You finished ${place}`;
  }
  if (t.me.eliminated_round !== null) return `Eliminated in round ${t.me.eliminated_round} of ${stage.name}`;
  return `You are in ${stage.name}`;
}

/** Listens in a running stage's battle room: when a round closes (and with the last, the best go through), the page refreshes. */
function StageRoom({ battleId }: { battleId: number }) {
  const refresh = useRefreshBattles();
  // A round that closed before the socket was in the room was not heard: read again once it is (the last argument).
  useRealtime(
    { room_id: `battle:${battleId}` },
    (m) => {
      if ('battle_id' in m && m.battle_id === battleId && m.type === 'battle_round_closed') refresh();
    },
    refresh,
  );
  return null;
}

function Stages({ tournament: t, preview: p }: { tournament: TournamentView; preview: TournamentPreviewView }) {
  return (
    <ol className="tournament-stages">
      {p.stages.map((ps) => {
        const s = t.stages.find((x) => x.stage_no === ps.stage_no)!;
        const before = t.stages.find((x) => x.stage_no === ps.stage_no - 1);
        // A later stage has no entry of its own: until the stage before is over it waits for its field.
        const waiting = before !== undefined && !before.advanced;
        // The stage's rule is said once when every round has the same (a bracket's always does), else on each round.
        const rule =
          ps.rounds.length > 1 && ps.rounds.every((r) => r.cut_text === ps.rounds[0]?.cut_text) ? (ps.rounds[0]?.cut_text ?? null) : null;
        return (
          <li key={ps.stage_no}>
            <Card
              titleAs="h3"
              title={`Stage ${ps.stage_no}: ${ps.name}`}
              meta={
                waiting ? (
                  <Badge tone="neutral">{`After ${before.name}`}</Badge>
                ) : (
                  <Badge tone={s.status === 'live' ? 'success' : s.status === 'entry' ? 'info' : 'neutral'}>{STATUS_NAMES[s.status]}</Badge>
                )
              }
              actions={
                <AppLink href={`/individual-battle-royale-page?id=${s.battle_id}`}>
                  {`${ps.name}: ${s.format === 'bracket' ? 'bracket' : 'board'} and attempts`}
                </AppLink>
              }
            >
              {s.status === 'live' ? <StageRoom battleId={s.battle_id} /> : null}
              <p>
                {when(ps.starts_at)} to {when(ps.ends_at)}
              </p>
              <p className="muted">
                {t.status === 'entry'
                  ? `Projected field: ${athletes(ps.projected_field)}.`
                  : `${athletes(s.entered)} in, ${s.alive} still standing.`}{' '}
                {ps.advancing === null ? 'The final: its ranking is the result.' : `The best ${ps.advancing} go through.`}
              </p>
              {rule !== null ? <p>{`In every round, ${rule}.`}</p> : null}
              <ul className="tournament-rounds">
                {ps.rounds.map((r) => {
                  const live = s.rounds[r.round_no - 1];
                  return (
                    <li key={r.round_no}>
                      Round {r.round_no} ({roundWindowText(live?.state ?? 'upcoming', r)}){rule === null ? `: ${r.cut_text}` : ''}
                      {live?.field_size != null
                        ? ` · ${live.eliminated_count} of ${live.field_size} out`
                        : ` · projected ${r.projected_field} → ${r.projected_keep}`}
                    </li>
                  );
                })}
              </ul>
              {ps.bracket ? (
                <>
                  <h4>{ps.bracket.rounds.some((r) => r.matches.some((m) => !m.projected)) ? 'Bracket' : 'Projected bracket'}</h4>
                  <TournamentBracket bracket={ps.bracket} label={`${ps.name} bracket`} />
                </>
              ) : null}
              {s.seeds.length && before ? (
                // The stage before has closed: the server's seeds, who went through from which place.
                <>
                  <h4>Seeding</h4>
                  <p className="muted">{`${before.name} has closed: its best ${s.seeds.length} went through, seeded by their place.`}</p>
                  <ul className="tournament-seeds">
                    {s.seeds.map((seed) => (
                      <li
                        key={seed.seed}
                      >{`Seed ${seed.seed}: ${seed.display_name} (${ordinal(seed.from_place)} place of ${before.name})`}</li>
                    ))}
                  </ul>
                </>
              ) : ps.seeds.length ? (
                <>
                  <h4>Projected seeding</h4>
                  <ul className="tournament-seeds">
                    {ps.seeds.map((seed) => (
                      <li key={seed.seed}>
                        Seed {seed.seed}: {seed.athlete ? `${seed.athlete.display_name} (${seed.text})` : seed.text}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </Card>
          </li>
        );
      })}
    </ol>
  );
}

/** Stage 1's field in its projected seeding (entry order), until stage 1 closes: then each later stage lists its real seeds. */
function ProjectedSeeding({ tournament: t, preview: p }: { tournament: TournamentView; preview: TournamentPreviewView }) {
  const first = t.stages[0]!;
  if (first.advanced || first.status === 'finished') return null;
  return (
    <>
      <h3>Projected seeding of {first.name}</h3>
      {p.field.length ? (
        <ol className="tournament-seeds">
          {p.field.map((f) => (
            <li key={f.user_id}>{f.display_name}</li>
          ))}
        </ol>
      ) : (
        <p className="muted">Nobody has entered yet. Athletes are seeded in the order they enter.</p>
      )}
    </>
  );
}

/** /battle-hub?tournament=ID: the preview before it starts (structure, dates, projected seeding), then each stage's standing. */
export function TournamentPage({ id }: { id: number }) {
  const { user } = useSessionView();
  const tournament = useTournament(id);
  const preview = useTournamentPreview(id);
  return (
    <div className="container page">
      <p>
        <AppLink href="/battle-hub?kind=tournaments">All tournaments</AppLink>
      </p>
      <QueryState
        query={tournament}
        loading="Loading the tournament…"
        notFound={
          <NotFoundState
            heading="Tournament"
            what="This tournament"
            back={{ href: '/battle-hub?kind=tournaments', label: 'See all tournaments' }}
          />
        }
      >
        {(t) => {
          const mine = standing(t);
          const first = t.stages[0]!;
          return (
            <>
              <h1>{t.name}</h1>
              <p>
                <Badge tone={t.status === 'live' ? 'success' : t.status === 'entry' ? 'info' : 'neutral'}>{STATUS_NAMES[t.status]}</Badge>{' '}
                {t.stages.length} stages · {when(t.starts_at)} to {when(t.ends_at)} · {athletes(t.entered)} entered
              </p>
              {t.description ? <p>{t.description}</p> : null}
              {t.winner ? <p className="battle-card-mine">Winner: {t.winner.display_name}</p> : null}
              {mine ? <p className="battle-card-mine">{mine}</p> : null}
              {t.status === 'entry' && !t.me ? (
                user ? (
                  <EnterBattle battleId={first.battle_id} label="Enter the tournament" />
                ) : (
                  <p className="muted">
                    <AppLink href="/login-page">Sign in</AppLink> to enter before {first.name} opens.
                  </p>
                )
              ) : null}
              <section aria-labelledby="tournament-structure">
                <h2 id="tournament-structure">{t.status === 'entry' ? 'Preview: stages, dates and seeding' : 'Stages'}</h2>
                <p className="muted">
                  {t.stages.some((s) => s.format === 'bracket')
                    ? 'A battle royale stage cuts its field round by round; a bracket stage pairs its seeds head to head (first against last), and the better score of each pair goes on until one is left. When a stage ends, the best of its final order go through to the next stage, seeded by their place (seed 1 is the stage’s winner).'
                    : 'Every stage is a battle royale; when its last round closes, the best of its final ranking go through to the next stage, seeded by their place (seed 1 is the stage’s winner).'}
                </p>
                <QueryState query={preview} loading="Loading the preview…">
                  {(p) => (
                    <>
                      <Stages tournament={t} preview={p} />
                      <ProjectedSeeding tournament={t} preview={p} />
                    </>
                  )}
                </QueryState>
              </section>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
