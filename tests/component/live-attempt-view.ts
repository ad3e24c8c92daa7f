import type { LiveAttemptView } from '#src/features/live/api/live.ts';

/** A live attempt as the API answers it: Ana's, live since now, nothing counted yet (the component tests of live). */
export function liveAttemptView(overrides: Partial<LiveAttemptView> = {}): LiveAttemptView {
  return {
    id: 9,
    challenge_id: 3,
    challenge_title: 'Max burpees',
    score_type: 'reps',
    count_unit: 'reps',
    time_cap_ms: null,
    user_id: 7,
    display_name: 'Ana',
    status: 'live',
    started_at: new Date().toISOString(),
    ends_by: new Date(Date.now() + 3_600_000).toISOString(),
    ended_at: null,
    end_reason: null,
    elapsed_ms: 0,
    seq: 0,
    count: 0,
    projected_place: null,
    board_size: 0,
    spectators: 0,
    score_text: null,
    score_problem: null,
    server_time: new Date().toISOString(),
    ...overrides,
  };
}
