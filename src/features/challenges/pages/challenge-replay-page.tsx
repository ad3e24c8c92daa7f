import { useEffect, useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { REPLAY_SPEEDS } from '#domain/constants.ts';
import { replayPlayerMachine, type ReplaySpeed } from '#machines/replay-player.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { idFromSearch, useChallenge, useScoreHistory, type RankingRow } from '../api/challenges.ts';
import { LeaderboardTable } from '../components/leaderboard-table.tsx';
import { Pause, Play, SkipForward } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Slider } from '#src/components/ui/slider.tsx';
import '../challenges.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';

type HistoryItem = { athlete: RankingRow['athlete']; division: RankingRow['division']; score: RankingRow['score'] };

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
    return { rank, athlete: r.athlete, gym: null, gym_id: null, division: r.division, category: null, sex: null, score: r.score };
  });
}

export default function ChallengeReplayPage() {
  const id = idFromSearch(useSearch());
  const challenge = useChallenge(id);
  const history = useScoreHistory(id);
  const items = useMemo(() => history.data?.items ?? [], [history.data]);
  const player = useFlow(replayPlayerMachine, { input: { total: items.length } });
  const step = useSelector(player, (s) => s.context.step);
  const speed = useSelector(player, (s) => s.context.speed);
  const playing = useSelector(player, (s) => s.hasTag('playing'));
  // Every score's place in the best-first order of all scores (the server sorts them by sort key).
  const finalOrder = useMemo(() => new Map<number, number>(history.data?.ranked.map((scoreId, i) => [scoreId, i]) ?? []), [history.data]);
  useEffect(() => player.send({ type: 'replay.load', total: items.length }), [player, items.length]);
  const rows = useMemo(() => boardAfter(items, step, finalOrder), [items, step, finalOrder]);
  const at = step > 0 ? items[step - 1]?.score.submitted_at : undefined;
  return (
    <div className="container page">
      <h1>Challenge Replay</h1>
      {id === null ? (
        <p className="lead muted">This address does not name a challenge.</p>
      ) : history.isPending || challenge.isPending ? (
        <LoadingSkeleton label="Loading the replay…" />
      ) : history.isError ? (
        <p className="error-text">{history.error.message}</p>
      ) : (
        <>
          <p className="lead">
            <Link href={`/challenge-detail-page?id=${id}`}>{challenge.data?.title}</Link>
          </p>
          {items.length === 0 ? (
            <p className="empty card">No scores to replay.</p>
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
                <p className="empty card">The board is empty at the start.</p>
              ) : (
                <LeaderboardTable rows={rows} me={null} caption="The board at this moment" scoreType={challenge.data?.score_type} />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
