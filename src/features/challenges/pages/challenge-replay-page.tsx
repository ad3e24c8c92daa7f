import { isNotFound } from '#src/api/errors.ts';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { useEffect, useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { REPLAY_SPEEDS } from '#domain/constants.ts';
import { replayPlayerMachine, type ReplaySpeed } from '#machines/replay-player.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import type { Division } from '#domain/scoring/index.ts';
import { idFromSearch, useChallenge, type ChallengeDetail, type RankingRow } from '../api/challenges.ts';
import { useScoreHistory } from '../api/score-history.ts';
import { LeaderboardTable } from '../components/leaderboard-table.tsx';
import { Pause, Play, SkipForward } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Slider } from '#src/components/ui/slider.tsx';
import '../challenges.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

type HistoryItem = { athlete: RankingRow['athlete']; division: RankingRow['division']; category: string; score: RankingRow['score'] };

/** The combined board in the board picker (a category id never has this value). */
const OVERALL = 'overall';
const DIVISIONS: readonly Division[] = ['rx', 'scaled'];
const DIVISION_LABELS: Record<Division, string> = { rx: 'Rx', scaled: 'Scaled' };

/** ?id=3&cat=female&division=rx: the replay follows the board's own split, as the leaderboard does. */
const REPLAY_STATE = { cat: param.string(), division: param.optional(DIVISIONS) };

/** The board replayed: the address's when it is one of the challenge's, else the athlete's own, else the first (or the combined one). */
function pickBoard(c: ChallengeDetail, fromAddress: string): string | null {
  const ids = c.divisions.categories.map((k) => k.id);
  if (ids.length === 0) return null;
  if (fromAddress === OVERALL && c.divisions.overall_board) return OVERALL;
  if (ids.includes(fromAddress)) return fromAddress;
  const own = c.my_entry?.category;
  if (own && ids.includes(own)) return own;
  return c.divisions.overall_board ? OVERALL : ids[0]!;
}

/**
 * The board after the first n scores: each athlete's best so far, ordered as the
 * server orders it (the history arrives in submission order, and the server's
 * board order is reproduced from the scores' own order on the final board).
 */
function boardAfter(history: HistoryItem[], n: number, finalOrder: Map<number, number>): RankingRow[] {
  const best = new Map<number, HistoryItem>();
  for (const item of history.slice(0, n)) {
    const current = best.get(item.athlete.wp_user_id);
    if (!current || (finalOrder.get(item.score.id) ?? Infinity) < (finalOrder.get(current.score.id) ?? Infinity))
      best.set(item.athlete.wp_user_id, item);
  }
  const rows = [...best.values()].sort((a, b) => (finalOrder.get(a.score.id) ?? 0) - (finalOrder.get(b.score.id) ?? 0));
  let rank = 0;
  let previousKey = '';
  return rows.map((r, i) => {
    const key = `${r.division}|${r.score.status}|${r.score.value}|${r.score.tiebreak_ms}`;
    if (key !== previousKey) rank = i + 1;
    previousKey = key;
    return {
      rank,
      athlete: r.athlete,
      gym: null,
      gym_id: null,
      division: r.division,
      category: r.category || null,
      sex: null,
      score: r.score,
    };
  });
}

export default function ChallengeReplayPage() {
  const id = idFromSearch(useSearch());
  const challenge = useChallenge(id);
  const history = useScoreHistory(id);
  const [view, setView] = useQueryState(REPLAY_STATE);
  const c = challenge.data;
  const board = c ? pickBoard(c, view.cat) : null;
  // A challenge ranked in divisions is replayed one board at a time: places are that board's, as on the leaderboard.
  const items = useMemo(
    () => (history.data?.items ?? []).filter((item) => board === null || board === OVERALL || item.category === board),
    [history.data, board],
  );
  const player = useFlow(replayPlayerMachine, { input: { total: items.length } });
  const step = useSelector(player, (s) => s.context.step);
  const speed = useSelector(player, (s) => s.context.speed);
  const playing = useSelector(player, (s) => s.hasTag('playing'));
  // Every score's place in the best-first order of all scores (the server sorts them by sort key).
  const finalOrder = useMemo(() => new Map<number, number>(history.data?.ranked.map((scoreId, i) => [scoreId, i]) ?? []), [history.data]);
  useEffect(() => player.send({ type: 'replay.load', total: items.length }), [player, items.length]);
  const ranked = useMemo(() => boardAfter(items, step, finalOrder), [items, step, finalOrder]);
  // Rx or Scaled narrows the rows shown and keeps their places (Rx ranks above Scaled on one board).
  const rows = view.division ? ranked.filter((r) => r.division === view.division) : ranked;
  const boardLabel =
    board === null ? null : board === OVERALL ? 'Overall (everyone)' : (c?.divisions.categories.find((k) => k.id === board)?.label ?? null);
  const at = step > 0 ? items[step - 1]?.score.submitted_at : undefined;
  return (
    <div className="container page">
      <h1>Challenge Replay</h1>
      {id === null ? (
        <EmptyState
          title="No challenge here"
          action={
            <Link href="/challenge-discovery-page" className="btn btn-secondary">
              Browse challenges
            </Link>
          }
        >
          This address does not name a challenge.
        </EmptyState>
      ) : history.isPending || challenge.isPending ? (
        <LoadingSkeleton label="Loading the replay…" />
      ) : challenge.isError && isNotFound(challenge.error) ? (
        <NotFoundState what="This challenge" back={{ href: '/challenge-discovery-page', label: 'Browse challenges' }} />
      ) : history.isError ? (
        <p className="error-text">{history.error.message}</p>
      ) : (
        <>
          <p className="lead">
            <Link href={`/challenge-detail-page?id=${id}`}>{challenge.data?.title}</Link>
          </p>
          {c && (board !== null || items.some((i) => i.division === 'scaled')) && (
            <div className="filters replay-boards">
              {board !== null && (
                <Select<string>
                  id="replay-board"
                  label="Board"
                  options={[
                    ...(c.divisions.overall_board ? [{ value: OVERALL, label: 'Overall (everyone)' }] : []),
                    ...c.divisions.categories.map((k) => ({ value: k.id, label: k.label })),
                  ]}
                  value={board}
                  onChange={(v) => setView({ cat: v ?? '' }, { replace: false })}
                />
              )}
              <Select<Division>
                id="replay-division"
                label="Division"
                noneLabel="Rx and Scaled"
                options={DIVISIONS.map((d) => ({ value: d, label: DIVISION_LABELS[d] }))}
                value={view.division}
                onChange={(v) => setView({ division: v }, { replace: false })}
              />
            </div>
          )}
          {items.length === 0 ? (
            <p className="empty card">{boardLabel ? `No scores on the ${boardLabel} board to replay.` : 'No scores to replay.'}</p>
          ) : (
            <>
              <div className="replay-controls">
                <Button
                  variant="primary"
                  icon={playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
                  onClick={() => player.send({ type: 'replay.toggle' })}
                >
                  {playing ? 'Pause' : 'Play'}
                </Button>
                <Button
                  variant="secondary"
                  icon={<SkipForward size={16} aria-hidden />}
                  disabled={step >= items.length}
                  onClick={() => player.send({ type: 'replay.step' })}
                >
                  Step
                </Button>
                <Select<`${ReplaySpeed}`>
                  id="replay-speed"
                  className="replay-speed ui-select-compact"
                  label="Speed"
                  hideLabel
                  options={REPLAY_SPEEDS.map((s) => ({ value: `${s}` as `${ReplaySpeed}`, label: `${s}×` }))}
                  value={`${speed}`}
                  onChange={(v) => player.send({ type: 'replay.speed', speed: Number(v) as ReplaySpeed })}
                />
                <Slider
                  className="replay-scrub"
                  label="Scores shown"
                  min={0}
                  max={items.length}
                  value={step}
                  onChange={(v) => player.send({ type: 'replay.seek', step: v })}
                  valueText={`${step} of ${items.length} scores`}
                />
                <span aria-live="polite">
                  {step} of {items.length} scores{at ? ` · ${formatDateTime(at)}` : ''}
                </span>
              </div>
              {rows.length === 0 ? (
                <p className="empty card">
                  {ranked.length > 0 && view.division
                    ? `No ${DIVISION_LABELS[view.division]} score yet at this moment.`
                    : 'The board is empty at the start.'}
                </p>
              ) : (
                <LeaderboardTable
                  rows={rows}
                  me={null}
                  caption={boardLabel ? `The ${boardLabel} board at this moment` : 'The board at this moment'}
                  scoreType={challenge.data?.score_type}
                />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
